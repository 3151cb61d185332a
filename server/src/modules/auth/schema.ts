import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

/**
 * Portal sessions of the backend for frontend (ARCHITECTURE §6–7): the browser holds only a random
 * 256-bit id in an httpOnly cookie; the table keys on its SHA-256, so a leaked table cannot be
 * replayed as cookies. The OpenID tokens stay here and never reach the browser. Idle and absolute
 * timeouts are measured from `last_seen_at` and `created_at` (ADR 005).
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company the session acts for (SPEC §3 `companyId`); null until one is chosen. */
    companyId: text('company_id'),
    /** Provider staff: why they act for `companyId`, typed when they started (issue 18, ADR 027). */
    actingReason: text('acting_reason'),
    actingSince: timestamp('acting_since', { withTimezone: true }),
    /** Provider staff: the merchant they act for (with the same reason), when they act for one. */
    actingMerchantId: text('acting_merchant_id'),
    idToken: text('id_token'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /**
     * The browser's User-Agent at sign-in (at most 500 characters), read into device, system and
     * browser when the user lists their sessions (ADR 033), and the client address then
     * (`request.ip`, which honours TRUST_PROXY). Null for sessions older than these columns.
     */
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    /** The ID token's `amr` at sign-in (`pwd`, `otp`, `swk` for a remembered device; ADR 031). */
    amr: text('amr').array().notNull().default([]),
    /** When the user last proved the second factor with a code in this session (step-up, ADR 031). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('portal_sessions_user_idx').on(table.userId),
    index('portal_sessions_seen_idx').on(table.lastSeenAt),
  ],
);

/**
 * The browsers that have signed in to an account (ADR 033): each browser holds a long-lived random
 * device id in an httpOnly cookie (no personal data); the table keeps its SHA-256 salted with the
 * user id, so the same browser is a different row for each account and a leaked table links
 * nobody. A sign-in from a browser not listed here for the account mails the user.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('known_devices_user_device_idx').on(table.userId, table.deviceHash)],
);
