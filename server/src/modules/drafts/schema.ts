import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CardCategory, CardFamily, CardIssueReason, DraftCard, OrderType } from '@tessera/domain';
import { bulkImports } from '../bulk/schema';
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
    /**
     * Everyone who made or changed the draft, and the people behind what made it (ADR 040): the
     * order made of it names them all, and none of them approves it.
     */
    madeBy: uuid('made_by')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while a bulk file is still being turned into this draft (ADR 020): the draft holds its
     * place under the draft limit but nobody sees it, until the last batch of lines is written and
     * the conversion publishes every draft of the file at once (or discards them). Deleting the
     * import deletes its unpublished drafts.
     */
    pendingImportId: uuid('pending_import_id').references(() => bulkImports.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('draft_orders_company_updated_idx').on(table.companyId, table.updatedAt),
    index('draft_orders_pending_import_idx')
      .on(table.pendingImportId)
      .where(sql`${table.pendingImportId} is not null`),
  ],
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
