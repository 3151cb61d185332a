import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AlertKind, AlertLocale } from '@tessera/domain';

/**
 * A cardholder's alerts (issue 35 §5, ADR 047), keyed like the cardholder identity by the
 * lower-cased e-mail of the cards' holder records. No row: the defaults (expiry reminders only).
 */
export const cardholderAlertSettings = pgTable('cardholder_alert_settings', {
  email: text('email').primaryKey(),
  purchase: boolean('purchase').notNull().default(false),
  decline: boolean('decline').notNull().default(false),
  lowBalanceCents: integer('low_balance_cents'),
  expiryReminders: boolean('expiry_reminders').notNull().default(true),
  locale: text('locale').$type<AlertLocale>().notNull().default('el'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The cardholder's bell. Both languages are kept (a change of language shows every entry in the
 * new one); the reader gets their language's pair.
 */
export const cardholderNotifications = pgTable(
  'cardholder_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<AlertKind>().notNull(),
    cardId: uuid('card_id'),
    titleEl: text('title_el').notNull(),
    titleEn: text('title_en').notNull(),
    bodyEl: text('body_el').notNull(),
    bodyEn: text('body_en').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('cardholder_notifications_email_idx').on(table.email, table.at),
    index('cardholder_notifications_unread_idx')
      .on(table.email)
      .where(sql`${table.readAt} is null`),
  ],
);

/** The expiry reminders sent: a second run of the daily job on the same day sends nothing twice. */
export const cardholderExpiryReminders = pgTable(
  'cardholder_expiry_reminders',
  {
    cardId: uuid('card_id').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    email: text('email').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'cardholder_expiry_reminders_pk',
      columns: [table.cardId, table.expiresOn, table.daysBefore, table.email],
    }),
  ],
);
