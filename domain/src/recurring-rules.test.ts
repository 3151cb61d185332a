import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './products';
import {
  dueRuns,
  nextRunDay,
  periodOf,
  RECURRING_CATCH_UP_DAYS,
  RecurringRuleInputSchema,
  runAmountCents,
  type RecurringRuleInput,
} from './recurring-rules';
import { isWorkingDay } from './working-days';

const CARD_A = '5a0c3a3e-0000-4000-8000-00000000000a';
const CARD_B = '5a0c3a3e-0000-4000-8000-00000000000b';

const rule = (overrides: Partial<RecurringRuleInput> = {}): RecurringRuleInput => ({
  name: 'Μηνιαία επιταγή σίτισης',
  product: 'TICKET_RESTAURANT',
  amountMode: 'sameForAll',
  amountCents: 15_000,
  lines: [{ cardId: CARD_A }, { cardId: CARD_B }],
  schedule: { kind: 'lastWorkingDay' },
  startDay: '2026-12-01',
  submitMode: 'submit',
  paymentMethod: 'RF',
  ...overrides,
});

const problems = (input: RecurringRuleInput) => {
  const result = RecurringRuleInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('RecurringRuleInputSchema', () => {
  it('takes a rule with one amount for every card', () => {
    expect(problems(rule())).toEqual([]);
  });

  it('asks each card its amount when amounts are per card, naming the line', () => {
    expect(
      problems(
        rule({
          amountMode: 'perCard',
          amountCents: null,
          lines: [{ cardId: CARD_A, amountCents: 5000 }, { cardId: CARD_B }],
        }),
      ),
    ).toEqual([['lines.1.amountCents', 'required']]);
  });

  it('asks the rule its amount for one amount or an amount per working day', () => {
    expect(problems(rule({ amountMode: 'perWorkingDay', amountCents: null }))).toEqual([
      ['amountCents', 'required'],
    ]);
  });

  it('refuses an end before the start, a card twice and no card', () => {
    expect(problems(rule({ endDay: '2026-11-30' }))).toEqual([['endDay', 'end before start']]);
    expect(problems(rule({ lines: [{ cardId: CARD_A }, { cardId: CARD_A }] }))).toEqual([
      ['lines.1.cardId', 'repeated card'],
    ]);
    expect(problems(rule({ lines: [] }))[0]?.[0]).toBe('lines');
  });

  it('refuses a day of the month outside 1–31', () => {
    expect(
      problems(rule({ schedule: { kind: 'monthly', dayOfMonth: 32, workingDaysOnly: true } }))[0]?.[0],
    ).toBe('schedule.dayOfMonth');
  });
});

describe('runAmountCents', () => {
  it('gives each card its own amount, the rule’s, or the rule’s per working day of the run’s month', () => {
    expect(
      runAmountCents({ amountMode: 'perCard', amountCents: null }, { amountCents: 7000 }, '2026-04-30'),
    ).toBe(7000);
    expect(
      runAmountCents({ amountMode: 'sameForAll', amountCents: 15_000 }, { amountCents: null }, '2026-04-30'),
    ).toBe(15_000);
    // April 2026 has 20 working days (Good Friday and Easter Monday are holidays): 20 × €8.
    expect(
      runAmountCents({ amountMode: 'perWorkingDay', amountCents: 800 }, { amountCents: null }, '2026-04-30'),
    ).toBe(16_000);
  });
});

describe('when rules run', () => {
  const monthly = { kind: 'monthly', dayOfMonth: 25, workingDaysOnly: true } as const;
  const rule = { schedule: monthly, startDay: '2026-01-01', endDay: null, runsFrom: '2026-01-01' };

  it('names a period by month, or by the run day every two weeks', () => {
    expect(periodOf(monthly, '2026-12-24')).toBe('2026-12');
    expect(periodOf({ kind: 'lastWorkingDay' }, '2026-12-31')).toBe('2026-12');
    expect(periodOf({ kind: 'everyTwoWeeks', workingDaysOnly: false }, '2026-12-24')).toBe('2026-12-24');
  });

  it('is due on its day and after it, until the period is made', () => {
    // 25 December 2026 is Christmas: the run moves back to Thursday the 24th.
    const november = new Set(['2026-11']);
    expect(dueRuns(rule, '2026-12-23', november)).toEqual([]);
    expect(dueRuns(rule, '2026-12-24', november)).toEqual([
      { runDay: '2026-12-24', period: '2026-12', missed: false },
    ]);
    expect(dueRuns(rule, '2026-12-28', new Set(['2026-11', '2026-12']))).toEqual([]);
  });

  it('records a run later than the catch-up window as missed, and never runs before the day it runs from', () => {
    const late = dueRuns(rule, addDays('2026-11-25', RECURRING_CATCH_UP_DAYS + 1), new Set());
    expect(late).toContainEqual({ runDay: '2026-11-25', period: '2026-11', missed: true });
    expect(dueRuns({ ...rule, runsFrom: '2026-12-25' }, '2026-12-28', new Set())).toEqual([]);
  });

  it('has no next run after its end, and the next run is the first on or after today', () => {
    expect(nextRunDay(rule, '2026-12-01')).toBe('2026-12-24');
    expect(nextRunDay({ ...rule, endDay: '2026-12-20' }, '2026-12-01')).toBeNull();
  });

  it('never makes a period twice or a run on a day off when working days are asked for (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 700 }), (dayOfMonth, offset) => {
        const schedule = { kind: 'monthly', dayOfMonth, workingDaysOnly: true } as const;
        const today = addDays('2026-01-01', offset);
        const runs = dueRuns(
          { schedule, startDay: '2026-01-01', endDay: null, runsFrom: '2026-01-01' },
          today,
          new Set(),
        );
        const periods = runs.map((run) => run.period);
        return (
          new Set(periods).size === periods.length &&
          runs.every((run) => isWorkingDay(run.runDay) && run.runDay <= today)
        );
      }),
    );
  });
});
