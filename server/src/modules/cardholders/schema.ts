import { bigint, bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CardholderEventKind, CardholderLocale } from '@tessera/domain';

/**
 * The cardholder identity (issue 35 §1, ADR 046). A cardholder is not a portal user: every table is
 * keyed by the e-mail the employer registered on the holder record (`cardholders.email`), always
 * lower-cased, so one person with cards from several employers is one account. Codes and session ids
 * are stored hashed (SHA-256), never as sent.
 */
export const cardholderAccounts = pgTable('cardholder_accounts', {
  email: text('email').primaryKey(),
  displayName: text('display_name').notNull().default(''),
  locale: text('locale').$type<CardholderLocale>().notNull().default('el'),
  /** Last invitation e-mail sent by the company side; null when never invited. */
  invitedAt: timestamp('invited_at', { withTimezone: true }),
  /** First successful sign-in. */
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time sign-in codes: 10 minutes, single use, 5 wrong tries and the code dies. */
export const cardholderCodes = pgTable(
  'cardholder_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (table) => [index('cardholder_codes_email_idx').on(table.email, table.createdAt)],
);

/** Cardholder sessions: the id is the SHA-256 of the cookie's random value; revocable rows. */
export const cardholderSessions = pgTable(
  'cardholder_sessions',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('cardholder_sessions_email_idx').on(table.email)],
);

/** WebAuthn credentials (passkeys); `public_key` is base64url of the COSE key. */
export const cardholderPasskeys = pgTable(
  'cardholder_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('cardholder_passkeys_email_idx').on(table.email)],
);

/**
 * WebAuthn challenges kept server-side for a few minutes (the server stays stateless between
 * requests): a registration challenge carries the e-mail, an authentication one does not
 * (discoverable credentials). Consumed (deleted) on verification.
 */
export const cardholderChallenges = pgTable(
  'cardholder_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    purpose: text('purpose').$type<'registration' | 'authentication'>().notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cardholder_challenges_expires_idx').on(table.expiresAt)],
);

/** The sign-in and lock history customer care looks at (issue 35 §8). Append-only. */
export const cardholderEvents = pgTable(
  'cardholder_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<CardholderEventKind>().notNull(),
    cardId: uuid('card_id'),
    /** `cardholder`, or the portal user id of who acted (care, an order manager). */
    actor: text('actor').notNull().default('cardholder'),
    reason: text('reason'),
    ip: text('ip'),
  },
  (table) => [
    index('cardholder_events_email_idx').on(table.email, table.at),
    index('cardholder_events_card_idx').on(table.cardId, table.at),
  ],
);
