import { describe, expect, it } from 'vitest';
import { ruleView } from '../../test/recurring';
import {
  checkRule,
  emptyRuleForm,
  formOfRule,
  serverProblemsOf,
  type RuleForm,
  type RuleLineDraft,
} from './model';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const labelOf = (line: RuleLineDraft) => `card ${line.cardId.slice(-1)}`;
const line = (cardId: string, amount = ''): RuleLineDraft => ({ cardId, amount, card: null });
const form = (patch: Partial<RuleForm>): RuleForm => ({
  ...emptyRuleForm('2027-01-01'),
  name: 'Σίτιση',
  amount: '8',
  lines: [line(A), line(B)],
  ...patch,
});

describe('checking a rule before it is sent', () => {
  it('makes the request of the domain schema: amounts in cents, the schedule, no end as null', () => {
    const checked = checkRule(form({ amount: '8,5' }), labelOf);
    expect(checked).toEqual({
      ok: true,
      rule: {
        name: 'Σίτιση',
        product: 'TICKET_RESTAURANT',
        amountMode: 'perWorkingDay',
        amountCents: 850,
        lines: [
          { cardId: A, amountCents: null },
          { cardId: B, amountCents: null },
        ],
        schedule: { kind: 'monthly', dayOfMonth: 25, workingDaysOnly: true },
        startDay: '2027-01-01',
        endDay: null,
        submitMode: 'draft',
        paymentMethod: 'RF',
      },
    });
  });

  it('names the card line whose own amount is missing, unreadable or outside the product’s limits', () => {
    const checked = checkRule(
      form({ amountMode: 'perCard', lines: [line(A, ''), line(B, 'δέκα')] }),
      labelOf,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.lines).toEqual({
      [A]: { id: 'recurring.issue.lineAmountRequired', values: { card: 'card a' } },
      [B]: { id: 'recurring.issue.lineAmountInvalid', values: { card: 'card b' } },
    });
    const tooMuch = checkRule(form({ amountMode: 'perCard', lines: [line(A, '501')] }), labelOf);
    expect(tooMuch.ok ? null : tooMuch.problems.lines[A]?.id).toBe('recurring.issue.lineAmountRange');
  });

  it('refuses an end before the start, no cards, no name, a card twice and a missing start', () => {
    const checked = checkRule(form({ name: '  ', lines: [], endDay: '2026-12-31', amount: '' }), labelOf);
    expect(checked.ok ? null : checked.problems.fields).toEqual({
      name: { id: 'form.issue.required' },
      amount: { id: 'form.issue.required' },
      lines: { id: 'recurring.issue.noCards' },
      endDay: { id: 'recurring.issue.endBeforeStart' },
    });
    const twice = checkRule(form({ lines: [line(A), line(A)], startDay: '' }), labelOf);
    expect(twice.ok ? null : twice.problems).toEqual({
      fields: { startDay: { id: 'form.issue.required' } },
      lines: { [A]: { id: 'recurring.issue.lineRepeated', values: { card: 'card a' } } },
    });
  });

  it('leaves the rule’s own amount unchecked when each card has its own', () => {
    const checked = checkRule(form({ amountMode: 'perCard', amount: '', lines: [line(A, '150')] }), labelOf);
    expect(checked.ok && checked.rule.amountCents).toBe(null);
    expect(checked.ok && checked.rule.lines).toEqual([{ cardId: A, amountCents: 15_000 }]);
  });
});

describe('the server’s field errors at the form’s fields', () => {
  it('puts a line at the card it carried, and the rule’s fields (nested under `rule.` too) at theirs', () => {
    expect(
      serverProblemsOf(
        {
          'lines.1.amountCents': 'too much',
          'rule.endDay': 'too far',
          'schedule.dayOfMonth': 'no such day',
          amountCents: 'too much a day',
          somethingElse: 'odd',
        },
        [A, B],
      ),
    ).toEqual({
      fields: { endDay: 'too far', dayOfMonth: 'no such day', amount: 'too much a day' },
      lines: { [B]: 'too much' },
      other: ['odd'],
    });
  });
});

describe('a saved rule in the editor', () => {
  it('shows amounts in euros as typed in Greek and keeps the cards as they are now', () => {
    const values = formOfRule(ruleView({ amountCents: 123_456, endDay: '2027-06-30' }));
    expect(values.amount).toBe('1.234,56');
    expect(values.endDay).toBe('2027-06-30');
    expect(values.lines.map((item) => item.card?.cardholderName)).toEqual([
      'Μαρία Παπαδάκη',
      'Νίκος Αλεξίου',
    ]);
  });
});
