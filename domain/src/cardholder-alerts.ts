import { z } from 'zod';
import { DECLINE_ADVICE } from './cardholders';
import { type DeclineReason } from './merchants';
import { formatAmount, type Cents } from './money';
import { addDays } from './products';

/**
 * A cardholder's alerts (issue 35 §5, ADR 047): opt-in e-mails per purchase and decline, a
 * low-balance threshold, reminders 30 and 7 days before money expires, and the in-app bell. Every
 * text is made in both languages when the alert is raised; the reader sees their language's.
 */

export const ALERT_LOCALES = ['el', 'en'] as const;
export type AlertLocale = (typeof ALERT_LOCALES)[number];

/** The largest low-balance threshold one may set: 10.000 €. */
export const MAX_LOW_BALANCE_CENTS: Cents = 1_000_000;

/** `GET`/`PUT /api/my/alerts`. */
export const AlertSettingsSchema = z.object({
  purchase: z.boolean(),
  decline: z.boolean(),
  lowBalanceCents: z.number().int().min(1).max(MAX_LOW_BALANCE_CENTS).nullable(),
  expiryReminders: z.boolean(),
  locale: z.enum(ALERT_LOCALES),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** What a cardholder who never saved their alerts has: only the expiry reminders, in Greek. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  purchase: false,
  decline: false,
  lowBalanceCents: null,
  expiryReminders: true,
  locale: 'el',
};

export const AlertSettingsResponseSchema = z.object({
  success: z.literal(true),
  alerts: AlertSettingsSchema,
});

export const CardholderNotificationSchema = z.object({
  id: z.string(),
  at: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
});
export type CardholderNotification = z.infer<typeof CardholderNotificationSchema>;

/** `GET /api/my/notifications`: the newest 50 with the number unread. */
export const CardholderNotificationsResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(CardholderNotificationSchema),
  unread: z.number().int(),
});

/** `POST /api/my/notifications/read`. */
export const MarkCardholderNotificationsReadSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
});
export type MarkCardholderNotificationsRead = z.infer<typeof MarkCardholderNotificationsReadSchema>;

/** The kinds of alert a cardholder is sent. */
export const ALERT_KINDS = ['purchase', 'decline', 'low-balance', 'expiry'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * Whether a purchase took the balance below the threshold: it was at or above it before and is
 * below after. A purchase made while already below sends nothing (one alert per crossing).
 */
export function crossesBelow(beforeCents: Cents, afterCents: Cents, thresholdCents: Cents | null): boolean {
  if (thresholdCents === null) return false;
  return beforeCents >= thresholdCents && afterCents < thresholdCents;
}

/** Days before an expiry that a reminder is sent. */
export const EXPIRY_REMINDER_DAYS = [30, 7] as const;
export type ExpiryReminderDays = (typeof EXPIRY_REMINDER_DAYS)[number];

/** The expiry days that get a reminder today (`YYYY-MM-DD`, Athens calendar), one per reminder. */
export function expiryDaysRemindedOn(today: string): { days: ExpiryReminderDays; expiresOn: string }[] {
  return EXPIRY_REMINDER_DAYS.map((days) => ({ days, expiresOn: addDays(today, days) }));
}

/**
 * Declines in plain words, with what to do (the cardholder's side of the terminal API's reasons).
 * A reason missing here (one a cardholder's purchase rarely meets) falls back to the advice the
 * movements list gives (`DECLINE_ADVICE`).
 */
export const DECLINE_PLAIN_WORDS: Partial<Record<DeclineReason, { el: string; en: string }>> = {
  cardNotActive: {
    el: 'Η κάρτα δεν είναι ενεργή. Επικοινωνήστε με τον εργοδότη σας.',
    en: 'The card is not active. Please contact your employer.',
  },
  cardLocked: {
    el: 'Η κάρτα είναι κλειδωμένη από εσάς. Ξεκλειδώστε τη στην εφαρμογή και δοκιμάστε ξανά.',
    en: 'You locked the card. Unlock it in the app and try again.',
  },
  cardBlocked: {
    el: 'Η κάρτα είναι μπλοκαρισμένη και δεν δέχεται αγορές. Ο εργοδότης σας μπορεί να ζητήσει νέα.',
    en: 'The card is blocked and takes no purchases. Your employer can order a new one.',
  },
  cardExpired: {
    el: 'Η κάρτα έχει λήξει. Ο εργοδότης σας μπορεί να ζητήσει ανανέωσή της.',
    en: 'The card has expired. Your employer can have it renewed.',
  },
  productNotAccepted: {
    el: 'Αυτό το κατάστημα δεν δέχεται αυτή την κάρτα. Δείτε στην εφαρμογή πού γίνεται δεκτή.',
    en: 'This store does not take this card. See in the app where it is accepted.',
  },
  insufficientBalance: {
    el: 'Το υπόλοιπο της κάρτας δεν έφτανε για το ποσό. Πληρώστε τη διαφορά με άλλο τρόπο.',
    en: 'The card’s balance was not enough for the amount. Pay the difference another way.',
  },
  dailyCapReached: {
    el: 'Φτάσατε το ημερήσιο όριο της κάρτας σίτισης. Θα μπορείτε να την ξαναχρησιμοποιήσετε αύριο.',
    en: 'You reached the meal card’s daily limit. You can use it again tomorrow.',
  },
  spendRuleRefused: {
    el: 'Ο εργοδότης σας δεν επιτρέπει αυτή την αγορά με την κάρτα (κατηγορία ή όριο). Δείτε τους κανόνες της κάρτας.',
    en: 'Your employer does not allow this purchase with the card (category or limit). See the card’s rules.',
  },
  midNotEnrolled: {
    el: 'Το τερματικό του καταστήματος δεν είναι ενεργό. Δοκιμάστε άλλο ταμείο ή ρωτήστε το κατάστημα.',
    en: 'The store’s terminal is not active. Try another till or ask the store.',
  },
};

/** A decline reason in plain words, in `locale`. */
export function declineInPlainWords(reason: DeclineReason, locale: AlertLocale): string {
  return DECLINE_PLAIN_WORDS[reason]?.[locale] ?? DECLINE_ADVICE[reason][locale];
}

export type AlertText = { titleEl: string; titleEn: string; bodyEl: string; bodyEn: string };

/** `dd/mm/yyyy` of a `YYYY-MM-DD` day (both languages write dates so on this portal). */
function dayText(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

/** The texts of one alert, in both languages. */
export function alertText(
  alert:
    | { kind: 'purchase'; amountCents: Cents; merchantName: string; balanceCents: Cents; cardName: string }
    | { kind: 'decline'; amountCents: Cents; merchantName: string; reason: DeclineReason; cardName: string }
    | { kind: 'low-balance'; balanceCents: Cents; thresholdCents: Cents; cardName: string }
    | { kind: 'expiry'; amountCents: Cents; expiresOn: string; days: number; cardName: string },
): AlertText {
  switch (alert.kind) {
    case 'purchase': {
      const amount = formatAmount(alert.amountCents);
      const balance = formatAmount(alert.balanceCents);
      return {
        titleEl: `Αγορά ${amount} στο ${alert.merchantName}`,
        titleEn: `Purchase of ${amount} at ${alert.merchantName}`,
        bodyEl: `Η κάρτα «${alert.cardName}» χρεώθηκε ${amount} στο ${alert.merchantName}. Διαθέσιμο υπόλοιπο: ${balance}.`,
        bodyEn: `Your card “${alert.cardName}” was charged ${amount} at ${alert.merchantName}. Available balance: ${balance}.`,
      };
    }
    case 'decline': {
      const amount = formatAmount(alert.amountCents);
      return {
        titleEl: `Απορρίφθηκε αγορά ${amount} στο ${alert.merchantName}`,
        titleEn: `Purchase of ${amount} at ${alert.merchantName} declined`,
        bodyEl: `Η αγορά ${amount} με την κάρτα «${alert.cardName}» δεν έγινε δεκτή. ${declineInPlainWords(alert.reason, 'el')}`,
        bodyEn: `The purchase of ${amount} with your card “${alert.cardName}” was declined. ${declineInPlainWords(alert.reason, 'en')}`,
      };
    }
    case 'low-balance': {
      const balance = formatAmount(alert.balanceCents);
      const threshold = formatAmount(alert.thresholdCents);
      return {
        titleEl: `Χαμηλό υπόλοιπο: ${balance}`,
        titleEn: `Low balance: ${balance}`,
        bodyEl: `Το υπόλοιπο της κάρτας «${alert.cardName}» έπεσε κάτω από ${threshold}: απομένουν ${balance}.`,
        bodyEn: `The balance of your card “${alert.cardName}” fell below ${threshold}: ${balance} left.`,
      };
    }
    case 'expiry': {
      const amount = formatAmount(alert.amountCents);
      const day = dayText(alert.expiresOn);
      return {
        titleEl: `${amount} λήγουν σε ${alert.days} ημέρες`,
        titleEn: `${amount} expire in ${alert.days} days`,
        bodyEl: `${amount} της κάρτας «${alert.cardName}» λήγουν στις ${day}. Χρησιμοποιήστε τα πριν από τότε.`,
        bodyEn: `${amount} on your card “${alert.cardName}” expire on ${day}. Spend them before then.`,
      };
    }
  }
}
