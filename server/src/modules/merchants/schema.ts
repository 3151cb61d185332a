import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CardCategory,
  EnrolmentState,
  FeePlan,
  MerchantNotificationKind,
  MerchantUserRole,
  SpendCategory,
  StoreChannel,
} from '@tessera/domain';
import { users } from '../identity/schema';
import { ledgerAccounts } from '../ledger/schema';

/**
 * Merchants (redeemers), their stores, terminals and users (SPEC §1, §3; ADR 016).
 *
 * - `merchants`: the legal entity paid for its sales: VAT number, IBAN, contact, fee plan per
 *   product, and its `merchant` ledger account (what the provider owes it).
 * - `merchant_stores`: where it sells: address, category, opening hours, channels, accepted products.
 * - `merchant_terminals`: a POS (or online checkout) with its MID and enrolment state, and its OAuth 2
 *   client (client id, hashed secret) for the terminal API.
 * - `merchant_users`: the merchant's portal users (role 1001): one administrator or more, and
 *   view-only users.
 */
export const merchants = pgTable('merchants', {
  id: text('id').primaryKey(),
  legalName: text('legal_name').notNull(),
  tradeName: text('trade_name').notNull(),
  vatNumber: text('vat_number').notNull().unique(),
  iban: text('iban').notNull(),
  bic: text('bic').notNull().default(''),
  address: text('address').notNull().default(''),
  contactName: text('contact_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull().default(''),
  /** Fee per product in basis points of the sales. */
  feePlan: jsonb('fee_plan').$type<FeePlan>().notNull(),
  ledgerAccountId: uuid('ledger_account_id')
    .notNull()
    .unique()
    .references(() => ledgerAccounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const merchantStores = pgTable(
  'merchant_stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    category: text('category').$type<SpendCategory>().notNull(),
    openingHours: text('opening_hours').notNull().default(''),
    channels: text('channels').array().$type<StoreChannel[]>().notNull(),
    acceptedProducts: text('accepted_products').array().$type<CardCategory[]>().notNull(),
    /** WGS 84 coordinates, both or neither (issue 35 §4, ADR 047): the cardholder's store search. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** The neighbourhood (Κολωνάκι, Μαρούσι), searched with the name, address and city. */
    area: text('area').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('merchant_stores_merchant_idx').on(table.merchantId, table.name),
    index('merchant_stores_products_idx').using('gin', table.acceptedProducts),
  ],
);

export const merchantTerminals = pgTable(
  'merchant_terminals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => merchantStores.id, { onDelete: 'cascade' }),
    mid: text('mid').notNull().unique(),
    label: text('label').notNull(),
    state: text('state').$type<EnrolmentState>().notNull().default('requested'),
    /** The terminal's OAuth 2 client (client credentials): its id and its argon2id-hashed secret. */
    clientId: text('client_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('merchant_terminals_store_idx').on(table.storeId)],
);

export const merchantUsers = pgTable(
  'merchant_users',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    role: text('role').$type<MerchantUserRole>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId] }),
    uniqueIndex('merchant_users_merchant_idx').on(table.merchantId, table.userId),
    index('merchant_users_admin_idx')
      .on(table.merchantId)
      .where(sql`${table.role} = 'admin'`),
  ],
);

/**
 * An IBAN change waiting for its confirmation (issue 16): the merchant's administrator asks, a
 * single-use link mailed to the merchant's contact address confirms it within 24 hours. Only the
 * link's SHA-256 is kept.
 */
export const merchantIbanChanges = pgTable(
  'merchant_iban_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    iban: text('iban').notNull(),
    bic: text('bic').notNull().default(''),
    tokenHash: text('token_hash').notNull().unique(),
    requestedBy: uuid('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('merchant_iban_changes_merchant_idx').on(table.merchantId, table.createdAt)],
);

/** What the merchant is told (issue 16): payout sent, MID enrolled, a spike of declines. */
export const merchantNotifications = pgTable(
  'merchant_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MerchantNotificationKind>().notNull(),
    /** The values the texts name (amounts, MIDs, counts). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    /** One notification per event: a repeat of the same event is not told twice. */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('merchant_notifications_dedupe_idx').on(table.merchantId, table.dedupeKey),
    index('merchant_notifications_merchant_idx').on(table.merchantId, table.createdAt),
  ],
);
