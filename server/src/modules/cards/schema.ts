import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CardCategory, CardFamily, CardStatus } from '@tessera/domain';
import { companies } from '../companies/schema';
import { ledgerAccounts } from '../ledger/schema';

/**
 * Products (SPEC §3 card categories), cardholders and cards (ARCHITECTURE §4). A card is never
 * stored whole: only the processor's token, the BIN and the last four digits. The card's money lives
 * in its ledger account; `search_text` and `holder_sort` are folded copies of the cardholder's and the
 * card's names kept by the service on every write so 100,000 cards filter and sort without joins.
 */
export const products = pgTable('products', {
  code: text('code').$type<CardCategory>().primaryKey(),
  nameEl: text('name_el').notNull(),
  nameEn: text('name_en').notNull(),
  families: text('families').array().$type<CardFamily[]>().notNull(),
  bin: text('bin').notNull(),
  minLoadCents: integer('min_load_cents').notNull(),
  maxLoadCents: integer('max_load_cents').notNull(),
  validityMonths: integer('validity_months').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const cardholders = pgTable(
  'cardholders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    employeeCode: text('employee_code').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    /** Marked as a leaver (issue 22 §4, ADR 036): when; null when not a leaver. */
    leaverMarkedAt: timestamp('leaver_marked_at', { withTimezone: true }),
    /** The leaver's last working day, when given. */
    leavingDate: date('leaving_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cardholders_company_idx').on(table.companyId, table.lastName),
    // A bulk file names a card by its holder's employee code or email (ADR 011); likely duplicates
    // are found by them too.
    index('cardholders_company_code_idx').on(table.companyId, sql`lower(${table.employeeCode})`),
    index('cardholders_company_email_idx').on(table.companyId, sql`lower(${table.email})`),
    // The leavers page finds a company's leavers without reading all its cardholders.
    index('cardholders_company_leaver_idx')
      .on(table.companyId)
      .where(sql`${table.leaverMarkedAt} is not null`),
    // A signed-in cardholder's cards are found by the holder record's e-mail across companies
    // (issue 35, ADR 046).
    index('cardholders_email_lower_idx').on(sql`lower(${table.email})`),
  ],
);

export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    product: text('product')
      .$type<CardCategory>()
      .notNull()
      .references(() => products.code),
    family: text('family').$type<CardFamily>().notNull(),
    cardholderId: uuid('cardholder_id')
      .notNull()
      .references(() => cardholders.id),
    cardName: text('card_name').notNull(),
    status: text('status').$type<CardStatus>().notNull().default('active'),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    /** The card processor's token for the whole number (never the number itself). */
    token: text('token').notNull().unique(),
    bin: text('bin').notNull(),
    last4: text('last4').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .unique()
      .references(() => ledgerAccounts.id),
    replacedByCardId: uuid('replaced_by_card_id'),
    /** Marked "do not renew" (issue 22 §4, ADR 036): an expiry replacement refuses it. */
    doNotRenew: boolean('do_not_renew').notNull().default(false),
    /**
     * Locked by the cardholder or care (issue 35 §3, ADR 046): the terminal API declines it
     * `cardLocked` until unlocked. Locked is not blocked: unlocking restores the card.
     */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** `cardholder` or the portal user id who locked it. */
    lockedBy: text('locked_by'),
    /** Folded cardholder name, email, employee code, card name and last four. */
    searchText: text('search_text').notNull().default(''),
    /** Folded "last first" name of the cardholder, the default sort. */
    holderSort: text('holder_sort').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cards_company_holder_idx').on(table.companyId, table.holderSort, table.id),
    index('cards_company_expiry_idx').on(table.companyId, table.expiryDate),
    index('cards_company_product_idx').on(table.companyId, table.product, table.family, table.status),
    index('cards_cardholder_idx').on(table.cardholderId),
    index('cards_company_created_idx').on(table.companyId, table.createdAt),
  ],
);
