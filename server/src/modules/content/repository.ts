import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { contactMessages, contentEntries } from './schema';

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
