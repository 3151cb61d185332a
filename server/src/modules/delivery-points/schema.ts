import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { GreekRegion } from '@tessera/domain';
import { companies } from '../companies/schema';

/** The company's delivery points (SPEC §7 accounts service): where its plastic cards are sent. */
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
