import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type LedgerAccountKind,
  type LedgerTransactionKind,
} from './schema';

/** A database handle or an open transaction: postings join the caller's transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute' | 'transaction'>;

export type Posting = {
  kind: LedgerTransactionKind;
  companyId: string | null;
  reference?: string;
  description?: string;
  /** A second posting with the same key is refused (409): exactly-once money movements. */
  idempotencyKey?: string;
  createdBy?: string | null;
  /** Defaults to now; the demo seed back-dates loads. */
  postedAt?: Date;
  entries: { accountId: string; amountCents: number }[];
};

export type InvariantProblems = {
  unbalancedTransactions: string[];
  balanceMismatches: { accountId: string; balanceCents: number; sumCents: number }[];
  negativeAccounts: string[];
};

const PG_CHECK_VIOLATION = '23514';
const PG_UNIQUE_VIOLATION = '23505';

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The double-entry ledger (ARCHITECTURE §4). Every money movement is one `post()`: a transaction
 * whose entries sum to zero. The database keeps each account's running balance and refuses a card
 * going below zero, an update or a delete of a posted row, and a second posting of one idempotency
 * key; this service refuses unbalanced or empty postings before they reach it.
 */
export function createLedgerService() {
  const systemAccounts = new Map<string, string>();

  async function systemAccount(db: Executor, kind: 'bank' | 'fees' | 'vat'): Promise<string> {
    const cached = systemAccounts.get(kind);
    if (cached) return cached;
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.companyId)));
    if (!row) throw new AppError('INTERNAL', `system ledger account ${kind} missing`);
    systemAccounts.set(kind, row.id);
    return row.id;
  }

  return {
    /** The provider's bank account: money from and to the outside world (may go negative). */
    bankAccount: (db: Executor) => systemAccount(db, 'bank'),
    /** The provider's fee income. */
    feesAccount: (db: Executor) => systemAccount(db, 'fees'),
    /** VAT charged on fees, owed to the state. */
    vatAccount: (db: Executor) => systemAccount(db, 'vat'),

    /** Opens an empty account (cards get one each). */
    async openAccount(
      db: Executor,
      account: { kind: LedgerAccountKind; companyId: string | null; allowNegative?: boolean },
    ): Promise<string> {
      const [row] = await db
        .insert(ledgerAccounts)
        .values({
          kind: account.kind,
          companyId: account.companyId,
          allowNegative: account.allowNegative ?? false,
        })
        .returning({ id: ledgerAccounts.id });
      return row!.id;
    },

    /** Opens `count` empty card accounts of a company at once (bulk card creation). */
    async openCardAccounts(db: Executor, companyId: string, count: number): Promise<string[]> {
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
    },

    /** The company's funding account, opened on first use. */
    async companyFundingAccount(db: Executor, companyId: string): Promise<string> {
      await db.insert(ledgerAccounts).values({ kind: 'company_funding', companyId }).onConflictDoNothing();
      const [row] = await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'company_funding'), eq(ledgerAccounts.companyId, companyId)));
      return row!.id;
    },

    /**
     * Posts one balanced transaction. Throws VALIDATION for an empty, zero or unbalanced posting,
     * BUSINESS_RULE (code 50, insufficient balance) when an account would go below zero, CONFLICT
     * when the idempotency key was used before. Pass an open transaction to move money together
     * with other changes (an order's status).
     */
    async post(db: Executor, posting: Posting): Promise<string> {
      const entries = posting.entries;
      if (entries.length < 2) throw new AppError('VALIDATION', 'a posting needs at least two entries');
      let sum = 0n;
      for (const entry of entries) {
        if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
          throw new AppError('VALIDATION', `entry amount ${entry.amountCents} is not a non-zero integer`);
        }
        sum += BigInt(entry.amountCents);
      }
      if (sum !== 0n) throw new AppError('VALIDATION', `posting does not balance: sum ${sum}`);
      try {
        // A savepoint inside the caller's transaction (or a transaction of its own): a refused
        // entry leaves no half-posted transaction behind.
        return await db.transaction(async (tx) => {
          const [transaction] = await tx
            .insert(ledgerTransactions)
            .values({
              kind: posting.kind,
              companyId: posting.companyId,
              reference: posting.reference ?? '',
              description: posting.description ?? '',
              idempotencyKey: posting.idempotencyKey ?? null,
              createdBy: posting.createdBy ?? null,
              postedAt: posting.postedAt ?? new Date(),
            })
            .returning({ id: ledgerTransactions.id });
          const transactionId = transaction!.id;
          // Debits first: an account is never taken below zero by the order of the rows.
          const ordered = [...entries].sort((a, b) => a.amountCents - b.amountCents);
          for (let start = 0; start < ordered.length; start += 5_000) {
            await tx.insert(ledgerEntries).values(
              ordered.slice(start, start + 5_000).map((entry) => ({
                transactionId,
                accountId: entry.accountId,
                amountCents: entry.amountCents,
              })),
            );
          }
          return transactionId;
        });
      } catch (error) {
        const code = pgCode(error);
        if (code === PG_CHECK_VIOLATION) {
          throw new AppError('INSUFFICIENT_BALANCE', 'an account would go below zero', { cause: error });
        }
        if (code === PG_UNIQUE_VIOLATION) {
          throw new AppError('CONFLICT', `posting ${posting.idempotencyKey ?? ''} already made`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    /** Undoes a transaction with its mirror image; a transaction is reversed at most once. */
    async reverse(db: Executor, transactionId: string, createdBy?: string | null): Promise<string> {
      const [original] = await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.id, transactionId));
      if (!original) throw new AppError('NOT_FOUND', `no ledger transaction ${transactionId}`);
      const entries = await db
        .select({ accountId: ledgerEntries.accountId, amountCents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, transactionId));
      try {
        return await db.transaction(async (tx) => {
          const [reversal] = await tx
            .insert(ledgerTransactions)
            .values({
              kind: 'reversal',
              companyId: original.companyId,
              reference: original.reference,
              description: `reversal of ${transactionId}`,
              reversesTransactionId: transactionId,
              createdBy: createdBy ?? null,
            })
            .returning({ id: ledgerTransactions.id });
          const ordered = entries
            .map((entry) => ({ accountId: entry.accountId, amountCents: -entry.amountCents }))
            .sort((a, b) => a.amountCents - b.amountCents);
          await tx
            .insert(ledgerEntries)
            .values(ordered.map((entry) => ({ ...entry, transactionId: reversal!.id })));
          return reversal!.id;
        });
      } catch (error) {
        const code = pgCode(error);
        if (code === PG_CHECK_VIOLATION) {
          throw new AppError('INSUFFICIENT_BALANCE', 'the reversal would take an account below zero', {
            cause: error,
          });
        }
        if (code === PG_UNIQUE_VIOLATION)
          throw new AppError('CONFLICT', `${transactionId} already reversed`, { cause: error });
        throw error;
      }
    },

    async balances(db: Executor, accountIds: string[]): Promise<Map<string, number>> {
      if (accountIds.length === 0) return new Map();
      const rows = await db
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, accountIds));
      return new Map(rows.map((row) => [row.id, row.balance]));
    },

    async balance(db: Executor, accountId: string): Promise<number> {
      return (await this.balances(db, [accountId])).get(accountId) ?? 0;
    },

    /**
     * Checks the ledger's invariants over the whole database: every transaction sums to zero, every
     * account's balance equals the sum of its entries, no account that may not go negative is below
     * zero. Tests call it after every scenario; an operator can run it any time.
     */
    async checkInvariants(db: Executor): Promise<InvariantProblems> {
      const unbalanced = await db.execute<{ id: string }>(sql`
        select transaction_id as id from ledger_entries group by transaction_id having sum(amount_cents) <> 0
        union all
        select t.id from ledger_transactions t
         where (select count(*) from ledger_entries e where e.transaction_id = t.id) < 2`);
      const mismatched = await db.execute<{ id: string; balance: string; total: string }>(sql`
        select a.id, a.balance_cents as balance, coalesce(sum(e.amount_cents), 0) as total
          from ledger_accounts a left join ledger_entries e on e.account_id = a.id
         group by a.id, a.balance_cents
        having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
      const negative = await db.execute<{ id: string }>(sql`
        select id from ledger_accounts where not allow_negative and balance_cents < 0`);
      return {
        unbalancedTransactions: unbalanced.rows.map((row) => row.id),
        balanceMismatches: mismatched.rows.map((row) => ({
          accountId: row.id,
          balanceCents: Number(row.balance),
          sumCents: Number(row.total),
        })),
        negativeAccounts: negative.rows.map((row) => row.id),
      };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
