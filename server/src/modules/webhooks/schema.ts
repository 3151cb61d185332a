import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WebhookEventType } from '@tessera/domain';

/**
 * A company's webhook endpoints (issue 22 §3, ADR 035). The signing secret (`whsec_…`) is kept as
 * is, because every delivery is signed with it; it leaves the server only in the answer that made
 * the endpoint. A disabled endpoint (`disabled_at`) gets no new deliveries and none is attempted.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason').$type<'failures' | 'manual'>(),
    /** Failed attempts in a row, across events; a success sets it back to 0. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_company_idx').on(table.companyId)],
);

/**
 * Events, written in the transaction of the change they tell of (a transactional outbox): an event
 * exists if and only if its change committed. Its id is the receivers' de-duplication key.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id').notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_events_company_idx').on(table.companyId, table.createdAt)],
);

/**
 * One event to one endpoint: the delivery log's row and the retry schedule. `next_attempt_at` is
 * when the dispatcher may try it next (pushed ahead while an attempt runs, a lease); `expires_at`
 * ends the retries (three days after the event or its replay).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    state: text('state').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastResponseExcerpt: text('last_response_excerpt'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('webhook_deliveries_event_endpoint_key').on(table.eventId, table.endpointId),
    index('webhook_deliveries_due_idx').on(table.state, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);

/** Which card's expiry was announced (`card.expiring`), so the daily job tells it once. */
export const webhookCardExpiryNotices = pgTable(
  'webhook_card_expiry_notices',
  {
    cardId: uuid('card_id').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    companyId: text('company_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.cardId, table.expiryDate] })],
);
