import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { portalSessions } from './schema';

export type PortalSessionRow = typeof portalSessions.$inferSelect;
export type NewPortalSessionRow = typeof portalSessions.$inferInsert;

export async function insertPortalSession(db: Executor, row: NewPortalSessionRow): Promise<PortalSessionRow> {
  const [inserted] = await db.insert(portalSessions).values(row).returning();
  return inserted!;
}

export async function findPortalSession(db: Executor, idHash: string): Promise<PortalSessionRow | undefined> {
  const [row] = await db.select().from(portalSessions).where(eq(portalSessions.idHash, idHash));
  return row;
}

export async function updatePortalSession(
  db: Executor,
  idHash: string,
  patch: Partial<Pick<NewPortalSessionRow, 'companyId' | 'lastSeenAt'>>,
): Promise<void> {
  await db.update(portalSessions).set(patch).where(eq(portalSessions.idHash, idHash));
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
