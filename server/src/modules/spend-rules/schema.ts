import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SpendPeriod, SpendRule } from '@tessera/domain';
import { companies } from '../companies/schema';

/** The company's spend rules (SPEC §7 accounts service): Spendeo limits and blocks, MyBenefits allowances. */
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

/**
 * The MyBenefits core categories (`retrieveCoreCategories`; ADR 024): names per culture and the
 * merchant category codes (MCC) each covers; role 1 maintains them, spend rules name them by code.
 */
export const coreCategories = pgTable('core_categories', {
  code: text('code').primaryKey(),
  nameEl: text('name_el').notNull(),
  nameEn: text('name_en').notNull(),
  mccCodes: jsonb('mcc_codes').$type<string[]>().notNull().default([]),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
