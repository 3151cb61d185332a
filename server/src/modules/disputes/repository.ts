import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DisputeState } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { disputes } from './schema';

export type { Executor };
export type DisputeRow = typeof disputes.$inferSelect;
export type NewDisputeRow = typeof disputes.$inferInsert;

export async function insertDispute(db: Executor, row: NewDisputeRow): Promise<DisputeRow> {
  const [inserted] = await db.insert(disputes).values(row).returning();
  return inserted!;
}

export async function findDispute(db: Executor, disputeId: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, disputeId));
  return row;
}

/** The dispute's row locked to the caller's transaction: two resolutions of it queue here. */
export async function lockDispute(db: Executor, disputeId: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
  return row;
}

/** The open dispute of a transaction, if any. */
export async function findOpenDispute(db: Executor, transactionId: string): Promise<DisputeRow | undefined> {
  const [row] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.terminalTransactionId, transactionId), eq(disputes.state, 'open')));
  return row;
}

/** Ends an open dispute; answers undefined when it was not open any more. */
export async function closeDispute(
  db: Executor,
  disputeId: string,
  change: {
    state: Exclude<DisputeState, 'open'>;
    resolutionReason: string;
    resolvedAmountCents: number | null;
    resolutionCallId: string | null;
    closedBy: string;
    closedAt: Date;
  },
): Promise<DisputeRow | undefined> {
  const [row] = await db
    .update(disputes)
    .set(change)
    .where(and(eq(disputes.id, disputeId), eq(disputes.state, 'open')))
    .returning();
  return row;
}

/** Who sees what: a merchant's, a company's (optionally one card's), or every dispute. */
export type DisputeScope =
  { merchantId: string } | { companyId: string; cardId?: string } | { everyone: true };

function scopeConditions(scope: DisputeScope): SQL[] {
  if ('merchantId' in scope) return [eq(disputes.merchantId, scope.merchantId)];
  if ('companyId' in scope) {
    return [
      eq(disputes.companyId, scope.companyId),
      ...(scope.cardId ? [eq(disputes.cardId, scope.cardId)] : []),
    ];
  }
  return [];
}

/**
 * A page of the scope's disputes, filtered by state: open first (the staff's queue), then newest
 * first; with how many there are in all.
 */
export async function listDisputes(
  db: Executor,
  scope: DisputeScope,
  filter: { state?: DisputeState | undefined; page: number; pageSize: number },
): Promise<{ rows: DisputeRow[]; total: number }> {
  const conditions = scopeConditions(scope);
  if (filter.state) conditions.push(eq(disputes.state, filter.state));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(disputes)
    .where(where)
    .orderBy(
      asc(sql`case when ${disputes.state} = 'open' then 0 else 1 end`),
      desc(disputes.openedAt),
      desc(disputes.id),
    )
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(disputes)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** The latest dispute of each of these transactions, within the scope. */
export async function latestDisputesOf(
  db: Executor,
  scope: DisputeScope,
  transactionIds: readonly string[],
): Promise<DisputeRow[]> {
  if (transactionIds.length === 0) return [];
  const rows = await db
    .select()
    .from(disputes)
    .where(and(...scopeConditions(scope), inArray(disputes.terminalTransactionId, [...transactionIds])))
    .orderBy(desc(disputes.openedAt));
  // Newest first: the first of each transaction is its latest.
  const latest = new Map<string, DisputeRow>();
  for (const row of rows)
    if (!latest.has(row.terminalTransactionId)) latest.set(row.terminalTransactionId, row);
  return [...latest.values()];
}

/** Disputes of the company whose state changed since `since` (the company's bell). */
export async function closedSince(
  db: Executor,
  companyId: string,
  since: Date,
): Promise<{ disputeId: string; closedAt: Date }[]> {
  const rows = await db
    .select({ disputeId: disputes.id, closedAt: disputes.closedAt })
    .from(disputes)
    .where(
      and(
        eq(disputes.companyId, companyId),
        sql`${disputes.closedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(disputes.closedAt))
    .limit(100);
  return rows.map((row) => ({ disputeId: row.disputeId, closedAt: row.closedAt! }));
}
