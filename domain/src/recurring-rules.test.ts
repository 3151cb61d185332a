import { describe, expect, it } from 'vitest';
import { RecurringRuleInputSchema, runAmountCents, type RecurringRuleInput } from './recurring-rules';

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
