import { and, asc, desc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db';
import { users } from '../identity/schema';
import { contactMessages, contentEntries, contentVersions } from './schema';

/** The entries of `key` in the given locales (one row per locale that has it). */
export async function findEntries(
  db: Executor,
  key: string,
  locales: string[],
): Promise<{ locale: string; value: unknown }[]> {
  return db
    .select({ locale: contentEntries.locale, value: contentEntries.value })
    .from(contentEntries)
    .where(and(eq(contentEntries.key, key), inArray(contentEntries.locale, locales)));
}

/** Every stored entry: one query for the start-up merge of the shipped content. */
export async function findAllEntries(
  db: Executor,
): Promise<{ key: string; locale: string; value: unknown }[]> {
  return db
    .select({ key: contentEntries.key, locale: contentEntries.locale, value: contentEntries.value })
    .from(contentEntries);
}

/** Inserts entries that do not exist yet; edited entries in the database are kept. */
export async function insertMissingEntries(
  db: Executor,
  entries: { key: string; locale: string; value: unknown }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db
    .insert(contentEntries)
    .values(entries)
    .onConflictDoNothing()
    .returning({ key: contentEntries.key });
  return rows.length;
}

export async function upsertEntry(db: Executor, key: string, locale: string, value: unknown): Promise<void> {
  await db
    .insert(contentEntries)
    .values({ key, locale, value })
    .onConflictDoUpdate({
      target: [contentEntries.key, contentEntries.locale],
      set: { value, updatedAt: new Date() },
    });
}

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Executor, message: NewContactMessage): Promise<void> {
  await db.insert(contactMessages).values(message);
}

// ---------------------------------------------------------------- versions (issue 18 §5, ADR 025)

export type ContentVersionRow = typeof contentVersions.$inferSelect & { authorName: string | null };

const versionColumns = {
  id: contentVersions.id,
  key: contentVersions.key,
  locale: contentVersions.locale,
  version: contentVersions.version,
  value: contentVersions.value,
  status: contentVersions.status,
  authorUserId: contentVersions.authorUserId,
  restoredFrom: contentVersions.restoredFrom,
  createdAt: contentVersions.createdAt,
  publishedAt: contentVersions.publishedAt,
  authorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

/** The versions of `key` in `locale`, newest first. */
export async function findVersions(db: Executor, key: string, locale: string): Promise<ContentVersionRow[]> {
  return db
    .select(versionColumns)
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.authorUserId))
    .where(and(eq(contentVersions.key, key), eq(contentVersions.locale, locale)))
    .orderBy(desc(contentVersions.version));
}

export async function findVersionById(db: Executor, id: string): Promise<ContentVersionRow | undefined> {
  const [row] = await db
    .select(versionColumns)
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.authorUserId))
    .where(eq(contentVersions.id, id));
  return row;
}

/** The versions of `key` (every culture) in one status. */
export async function findVersionsInStatus(
  db: Executor,
  key: string,
  status: 'draft' | 'published',
): Promise<ContentVersionRow[]> {
  return db
    .select(versionColumns)
    .from(contentVersions)
    .leftJoin(users, eq(users.id, contentVersions.authorUserId))
    .where(and(eq(contentVersions.key, key), eq(contentVersions.status, status)));
}

/** Every key and culture with a draft. */
export async function findDraftKeys(db: Executor): Promise<{ key: string; locale: string }[]> {
  return db
    .select({ key: contentVersions.key, locale: contentVersions.locale })
    .from(contentVersions)
    .where(eq(contentVersions.status, 'draft'));
}

/** The keys the editor has published at least once. */
export async function findEditedKeys(db: Pick<Db, 'selectDistinct'>): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: contentVersions.key })
    .from(contentVersions)
    .where(isNotNull(contentVersions.authorUserId));
  return rows.map((row) => row.key);
}

/** The stored page keys (`pages/<slug>`). */
export async function findPageKeys(db: Pick<Db, 'selectDistinct'>): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: contentEntries.key })
    .from(contentEntries)
    .where(like(contentEntries.key, 'pages/%'))
    .orderBy(asc(contentEntries.key));
  return rows.map((row) => row.key);
}

/** The highest version number of `key` in `locale` (0 when none); take `lockEntry` first. */
export async function lastVersionNumber(db: Executor, key: string, locale: string): Promise<number> {
  const rows = await db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(and(eq(contentVersions.key, key), eq(contentVersions.locale, locale)))
    .orderBy(desc(contentVersions.version))
    .limit(1);
  return rows[0]?.version ?? 0;
}

export async function insertVersion(
  db: Executor,
  version: typeof contentVersions.$inferInsert,
): Promise<typeof contentVersions.$inferSelect> {
  const [row] = await db.insert(contentVersions).values(version).returning();
  return row!;
}

/** Marks the `status` version of `key` in `locale` superseded (the one a new draft or publish replaces). */
export async function supersede(
  db: Executor,
  key: string,
  locale: string,
  status: 'draft' | 'published',
): Promise<void> {
  await db
    .update(contentVersions)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(contentVersions.key, key),
        eq(contentVersions.locale, locale),
        eq(contentVersions.status, status),
      ),
    );
}

export async function markPublished(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(contentVersions)
    .set({ status: 'published', publishedAt: at })
    .where(eq(contentVersions.id, id));
}

/** Takes the transaction-scoped lock of one entry's versions (two saves never race for a number). */
export async function lockEntry(db: Executor, key: string, locale: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${key}:${locale}`}))`);
}
