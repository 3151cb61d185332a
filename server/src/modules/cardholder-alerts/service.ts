import {
  DEFAULT_ALERT_SETTINGS,
  alertText,
  athensDate,
  crossesBelow,
  expiryDaysRemindedOn,
  type AlertKind,
  type AlertLocale,
  type AlertSettings,
  type AlertText,
  type CardholderNotification,
} from '@tessera/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { AuthorisationDecided } from '../terminals';
import {
  accountLocale,
  countUnread,
  findExpiringAmounts,
  findNotifications,
  findSettings,
  insertNotification,
  markRead,
  recipientOfCard,
  recordReminder,
  upsertSettings,
} from './repository';

/** The daily expiry reminders: 06:30 UTC, 08:30 or 09:30 in Athens, once across instances. */
export const EXPIRY_REMINDERS_JOB = 'cardholder-alerts.expiry-reminders';
const EXPIRY_REMINDERS_CRON = '30 6 * * *';

/**
 * A decision older than this when its hook runs is not alerted: the demo seed back-dates six
 * months of trade through the terminal operations, and an e-mail about a purchase long past is
 * noise, not an alert.
 */
export const ALERT_FRESHNESS_MS = 15 * 60_000;

/** The bell shows the newest entries. */
const BELL_SIZE = 50;

export type CardholderAlertsDeps = {
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  /** The portal's public address: the e-mails link to the cardholder area. */
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
};

const FOOTER: Record<AlertLocale, string> = {
  el: 'Λαμβάνετε αυτό το μήνυμα σύμφωνα με τις ειδοποιήσεις που έχετε επιλέξει για τις κάρτες σας. Αλλάξτε τις στο',
  en: 'You get this e-mail because of the alerts chosen for your cards. Change them at',
};

/**
 * A cardholder's alerts (issue 35 §5, ADR 047): their choices, the bell, e-mails after purchases
 * and declines (a post-commit hook of the terminal API, not awaited by the terminal's answer),
 * low-balance crossings, and the daily expiry reminders 30 and 7 days ahead.
 */
export function createCardholderAlertsService(deps: CardholderAlertsDeps) {
  const now = deps.now ?? (() => new Date());
  // Alerts under way: the app's close (and a test) waits for them.
  const pending = new Set<Promise<void>>();

  function areaUrl(locale: AlertLocale): string {
    return `${deps.publicUrl.replace(/\/$/, '')}${locale === 'en' ? '/en' : ''}/my`;
  }

  /**
   * One alert: the bell's entry (both languages), then the e-mail in the cardholder's. The entry is
   * stamped when written (a purchase's two alerts keep their order in the bell).
   */
  async function tell(
    to: { email: string; locale: AlertLocale },
    kind: AlertKind,
    cardId: string | null,
    text: AlertText,
  ): Promise<void> {
    await insertNotification(deps.db, { email: to.email, kind, cardId, ...text });
    const isGreek = to.locale === 'el';
    const url = areaUrl(to.locale);
    await deps.mailer
      .send({
        to: to.email,
        subject: isGreek ? text.titleEl : text.titleEn,
        text: `${isGreek ? text.bodyEl : text.bodyEn}\n\n${url}\n\n${FOOTER[to.locale]} ${url}`,
      })
      .catch((error: unknown) => deps.log?.error({ err: error, kind }, 'a cardholder alert e-mail failed'));
  }

  /**
   * The alerts of one purchase decision: the purchase or the decline when the cardholder asked for
   * it, and the low balance when this purchase took the balance below their threshold.
   */
  async function alertDecision(decision: AuthorisationDecided): Promise<void> {
    const recipient =
      decision.recipient === undefined ? await recipientOfCard(deps.db, decision.cardId) : decision.recipient;
    if (!recipient) return;
    const { cardName } = recipient;
    const merchantName = decision.merchantName;
    if (decision.outcome === 'declined') {
      if (!recipient.decline || !decision.declineReason) return;
      const text = alertText({
        kind: 'decline',
        amountCents: decision.amountCents,
        merchantName,
        reason: decision.declineReason,
        cardName,
      });
      await tell(recipient, 'decline', decision.cardId, text);
      return;
    }
    if (recipient.purchase) {
      const text = alertText({
        kind: 'purchase',
        amountCents: decision.amountCents,
        merchantName,
        balanceCents: decision.balanceAfterCents,
        cardName,
      });
      await tell(recipient, 'purchase', decision.cardId, text);
    }
    const before = decision.balanceAfterCents + decision.amountCents;
    if (crossesBelow(before, decision.balanceAfterCents, recipient.lowBalanceCents)) {
      const text = alertText({
        kind: 'low-balance',
        balanceCents: decision.balanceAfterCents,
        thresholdCents: recipient.lowBalanceCents!,
        cardName,
      });
      await tell(recipient, 'low-balance', decision.cardId, text);
    }
  }

  /**
   * The daily job: for each active card with money expiring exactly 30 or 7 days from today
   * (Athens), one reminder to its cardholder, recorded first so a second run sends nothing twice.
   * Answers how many were sent.
   */
  async function sendExpiryReminders(at: Date = now()): Promise<number> {
    const reminded = expiryDaysRemindedOn(athensDate(at));
    const daysBefore = new Map(reminded.map((entry) => [entry.expiresOn, entry.days]));
    const amounts = await findExpiringAmounts(
      deps.db,
      reminded.map((entry) => entry.expiresOn),
    );
    let sent = 0;
    for (const amount of amounts) {
      const days = daysBefore.get(amount.expiresOn)!;
      const isNew = await recordReminder(deps.db, { ...amount, daysBefore: days, at });
      if (!isNew) continue;
      const text = alertText({
        kind: 'expiry',
        amountCents: amount.amountCents,
        expiresOn: amount.expiresOn,
        days,
        cardName: amount.cardName,
      });
      await tell(amount, 'expiry', amount.cardId, text);
      sent += 1;
    }
    return sent;
  }

  deps.jobs.define<object>(EXPIRY_REMINDERS_JOB, {
    cron: EXPIRY_REMINDERS_CRON,
    retryLimit: 2,
    handler: async () => void (await sendExpiryReminders()),
  });

  return {
    /** `GET /api/my/alerts`: what the cardholder chose, or the defaults in their account's language. */
    async getAlerts(email: string): Promise<AlertSettings> {
      const row = await findSettings(deps.db, email);
      if (!row) return { ...DEFAULT_ALERT_SETTINGS, locale: await accountLocale(deps.db, email) };
      return {
        purchase: row.purchase,
        decline: row.decline,
        lowBalanceCents: row.lowBalanceCents,
        expiryReminders: row.expiryReminders,
        locale: row.locale,
      };
    },

    /** `PUT /api/my/alerts`: saves every choice at once. */
    async updateAlerts(email: string, settings: AlertSettings): Promise<AlertSettings> {
      await upsertSettings(deps.db, email, settings, now());
      return settings;
    },

    /** `GET /api/my/notifications`: the newest 50 entries of the bell in the cardholder's language. */
    async listNotifications(
      email: string,
    ): Promise<{ notifications: CardholderNotification[]; unread: number }> {
      const [rows, unread, settings] = await Promise.all([
        findNotifications(deps.db, email, BELL_SIZE),
        countUnread(deps.db, email),
        findSettings(deps.db, email),
      ]);
      const locale = settings?.locale ?? (await accountLocale(deps.db, email));
      return {
        notifications: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          title: locale === 'en' ? row.titleEn : row.titleEl,
          body: locale === 'en' ? row.bodyEn : row.bodyEl,
          read: row.readAt !== null,
        })),
        unread,
      };
    },

    /** `POST /api/my/notifications/read`: the cardholder's own entries among `ids`. */
    async markNotificationsRead(email: string, ids: readonly string[]): Promise<void> {
      await markRead(deps.db, email, ids, now());
    },

    /**
     * The terminal API's after-commit hook: the decision's alerts run on their own, never delaying
     * the terminal's answer; a decision older than `ALERT_FRESHNESS_MS` (the back-dated demo
     * history) is not alerted.
     */
    afterAuthorisation(decision: AuthorisationDecided): void {
      if (now().getTime() - decision.at.getTime() > ALERT_FRESHNESS_MS) return;
      const work = alertDecision(decision).catch((error: unknown) =>
        deps.log?.error({ err: error, callId: decision.callId }, 'cardholder alerts of a purchase failed'),
      );
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    alertDecision,
    sendExpiryReminders,

    /** Waits for the alerts under way (the app's close; tests, instead of sleeping). */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type CardholderAlertsService = ReturnType<typeof createCardholderAlertsService>;
