import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from './schema';

/**
 * The ledger's SQL (ARCHITECTURE §2: the only SQL of its tables). Each function takes the handle
 * first, so the service (or its caller) owns the transaction.
 */

/** A database handle or an open transaction: postings join the caller's transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute' | 'transaction'>;

export async function findSystemAccountId(
  db: Executor,
  kind: 'bank' | 'fees' | 'vat',
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.companyId)));
  return row?.id;
}

export async function insertAccount(
  db: Executor,
  account: { kind: LedgerAccountKind; companyId: string | null; allowNegative: boolean },
): Promise<string> {
  const [row] = await db.insert(ledgerAccounts).values(account).returning({ id: ledgerAccounts.id });
  return row!.id;
}

/** `count` empty card accounts of a company, 5,000 rows a statement. */
export async function insertCardAccounts(db: Executor, companyId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 5_000) {
    const rows = await db
      .insert(ledgerAccounts)
      .values(
        Array.from({ length: Math.min(5_000, count - start) }, () => ({
          kind: 'card' as const,
          companyId,
        })),
      )
      .returning({ id: ledgerAccounts.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** The company's funding account, inserted when missing. */
export async function ensureCompanyFundingAccount(db: Executor, companyId: string): Promise<string> {
  await db.insert(ledgerAccounts).values({ kind: 'company_funding', companyId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'company_funding'), eq(ledgerAccounts.companyId, companyId)));
  return row!.id;
}

export async function insertTransaction(
  db: Executor,
  transaction: {
    kind: LedgerTransactionKind;
    companyId: string | null;
    reference: string;
    description: string;
    idempotencyKey?: string | null;
    reversesTransactionId?: string;
    createdBy: string | null;
    postedAt?: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(ledgerTransactions)
    .values(transaction)
    .returning({ id: ledgerTransactions.id });
  return row!.id;
}

/** The entries of one transaction, in the order given, 5,000 rows a statement. */
export async function insertEntries(
  db: Executor,
  transactionId: string,
  entries: readonly { accountId: string; amountCents: number }[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += 5_000) {
    await db
      .insert(ledgerEntries)
      .values(entries.slice(start, start + 5_000).map((entry) => ({ ...entry, transactionId })));
  }
}

export async function findTransaction(db: Executor, transactionId: string) {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
  return row;
}

export async function findEntries(db: Executor, transactionId: string) {
  return db
    .select({ accountId: ledgerEntries.accountId, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId));
}

export async function findBalances(db: Executor, accountIds: readonly string[]) {
  return db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...accountIds]));
}

/** Transactions whose entries do not sum to zero, or that have fewer than two entries. */
export async function findUnbalancedTransactions(db: Executor): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select transaction_id as id from ledger_entries group by transaction_id having sum(amount_cents) <> 0
    union all
    select t.id from ledger_transactions t
     where (select count(*) from ledger_entries e where e.transaction_id = t.id) < 2`);
  return result.rows.map((row) => row.id);
}

/** Accounts whose kept balance differs from the sum of their entries. */
export async function findBalanceMismatches(db: Executor) {
  const result = await db.execute<{ id: string; balance: string; total: string }>(sql`
    select a.id, a.balance_cents as balance, coalesce(sum(e.amount_cents), 0) as total
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
     group by a.id, a.balance_cents
    having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
  return result.rows.map((row) => ({
    accountId: row.id,
    balanceCents: Number(row.balance),
    sumCents: Number(row.total),
  }));
}

/** Accounts below zero that may not be. */
export async function findNegativeAccounts(db: Executor): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select id from ledger_accounts where not allow_negative and balance_cents < 0`);
  return result.rows.map((row) => row.id);
}
