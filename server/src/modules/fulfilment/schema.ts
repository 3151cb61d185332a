import { bigserial, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Courier } from '@tessera/domain';
// A foreign key needs the table itself (see card-printing/schema.ts).
import { orders } from '../orders/schema';

/**
 * Production batches (ADR 026): paid plastic-card orders made together, one embossing file each.
 * `number` is the batch number the card bureau sees.
 */
export const productionBatches = pgTable('production_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: bigserial('number', { mode: 'number' }).notNull().unique(),
  createdBy: uuid('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The orders of a batch (an order is in one batch at most) and their latest shipment: courier,
 * voucher, when it left, arrived or came back. The order's timeline keeps every step.
 */
export const productionBatchOrders = pgTable(
  'production_batch_orders',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => productionBatches.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text('courier').$type<Courier>(),
    trackingNumber: text('tracking_number').notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.batchId, table.orderId] })],
);
