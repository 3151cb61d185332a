import { z } from 'zod';
import type { Cents } from './money';

/**
 * Products, card families and card states (SPEC §1, §3; docs/decisions/006-cards-and-ledger.md).
 * The category codes cross the wire exactly as the specification spells them, `COPMLIMENT` included.
 */
export const CARD_CATEGORIES = [
  'SPENDEO',
  'MY_BENEFITS',
  'TICKET_RESTAURANT',
  'VOUCHER',
  'COPMLIMENT',
] as const;
export type CardCategory = (typeof CARD_CATEGORIES)[number];
export const CardCategorySchema = z.enum(CARD_CATEGORIES);

export const CARD_FAMILIES = ['plastic', 'virtual', 'spendeo', 'mybenefits'] as const;
export type CardFamily = (typeof CARD_FAMILIES)[number];
export const CardFamilySchema = z.enum(CARD_FAMILIES);

export const CARD_STATUSES = ['active', 'blocked', 'expired', 'lost', 'damaged', 'replaced'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
export const CardStatusSchema = z.enum(CARD_STATUSES);

/** Products a ready-to-top-up draft can be made for (SPEC §7). */
export const TOP_UP_PRODUCTS = ['MY_BENEFITS', 'SPENDEO', 'TICKET_RESTAURANT'] as const;

/** Statuses of a card that can still be loaded, renamed and replaced. */
export const LIVE_CARD_STATUSES: readonly CardStatus[] = ['active', 'blocked'];

/** Expiring-card window (SPEC §9): a card expires "soon" when its expiry is within 60 days. */
export const EXPIRING_WINDOW_DAYS = 60;

export type ProductDefinition = {
  category: CardCategory;
  /** Names per culture (ARCHITECTURE §4: bilingual data per culture). */
  name: { el: string; en: string };
  /** The families a card of this product may belong to. */
  families: readonly CardFamily[];
  /** The first six digits of the product's card numbers. */
  bin: string;
  /** Smallest and largest single load, in cents. */
  minLoadCents: Cents;
  maxLoadCents: Cents;
  /** How long a new card is valid. */
  validityMonths: number;
};

/**
 * The provider's products. Ticket Restaurant comes as a plastic card (TRC) and a virtual one (TRZ);
 * Spendeo and MyBenefits each have their own family; vouchers and complimentary cards are plastic or
 * virtual. Limits follow what the incumbents accept (meal cards up to the monthly tax-free allowance
 * of a full-time employee, gift cards up to the anonymous prepaid limit).
 */
export const PRODUCTS: Record<CardCategory, ProductDefinition> = {
  TICKET_RESTAURANT: {
    category: 'TICKET_RESTAURANT',
    name: { el: 'Ticket Restaurant', en: 'Ticket Restaurant' },
    families: ['plastic', 'virtual'],
    bin: '534711',
    minLoadCents: 500,
    maxLoadCents: 50_000,
    validityMonths: 36,
  },
  SPENDEO: {
    category: 'SPENDEO',
    name: { el: 'Spendeo', en: 'Spendeo' },
    families: ['spendeo'],
    bin: '534712',
    minLoadCents: 1_000,
    maxLoadCents: 500_000,
    validityMonths: 48,
  },
  MY_BENEFITS: {
    category: 'MY_BENEFITS',
    name: { el: 'MyBenefits', en: 'MyBenefits' },
    families: ['mybenefits'],
    bin: '534713',
    minLoadCents: 1_000,
    maxLoadCents: 200_000,
    validityMonths: 48,
  },
  VOUCHER: {
    category: 'VOUCHER',
    name: { el: 'Δωροκάρτα', en: 'Gift voucher' },
    families: ['plastic', 'virtual'],
    bin: '534714',
    minLoadCents: 1_000,
    maxLoadCents: 25_000,
    validityMonths: 24,
  },
  COPMLIMENT: {
    category: 'COPMLIMENT',
    name: { el: 'Κάρτα φιλοξενίας', en: 'Complimentary card' },
    families: ['plastic', 'virtual'],
    bin: '534715',
    minLoadCents: 500,
    maxLoadCents: 25_000,
    validityMonths: 12,
  },
};

/**
 * The largest single load of any product: the cap of every load amount a request carries (the
 * services then check the product's own range and say which line is out of it).
 */
export const MAX_LOAD_CENTS = Math.max(...Object.values(PRODUCTS).map((product) => product.maxLoadCents));
/** A load amount in cents as a request carries it (issue 12 §6: no amount can overflow a sum). */
export const LoadAmountCentsSchema = z.number().int().min(0).max(MAX_LOAD_CENTS);
/** Any other amount a request carries (an unload, an approval threshold): up to 1.000.000,00 €. */
export const MAX_AMOUNT_CENTS = 100_000_000;
export const AmountCentsSchema = z.number().int().min(0).max(MAX_AMOUNT_CENTS);

export function isFamilyOfProduct(category: CardCategory, family: CardFamily): boolean {
  return PRODUCTS[category].families.includes(family);
}

/** Products whose cards the bell and the notification status speak of (SPEC §3). */
export const SERVICE_NOTIFICATION_IDS = [
  'expTrc',
  'expTrz',
  'expSpendeo',
  'expMybenefits',
  'topUpTrc',
  'topUpSpendeo',
  'topUpMybenefits',
  'topUpTrz',
] as const;
export type ServiceNotificationId = (typeof SERVICE_NOTIFICATION_IDS)[number];

/**
 * Which cards each service notification counts: TRC is the plastic Ticket Restaurant card, TRZ the
 * virtual one (ADR 006).
 */
export const SERVICE_NOTIFICATION_SCOPE: Record<
  ServiceNotificationId,
  { kind: 'expiring' | 'topUp'; category: CardCategory; family: CardFamily }
> = {
  expTrc: { kind: 'expiring', category: 'TICKET_RESTAURANT', family: 'plastic' },
  expTrz: { kind: 'expiring', category: 'TICKET_RESTAURANT', family: 'virtual' },
  expSpendeo: { kind: 'expiring', category: 'SPENDEO', family: 'spendeo' },
  expMybenefits: { kind: 'expiring', category: 'MY_BENEFITS', family: 'mybenefits' },
  topUpTrc: { kind: 'topUp', category: 'TICKET_RESTAURANT', family: 'plastic' },
  topUpTrz: { kind: 'topUp', category: 'TICKET_RESTAURANT', family: 'virtual' },
  topUpSpendeo: { kind: 'topUp', category: 'SPENDEO', family: 'spendeo' },
  topUpMybenefits: { kind: 'topUp', category: 'MY_BENEFITS', family: 'mybenefits' },
};

const DAY_MS = 86_400_000;

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it, and the
// card rules run for every card of every list page.
const ATHENS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Athens',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const ATHENS_OFFSET = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Athens',
  timeZoneName: 'shortOffset',
});

/** The calendar date of `now` in Europe/Athens, `YYYY-MM-DD` (timestamps are shown in Athens time). */
export function athensDate(now: Date = new Date()): string {
  return ATHENS_DATE.format(now);
}

/** `date` (`YYYY-MM-DD`) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from today in Athens to the card's expiry date (negative once expired). */
export function daysUntilExpiry(expiryDate: string, now: Date = new Date()): number {
  return Math.round(
    (Date.parse(`${expiryDate.slice(0, 10)}T00:00:00Z`) - Date.parse(`${athensDate(now)}T00:00:00Z`)) /
      DAY_MS,
  );
}

/** SPEC §9: a live card whose expiry date is within the next 60 days (today included). */
export function isExpiringSoon(
  card: { status: CardStatus; expiryDate: string },
  now: Date = new Date(),
): boolean {
  if (!LIVE_CARD_STATUSES.includes(card.status)) return false;
  const days = daysUntilExpiry(card.expiryDate, now);
  return days >= 0 && days <= EXPIRING_WINDOW_DAYS;
}

/** The instant Athens' calendar day `date` (`YYYY-MM-DD`) begins, as a UTC date. */
export function athensMidnight(date: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const offsetText =
    ATHENS_OFFSET.formatToParts(new Date(guess)).find((part) => part.type === 'timeZoneName')?.value ??
    'GMT+2';
  const offsetHours = Number(/GMT([+-]\d+)/.exec(offsetText)?.[1] ?? '2');
  return new Date(guess - offsetHours * 3_600_000);
}

/** The first instant of the calendar month of `now` in Europe/Athens, as a UTC date. */
export function startOfAthensMonth(now: Date = new Date()): Date {
  return athensMidnight(`${athensDate(now).slice(0, 7)}-01`);
}

/**
 * "Ready to top up" (ADR 006; the specification names it without a definition): an active card, not
 * past its expiry date, that has had no load since the start of the current month in Athens. Meal
 * and benefit allowances are loaded monthly, so these are the cards still due this month.
 */
export function isReadyToTopUp(
  card: { status: CardStatus; expiryDate: string; lastLoadedAt: string | null },
  now: Date = new Date(),
): boolean {
  if (card.status !== 'active') return false;
  if (daysUntilExpiry(card.expiryDate, now) < 0) return false;
  if (card.lastLoadedAt === null) return true;
  return new Date(card.lastLoadedAt).getTime() < startOfAthensMonth(now).getTime();
}
