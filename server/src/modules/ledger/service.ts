import { AppError } from '../../platform/errors';
import {
  ensureCompanyFundingAccount,
  findBalanceMismatches,
  findBalances,
  findEntries,
  findNegativeAccounts,
  findSystemAccountId,
  findTransaction,
  findUnbalancedTransactions,
  insertAccount,
  insertCardAccounts,
  insertEntries,
  insertTransaction,
  insertTransactionWithEntries,
  sumCardLoadsByMonth,
  sumCreditsByKind,
  type Executor,
} from './repository';
import type { LedgerAccountKind, LedgerTransactionKind } from './schema';

export type { Executor };

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

/** Refuses an empty, zero or unbalanced posting before it reaches the database. */
function checkBalanced(entries: Posting['entries']): void {
  if (entries.length < 2) throw new AppError('VALIDATION', 'a posting needs at least two entries');
  let sum = 0n;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
      throw new AppError('VALIDATION', `entry amount ${entry.amountCents} is not a non-zero integer`);
    }
    sum += BigInt(entry.amountCents);
  }
  if (sum !== 0n) throw new AppError('VALIDATION', `posting does not balance: sum ${sum}`);
}

/** The database's refusal of a posting, as the ledger's error. */
function postingError(error: unknown, posting: Posting): unknown {
  const code = pgCode(error);
  if (code === PG_CHECK_VIOLATION) {
    return new AppError('INSUFFICIENT_BALANCE', 'an account would go below zero', { cause: error });
  }
  if (code === PG_UNIQUE_VIOLATION) {
    return new AppError('CONFLICT', `posting ${posting.idempotencyKey ?? ''} already made`, { cause: error });
  }
  return error;
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
    const id = await findSystemAccountId(db, kind);
    if (!id) throw new AppError('INTERNAL', `system ledger account ${kind} missing`);
    systemAccounts.set(kind, id);
    return id;
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
      account: {
        kind: LedgerAccountKind;
        companyId: string | null;
        merchantId?: string | null;
        allowNegative?: boolean;
      },
    ): Promise<string> {
      return insertAccount(db, {
        kind: account.kind,
        companyId: account.companyId,
        merchantId: account.merchantId ?? null,
        allowNegative: account.allowNegative ?? false,
      });
    },

    /** Opens `count` empty card accounts of a company at once (bulk card creation). */
    async openCardAccounts(db: Executor, companyId: string, count: number): Promise<string[]> {
      return insertCardAccounts(db, companyId, count);
    },

    /** The company's funding account, opened on first use. */
    async companyFundingAccount(db: Executor, companyId: string): Promise<string> {
      return ensureCompanyFundingAccount(db, companyId);
    },

    /**
     * Posts one balanced transaction. Throws VALIDATION for an empty, zero or unbalanced posting,
     * BUSINESS_RULE (code 50, insufficient balance) when an account would go below zero, CONFLICT
     * when the idempotency key was used before. Pass an open transaction to move money together
     * with other changes (an order's status).
     */
    async post(db: Executor, posting: Posting): Promise<string> {
      const entries = posting.entries;
      checkBalanced(entries);
      try {
        // A savepoint inside the caller's transaction (or a transaction of its own): a refused
        // entry leaves no half-posted transaction behind.
        return await db.transaction(async (tx) => {
          const transactionId = await insertTransaction(tx, {
            kind: posting.kind,
            companyId: posting.companyId,
            reference: posting.reference ?? '',
            description: posting.description ?? '',
            idempotencyKey: posting.idempotencyKey ?? null,
            createdBy: posting.createdBy ?? null,
            postedAt: posting.postedAt ?? new Date(),
          });
          // Debits first: an account is never taken below zero by the order of the rows.
          await insertEntries(
            tx,
            transactionId,
            [...entries].sort((a, b) => a.amountCents - b.amountCents),
          );
          return transactionId;
        });
      } catch (error) {
        throw postingError(error, posting);
      }
    },

    /**
     * `post` as the last write of the caller's open transaction, under an id the caller chose (and
     * may already have recorded): the transaction and its entries in one statement, without a
     * savepoint. The accounts the entries credit are locked from this statement to the caller's
     * COMMIT only — a merchant's payable account, which every purchase at the merchant credits,
     * is one row all of its purchases queue on (ADR 016). Same checks and errors as `post`; as
     * there is no savepoint, a refused posting leaves the caller's transaction failed: it must end.
     */
    async postLast(tx: Executor, posting: Posting & { id: string }): Promise<string> {
      checkBalanced(posting.entries);
      try {
        await insertTransactionWithEntries(
          tx,
          {
            id: posting.id,
            kind: posting.kind,
            companyId: posting.companyId,
            reference: posting.reference ?? '',
            description: posting.description ?? '',
            idempotencyKey: posting.idempotencyKey ?? null,
            createdBy: posting.createdBy ?? null,
            postedAt: posting.postedAt ?? new Date(),
          },
          // Debits first, as `post` does.
          [...posting.entries].sort((a, b) => a.amountCents - b.amountCents),
        );
        return posting.id;
      } catch (error) {
        throw postingError(error, posting);
      }
    },

    /** Undoes a transaction with its mirror image; a transaction is reversed at most once. */
    async reverse(
      db: Executor,
      transactionId: string,
      createdBy?: string | null,
      postedAt?: Date,
    ): Promise<string> {
      const original = await findTransaction(db, transactionId);
      if (!original) throw new AppError('NOT_FOUND', `no ledger transaction ${transactionId}`);
      const entries = await findEntries(db, transactionId);
      try {
        return await db.transaction(async (tx) => {
          const reversalId = await insertTransaction(tx, {
            kind: 'reversal',
            companyId: original.companyId,
            reference: original.reference,
            description: `reversal of ${transactionId}`,
            reversesTransactionId: transactionId,
            createdBy: createdBy ?? null,
            ...(postedAt ? { postedAt } : {}),
          });
          await insertEntries(
            tx,
            reversalId,
            entries
              .map((entry) => ({ accountId: entry.accountId, amountCents: -entry.amountCents }))
              .sort((a, b) => a.amountCents - b.amountCents),
          );
          return reversalId;
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
      const rows = await findBalances(db, accountIds);
      return new Map(rows.map((row) => [row.id, row.balance]));
    },

    async balance(db: Executor, accountId: string): Promise<number> {
      return (await this.balances(db, [accountId])).get(accountId) ?? 0;
    },

    /** The company's prepaid money (its funding account's balance; the account is opened on first use). */
    async prepaidBalance(db: Executor, companyId: string): Promise<number> {
      return this.balance(db, await ensureCompanyFundingAccount(db, companyId));
    },

    /** Loads onto the company's cards per Athens month since `since` (`YYYY-MM`, amount, count), by month. */
    cardLoadsByMonth(
      db: Executor,
      companyId: string,
      since: Date,
    ): Promise<{ month: string; amountCents: number; loads: number }[]> {
      return sumCardLoadsByMonth(db, companyId, since);
    },

    /** What the company's loads and fees credited since `since` (the order overview's month). */
    async monthFigures(
      db: Executor,
      companyId: string,
      since: Date,
    ): Promise<{ loaded: number; fees: number }> {
      const rows = await sumCreditsByKind(db, companyId, ['load', 'fee'], since);
      const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.total ?? 0);
      return { loaded: of('load'), fees: of('fee') };
    },

    /**
     * Checks the ledger's invariants over the whole database: every transaction sums to zero, every
     * account's balance equals the sum of its entries, no account that may not go negative is below
     * zero. Tests call it after every scenario; an operator can run it any time.
     */
    async checkInvariants(db: Executor): Promise<InvariantProblems> {
      // One after another: `db` may be one transaction's connection.
      const unbalancedTransactions = await findUnbalancedTransactions(db);
      const balanceMismatches = await findBalanceMismatches(db);
      const negativeAccounts = await findNegativeAccounts(db);
      return { unbalancedTransactions, balanceMismatches, negativeAccounts };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
