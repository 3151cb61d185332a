import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PayoutState, SettlementLine } from '@tessera/domain';
import { ledgerTransactions } from '../ledger/schema';
import { merchants } from '../merchants/schema';

/**
 * Settlements and payouts (issue 15 §4, ADR 016).
 *
 * - `settlements`: one merchant's Athens business day closed: purchases, money given back, net
 *   sales, the fee of its fee plan, VAT on the fee and the net, per product in `lines`, and the `fee`
 *   ledger transaction that took fee and VAT from the merchant account. `(merchant_id, business_day)`
 *   is unique: a day is settled once, whoever asks (two server processes, a retried job).
 * - `payouts`: the net (plus what earlier days carried, zero or negative) owed to the merchant's IBAN
 *   for one settlement: `scheduled` by the settlement, `sent` in a pain.001 file (with the `payout`
 *   ledger transaction, merchant account → bank), `paid` on the bank's word.
 * - `payout_files`: the pain.001.001.03 credit-transfer files sent to the bank, kept as sent.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    purchasesCents: bigint('purchases_cents', { mode: 'number' }).notNull(),
    /** Reversals and refunds of the day. */
    refundsCents: bigint('refunds_cents', { mode: 'number' }).notNull(),
    /** Net sales: purchases less refunds (negative on a day of more refunds than sales). */
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    /** What earlier days carried into this one: zero, or negative when the merchant owed. */
    carriedCents: bigint('carried_cents', { mode: 'number' }).notNull().default(0),
    lines: jsonb('lines').$type<SettlementLine[]>().notNull(),
    feeLedgerTransactionId: uuid('fee_ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('settlements_merchant_day_idx').on(table.merchantId, table.businessDay),
    index('settlements_day_idx').on(table.businessDay),
  ],
);

export const payoutFiles = pgTable('payout_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The file's `GrpHdr/MsgId` (≤ 35 characters). */
  messageId: text('message_id').notNull().unique(),
  payoutCount: integer('payout_count').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  /** `ReqdExctnDt`: a TARGET2 business day (issue 34; null for files made before migration 0028). */
  executionDate: date('execution_date', { mode: 'string' }),
  xml: text('xml').notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /**
     * The settlement paid. At most one payout of a settlement is not `returned` (a partial unique
     * index, migration 0028): a returned payout's money is paid again by a new payout of it.
     */
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The merchant's bank account when the payout was made (a later change does not move it). */
    iban: text('iban').notNull(),
    bic: text('bic').notNull(),
    /** The credit transfer's `EndToEndId` (≤ 35 characters), the merchant sees it on its statement. */
    endToEndId: text('end_to_end_id').notNull().unique(),
    state: text('state').$type<PayoutState>().notNull().default('scheduled'),
    payoutFileId: uuid('payout_file_id').references(() => payoutFiles.id),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Returned by the bank (issue 34, ADR 042): when and why, and the ledger reversal of the payout. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason'),
    returnLedgerTransactionId: uuid('return_ledger_transaction_id').references(() => ledgerTransactions.id),
    /** The returned payout this one pays again. */
    replacesPayoutId: uuid('replaces_payout_id').references((): AnyPgColumn => payouts.id),
  },
  (table) => [
    index('payouts_merchant_idx').on(table.merchantId, table.createdAt),
    uniqueIndex('payouts_settlement_live_idx')
      .on(table.settlementId)
      .where(sql`${table.state} <> 'returned'`),
    index('payouts_settlement_idx').on(table.settlementId),
    index('payouts_state_idx')
      .on(table.state)
      .where(sql`${table.state} <> 'paid'`),
  ],
);
