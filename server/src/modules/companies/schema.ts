import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CompanyContact } from '@tessera/domain';

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
  },
  (table) => [index('companies_name_idx').on(table.name)],
);
