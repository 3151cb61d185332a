import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/schema';
// A foreign key needs the table itself, so schema files import tables directly; through index.ts the
// service would join db/schema.ts's imports, and with it an import circle through platform/db.
import { deliveryPoints } from '../delivery-points/schema';

/** How the company's plastic cards are printed and where they go by default (SPEC §7 accounts service). */
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
