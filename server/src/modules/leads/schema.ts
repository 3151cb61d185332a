import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LeadKind, LeadStatus, Locale } from '@tessera/domain';

/**
 * Leads of the public "become a client" and "become a partner merchant" forms (issue 18 §6, ADR
 * 024): what the visitor typed, then what the provider decided (converted to a company or a
 * merchant, `converted_to` naming it, or rejected), by whom and when.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    kind: text('kind').$type<LeadKind>().notNull(),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    companyName: text('company_name').notNull(),
    vat: text('vat').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    size: integer('size').notNull(),
    message: text('message').notNull().default(''),
    locale: text('locale').$type<Locale>().notNull(),
    convertedTo: text('converted_to'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('leads_kind_status_idx').on(table.kind, table.status, table.createdAt)],
);
