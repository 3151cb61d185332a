import { and, asc, count, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Locale } from '@tessera/domain';
import { statementName, type Executor } from '../../platform/db';
import { ALWAYS_SECOND_FACTOR_ROLES } from '@tessera/domain';
import { companies } from '../companies/schema';
import { userCompanies, userSecondFactors, users } from '../identity/schema';
import { knownDevices, portalSessions } from './schema';

export type PortalSessionRow = typeof portalSessions.$inferSelect;
export type NewPortalSessionRow = typeof portalSessions.$inferInsert;

export async function insertPortalSession(db: Executor, row: NewPortalSessionRow): Promise<PortalSessionRow> {
  const [inserted] = await db.insert(portalSessions).values(row).returning();
  return inserted!;
}

/** What a request's principal is made of: its user's standing and companies, as fresh as the database. */
export type SessionUserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  isLocked: boolean;
  isConfirmed: boolean;
  preferredLanguage: Locale;
  companyIds: string[];
  /** Provider staff, or a company role one of the user's companies requires it for (issue 21). */
  isSecondFactorRequired: boolean;
  /** The user has an enrolled second factor (step-up asks for its code; issue 21 §2). */
  hasSecondFactor: boolean;
};

export type PortalSessionWithUserRow = PortalSessionRow & { user: SessionUserRow | null };

function sessionWithUserQuery(db: Executor) {
  return db
    .select({
      session: portalSessions,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      isLocked: users.isLocked,
      isConfirmed: users.isConfirmed,
      preferredLanguage: users.preferredLanguage,
      companyIds: sql<string[]>`array(select ${userCompanies.companyId} from ${userCompanies}
        where ${userCompanies.userId} = ${portalSessions.userId} order by ${userCompanies.companyId})`,
      isSecondFactorRequired: sql<boolean>`(${users.roleId} in (${sql.raw(ALWAYS_SECOND_FACTOR_ROLES.join(','))})
        or exists (select 1 from ${userCompanies} join ${companies} on ${companies.id} = ${userCompanies.companyId}
          where ${userCompanies.userId} = ${portalSessions.userId}
          and ${users.roleId} = any(${companies.secondFactorRoleIds})))`,
      hasSecondFactor: sql<boolean>`exists (select 1 from ${userSecondFactors}
        where ${userSecondFactors.userId} = ${portalSessions.userId} and ${userSecondFactors.enrolledAt} is not null)`,
    })
    .from(portalSessions)
    .leftJoin(users, eq(users.id, portalSessions.userId))
    .where(eq(portalSessions.idHash, sql.placeholder('idHash')))
    .prepare(statementName('portal_session_with_user'));
}

/** The statement of every request, built once per database handle (its SQL is not rebuilt per request). */
const sessionWithUserQueries = new WeakMap<Executor, ReturnType<typeof sessionWithUserQuery>>();

/**
 * A portal session with its user and the user's companies in one statement (issue 17: the guard
 * used to read the session, the user and the companies in three round trips on every request), a
 * named statement where the database allows (parsed and planned once per connection). What it
 * reads is cached in the process only as the database's notifications allow (ADR 050), so a lock, a
 * role change or a removed company applies at the next request. `user` is null when the user no
 * longer exists.
 */
export async function findPortalSessionWithUser(
  db: Executor,
  idHash: string,
): Promise<PortalSessionWithUserRow | undefined> {
  let query = sessionWithUserQueries.get(db);
  if (!query) {
    query = sessionWithUserQuery(db);
    sessionWithUserQueries.set(db, query);
  }
  const [row] = await query.execute({ idHash });
  if (!row) return undefined;
  const { session, userId, companyIds, isSecondFactorRequired, hasSecondFactor, ...user } = row;
  return {
    ...session,
    user:
      userId === null
        ? null
        : {
            id: userId,
            email: user.email!,
            firstName: user.firstName!,
            lastName: user.lastName!,
            roleId: user.roleId!,
            isLocked: user.isLocked!,
            isConfirmed: user.isConfirmed!,
            preferredLanguage: user.preferredLanguage!,
            companyIds,
            isSecondFactorRequired: Boolean(isSecondFactorRequired),
            hasSecondFactor: Boolean(hasSecondFactor),
          },
  };
}

export async function updatePortalSession(
  db: Executor,
  idHash: string,
  patch: Partial<
    Pick<
      NewPortalSessionRow,
      | 'companyId'
      | 'lastSeenAt'
      | 'actingReason'
      | 'actingSince'
      | 'actingMerchantId'
      | 'amr'
      | 'secondFactorAt'
    >
  >,
): Promise<void> {
  await db.update(portalSessions).set(patch).where(eq(portalSessions.idHash, idHash));
}

/**
 * Moves the session to `companyId` with no acting reason, unless it acts for that company already:
 * one statement, so a request that read the session before a concurrent "act for this company, for
 * this reason" cannot wipe the reason it had not seen.
 */
export async function switchPortalSessionCompany(
  db: Executor,
  idHash: string,
  companyId: string | null,
): Promise<void> {
  await db
    .update(portalSessions)
    .set({ companyId, actingMerchantId: null, actingReason: null, actingSince: null })
    .where(
      and(
        eq(portalSessions.idHash, idHash),
        or(
          companyId === null
            ? sql`${portalSessions.companyId} is not null`
            : sql`${portalSessions.companyId} is distinct from ${companyId}`,
          sql`${portalSessions.actingMerchantId} is not null`,
        ),
      ),
    );
}

export async function deletePortalSession(
  db: Executor,
  idHash: string,
): Promise<PortalSessionRow | undefined> {
  const [row] = await db.delete(portalSessions).where(eq(portalSessions.idHash, idHash)).returning();
  return row;
}

export async function deletePortalSessionsOfUser(
  db: Executor,
  userId: string,
  exceptIdHash?: string,
): Promise<number> {
  const rows = await db
    .delete(portalSessions)
    .where(
      exceptIdHash
        ? and(eq(portalSessions.userId, userId), ne(portalSessions.idHash, exceptIdHash))
        : eq(portalSessions.userId, userId),
    )
    .returning({ idHash: portalSessions.idHash });
  return rows.length;
}

export async function deleteExpiredPortalSessions(
  db: Executor,
  idleBefore: Date,
  createdBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(portalSessions)
    .where(or(lt(portalSessions.lastSeenAt, idleBefore), lt(portalSessions.createdAt, createdBefore)))
    .returning({ idHash: portalSessions.idHash });
  return rows.length;
}

/** A user's portal sessions, oldest first (timed-out ones included: the caller filters them). */
export function listPortalSessionsOfUser(db: Executor, userId: string): Promise<PortalSessionRow[]> {
  return db
    .select()
    .from(portalSessions)
    .where(eq(portalSessions.userId, userId))
    .orderBy(asc(portalSessions.createdAt));
}

/** Ends one session of `userId` only: another user's session id removes nothing. */
export async function deletePortalSessionOfUser(
  db: Executor,
  userId: string,
  idHash: string,
): Promise<PortalSessionRow | undefined> {
  const [row] = await db
    .delete(portalSessions)
    .where(and(eq(portalSessions.idHash, idHash), eq(portalSessions.userId, userId)))
    .returning();
  return row;
}

export type KnownDeviceRow = typeof knownDevices.$inferSelect;

/** How many browsers have signed in to the account before. */
export async function countKnownDevices(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(knownDevices).where(eq(knownDevices.userId, userId));
  return row?.total ?? 0;
}

/**
 * Records a sign-in of a browser: a new row, or the known one's last sighting and User-Agent.
 * Returns whether the browser was new to the account (one statement, so two sign-ins at once from
 * the same browser cannot both count as new).
 */
export async function recordKnownDevice(
  db: Executor,
  row: { userId: string; deviceHash: string; userAgent: string | null; at: Date },
): Promise<boolean> {
  const [result] = await db
    .insert(knownDevices)
    .values({
      userId: row.userId,
      deviceHash: row.deviceHash,
      userAgent: row.userAgent,
      firstSeenAt: row.at,
      lastSeenAt: row.at,
    })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastSeenAt: row.at, userAgent: row.userAgent },
    })
    .returning({ isNew: sql<boolean>`(xmax = 0)` });
  return result?.isNew ?? false;
}
