import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentFailureReason, PaymentKind, PaymentStatus } from '@tessera/domain';
import { orders } from '../orders/schema';

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
