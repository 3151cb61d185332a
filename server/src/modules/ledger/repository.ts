import { and, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db';
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
export type { Executor };

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
  account: {
    kind: LedgerAccountKind;
    companyId: string | null;
    merchantId?: string | null;
    allowNegative: boolean;
  },
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

/**
 * A transaction and its entries in one statement (the entries' rows in the order given): atomic on
 * its own, so it needs no savepoint, and one round trip. The caller chooses the transaction's id.
 */
export async function insertTransactionWithEntries(
  db: Executor,
  transaction: {
    id: string;
    kind: LedgerTransactionKind;
    companyId: string | null;
    reference: string;
    description: string;
    idempotencyKey: string | null;
    createdBy: string | null;
    postedAt: Date;
  },
  entries: readonly { accountId: string; amountCents: number }[],
): Promise<void> {
  const rows = sql.join(
    entries.map((entry, index) => sql`(${index}, ${entry.accountId}::uuid, ${entry.amountCents}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    with posted as (
      insert into ${ledgerTransactions}
        (id, kind, company_id, reference, description, idempotency_key, created_by, posted_at)
      values (${transaction.id}::uuid, ${transaction.kind}, ${transaction.companyId}, ${transaction.reference},
              ${transaction.description}, ${transaction.idempotencyKey}, ${transaction.createdBy}::uuid,
              ${transaction.postedAt.toISOString()}::timestamptz)
      returning id
    )
    insert into ${ledgerEntries} (transaction_id, account_id, amount_cents)
    select posted.id, entry.account_id, entry.amount_cents
      from posted, (values ${rows}) as entry (position, account_id, amount_cents)
     order by entry.position`);
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

/** One movement of an account: its entry with the transaction it belongs to. */
export type AccountMovement = {
  transactionId: string;
  kind: LedgerTransactionKind;
  /** Signed, as the entry moved the account. */
  amountCents: number;
  description: string;
  reference: string;
  postedAt: Date;
};

/** The account's latest `limit` entries with their transactions, newest first (a card's movements). */
export async function accountMovements(
  db: Executor,
  accountId: string,
  limit: number,
): Promise<AccountMovement[]> {
  return db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      amountCents: ledgerEntries.amountCents,
      description: ledgerTransactions.description,
      reference: ledgerTransactions.reference,
      postedAt: ledgerTransactions.postedAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(desc(ledgerTransactions.postedAt), desc(ledgerEntries.id))
    .limit(limit);
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

/** Loads onto the company's cards per Athens month since `since` (`YYYY-MM`, amount, count). */
export async function sumCardLoadsByMonth(
  db: Executor,
  companyId: string,
  since: Date,
): Promise<{ month: string; amountCents: number; loads: number }[]> {
  const result = await db.execute<{ month: string; amount: string; loads: number }>(sql`
    select to_char(t.posted_at at time zone 'Europe/Athens', 'YYYY-MM') as month,
           coalesce(sum(e.amount_cents), 0) as amount,
           count(*)::int as loads
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id and e.amount_cents > 0
      join ledger_accounts a on a.id = e.account_id and a.kind = 'card'
     where t.company_id = ${companyId} and t.kind = 'load' and t.posted_at >= ${since.toISOString()}
     group by 1
     order by 1`);
  return result.rows.map((row) => ({ month: row.month, amountCents: Number(row.amount), loads: row.loads }));
}

/** What the company's transactions of each kind credited (their positive entries) since `since`. */
export async function sumCreditsByKind(
  db: Executor,
  companyId: string,
  kinds: LedgerTransactionKind[],
  since: Date,
): Promise<{ kind: LedgerTransactionKind; total: string }[]> {
  return db
    .select({
      kind: ledgerTransactions.kind,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} > 0), 0)`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.companyId, companyId),
        inArray(ledgerTransactions.kind, kinds),
        gte(ledgerTransactions.postedAt, since),
      ),
    )
    .groupBy(ledgerTransactions.kind);
}

/*
 * For another module's list query at scale (ADR 008: a million cards filter and sort by balance in
 * one statement): the account figures it may select, filter and sort by, the join that brings them
 * and a correlated sum of loads. The ledger's table names stay here; the statement stays one.
 */

/** An account's kept figures, to select, filter or sort by once `accountFiguresJoin` is joined. */
export const accountFigures = {
  /** The running balance (kept by the entries' insert trigger). */
  balanceCents: ledgerAccounts.balanceCents,
  /** When a `load` last credited the account. */
  lastLoadAt: ledgerAccounts.lastLoadAt,
} as const;

/** The inner join that brings `accountFigures` for the account `accountId` names: spread it into `innerJoin`. */
export function accountFiguresJoin(accountId: AnyPgColumn) {
  return [ledgerAccounts, eq(ledgerAccounts.id, accountId)] as const;
}

/** What `load` transactions credited the account `accountId` names in [`since`, `until`), 0 when nothing. */
export function loadCreditsSql(accountId: AnyPgColumn, between: { since: Date; until: Date }): SQL<number> {
  return sql<number>`(
        select coalesce(sum(e.amount_cents), 0)::bigint
          from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
         where e.account_id = ${accountId} and e.amount_cents > 0 and t.kind = 'load'
           and t.posted_at >= ${between.since.toISOString()}
           and t.posted_at < ${between.until.toISOString()})`.mapWith(Number);
}

/**
 * The company's money figures for the public API (ADR 037): what the provider holds for it (its
 * funding account), what its live cards hold together and how many there are.
 */
export async function companyMoneyFigures(
  db: Executor,
  companyId: string,
): Promise<{ heldCents: number; cardsBalanceCents: number; liveCards: number }> {
  const result = await db.execute<{ held: string | null; cards: string | null; live: string | null }>(sql`
    select (select sum(balance_cents) from ledger_accounts
             where kind = 'company_funding' and company_id = ${companyId}) as held,
           (select sum(a.balance_cents) from cards c join ledger_accounts a on a.id = c.account_id
             where c.company_id = ${companyId} and c.status in ('active', 'blocked')) as cards,
           (select count(*) from cards c
             where c.company_id = ${companyId} and c.status in ('active', 'blocked')) as live`);
  const row = result.rows[0];
  return {
    heldCents: Number(row?.held ?? 0),
    cardsBalanceCents: Number(row?.cards ?? 0),
    liveCards: Number(row?.live ?? 0),
  };
}

/** One movement of a company's statement: what a transaction put into its cards and its held money. */
export type StatementRow = {
  transactionId: string;
  kind: string;
  reference: string;
  description: string;
  postedAt: Date;
  cardsCents: number;
  heldCents: number;
};

/**
 * The company's statement, oldest first, a keyset page after (`postedAt`, `transactionId`): every
 * ledger transaction of the company with what it moved into (or out of) its cards and held money.
 */
export async function companyStatementPage(
  db: Executor,
  companyId: string,
  page: { after: { postedAt: Date; transactionId: string } | null; from?: Date; to?: Date; limit: number },
): Promise<StatementRow[]> {
  const after = page.after
    ? sql`and (t.posted_at, t.id) > (${page.after.postedAt.toISOString()}::timestamptz, ${page.after.transactionId}::uuid)`
    : sql``;
  const from = page.from ? sql`and t.posted_at >= ${page.from.toISOString()}::timestamptz` : sql``;
  const to = page.to ? sql`and t.posted_at < ${page.to.toISOString()}::timestamptz` : sql``;
  const result = await db.execute<{
    transactionId: string;
    kind: string;
    reference: string;
    description: string;
    postedAt: string | Date;
    cardsCents: string;
    heldCents: string;
  }>(sql`
    select t.id as "transactionId", t.kind, t.reference, t.description, t.posted_at as "postedAt",
           coalesce(sum(e.amount_cents) filter (where a.kind = 'card'), 0) as "cardsCents",
           coalesce(sum(e.amount_cents) filter (where a.kind = 'company_funding'), 0) as "heldCents"
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
     where t.company_id = ${companyId} ${after} ${from} ${to}
     group by t.id
     order by t.posted_at, t.id
     limit ${page.limit}`);
  return result.rows.map((row) => ({
    transactionId: row.transactionId,
    kind: row.kind,
    reference: row.reference,
    description: row.description,
    postedAt: new Date(row.postedAt),
    cardsCents: Number(row.cardsCents),
    heldCents: Number(row.heldCents),
  }));
}
