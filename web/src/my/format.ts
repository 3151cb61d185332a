import type { MyLocale } from './i18n';

/**
 * Money and dates of the cardholder area, as the portal shows them (web/src/lib/format.ts): money is
 * `1.234,56 €` in both languages, dates and times in Athens time in the page's language. Not
 * imported from the portal's module, which would bring its dependencies into this small entry.
 */
const ZONE = 'Europe/Athens';
const intl = (locale: MyLocale) => (locale === 'en' ? 'en-GB' : 'el-GR');

export function money(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '−' : ''}${euros},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/** A signed amount of a movement: `+50,00 €`, `−12,40 €` (a minus sign, as the card panel writes it). */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${money(cents)}` : money(cents);
}

export function date(value: string | Date, locale: MyLocale): string {
  // A bare `YYYY-MM-DD` is a calendar day, not a moment: shown as it is, whatever the zone.
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return new Intl.DateTimeFormat(intl(locale), {
    timeZone: ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(day));
}

export function dateTime(value: string | Date, locale: MyLocale): string {
  return new Intl.DateTimeFormat(intl(locale), {
    timeZone: ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(value));
}

/** `850 m`, `1,2 km`. */
export function distance(meters: number, locale: MyLocale): string {
  if (meters < 1000) return `${Math.round(meters / 10) * 10}\u00a0m`;
  return `${new Intl.NumberFormat(intl(locale), { maximumFractionDigits: 1 }).format(meters / 1000)}\u00a0km`;
}

/** Euros as typed (`10`, `10,50`, `10.50`) into cents, or null when it is not an amount. */
export function parseEuros(text: string): number | null {
  const clean = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}
