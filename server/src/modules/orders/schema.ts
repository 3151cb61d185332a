import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CardCategory,
  CardFamily,
  CardIssueReason,
  DeliveryPoint,
  DraftCard,
  Locale,
  OrderEventKind,
  OrderEventNote,
  OrderPriceTotals,
  OrderStatus,
  OrderType,
  PaymentFailureReason,
  PaymentKind,
  PaymentStatus,
  PlacedOrderType,
} from '@tessera/domain';
import { companies } from '../companies/schema';
import { deliveryPoints } from '../delivery-points/schema';

/**
 * Draft orders (SPEC §3 order draft, §7 orders service; docs/decisions/009-card-issue-and-pricing.md):
 * the header of an order being prepared and its lines. Drafts store lines, never prices: every
 * response prices them afresh with the company's contract.
 */
export const draftOrders = pgTable(
  'draft_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<CardIssueReason>().notNull(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    product: text('product').$type<CardCategory>().notNull(),
    family: text('family').$type<CardFamily>().notNull(),
    /** SPEC §3 `draftOrderAlias`. */
    alias: text('alias').notNull().default(''),
    invoiceComments: text('invoice_comments').notNull().default(''),
    deliveryPointId: uuid('delivery_point_id').references(() => deliveryPoints.id, { onDelete: 'set null' }),
    /** One amount for every line, as the form last set it; the lines carry the amounts priced. */
    bulkAmountCents: bigint('bulk_amount_cents', { mode: 'number' }),
    /** The expired flow's date (SPEC §4: now + 60 days), as the browser stored it. */
    expiringDate: text('expiring_date'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('draft_orders_company_updated_idx').on(table.companyId, table.updatedAt)],
);

/**
 * The lines of a draft, identified by the browser's `tempCardId` (SPEC §3): an existing card, or a
 * new cardholder (kept as given until the order creates the card), and the amount to load.
 * `position` keeps the order the lines were added in (SPEC §3 diff: updates keep their place,
 * additions go last).
 */
export const draftOrderCards = pgTable(
  'draft_order_cards',
  {
    draftId: uuid('draft_id')
      .notNull()
      .references(() => draftOrders.id, { onDelete: 'cascade' }),
    tempCardId: text('temp_card_id').notNull(),
    cardId: uuid('card_id'),
    cardholderId: uuid('cardholder_id'),
    cardholder: jsonb('cardholder').$type<NonNullable<DraftCard['cardholder']>>(),
    cardName: text('card_name').notNull().default(''),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.draftId, table.tempCardId] })],
);

/**
 * Submitted orders (docs/decisions/010-orders-payments.md): a draft becomes an order when it is
 * submitted, priced afresh with the company's terms; the order keeps its lines and their prices as
 * they were, and its delivery point as it was. `number` is the human order number and the body of
 * its RF reference. `sourceDraftId` is unique: a draft is submitted at most once.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sourceDraftId: uuid('source_draft_id').unique(),
    reason: text('reason').$type<CardIssueReason>(),
    orderType: text('order_type').$type<PlacedOrderType>().notNull(),
    product: text('product').$type<CardCategory>().notNull(),
    family: text('family').$type<CardFamily>().notNull(),
    alias: text('alias').notNull().default(''),
    invoiceComments: text('invoice_comments').notNull().default(''),
    deliveryPoint: jsonb('delivery_point').$type<DeliveryPoint>(),
    /** The SPEC §4 expired flow's date, as the draft carried it. */
    expiringDate: text('expiring_date'),
    status: text('status').$type<OrderStatus>().notNull(),
    price: jsonb('price').$type<OrderPriceTotals>().notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    rfCode: text('rf_code').notNull().unique(),
    approvalRequired: boolean('approval_required').notNull().default(false),
    approvalThresholdCents: bigint('approval_threshold_cents', { mode: 'number' }),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectedReason: text('rejected_reason').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** The submitter's language: the order's emails go out in it. */
    locale: text('locale').$type<Locale>().notNull().default('el'),
    submittedBy: uuid('submitted_by').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_company_submitted_idx').on(table.companyId, table.submittedAt),
    index('orders_company_status_idx').on(table.companyId, table.status),
  ],
);

/** The lines of an order, priced; `cardId` is filled for new cards when the order is paid. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    tempCardId: text('temp_card_id').notNull(),
    /** The card loaded, or the card made by the order (set at payment). */
    cardId: uuid('card_id'),
    /** The card a replacement closes. */
    replacedCardId: uuid('replaced_card_id'),
    cardholderId: uuid('cardholder_id'),
    cardholder: jsonb('cardholder').$type<NonNullable<DraftCard['cardholder']>>(),
    cardName: text('card_name').notNull().default(''),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    cardFeeCents: bigint('card_fee_cents', { mode: 'number' }).notNull().default(0),
    replacementFeeCents: bigint('replacement_fee_cents', { mode: 'number' }).notNull().default(0),
    serviceFeeCents: bigint('service_fee_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.position] })],
);

/**
 * The order timeline: one row per step reached (or end come to), with who and when, and what it
 * adds as a code with its values (`OrderEventNote`), translated where it is shown (ADR 013).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderEventKind>().notNull(),
    by: uuid('by'),
    note: jsonb('note').$type<OrderEventNote>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/**
 * Payments of orders: one row per attempt. At most one attempt of an order is `pending` at a time
 * and at most one `succeeded` (partial unique indexes): an order is never paid twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    method: text('method').$type<PaymentKind>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    bankReference: text('bank_reference').notNull().default(''),
    /** Why a failed or cancelled attempt did not succeed (a code, ADR 013); null otherwise. */
    failureReason: text('failure_reason').$type<PaymentFailureReason>(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    uniqueIndex('payments_one_pending_idx')
      .on(table.orderId)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('payments_one_success_idx')
      .on(table.orderId)
      .where(sql`${table.status} = 'succeeded'`),
  ],
);

/**
 * Every notice from the bank, kept once by its id: gateway callbacks (`callback:<event id>`), the
 * browser's signed return (`return:<payment id>`) and bank-statement lines (`statement:<line id>`).
 * A second notice with the same id is answered as a duplicate and changes nothing.
 */
export const bankNotices = pgTable('bank_notices', {
  id: text('id').primaryKey(),
  paymentId: uuid('payment_id'),
  orderId: uuid('order_id'),
  amountCents: bigint('amount_cents', { mode: 'number' }),
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company's approval rule (ADR 010): orders of order managers above the threshold wait. */
export const companyOrderSettings = pgTable('company_order_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  approvalThresholdCents: bigint('approval_threshold_cents', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
