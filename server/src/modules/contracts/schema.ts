import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CardCategory } from '@tessera/domain';
import { companies } from '../companies/schema';

/** The company's contracts per product (SPEC §7 accounts service): the fees its orders are priced with. */
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

/** The company's TRZ contract: daily allowance, monthly load day, invoice email, and who signed it. */
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
