import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger (ARCHITECTURE §4, docs/decisions/006-cards-and-ledger.md).
 *
 * - `ledger_transactions`: one money movement (load, unload, payment, transfer, fee, redemption,
 *   payout, reversal); its entries sum to zero (the posting service refuses anything else, and the
 *   invariant check finds any that does not).
 * - `ledger_entries`: the signed amounts per account. Append-only: a trigger refuses UPDATE and
 *   DELETE on entries and transactions; mistakes are undone by a reversing transaction.
 * - `ledger_accounts.balance_cents` is the running sum of the account's entries, kept by an insert
 *   trigger on `ledger_entries` in the same statement (never written by the application), so reading
 *   a balance or sorting 100,000 cards by it needs no aggregate; the CHECK below makes a card (or any
 *   account not allowed to go negative) refuse an entry that would take it below zero. Tests compare
 *   it with the sum of entries after every scenario.
 */
export const LEDGER_ACCOUNT_KINDS = [
  /** A card's money. */
  'card',
  /** A company's prepaid money waiting to be loaded onto cards (credited when the company pays). */
  'company_funding',
  /** The provider's bank: money arriving from and leaving to the outside world. May go negative. */
  'bank',
  /** Fees the provider earned. */
  'fees',
  /** What the provider owes a merchant for redemptions. */
  'merchant',
  /** VAT charged on fees, owed to the state. */
  'vat',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const LEDGER_TRANSACTION_KINDS = [
  'payment',
  'load',
  'unload',
  'transfer',
  'fee',
  'redemption',
  'payout',
  'reversal',
  /** Money a merchant gives back to a card for a purchase, whole or part (a terminal refund). */
  'refund',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The company it belongs to; null for the provider's own accounts. */
    companyId: text('company_id'),
    /** The merchant a `merchant` account belongs to (ADR 016). */
    merchantId: text('merchant_id'),
    allowNegative: boolean('allow_negative').notNull().default(false),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /** When a `load` transaction last credited the account (kept by the same trigger). */
    lastLoadAt: timestamp('last_load_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_accounts_not_negative', sql`${table.allowNegative} or ${table.balanceCents} >= 0`),
    index('ledger_accounts_company_idx').on(table.companyId, table.kind),
    uniqueIndex('ledger_accounts_company_funding_idx')
      .on(table.companyId)
      .where(sql`${table.kind} = 'company_funding'`),
    uniqueIndex('ledger_accounts_system_idx')
      .on(table.kind)
      .where(sql`${table.companyId} is null and ${table.merchantId} is null`),
    uniqueIndex('ledger_accounts_merchant_idx')
      .on(table.merchantId)
      .where(sql`${table.kind} = 'merchant'`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LedgerTransactionKind>().notNull(),
    companyId: text('company_id'),
    /** What caused it (an order id, a payment id, `demo-seed`…). */
    reference: text('reference').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Posting the same key twice is refused by the unique index: exactly-once money movements. */
    idempotencyKey: text('idempotency_key').unique(),
    reversesTransactionId: uuid('reverses_transaction_id').unique(),
    createdBy: uuid('created_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_transactions_company_idx').on(table.companyId, table.kind, table.postedAt),
    index('ledger_transactions_reference_idx').on(table.reference),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    check('ledger_entries_not_zero', sql`${table.amountCents} <> 0`),
    index('ledger_entries_account_idx').on(table.accountId),
    index('ledger_entries_transaction_idx').on(table.transactionId),
  ],
);
