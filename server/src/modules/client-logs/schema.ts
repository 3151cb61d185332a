import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ClientLogLevel } from '@tessera/domain';

/**
 * What browsers sent to the log beacon (ADR 026), redacted before it is written, kept for
 * `CLIENT_LOG_RETENTION_DAYS`.
 */
export const clientLogs = pgTable(
  'client_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').$type<ClientLogLevel>().notNull(),
    /** `log` (the portal's own warnings), `error` (uncaught), `rejection` (unhandled promise). */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    path: text('path').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
  },
  (table) => [index('client_logs_at_idx').on(table.at)],
);
