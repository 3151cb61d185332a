import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiScope } from '@tessera/domain';

/**
 * A company's API clients (issue 22 §1, ADR 034): OAuth 2 client credentials of the public API.
 * `client_id` is the public name (`tc_…`); the secrets live in `api_client_secrets`, hashed.
 * A revoked client keeps its row (the audit log names it) and gets no token.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id').notNull(),
    clientId: text('client_id').notNull().unique(),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('api_clients_company_idx').on(table.companyId)],
);

/**
 * The secrets of a client: SHA-256 of 32 random bytes (ADR 034: a secret of 256 bits needs no slow
 * hash). `expires_at` null is the current secret; a rotation gives the previous one an end.
 */
export const apiClientSecrets = pgTable(
  'api_client_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    /**
     * Who made the secret (the client's creator, or whoever rotated it): while it works, the client's
     * orders are theirs too, and they approve none of them (issue 33 §2, ADR 040).
     */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('api_client_secrets_client_idx').on(table.clientId)],
);
