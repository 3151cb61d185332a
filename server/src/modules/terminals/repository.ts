import { and, eq, sql } from 'drizzle-orm';
import type { SpendPeriod } from '@tessera/domain';
import { statementName, type Executor } from '../../platform/db';
import { terminalTransactions } from './schema';

export type { Executor };
export type TerminalCallRow = typeof terminalTransactions.$inferSelect;
export type NewTerminalCallRow = typeof terminalTransactions.$inferInsert;

export async function findCall(
  db: Executor,
  terminalId: string,
  terminalTransactionId: string,
): Promise<TerminalCallRow | undefined> {
  // A named statement (parsed and planned once per connection): every terminal call runs it.
  const [row] = await db
    .select()
    .from(terminalTransactions)
    .where(
      and(
        eq(terminalTransactions.terminalId, sql.placeholder('terminalId')),
        eq(terminalTransactions.terminalTransactionId, sql.placeholder('id')),
      ),
    )
    .prepare(statementName('find_terminal_call'))
    .execute({ terminalId, id: terminalTransactionId });
  return row;
}

/** Every column a call's row is written with, in one order (the named statement's parameters). */
const CALL_COLUMNS = [
  'terminalId',
  'terminalTransactionId',
  'kind',
  'requestHash',
  'merchantId',
  'storeId',
  'mid',
  'storeCategory',
  'cardId',
  'companyId',
  'product',
  'amountCents',
  'outcome',
  'declineReason',
  'authorisationId',
  'originalId',
  'ledgerTransactionId',
  'balanceAfterCents',
  'terminalTime',
  'createdAt',
] as const satisfies readonly (keyof NewTerminalCallRow)[];

export async function insertCall(db: Executor, row: NewTerminalCallRow): Promise<TerminalCallRow> {
  const values = Object.fromEntries(CALL_COLUMNS.map((column) => [column, sql.placeholder(column)]));
  const params = Object.fromEntries(CALL_COLUMNS.map((column) => [column, row[column] ?? null]));
  // A named statement (parsed and planned once per connection): every terminal call writes one row.
  const [inserted] = await db
    .insert(terminalTransactions)
    .values(values as unknown as NewTerminalCallRow)
    .returning()
    .prepare(statementName('insert_terminal_call'))
    .execute({ ...params, createdAt: row.createdAt ?? new Date() });
  return inserted!;
}

/** The approved reversals and refunds of an authorisation: what was already given back. */
export async function sumGivenBack(
  db: Executor,
  originalId: string,
): Promise<{ reversed: boolean; refundedCents: number }> {
  const [row] = await db
    .select({
      reversed: sql<boolean>`coalesce(bool_or(${terminalTransactions.kind} = 'reverse'), false)`,
      refunded: sql<string>`coalesce(sum(${terminalTransactions.amountCents}) filter (where ${terminalTransactions.kind} = 'refund'), 0)`,
    })
    .from(terminalTransactions)
    .where(
      and(eq(terminalTransactions.originalId, originalId), eq(terminalTransactions.outcome, 'approved')),
    );
  return { reversed: row?.reversed ?? false, refundedCents: Number(row?.refunded ?? 0) };
}

/** The start of the current period in Athens, as of `at`. */
function periodStart(period: Exclude<SpendPeriod, 'transaction'>, at: Date) {
  return sql`date_trunc(${period}, (${at.toISOString()}::timestamptz) at time zone 'Europe/Athens') at time zone 'Europe/Athens'`;
}

/**
 * What a card spent (approved authorisations less their reversals) since the start of `period`, as
 * of `at`; optionally only at stores of some categories or at one merchant.
 */
export async function sumSpent(
  db: Executor,
  cardId: string,
  period: Exclude<SpendPeriod, 'transaction'>,
  at: Date,
  only: { categories?: readonly string[]; merchantId?: string } = {},
): Promise<number> {
  const conditions = [
    eq(terminalTransactions.cardId, cardId),
    eq(terminalTransactions.outcome, 'approved'),
    sql`${terminalTransactions.createdAt} >= ${periodStart(period, at)}`,
  ];
  if (only.categories) {
    conditions.push(sql`${terminalTransactions.storeCategory} = any(${sql.param(only.categories)}::text[])`);
  }
  if (only.merchantId) conditions.push(eq(terminalTransactions.merchantId, only.merchantId));
  const [row] = await db
    .select({
      spent: sql<string>`coalesce(sum(case ${terminalTransactions.kind} when 'authorise' then ${terminalTransactions.amountCents} when 'reverse' then -${terminalTransactions.amountCents} else 0 end), 0)`,
    })
    .from(terminalTransactions)
    .where(and(...conditions));
  return Number(row?.spent ?? 0);
}

/** A merchant's declined authorisations in [from, to): how many, and per reason, most first. */
export async function countDeclines(
  db: Executor,
  merchantId: string,
  from: Date,
  to: Date,
): Promise<{ reason: string | null; count: number }[]> {
  return db
    .select({
      reason: terminalTransactions.declineReason,
      count: sql<number>`count(*)::int`,
    })
    .from(terminalTransactions)
    .where(
      and(
        eq(terminalTransactions.merchantId, merchantId),
        eq(terminalTransactions.kind, 'authorise'),
        eq(terminalTransactions.outcome, 'declined'),
        sql`${terminalTransactions.createdAt} >= ${from.toISOString()}::timestamptz`,
        sql`${terminalTransactions.createdAt} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(terminalTransactions.declineReason)
    .orderBy(sql`count(*) desc`, terminalTransactions.declineReason);
}
