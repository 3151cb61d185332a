import { formatAmount, type Cents, type DeliveryPoint, type Locale } from '@tessera/domain';
import { DISPLAY_TIME_ZONE } from './time-zone';

/**
 * The only place numbers, money and dates are formatted (STYLE "i18n"). Money is `1.234,56 €` in
 * both languages (SPEC §9); dates display in Europe/Athens (ARCHITECTURE §4).
 */

// In a module of its own so the shell, which needs only the zone, does not load the formatters
// and the money rules with it (issue 36 §4, ADR 052).
export { DISPLAY_TIME_ZONE };

function intlLocale(locale: Locale): string {
  return locale === 'en' ? 'en-GB' : 'el-GR';
}

export function formatMoney(cents: Cents | bigint): string {
  return formatAmount(cents);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

/** `21/11/2026` style day, in Athens time. */
export function formatDate(value: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: DISPLAY_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(value));
}

/** Day and time (24-hour), in Athens time. */
export function formatDateTime(value: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: DISPLAY_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(value));
}

/** A video length as `m:ss` (or `h:mm:ss`). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** ISO 8601 duration for `<time dateTime>` (e.g. `PT3M5S`). */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `PT${Math.floor(seconds / 60)}M${seconds % 60}S`;
}

/** `+302101234567` → `210 123 4567`, the way Greek numbers are read out. */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/^\+30/, '');
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : phone;
}

/** `115 26`: the way Greek postal codes are written. */
export function displayPostalCode(postalCode: string): string {
  return /^\d{5}$/.test(postalCode) ? `${postalCode.slice(0, 3)} ${postalCode.slice(3)}` : postalCode;
}

/** The address on one line: `Λεωφ. Κηφισίας 12, 115 26 Αθήνα`. */
export function addressLine(point: Pick<DeliveryPoint, 'street' | 'streetNumber' | 'postalCode' | 'city'>) {
  return `${point.street} ${point.streetNumber}, ${displayPostalCode(point.postalCode)} ${point.city}`;
}
