import type { AlertKind, AlertLocale, AlertSettings } from '@tessera/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { AlertRecipient } from '../terminals';
import { cardholderAlertSettings, cardholderExpiryReminders, cardholderNotifications } from './schema';

/**
 * The SQL of the cardholder's alerts (issue 35 §5, ADR 047): its own three tables, and read-only
 * looks at the cards, their holder records, the card accounts' balances and the cardholder
 * accounts (as the orders and fulfilment modules read other modules' tables).
 */

export type SettingsRow = typeof cardholderAlertSettings.$inferSelect;

export async function findSettings(db: Executor, email: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(cardholderAlertSettings)
    .where(eq(cardholderAlertSettings.email, email));
  return row;
}

/** The language of a cardholder who saved no alerts: their account's, else Greek. */
export async function accountLocale(db: Executor, email: string): Promise<AlertLocale> {
  const { rows } = await db.execute<{ locale: AlertLocale }>(
    sql`select locale from cardholder_accounts where email = ${email}`,
  );
  return rows[0]?.locale ?? 'el';
}

export async function upsertSettings(
  db: Executor,
  email: string,
  settings: AlertSettings,
  at: Date,
): Promise<void> {
  const values = {
    purchase: settings.purchase,
    decline: settings.decline,
    lowBalanceCents: settings.lowBalanceCents,
    expiryReminders: settings.expiryReminders,
    locale: settings.locale,
    updatedAt: at,
  };
  await db
    .insert(cardholderAlertSettings)
    .values({ email, ...values })
    .onConflictDoUpdate({ target: cardholderAlertSettings.email, set: values });
}

/** Who is told of a decision on a card: its holder's e-mail with the alerts they saved (none: no row). */
/** The terminal API reads the same settings with a purchase (`AuthorisationDecided.recipient`). */
export type CardRecipient = AlertRecipient;

export async function recipientOfCard(db: Executor, cardId: string): Promise<CardRecipient | undefined> {
  const { rows } = await db.execute<CardRecipient>(sql`
    select s.email, c.card_name as "cardName", s.purchase, s.decline,
           s.low_balance_cents as "lowBalanceCents", s.locale
      from cards c
      join cardholders h on h.id = c.cardholder_id
      join cardholder_alert_settings s on s.email = lower(h.email)
     where c.id = ${cardId} and h.email <> ''`);
  return rows[0];
}

export type NewNotification = {
  email: string;
  kind: AlertKind;
  cardId: string | null;
  titleEl: string;
  titleEn: string;
  bodyEl: string;
  bodyEn: string;
};

export async function insertNotification(db: Executor, row: NewNotification): Promise<void> {
  await db.insert(cardholderNotifications).values(row);
}

/** The newest `limit` entries of the bell. */
export async function findNotifications(db: Executor, email: string, limit: number) {
  return db
    .select()
    .from(cardholderNotifications)
    .where(eq(cardholderNotifications.email, email))
    .orderBy(desc(cardholderNotifications.at), desc(cardholderNotifications.id))
    .limit(limit);
}

export async function countUnread(db: Executor, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardholderNotifications)
    .where(and(eq(cardholderNotifications.email, email), isNull(cardholderNotifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the cardholder's own entries read; another person's ids change nothing. */
export async function markRead(db: Executor, email: string, ids: readonly string[], at: Date): Promise<void> {
  await db
    .update(cardholderNotifications)
    .set({ readAt: at })
    .where(
      and(
        eq(cardholderNotifications.email, email),
        inArray(cardholderNotifications.id, [...ids]),
        isNull(cardholderNotifications.readAt),
      ),
    );
}

/** A live card with money expiring on one of `days`, and whom to remind (their alerts allow it). */
export type ExpiringAmount = {
  cardId: string;
  cardName: string;
  expiresOn: string;
  amountCents: number;
  email: string;
  locale: AlertLocale;
};

/**
 * The active cards with money that expire on one of `days`, each with its holder's e-mail when that
 * cardholder uses the app (an activated account) and has not switched the reminders off.
 */
export async function findExpiringAmounts(db: Executor, days: readonly string[]): Promise<ExpiringAmount[]> {
  if (days.length === 0) return [];
  const list = sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  );
  const { rows } = await db.execute<ExpiringAmount>(sql`
    select c.id as "cardId", c.card_name as "cardName", to_char(c.expiry_date, 'YYYY-MM-DD') as "expiresOn",
           a.balance_cents::bigint as "amountCents", acc.email,
           coalesce(s.locale, acc.locale) as locale
      from cards c
      join ledger_accounts a on a.id = c.account_id
      join cardholders h on h.id = c.cardholder_id
      join cardholder_accounts acc on acc.email = lower(h.email) and acc.activated_at is not null
      left join cardholder_alert_settings s on s.email = acc.email
     where c.expiry_date in (${list}) and c.status = 'active' and a.balance_cents > 0
       and coalesce(s.expiry_reminders, true)
     order by c.expiry_date, c.id`);
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}

/**
 * Records one reminder; false when it was recorded before (a second run on the same day, or
 * another instance's run, sends nothing twice).
 */
export async function recordReminder(
  db: Executor,
  row: {
    cardId: string;
    expiresOn: string;
    daysBefore: number;
    email: string;
    amountCents: number;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(cardholderExpiryReminders)
    .values({
      cardId: row.cardId,
      expiresOn: row.expiresOn,
      daysBefore: row.daysBefore,
      email: row.email,
      amountCents: row.amountCents,
      sentAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ cardId: cardholderExpiryReminders.cardId });
  return inserted.length > 0;
}
