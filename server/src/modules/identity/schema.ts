import { sql } from 'drizzle-orm';
import {
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
import { companies } from '../companies/schema';

/**
 * The identity provider's user store (ARCHITECTURE §6). Emails are kept lower-case and unique
 * whatever their case; `password_hash` is argon2id (null until a new user sets theirs through the
 * confirmation link); `lock_reason` tells a lock after failed sign-ins (lifted by a password reset)
 * from a lock by provider staff (lifted only by them).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    roleId: integer('role_id').notNull(),
    passwordHash: text('password_hash'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    lockReason: text('lock_reason').$type<'failed_attempts' | 'staff'>(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Contact details shown to colleagues (/account/order-managers, /account/agents). */
    phone: text('phone').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    preferredLanguage: text('preferred_language').$type<'el' | 'en'>().notNull().default('el'),
    /** Email and names folded for accent-free search (STYLE), kept by the service on every write. */
    searchText: text('search_text').notNull().default(''),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.roleId),
  ],
);

/** The companies a user works for (SPEC §3 `relatedCompanies`). */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.companyId] }),
    index('user_companies_company_idx').on(table.companyId),
  ],
);

/**
 * Single-use codes sent by email (SPEC §7 `code_type=token`): only the SHA-256 of the random code is
 * kept; `purpose` is `reset` or `confirmation`; a code expires (1 hour) and is spent by `used_at`.
 */
export const userCodes = pgTable(
  'user_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    codeType: text('code_type').notNull().default('token'),
    purpose: text('purpose').$type<'reset' | 'confirmation'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_codes_user_idx').on(table.userId, table.purpose)],
);

/**
 * Everything oidc-provider stores (sessions, interactions, grants, codes, tokens…), one row per
 * model instance (STACK: PostgreSQL adapter, nothing in memory). `account_id` lets the token
 * service revoke all of a user's artefacts at once.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    accountId: text('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.type, table.id] }),
    index('oidc_payloads_grant_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_user_code_idx').on(table.userCode),
    index('oidc_payloads_account_idx').on(table.accountId),
    index('oidc_payloads_expires_idx').on(table.expiresAt),
  ],
);

/** The provider's RS256 signing keys (private JWKs), generated at first start; newest first is the active one. */
export const oidcKeys = pgTable('oidc_keys', {
  kid: text('kid').primaryKey(),
  jwk: jsonb('jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's TOTP second factor (issue 21, ADR 031). The secret is AES-256-GCM encrypted with a key
 * derived from the session secret and never leaves the server after enrolment; `enrolled_at` is
 * null while an enrolment waits for its first code. `last_used_step` is the 30-second step of the
 * last accepted code: a code of the same or an earlier step is refused (replay).
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only their HMAC is kept; `used_at` spends one. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_recovery_codes_hash_idx').on(table.userId, table.codeHash)],
);

/**
 * Remembered devices (issue 21): the browser holds a signed cookie with a random id; only its
 * SHA-256 is kept. A device skips the code until `expires_at` (30 days) unless revoked.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('trusted_devices_user_idx').on(table.userId)],
);
