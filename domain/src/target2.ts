/**
 * The TARGET2 calendar (issue 34 §1, ADR 042): the days the Eurosystem's payment system settles
 * euro credit transfers, and so the days a SEPA credit-transfer file may ask to be executed on
 * (`ReqdExctnDt` of pain.001). The ECB publishes it: every day but Saturdays, Sundays and six
 * closing days — 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. Easter here is
 * the Western (Gregorian) one, not the Orthodox Easter of the Greek holidays (`working-days.ts`):
 * a Greek public holiday that TARGET2 keeps open (Clean Monday, 25 March…) is a business day for it.
 */

import { addDays } from './products';
import { weekdayOf, type IsoDay } from './working-days';

/**
 * Western Easter Sunday of `year` (Gregorian calendar): the anonymous Gregorian algorithm
 * (Meeus/Jones/Butcher).
 */
export function westernEaster(year: number): IsoDay {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) {
    throw new RangeError(`westernEaster: ${year} is outside 1583–9999`);
  }
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The TARGET2 closing days of `year`, in order. */
export function target2Holidays(year: number): IsoDay[] {
  const easter = westernEaster(year);
  return [
    `${year}-01-01`,
    addDays(easter, -2),
    addDays(easter, 1),
    `${year}-05-01`,
    `${year}-12-25`,
    `${year}-12-26`,
  ];
}

const closingDays = new Map<number, Set<IsoDay>>();

/** Whether TARGET2 settles on `day` (`YYYY-MM-DD`): not a weekend, not a closing day. */
export function isTarget2BusinessDay(day: IsoDay): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(day.slice(0, 4));
  let days = closingDays.get(year);
  if (!days) {
    days = new Set(target2Holidays(year));
    closingDays.set(year, days);
  }
  return !days.has(day);
}

/** `day` itself when TARGET2 settles on it, else the next day it does (a payout file's execution date). */
export function target2BusinessDayOnOrAfter(day: IsoDay): IsoDay {
  let current = day;
  while (!isTarget2BusinessDay(current)) current = addDays(current, 1);
  return current;
}

/** The TARGET2 business day after `day` (when a payout executed on `day` is paid at the latest). */
export function nextTarget2BusinessDay(day: IsoDay): IsoDay {
  return target2BusinessDayOnOrAfter(addDays(day, 1));
}
