/**
 * Greek working days and recurring schedules (issue 19: recurring loads). Dates are calendar days
 * written `YYYY-MM-DD` (the provider's, Athens): no time, no time zone, so a schedule computed on a
 * server in any zone names the same days.
 */

import { addDays } from './products';

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

function dateOf(day: IsoDay): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

/** The number of days in a month (`month` 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(day: IsoDay): number {
  return dateOf(day).getUTCDay();
}

/**
 * Orthodox Easter Sunday of `year` in the Gregorian calendar: Meeus's Julian algorithm gives the
 * Julian date, which the Julian day number turns into the Gregorian one (13 days later from 1900
 * to 2099, 14 in the 2100s, and so on; a recurring rule may run that far, issue 20's fuzzing found).
 */
export function orthodoxEaster(year: number): IsoDay {
  if (!Number.isInteger(year) || year < 1900 || year > 9999) {
    throw new RangeError(`orthodoxEaster: ${year} is outside 1900–9999`);
  }
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return gregorianOfJulian(year, month, day);
}

/** The Gregorian day of a Julian calendar date, through its Julian day number. */
function gregorianOfJulian(year: number, month: number, day: number): IsoDay {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  const julianDayNumber = day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - 32083;
  // Day 2440588 is 1970-01-01 (Gregorian), the epoch of Date.
  return new Date((julianDayNumber - 2_440_588) * 86_400_000).toISOString().slice(0, 10);
}

/** A public holiday: its day and its name in Greek and English. */
export type PublicHoliday = { day: IsoDay; el: string; en: string };

/**
 * The nationwide Greek public holidays of `year` on which offices close: the fixed ones and those
 * that move with Orthodox Easter (Clean Monday, Good Friday, Easter Monday, Whit Monday). Labour
 * Day (1 May) falls inside Holy Week or on Easter Monday some years and is then moved by
 * ministerial decision; here it stays on 1 May, as a holiday either way.
 */
export function greekPublicHolidays(year: number): PublicHoliday[] {
  const easter = orthodoxEaster(year);
  const fixed = (monthDay: string, el: string, en: string): PublicHoliday => ({
    day: `${year}-${monthDay}`,
    el,
    en,
  });
  return [
    fixed('01-01', 'Πρωτοχρονιά', "New Year's Day"),
    fixed('01-06', 'Θεοφάνεια', 'Epiphany'),
    { day: addDays(easter, -48), el: 'Καθαρά Δευτέρα', en: 'Clean Monday' },
    fixed('03-25', 'Εθνική εορτή (25η Μαρτίου)', 'Independence Day'),
    { day: addDays(easter, -2), el: 'Μεγάλη Παρασκευή', en: 'Good Friday' },
    { day: addDays(easter, 1), el: 'Δευτέρα του Πάσχα', en: 'Easter Monday' },
    fixed('05-01', 'Πρωτομαγιά', 'Labour Day'),
    { day: addDays(easter, 50), el: 'Αγίου Πνεύματος', en: 'Whit Monday' },
    fixed('08-15', 'Κοίμηση της Θεοτόκου', 'Assumption of Mary'),
    fixed('10-28', 'Εθνική εορτή (28η Οκτωβρίου)', 'Ochi Day'),
    fixed('12-25', 'Χριστούγεννα', 'Christmas Day'),
    fixed('12-26', 'Σύναξη της Θεοτόκου', 'Synaxis of the Mother of God'),
  ].sort((x, y) => x.day.localeCompare(y.day));
}

const holidayCache = new Map<number, Set<IsoDay>>();

function holidaysOf(year: number): Set<IsoDay> {
  let days = holidayCache.get(year);
  if (!days) {
    days = new Set(greekPublicHolidays(year).map((holiday) => holiday.day));
    holidayCache.set(year, days);
  }
  return days;
}

/** Whether offices work on `day`: Monday to Friday and not a Greek public holiday. */
export function isWorkingDay(day: IsoDay): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(Number(day.slice(0, 4))).has(day);
}

/** The first working day after `day` (the next day when that is one). */
export function workingDayAfter(day: IsoDay): IsoDay {
  let current = addDays(day, 1);
  while (!isWorkingDay(current)) current = addDays(current, 1);
  return current;
}

/** The working day on or before `day`. */
export function workingDayOnOrBefore(day: IsoDay): IsoDay {
  let current = day;
  while (!isWorkingDay(current)) current = addDays(current, -1);
  return current;
}

/** The working days of a month (`month` 1–12), in order. */
export function workingDaysOfMonth(year: number, month: number): IsoDay[] {
  const days: IsoDay[] = [];
  for (let date = 1; date <= daysInMonth(year, month); date += 1) {
    const day = `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
    if (isWorkingDay(day)) days.push(day);
  }
  return days;
}

/**
 * The working day a monthly run on `day` moves to: the working day before it in the same month
 * (payroll is paid before, never after), or, when the month has none before it (the 1st on a
 * holiday or weekend), the first working day after it, so each month still runs once in itself.
 */
export function workingDayInMonth(day: IsoDay): IsoDay {
  const before = workingDayOnOrBefore(day);
  if (before.slice(0, 7) === day.slice(0, 7)) return before;
  let current = day;
  while (!isWorkingDay(current)) current = addDays(current, 1);
  return current;
}

/** The last working day of a month (`month` 1–12). */
export function lastWorkingDayOfMonth(year: number, month: number): IsoDay {
  const days = workingDaysOfMonth(year, month);
  return days[days.length - 1]!;
}

/**
 * When a recurring load runs:
 * - `monthly`: on day `dayOfMonth` (1–31; a shorter month runs on its last day);
 * - `lastWorkingDay`: on the month's last working day;
 * - `everyTwoWeeks`: every 14 days from the rule's start.
 * With `workingDaysOnly`, a run that falls on a weekend or holiday moves to the working day before
 * it (payroll is paid before, never after); a monthly run stays in its month (`workingDayInMonth`).
 */
export type RecurringSchedule =
  | { kind: 'monthly'; dayOfMonth: number; workingDaysOnly: boolean }
  | { kind: 'lastWorkingDay' }
  | { kind: 'everyTwoWeeks'; workingDaysOnly: boolean };

/** The rule's window: the first day it may run and, when it ends, the last. */
export type ScheduleWindow = { startDay: IsoDay; endDay?: IsoDay | null };

/** The run of each period, before the working-day move, in order from the start's period on. */
function* nominalRuns(schedule: RecurringSchedule, startDay: IsoDay): Generator<IsoDay> {
  if (schedule.kind === 'everyTwoWeeks') {
    for (let day = startDay; ; day = addDays(day, 14)) yield day;
  }
  let year = Number(startDay.slice(0, 4));
  let month = Number(startDay.slice(5, 7));
  for (;;) {
    if (schedule.kind === 'lastWorkingDay') {
      yield lastWorkingDayOfMonth(year, month);
    } else {
      const date = Math.min(schedule.dayOfMonth, daysInMonth(year, month));
      yield `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * The next `count` run days of a schedule on or after `fromDay`, inside its window: each period
 * (month, or fortnight) runs once, and a run moved before the window's start is left out.
 */
export function nextRuns(
  schedule: RecurringSchedule,
  window: ScheduleWindow,
  fromDay: IsoDay,
  count: number,
): IsoDay[] {
  const runs: IsoDay[] = [];
  const moves = schedule.kind !== 'lastWorkingDay' && schedule.workingDaysOnly;
  const move = schedule.kind === 'monthly' ? workingDayInMonth : workingDayOnOrBefore;
  for (const nominal of nominalRuns(schedule, window.startDay)) {
    if (runs.length >= count) break;
    const day = moves ? move(nominal) : nominal;
    if (window.endDay && day > window.endDay) break;
    if (day < window.startDay || day < fromDay) continue;
    runs.push(day);
  }
  return runs;
}

/** Why a run did not happen on its scheduled day: a weekend day or a Greek public holiday. */
export type RunDayMove = {
  /** The day the schedule names (the 28th, or the fortnight's day). */
  scheduledDay: IsoDay;
  reason: 'saturday' | 'sunday' | 'holiday';
  /** The holiday's name in both languages, when `reason` is `holiday`. */
  holiday: PublicHoliday | null;
};

/**
 * Whether a rule's run on `runDay` was moved by "working days only", from which day and why
 * (issue 34 §3 item 2): the day 28 of a month whose 28th is a Saturday runs on Friday the 27th,
 * "moved from Saturday 28". Null when the run is on its scheduled day or the schedule never moves
 * (`lastWorkingDay` is a working day by definition).
 */
export function runDayMove(schedule: RecurringSchedule, startDay: IsoDay, runDay: IsoDay): RunDayMove | null {
  if (schedule.kind === 'lastWorkingDay' || !schedule.workingDaysOnly) return null;
  let scheduledDay: IsoDay;
  if (schedule.kind === 'monthly') {
    const year = Number(runDay.slice(0, 4));
    const month = Number(runDay.slice(5, 7));
    const date = Math.min(schedule.dayOfMonth, daysInMonth(year, month));
    scheduledDay = `${runDay.slice(0, 7)}-${String(date).padStart(2, '0')}`;
  } else {
    // A fortnight's run moves back, never past the next one: its day is the next on the rhythm.
    const days = Math.round((Date.parse(runDay) - Date.parse(startDay)) / 86_400_000);
    scheduledDay = addDays(startDay, Math.ceil(days / 14) * 14);
  }
  if (scheduledDay === runDay) return null;
  const weekday = weekdayOf(scheduledDay);
  const holiday =
    greekPublicHolidays(Number(scheduledDay.slice(0, 4))).find((entry) => entry.day === scheduledDay) ?? null;
  const reason = weekday === 6 ? 'saturday' : weekday === 0 ? 'sunday' : 'holiday';
  return { scheduledDay, reason, holiday: reason === 'holiday' ? holiday : null };
}

/** How many working days a month has: the multiplier of a per-working-day allowance. */
export function workingDayCount(year: number, month: number): number {
  return workingDaysOfMonth(year, month).length;
}
