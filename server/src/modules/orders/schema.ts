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
  PlacedOrderType,
} from '@tessera/domain';
import { companies } from '../companies/schema';

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
    /** Approvals needed before it awaits payment (ADR 032): 0, 1, or 2 by two different people. */
    approvalsRequired: integer('approvals_required').notNull().default(0),
    /** When it expires (rejected by the system) if still awaiting approval (ADR 032). */
    approvalExpiresAt: timestamp('approval_expires_at', { withTimezone: true }),
    /** Who made the draft it came from: they approve it no more than its submitter (ADR 032). */
    draftedBy: uuid('drafted_by'),
    /**
     * Everyone who made the order (issue 33 §2, ADR 040): its submitter, whoever made or changed its
     * draft, and the people behind what made it (an API client's creator and the makers of its
     * working secrets, a recurring rule's editors, a bulk file's uploader and editors, the makers of
     * a reordered order). None of them approves it.
     */
    madeBy: uuid('made_by')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
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
    index('orders_approval_expires_idx')
      .on(table.approvalExpiresAt)
      .where(sql`${table.status} = 'awaiting_approval'`),
  ],
);

/**
 * The approvals an order has been given (ADR 032), one per person: the primary key makes two
 * approvals two different people whatever races. The last one needed moves the order to payment.
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id').notNull(),
    comment: text('comment').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.approverId] })],
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
 * A company's approval rule (ADR 010, ADR 032): orders above the threshold wait for one approval,
 * above the second threshold for two; an order still waiting after `approvalExpiryDays` expires.
 * `stepUpMinCents` (ADR 040): from this amount on, a submission, payment or unload by a person with
 * a second factor asks for a fresh code (0: every one).
 */
export const companyOrderSettings = pgTable('company_order_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  approvalThresholdCents: bigint('approval_threshold_cents', { mode: 'number' }),
  secondApprovalThresholdCents: bigint('second_approval_threshold_cents', { mode: 'number' }),
  approvalExpiryDays: integer('approval_expiry_days').notNull().default(14),
  stepUpMinCents: bigint('step_up_min_cents', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
