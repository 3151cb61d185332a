import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/schema';
import { users } from '../identity/schema';

/** The provider's agents per company (SPEC §7 `retrieveAgents`; ADR 007): account manager, customer care. */
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
