import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CardCategory, CompanyContact, CompanyPricing } from '@tessera/domain';

/**
 * Customer companies (SPEC §3 company data: companyId, name, vat). Ids are the provider's customer
 * numbers (`C1001`). `search_text` holds name, VAT and id folded for accent-free search (STYLE: Greek
 * searches ignore tonos), kept by the service on every write.
 */
export const companies = pgTable(
  'companies',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    vat: text('vat').notNull().unique(),
    address: text('address').notNull().default(''),
    contacts: jsonb('contacts').$type<CompanyContact[]>().notNull().default([]),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Issue 18 §3 (ADR 024): the address as the back office's form asks it, the products the company
    // may order, its price terms (null: the provider's defaults) and deactivation.
    street: text('street').notNull().default(''),
    streetNumber: text('street_number').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    products: jsonb('products')
      .$type<CardCategory[]>()
      .notNull()
      .default(['SPENDEO', 'MY_BENEFITS', 'TICKET_RESTAURANT', 'VOUCHER', 'COPMLIMENT']),
    pricing: jsonb('pricing').$type<CompanyPricing>(),
    /** Set: the company is deactivated; its users meet error 135 (SPEC §8). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivationReason: text('deactivation_reason'),
    /** Issue 21 (ADR 031): the company roles that must sign in with two factors. */
    secondFactorRoleIds: integer('second_factor_role_ids').array().notNull().default([]),
  },
  (table) => [index('companies_name_idx').on(table.name)],
);
