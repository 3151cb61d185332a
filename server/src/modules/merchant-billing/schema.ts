import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Courier,
  ChargeParams,
  MerchantChargeKind,
  MerchantChargeStatus,
  PaymentStatus,
  SupplyOrderStatus,
} from '@tessera/domain';
import { merchants, merchantStores, merchantTerminals } from '../merchants/schema';

/**
 * What merchants owe the provider and how they pay it (issue 16, merchant payment page).
 *
 * - `merchant_charges`: one debt: a terminal's monthly rental (unique per merchant, month and
 *   terminal, so the monthly job may run twice) or a supply order; gross amount and its VAT; `open`
 *   until a payment (`payment_id`) pays it.
 * - `merchant_supply_orders`: packs of bags and TRV stickers for one of the merchant's stores.
 * - `merchant_payments`: card payments through the bank gateway the orders use, one row per attempt
 *   with the charges it covers; at most one `pending` per merchant.
 * - `merchant_rf_batches`: the RF reference of one set of open charges: the same set answers the
 *   same reference, and a transfer carrying it names exactly those charges.
 */
export const merchantPayments = pgTable(
  'merchant_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    chargeIds: jsonb('charge_ids').$type<string[]>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    bankReference: text('bank_reference').notNull().default(''),
    /** Why a failed or cancelled attempt did not succeed (a code); null otherwise. */
    failureReason: text('failure_reason'),
    ledgerTransactionId: uuid('ledger_transaction_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('merchant_payments_merchant_idx').on(table.merchantId, table.createdAt),
    uniqueIndex('merchant_payments_one_pending_idx')
      .on(table.merchantId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export const merchantSupplyOrders = pgTable(
  'merchant_supply_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => merchantStores.id),
    bags: integer('bags').notNull(),
    stickers: integer('stickers').notNull(),
    notes: text('notes').notNull().default(''),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<SupplyOrderStatus>().notNull().default('ordered'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Shipped by provider staff from the fulfilment page (issue 18 §7, ADR 026). */
    courier: text('courier').$type<Courier>(),
    trackingNumber: text('tracking_number').notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    shippedBy: uuid('shipped_by'),
  },
  (table) => [index('merchant_supply_orders_merchant_idx').on(table.merchantId, table.createdAt)],
);

export const merchantCharges = pgTable(
  'merchant_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind').$type<MerchantChargeKind>().notNull(),
    /** What the description is made of (translated where it is shown). */
    params: jsonb('params').$type<ChargeParams>().notNull(),
    /** Gross: what the merchant pays, VAT included. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    /** The month (`YYYY-MM`) a rental is for. */
    period: text('period'),
    terminalId: uuid('terminal_id').references(() => merchantTerminals.id),
    supplyOrderId: uuid('supply_order_id').references(() => merchantSupplyOrders.id),
    status: text('status').$type<MerchantChargeStatus>().notNull().default('open'),
    paymentId: uuid('payment_id').references(() => merchantPayments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('merchant_charges_merchant_idx').on(table.merchantId, table.status, table.createdAt),
    uniqueIndex('merchant_charges_rental_idx')
      .on(table.merchantId, table.kind, table.period, table.terminalId)
      .where(sql`${table.kind} = 'terminalRental'`),
  ],
);

export const merchantRfBatches = pgTable(
  'merchant_rf_batches',
  {
    /** The number in the reference's body. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The open charges' ids, sorted and joined: the set the reference stands for. */
    chargeKey: text('charge_key').notNull(),
    chargeIds: jsonb('charge_ids').$type<string[]>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    rfCode: text('rf_code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('merchant_rf_batches_set_idx').on(table.merchantId, table.chargeKey)],
);
