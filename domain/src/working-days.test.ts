import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './products';
import {
  greekPublicHolidays,
  isWorkingDay,
  lastWorkingDayOfMonth,
  nextRuns,
  orthodoxEaster,
  runDayMove,
  weekdayOf,
  workingDayCount,
  type RecurringSchedule,
} from './working-days';

describe('orthodoxEaster', () => {
  it.each([
    [2000, '2000-04-30'],
    [2010, '2010-04-04'],
    [2021, '2021-05-02'],
    [2023, '2023-04-16'],
    [2024, '2024-05-05'],
    [2025, '2025-04-20'],
    [2026, '2026-04-12'],
    [2027, '2027-05-02'],
  ])('is on the known Sunday in %i', (year, day) => {
    expect(orthodoxEaster(year)).toBe(day);
    expect(weekdayOf(day)).toBe(0);
  });

  it('is a Sunday between 4 April and 8 May (Gregorian) in every year a rule may reach', () => {
    for (let year = 1900; year <= 2999; year += 1) {
      const day = orthodoxEaster(year);
      expect(weekdayOf(day), day).toBe(0);
      // The Julian window 22 March – 25 April moves 13 days later until 2099, 14 after.
      const offset = Math.floor(year / 100) - Math.floor(year / 400) - 2;
      expect(day >= addDays(`${year}-03-22`, offset) && day <= addDays(`${year}-04-25`, offset), day).toBe(
        true,
      );
    }
    // Julian Easter repeats every 532 years: the Gregorian day moves only by the calendars' gap,
    // 13 days in 2026, 17 in 2558.
    for (const [year, known] of [
      [2026, '2026-04-12'],
      [2027, '2027-05-02'],
    ] as const) {
      const later = year + 532;
      const gap = (y: number) => Math.floor(y / 100) - Math.floor(y / 400) - 2;
      expect(orthodoxEaster(later)).toBe(addDays(`${later}${known.slice(4)}`, gap(later) - gap(year)));
    }
  });

  it('refuses years outside the Gregorian calendar it computes for', () => {
    expect(() => orthodoxEaster(1899)).toThrow(RangeError);
    expect(() => orthodoxEaster(10_000)).toThrow(RangeError);
  });
});

describe('greekPublicHolidays', () => {
  it('names the moving holidays of 2026 from its Easter (12 April)', () => {
    const byName = Object.fromEntries(greekPublicHolidays(2026).map((holiday) => [holiday.en, holiday.day]));
    expect(byName).toMatchObject({
      'Clean Monday': '2026-02-23',
      'Good Friday': '2026-04-10',
      'Easter Monday': '2026-04-13',
      'Whit Monday': '2026-06-01',
      'Independence Day': '2026-03-25',
      'Ochi Day': '2026-10-28',
    });
    expect(greekPublicHolidays(2026)).toHaveLength(12);
  });

  it('puts Clean Monday on a Monday 48 days before Easter, every year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2099 }), (year) => {
        const holidays = greekPublicHolidays(year);
        const clean = holidays.find((holiday) => holiday.en === 'Clean Monday')!;
        const whit = holidays.find((holiday) => holiday.en === 'Whit Monday')!;
        return weekdayOf(clean.day) === 1 && weekdayOf(whit.day) === 1;
      }),
    );
  });
});

describe('working days', () => {
  it('knows weekends and holidays from working days', () => {
    expect(isWorkingDay('2026-11-26')).toBe(true); // a Thursday
    expect(isWorkingDay('2026-11-28')).toBe(false); // a Saturday
    expect(isWorkingDay('2026-12-25')).toBe(false); // Christmas
    expect(isWorkingDay('2026-04-13')).toBe(false); // Easter Monday
  });

  it('counts the working days of a month, holidays left out', () => {
    // April 2026: 22 weekdays less Good Friday (10) and Easter Monday (13).
    expect(workingDayCount(2026, 4)).toBe(20);
  });

  it('finds the last working day of a month', () => {
    expect(lastWorkingDayOfMonth(2026, 12)).toBe('2026-12-31');
    expect(lastWorkingDayOfMonth(2026, 5)).toBe('2026-05-29'); // 31 May is a Sunday
  });
});

describe('nextRuns', () => {
  it('runs a monthly rule on its day, on the last day of a shorter month, moved before a weekend', () => {
    const schedule: RecurringSchedule = { kind: 'monthly', dayOfMonth: 31, workingDaysOnly: true };
    expect(nextRuns(schedule, { startDay: '2026-01-01' }, '2026-01-01', 3)).toEqual([
      '2026-01-30', // 31 January is a Saturday
      '2026-02-27', // 28 February is a Saturday
      '2026-03-31',
    ]);
    const calendar: RecurringSchedule = { kind: 'monthly', dayOfMonth: 31, workingDaysOnly: false };
    expect(nextRuns(calendar, { startDay: '2026-01-01' }, '2026-01-01', 2)).toEqual([
      '2026-01-31',
      '2026-02-28',
    ]);
  });

  it('moves a run on the 1st that is a holiday forward, staying in its month', () => {
    const schedule: RecurringSchedule = { kind: 'monthly', dayOfMonth: 1, workingDaysOnly: true };
    // 1 January 2027 is a Friday and a holiday; 1 May 2027 a Saturday and a holiday, and Monday
    // 3 May is Easter Monday (Easter is on 2 May in 2027).
    expect(nextRuns(schedule, { startDay: '2027-01-01' }, '2027-01-01', 5)).toEqual([
      '2027-01-04',
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
      '2027-05-04',
    ]);
  });

  it('stops at the end of the window and skips what is before `fromDay`', () => {
    const schedule: RecurringSchedule = { kind: 'lastWorkingDay' };
    expect(nextRuns(schedule, { startDay: '2026-01-15', endDay: '2026-04-30' }, '2026-02-01', 10)).toEqual([
      '2026-02-27',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('runs every two weeks from the start', () => {
    const schedule: RecurringSchedule = { kind: 'everyTwoWeeks', workingDaysOnly: false };
    expect(nextRuns(schedule, { startDay: '2026-12-18' }, '2026-12-18', 3)).toEqual([
      '2026-12-18',
      '2027-01-01',
      '2027-01-15',
    ]);
    const working: RecurringSchedule = { kind: 'everyTwoWeeks', workingDaysOnly: true };
    expect(nextRuns(working, { startDay: '2026-12-18' }, '2026-12-18', 3)[1]).toBe('2026-12-31');
  });

  const day = fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2097-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));
  const workingSchedule: fc.Arbitrary<RecurringSchedule> = fc.oneof(
    fc.record({
      kind: fc.constant('monthly' as const),
      dayOfMonth: fc.integer({ min: 1, max: 31 }),
      workingDaysOnly: fc.constant(true),
    }),
    fc.constant({ kind: 'lastWorkingDay' as const }),
    fc.record({ kind: fc.constant('everyTwoWeeks' as const), workingDaysOnly: fc.constant(true) }),
  );

  it('never runs on a weekend or a holiday when working days are asked for; runs rise, inside the window', () => {
    fc.assert(
      fc.property(workingSchedule, day, fc.integer({ min: 1, max: 24 }), (schedule, startDay, count) => {
        const runs = nextRuns(schedule, { startDay }, startDay, count);
        expect(runs).toHaveLength(count);
        for (const run of runs) {
          expect(isWorkingDay(run), `${run} of ${JSON.stringify(schedule)}`).toBe(true);
          expect(run >= startDay).toBe(true);
        }
        for (let index = 1; index < runs.length; index += 1) {
          expect(runs[index]! > runs[index - 1]!).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('runs a monthly rule once a month', () => {
    fc.assert(
      fc.property(
        workingSchedule.filter((s) => s.kind !== 'everyTwoWeeks'),
        day,
        (schedule, startDay) => {
          const runs = nextRuns(schedule, { startDay }, startDay, 12);
          const months = runs.map((run) => run.slice(0, 7));
          expect(new Set(months).size).toBe(months.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('runDayMove (issue 34 §3 item 2)', () => {
  const monthly = (dayOfMonth: number, workingDaysOnly = true): RecurringSchedule => ({
    kind: 'monthly',
    dayOfMonth,
    workingDaysOnly,
  });

  it('says a run on the 28th moved to Friday the 27th because the 28th is a Saturday', () => {
    const [run] = nextRuns(monthly(28), { startDay: '2026-11-01' }, '2026-11-01', 1);
    expect(run).toBe('2026-11-27');
    expect(runDayMove(monthly(28), '2026-11-01', run!)).toEqual({
      scheduledDay: '2026-11-28',
      reason: 'saturday',
      holiday: null,
    });
  });

  it('names the public holiday a run moved from, and a Sunday', () => {
    expect(runDayMove(monthly(28), '2026-01-01', '2026-10-27')).toEqual({
      scheduledDay: '2026-10-28',
      reason: 'holiday',
      holiday: { day: '2026-10-28', el: expect.any(String), en: expect.any(String) },
    });
    expect(runDayMove(monthly(29), '2026-01-01', '2026-11-27')?.reason).toBe('sunday');
  });

  it('says nothing of a run on its day, of a rule that runs on any day, or of the last working day', () => {
    expect(runDayMove(monthly(27), '2026-11-01', '2026-11-27')).toBeNull();
    expect(runDayMove(monthly(28, false), '2026-11-01', '2026-11-28')).toBeNull();
    expect(runDayMove({ kind: 'lastWorkingDay' }, '2026-11-01', '2026-11-30')).toBeNull();
  });

  it('finds the fortnight day a moved run of an every-two-weeks rule belongs to', () => {
    const schedule: RecurringSchedule = { kind: 'everyTwoWeeks', workingDaysOnly: true };
    const runs = nextRuns(schedule, { startDay: '2026-11-02' }, '2026-11-02', 4);
    // 2026-11-02 is a Monday and every fortnight from it too; from a Saturday, every run moves
    // to the Friday before (the first, before the start, is left out).
    const fromSaturday = nextRuns(schedule, { startDay: '2026-11-14' }, '2026-11-10', 2);
    expect(fromSaturday).toEqual(['2026-11-27', '2026-12-11']);
    expect(runDayMove(schedule, '2026-11-14', '2026-11-27')).toMatchObject({
      scheduledDay: '2026-11-28',
      reason: 'saturday',
    });
    expect(runs.every((day) => runDayMove(schedule, '2026-11-02', day) === null)).toBe(true);
  });
});
