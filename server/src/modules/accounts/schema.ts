import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CardCategory, GreekRegion, SpendPeriod, SpendRule } from '@tessera/domain';
import { companies } from '../companies/schema';
import { users } from '../identity/schema';

/**
 * The company's set-up (SPEC §7 accounts service): delivery points, card-printing settings, spend
 * rules, contracts and the TRZ contract, the provider's agents per company, and per-user
 * notification read state.
 */
export const deliveryPoints = pgTable(
  'delivery_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    street: text('street').notNull(),
    streetNumber: text('street_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    region: text('region').$type<GreekRegion>().notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    notes: text('notes').notNull().default(''),
    /** Folded alias, address, city and contact for accent-free search. */
    searchText: text('search_text').notNull().default(''),
    /** Folded street, number, postal code and city: an identical address is not added twice inline. */
    addressKey: text('address_key').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('delivery_points_company_idx').on(table.companyId, table.alias),
    index('delivery_points_address_idx').on(table.companyId, table.addressKey),
  ],
);

export const cardPrintingSettings = pgTable('card_printing_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  embossLine: text('emboss_line').notNull().default(''),
  printLogo: boolean('print_logo').notNull().default(false),
  carrierMessage: text('carrier_message').notNull().default(''),
  defaultDeliveryPointId: uuid('default_delivery_point_id').references(() => deliveryPoints.id, {
    onDelete: 'set null',
  }),
  printEmployeeCode: boolean('print_employee_code').notNull().default(false),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

export const spendRules = pgTable(
  'spend_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    product: text('product').$type<'SPENDEO' | 'MY_BENEFITS'>().notNull(),
    name: text('name').notNull(),
    target: jsonb('target').$type<SpendRule['target']>().notNull(),
    period: text('period').$type<SpendPeriod>().notNull(),
    /** Null: the target is blocked. */
    limitCents: bigint('limit_cents', { mode: 'number' }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Rules are removed by marking them; the audit log keeps what they were. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('spend_rules_company_idx').on(table.companyId, table.product)],
);

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contractNumber: text('contract_number').notNull().unique(),
    product: text('product').$type<CardCategory>().notNull(),
    status: text('status').$type<'active' | 'expired' | 'pending'>().notNull(),
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    cardFeeCents: integer('card_fee_cents').notNull(),
    loadFeeBasisPoints: integer('load_fee_basis_points').notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull(),
  },
  (table) => [index('contracts_company_idx').on(table.companyId)],
);

export const trzContracts = pgTable('trz_contracts', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contractNumber: text('contract_number').notNull().unique(),
  status: text('status').$type<'not_signed' | 'active'>().notNull().default('not_signed'),
  dailyAllowanceCents: integer('daily_allowance_cents').notNull().default(800),
  monthlyLoadDay: integer('monthly_load_day').notNull().default(1),
  invoiceEmail: text('invoice_email').notNull().default(''),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  acceptedBy: uuid('accepted_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

export const companyAgents = pgTable(
  'company_agents',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'account_manager' | 'customer_care'>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId] })],
);

/** Which notifications a user has read, so the state follows them to another browser. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: text('notification_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.notificationId] })],
);
