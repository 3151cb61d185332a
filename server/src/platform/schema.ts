import {
  bigserial,
  index,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Mail that was sent or, without SMTP, kept for the development mailbox (ARCHITECTURE §3 mail). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** `outbox` when no SMTP server is set, `smtp` when it was handed to one. */
    transport: text('transport').notNull(),
    messageId: text('message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.to, table.createdAt)],
);

/**
 * Every state change: who, acting for which company, what, when, before/after (ARCHITECTURE §4).
 * Append-only: a trigger refuses every update, delete and truncate (migration 0014, ADR 027).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: uuid('actor_user_id'),
    companyId: text('company_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    /** The reason provider staff typed when they started acting for the company (issue 18). */
    actingReason: text('acting_reason'),
    /** The merchant acted for, when the change was one merchant's. */
    merchantId: text('merchant_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_company_idx').on(table.companyId, table.createdAt),
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorUserId, table.createdAt),
    index('audit_log_entity_idx').on(table.entity, table.createdAt),
  ],
);

/**
 * Idempotency keys of money-moving and order-creating requests (ARCHITECTURE §5): the first
 * response per user, route and key, kept so a replay returns it and changes nothing
 * (`platform/idempotency.ts`). `request_hash` tells a replay from a reuse of the key for another
 * request. The row is written in the same transaction as the change it answers for.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    companyId: text('company_id'),
    requestHash: text('request_hash').notNull(),
    /**
     * The first response's body; null only inside the transaction computing it. `json`, not `jsonb`:
     * the text is kept as written, key order included, so a replay is the same bytes.
     */
    response: json('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.route, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
