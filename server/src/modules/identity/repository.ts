import { and, asc, desc, eq, gt, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db';
import { oidcKeys, oidcPayloads, userCodes, userCompanies, users } from './schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserWithCompanies = UserRow & { companyIds: string[] };

// ---------------------------------------------------------------- users

export async function insertUser(db: Executor, row: NewUserRow, companyIds: string[]): Promise<UserRow> {
  const [inserted] = await db
    .insert(users)
    .values({ ...row, email: row.email.toLowerCase() })
    .returning();
  if (companyIds.length > 0) {
    await db
      .insert(userCompanies)
      .values(companyIds.map((companyId) => ({ userId: inserted!.id, companyId })));
  }
  return inserted!;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function companyIdsOfUser(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: userCompanies.companyId })
    .from(userCompanies)
    .where(eq(userCompanies.userId, userId))
    .orderBy(asc(userCompanies.companyId));
  return rows.map((row) => row.companyId);
}

export async function companyIdsOfUsers(db: Executor, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db
    .select()
    .from(userCompanies)
    .where(inArray(userCompanies.userId, userIds))
    .orderBy(asc(userCompanies.companyId));
  for (const row of rows) map.get(row.userId)?.push(row.companyId);
  return map;
}

export async function findUserWithCompanies(
  db: Executor,
  id: string,
): Promise<UserWithCompanies | undefined> {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  return { ...user, companyIds: await companyIdsOfUser(db, id) };
}

/** Sets the companies a user works for to exactly `companyIds` (in the caller's transaction). */
export async function replaceUserCompanies(
  db: Executor,
  userId: string,
  companyIds: string[],
): Promise<void> {
  await db.delete(userCompanies).where(eq(userCompanies.userId, userId));
  if (companyIds.length > 0) {
    await db.insert(userCompanies).values(companyIds.map((companyId) => ({ userId, companyId })));
  }
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users);
  return row?.total ?? 0;
}

/** Users whose folded email and names contain every word of `folded`, filtered and paginated. */
export async function searchUsers(
  db: Executor,
  filter: {
    folded: string;
    roleId?: number | undefined;
    companyId?: string | undefined;
    /**
     * Back office (ADR 023): users of any of these companies, or any of `orUserIds` (a merchant's
     * users); with both empty, nobody.
     */
    within?: { companyIds: string[]; orUserIds: string[] } | undefined;
    status?: 'active' | 'locked' | 'unconfirmed' | undefined;
  },
  page: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const escape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
  const conditions = [
    ...filter.folded
      .split(' ')
      .filter(Boolean)
      .map((word) => like(users.searchText, `%${escape(word)}%`)),
    ...(filter.roleId === undefined ? [] : [eq(users.roleId, filter.roleId)]),
    ...(filter.companyId === undefined
      ? []
      : [
          inArray(
            users.id,
            db
              .select({ id: userCompanies.userId })
              .from(userCompanies)
              .where(eq(userCompanies.companyId, filter.companyId)),
          ),
        ]),
    ...(filter.within === undefined
      ? []
      : [
          or(
            sql`false`,
            ...(filter.within.companyIds.length > 0
              ? [
                  inArray(
                    users.id,
                    db
                      .select({ id: userCompanies.userId })
                      .from(userCompanies)
                      .where(inArray(userCompanies.companyId, filter.within.companyIds)),
                  ),
                ]
              : []),
            ...(filter.within.orUserIds.length > 0 ? [inArray(users.id, filter.within.orUserIds)] : []),
          )!,
        ]),
    ...(filter.status === 'locked' ? [eq(users.isLocked, true)] : []),
    ...(filter.status === 'unconfirmed' ? [eq(users.isLocked, false), eq(users.isConfirmed, false)] : []),
    ...(filter.status === 'active' ? [eq(users.isLocked, false), eq(users.isConfirmed, true)] : []),
  ];
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<NewUserRow>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * The end of a successful sign-in (issue 33 §6): the failure count reset and the time kept, only
 * while the account is not locked, in one statement, so a lock that lands between the check and
 * this write still wins. False when the account is locked (or gone).
 */
export async function recordLoginUnlessLocked(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failedAttempts: 0, lastLoginAt: at, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.isLocked, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Counts a failed sign-in in one statement (concurrent attempts cannot both read the old count) and
 * locks the account when the count reaches `max`.
 */
export async function recordFailedLogin(
  db: Executor,
  id: string,
  max: number,
): Promise<{ failedAttempts: number; isLocked: boolean } | undefined> {
  const [row] = await db
    .update(users)
    .set({
      failedAttempts: sql`${users.failedAttempts} + 1`,
      isLocked: sql`${users.isLocked} or ${users.failedAttempts} + 1 >= ${max}`,
      lockReason: sql`case when ${users.isLocked} then ${users.lockReason} when ${users.failedAttempts} + 1 >= ${max} then 'failed_attempts' else null end`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning({ failedAttempts: users.failedAttempts, isLocked: users.isLocked });
  return row;
}

// ---------------------------------------------------------------- single-use codes

export type CodePurpose = 'reset' | 'confirmation';

/** Stores a new code and retires the user's earlier unused codes of the same purpose. */
export async function insertCode(
  db: Executor,
  code: { userId: string; codeHash: string; purpose: CodePurpose; expiresAt: Date },
): Promise<void> {
  await db
    .delete(userCodes)
    .where(
      and(eq(userCodes.userId, code.userId), eq(userCodes.purpose, code.purpose), isNull(userCodes.usedAt)),
    );
  await db.insert(userCodes).values({ ...code, codeType: 'token' });
}

/** A usable code (unused, unexpired, of one of `purposes`), without spending it. */
export async function findUsableCode(
  db: Executor,
  codeHash: string,
  purposes: CodePurpose[],
  now: Date,
): Promise<{ id: string; userId: string; purpose: CodePurpose } | undefined> {
  const [row] = await db
    .select({ id: userCodes.id, userId: userCodes.userId, purpose: userCodes.purpose })
    .from(userCodes)
    .where(
      and(
        eq(userCodes.codeHash, codeHash),
        isNull(userCodes.usedAt),
        gt(userCodes.expiresAt, now),
        inArray(userCodes.purpose, purposes),
      ),
    );
  return row;
}

/** Spends a code once: of two concurrent uses only one gets a row back. */
export async function consumeCode(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(userCodes)
    .set({ usedAt: now })
    .where(and(eq(userCodes.id, id), isNull(userCodes.usedAt), gt(userCodes.expiresAt, now)))
    .returning({ id: userCodes.id });
  return rows.length === 1;
}

export async function deleteSpentCodes(db: Executor, before: Date): Promise<void> {
  await db.delete(userCodes).where(or(lt(userCodes.expiresAt, before), lt(userCodes.usedAt, before)));
}

// ---------------------------------------------------------------- oidc-provider storage

export type OidcPayload = Record<string, unknown> & { consumed?: number };

export async function upsertOidcPayload(
  db: Executor,
  row: {
    type: string;
    id: string;
    payload: OidcPayload;
    grantId: string | null;
    userCode: string | null;
    uid: string | null;
    accountId: string | null;
    expiresAt: Date | null;
  },
): Promise<void> {
  await db
    .insert(oidcPayloads)
    .values(row)
    .onConflictDoUpdate({
      target: [oidcPayloads.type, oidcPayloads.id],
      set: {
        payload: row.payload,
        grantId: row.grantId,
        userCode: row.userCode,
        uid: row.uid,
        accountId: row.accountId,
        expiresAt: row.expiresAt,
      },
    });
}

async function findPayloadWhere(
  db: Executor,
  type: string,
  condition: ReturnType<typeof eq>,
): Promise<OidcPayload | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, type),
        condition,
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const payload = row.payload as OidcPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

export function findOidcPayload(db: Executor, type: string, id: string) {
  return findPayloadWhere(db, type, eq(oidcPayloads.id, id));
}

export function findOidcPayloadByUid(db: Executor, type: string, uid: string) {
  return findPayloadWhere(db, type, eq(oidcPayloads.uid, uid));
}

export function findOidcPayloadByUserCode(db: Executor, type: string, userCode: string) {
  return findPayloadWhere(db, type, eq(oidcPayloads.userCode, userCode));
}

export async function consumeOidcPayload(db: Executor, type: string, id: string): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));
}

export async function destroyOidcPayload(db: Executor, type: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, type), eq(oidcPayloads.id, id)));
}

export async function revokeOidcPayloadsByGrantId(db: Executor, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
}

/** Every stored artefact of an account: sessions, grants, codes, tokens, interactions. */
export async function deleteOidcPayloadsOfAccount(db: Executor, accountId: string): Promise<number> {
  const rows = await db
    .delete(oidcPayloads)
    .where(eq(oidcPayloads.accountId, accountId))
    .returning({ id: oidcPayloads.id });
  return rows.length;
}

export async function countOidcPayloadsOfAccount(
  db: Executor,
  accountId: string,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ type: oidcPayloads.type, total: sql<number>`count(*)::int` })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.accountId, accountId),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
      ),
    )
    .groupBy(oidcPayloads.type);
  return Object.fromEntries(rows.map((row) => [row.type, row.total]));
}

export async function deleteExpiredOidcPayloads(db: Executor): Promise<number> {
  const rows = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, sql`now()`))
    .returning({ id: oidcPayloads.id });
  return rows.length;
}

// ---------------------------------------------------------------- signing keys

/** Fixed 64-bit number of the advisory lock under which the first instance creates the signing key. */
const KEYS_LOCK = 7_341_002_027;

/**
 * The signing keys, newest first; when there are none, `generate()` makes one inside the same
 * transaction under an advisory lock, so instances starting together agree on one key.
 */
export async function loadOrCreateSigningKeys(
  db: Db,
  generate: () => { kid: string; jwk: Record<string, unknown> },
): Promise<Record<string, unknown>[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK})`);
    let rows = await tx.select().from(oidcKeys).orderBy(desc(oidcKeys.createdAt));
    if (rows.length === 0) {
      const key = generate();
      await tx.insert(oidcKeys).values({ kid: key.kid, jwk: key.jwk });
      rows = await tx.select().from(oidcKeys).orderBy(desc(oidcKeys.createdAt));
    }
    return rows.map((row) => row.jwk as Record<string, unknown>);
  });
}
