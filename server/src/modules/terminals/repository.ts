import type { AlertLocale } from '@tessera/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { statementName, type Db, type Executor } from '../../platform/db';
import { terminalTransactions } from './schema';

export type { Executor };
export type TerminalCallRow = typeof terminalTransactions.$inferSelect;
export type NewTerminalCallRow = typeof terminalTransactions.$inferInsert;

/** A cardholder's alert settings for one card: where and what to tell them of its purchases. */
export type AlertRecipient = {
  email: string;
  cardName: string;
  purchase: boolean;
  decline: boolean;
  lowBalanceCents: number | null;
  locale: AlertLocale;
};

/** A purchase as `terminal_authorise` takes it (migration 0033, ADR 053). */
export type AuthoriseCall = {
  callId: string;
  terminalId: string;
  terminalTransactionId: string;
  requestHash: string;
  cardToken: string;
  amountCents: number;
  terminalTime: Date;
  at: Date;
  terminalState: string;
  merchantId: string;
  storeId: string;
  mid: string;
  storeCategory: string;
  acceptedProducts: readonly string[];
  merchantName: string;
  description: string;
  merchantAccountId: string;
  authorisationId: string;
  ledgerTransactionId: string;
};

const CALL_FIELDS = Object.entries(getTableColumns(terminalTransactions));

/** The statement of a purchase: one call of `terminal_authorise`, its values bound by position. */
const AUTHORISE_STATEMENT = `select (call_row).*, alert_email, alert_card_name, alert_purchase, alert_decline,
  alert_low_balance_cents, alert_locale from terminal_authorise($1::uuid, $2::uuid, $3, $4, $5, $6::bigint,
  $7::timestamptz, $8::timestamptz, $9, $10, $11::uuid, $12, $13, $14::text[], $15, $16, $17::uuid, $18, $19::uuid)`;

/**
 * A purchase, whole, in one statement: `terminal_authorise` locks the card, answers a repeat with
 * its earlier row, judges the purchase, writes the call's row and, when approved, the posting
 * (migrations 0033 and 0038). Returns the call's row: the fresh one (its id is `callId`) or the
 * earlier one; with a fresh one, what the card's holder asked to be told of it (null when nothing:
 * no alert settings, or a repeat). A named statement on the pool (ADR 053, amended): PostgreSQL parses and plans the
 * call once per connection, not once per purchase, and no query builder runs per purchase.
 */
export async function authoriseInDatabase(
  db: Pick<Db, '$client'>,
  call: AuthoriseCall,
): Promise<{ row: TerminalCallRow; recipient: AlertRecipient | null }> {
  const result = await db.$client.query<Record<string, unknown>>({
    name: statementName('terminal_authorise') || undefined,
    text: AUTHORISE_STATEMENT,
    values: [
      call.callId,
      call.terminalId,
      call.terminalTransactionId,
      call.requestHash,
      call.cardToken,
      call.amountCents,
      call.terminalTime.toISOString(),
      call.at.toISOString(),
      call.terminalState,
      call.merchantId,
      call.storeId,
      call.mid,
      call.storeCategory,
      call.acceptedProducts,
      call.merchantName,
      call.description,
      call.merchantAccountId,
      call.authorisationId,
      call.ledgerTransactionId,
    ],
  });
  const raw = result.rows[0];
  if (!raw) throw new Error('terminal_authorise returned no row');
  // As drizzle reads a row of the table: each column's own mapping (timestamps to Date, …).
  const row = Object.fromEntries(
    CALL_FIELDS.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as TerminalCallRow;
  const recipient =
    typeof raw.alert_email === 'string'
      ? {
          email: raw.alert_email,
          cardName: String(raw.alert_card_name),
          purchase: raw.alert_purchase === true,
          decline: raw.alert_decline === true,
          lowBalanceCents: raw.alert_low_balance_cents === null ? null : Number(raw.alert_low_balance_cents),
          locale: raw.alert_locale as AlertLocale,
        }
      : null;
  return { row, recipient };
}

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
