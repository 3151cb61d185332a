import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

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

/**
 * Every edit of a CMS entry (issue 18 §5, ADR 025): a draft per save, at most one draft and one
 * published version per key and culture; publishing copies the value to `content_entries`.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    value: jsonb('value').notNull(),
    status: text('status', { enum: ['draft', 'published', 'superseded'] }).notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The version a restore copied (null for an edit). */
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('content_versions_key_locale_version_idx').on(table.key, table.locale, table.version),
    uniqueIndex('content_versions_one_draft_idx')
      .on(table.key, table.locale)
      .where(sql`"status" = 'draft'`),
    uniqueIndex('content_versions_one_published_idx')
      .on(table.key, table.locale)
      .where(sql`"status" = 'published'`),
    check('content_versions_status_check', sql`"status" in ('draft', 'published', 'superseded')`),
    check('content_versions_locale_check', sql`"locale" in ('el', 'en')`),
  ],
);
