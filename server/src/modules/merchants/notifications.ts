import {
  DECLINE_REASON_TEXT,
  formatAmount,
  MERCHANT_NOTIFICATION_TEXT,
  type DeclineReason,
  type Locale,
  type MerchantNotification,
  type MerchantNotificationKind,
} from '@tessera/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { merchantNotifications } from './schema';

/**
 * Tells a merchant something (issue 16: payout sent, MID enrolled, a spike of declines, IBAN
 * changed), once per `dedupeKey`. Amounts in `params` ending in `Cents` are shown in euros.
 */
export async function notifyMerchant(
  db: Executor,
  merchantId: string,
  kind: MerchantNotificationKind,
  params: Record<string, string | number>,
  dedupeKey: string,
): Promise<void> {
  await db
    .insert(merchantNotifications)
    .values({ merchantId, kind, params, dedupeKey })
    .onConflictDoNothing({ target: [merchantNotifications.merchantId, merchantNotifications.dedupeKey] });
}

function fill(template: string, params: Record<string, string | number>, locale: Locale): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'amount' && typeof params.amountCents === 'number') return formatAmount(params.amountCents);
    // A decline reason is stored as its code and read in the reader's language.
    const reason = name === 'reason' ? DECLINE_REASON_TEXT[params.reason as DeclineReason] : undefined;
    if (reason) return reason[locale];
    return String(params[name] ?? '');
  });
}

/** `retrieveMerchantNotifications`: newest first, in `locale`, with how many are unread. */
export async function listMerchantNotifications(
  db: Executor,
  merchantId: string,
  locale: Locale,
): Promise<{ notifications: MerchantNotification[]; unread: number }> {
  const rows = await db
    .select()
    .from(merchantNotifications)
    .where(eq(merchantNotifications.merchantId, merchantId))
    .orderBy(desc(merchantNotifications.createdAt))
    .limit(100);
  const [count] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(merchantNotifications)
    .where(and(eq(merchantNotifications.merchantId, merchantId), isNull(merchantNotifications.readAt)));
  return {
    notifications: rows.map((row) => {
      const text = MERCHANT_NOTIFICATION_TEXT[row.kind][locale];
      return {
        notificationId: row.id,
        kind: row.kind,
        title: fill(text.title, row.params, locale),
        body: fill(text.body, row.params, locale),
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      };
    }),
    unread: count?.unread ?? 0,
  };
}

/** `updateMerchantNotification`: marks one (or, without an id, every) notification read. */
export async function markMerchantNotificationsRead(
  db: Executor,
  merchantId: string,
  notificationId: string | undefined,
): Promise<void> {
  const conditions = [eq(merchantNotifications.merchantId, merchantId), isNull(merchantNotifications.readAt)];
  if (notificationId) {
    const [row] = await db
      .select({ id: merchantNotifications.id })
      .from(merchantNotifications)
      .where(
        and(eq(merchantNotifications.id, notificationId), eq(merchantNotifications.merchantId, merchantId)),
      );
    if (!row) throw new AppError('NOT_FOUND', `no notification ${notificationId}`);
    conditions.push(eq(merchantNotifications.id, notificationId));
  }
  await db
    .update(merchantNotifications)
    .set({ readAt: sql`now()` })
    .where(and(...conditions));
}
