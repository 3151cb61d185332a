import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * CMS content per key and culture (`el`, `en`), seeded from `db/seed/content/<locale>/<key>.json`.
 * Keys: `menu`, `footer`, `merchant-menu`, `merchant-footer`, `faqs`, `merchant-faqs`,
 * `video-tutorials`, `notifications`, `merchant-notifications`, `error-codes`, `validation`, `emails`,
 * `pages/<slug>`…
 */
export const contentEntries = pgTable(
  'content_entries',
  {
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.locale] })],
);

/** Messages sent through the contact form (SubmitContact). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
