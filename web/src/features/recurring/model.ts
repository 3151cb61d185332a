import {
  formatAmount,
  MAX_LOAD_CENTS,
  parseAmount,
  PRODUCTS,
  RecurringRuleInputSchema,
  type Card,
  type CardCategory,
  type PaymentKind,
  type RecurringAmountMode,
  type RecurringLineView,
  type RecurringRule,
  type RecurringRuleView,
  type RecurringSchedule,
  type RecurringSubmitMode,
} from '@tessera/domain';
import type { MessageId } from '../../i18n/messages';
import { issueMessage, type FormIssue } from '../../lib/zod-form';

/**
 * The recurring rule editor's rules that need no React (issue 19): what the form holds (euros as
 * typed, a day of the month, dates as the date inputs give them), the rule it makes, checked with
 * the domain's `RecurringRuleInputSchema` so the browser refuses what the server would, and where
 * each problem shows: at its field, or at the card line it names (`lines.2.amountCents`).
 */

/** A message id and its values: the form translates it where it shows. */
export type Problem = { id: MessageId; values?: Record<string, string | number> };

/** A card as a rule's line shows it: the server's view of a saved line, or a card just picked. */
export type RuleCard = NonNullable<RecurringLineView['card']>;

/** A card line of the form: its amount as typed (`perCard`), and the card when known (null: gone). */
export type RuleLineDraft = { cardId: string; amount: string; card: RuleCard | null };

export const SCHEDULE_KINDS = ['monthly', 'lastWorkingDay', 'everyTwoWeeks'] as const;
export type ScheduleKind = RecurringSchedule['kind'];

export type RuleForm = {
  name: string;
  product: CardCategory;
  amountMode: RecurringAmountMode;
  /** `sameForAll` and `perWorkingDay`: the amount in euros as typed. */
  amount: string;
  lines: RuleLineDraft[];
  scheduleKind: ScheduleKind;
  dayOfMonth: number;
  workingDaysOnly: boolean;
  /** `YYYY-MM-DD` as a date input gives it; `''` when empty. */
  startDay: string;
  endDay: string;
  submitMode: RecurringSubmitMode;
  paymentMethod: PaymentKind;
};

/** The form's fields, in the order they show (and their problems are listed). */
export const RULE_FIELDS = [
  'name',
  'product',
  'amountMode',
  'amount',
  'lines',
  'scheduleKind',
  'dayOfMonth',
  'workingDaysOnly',
  'startDay',
  'endDay',
  'submitMode',
  'paymentMethod',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/** What is wrong with a rule: by field, and by card line (keyed by its card id). */
export type RuleProblems<M> = {
  fields: Partial<Record<RuleField, M>>;
  lines: Record<string, M>;
};

export const noProblems = <M>(): RuleProblems<M> => ({ fields: {}, lines: {} });

export function hasProblems(problems: RuleProblems<unknown>): boolean {
  return Object.keys(problems.fields).length > 0 || Object.keys(problems.lines).length > 0;
}

/** A new rule: a monthly load on the 25th (a working day), from today, as a draft to review. */
export function emptyRuleForm(today: string): RuleForm {
  return {
    name: '',
    product: 'TICKET_RESTAURANT',
    amountMode: 'perWorkingDay',
    amount: '',
    lines: [],
    scheduleKind: 'monthly',
    dayOfMonth: 25,
    workingDaysOnly: true,
    startDay: today,
    endDay: '',
    submitMode: 'draft',
    paymentMethod: 'RF',
  };
}

/** Euros for an input: `1.234,56` (no currency sign). */
export function eurosText(cents: number): string {
  return formatAmount(cents).replace(/\u00a0€$/, '');
}

/** A saved rule in the editor. */
export function formOfRule(rule: RecurringRuleView): RuleForm {
  const schedule = rule.schedule;
  return {
    name: rule.name,
    product: rule.product,
    amountMode: rule.amountMode,
    amount: rule.amountCents === null ? '' : eurosText(rule.amountCents),
    lines: rule.lines.map((line) => ({
      cardId: line.cardId,
      amount: line.amountCents === null ? '' : eurosText(line.amountCents),
      card: line.card,
    })),
    scheduleKind: schedule.kind,
    dayOfMonth: schedule.kind === 'monthly' ? schedule.dayOfMonth : 25,
    workingDaysOnly: schedule.kind === 'lastWorkingDay' ? true : schedule.workingDaysOnly,
    startDay: rule.startDay,
    endDay: rule.endDay ?? '',
    submitMode: rule.submitMode,
    paymentMethod: rule.paymentMethod,
  };
}

/** A card of the picker as a rule's line shows it. */
export function ruleCardOf(card: Card): RuleCard {
  return {
    maskedNumber: card.maskedNumber,
    cardName: card.cardName,
    cardholderName: `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim(),
    status: card.status,
    family: card.family,
    balanceCents: card.balanceCents,
  };
}

/** The last four digits of a masked number (`5347 11•• •••• 1234` → `1234`). */
export function lastFour(maskedNumber: string): string {
  return maskedNumber.replace(/\D/g, '').slice(-4);
}

export function scheduleOf(form: Pick<RuleForm, 'scheduleKind' | 'dayOfMonth' | 'workingDaysOnly'>) {
  switch (form.scheduleKind) {
    case 'monthly':
      return { kind: 'monthly', dayOfMonth: form.dayOfMonth, workingDaysOnly: form.workingDaysOnly } as const;
    case 'lastWorkingDay':
      return { kind: 'lastWorkingDay' } as const;
    case 'everyTwoWeeks':
      return { kind: 'everyTwoWeeks', workingDaysOnly: form.workingDaysOnly } as const;
  }
}

/**
 * The bounds of an amount as typed: one card's load within the product's limits (`perCard`,
 * `sameForAll`); an amount per working day within what one load may be (the server checks the
 * month's product of it).
 */
export function amountBounds(product: CardCategory, mode: RecurringAmountMode) {
  return mode === 'perWorkingDay'
    ? { min: 1, max: MAX_LOAD_CENTS }
    : { min: PRODUCTS[product].minLoadCents, max: PRODUCTS[product].maxLoadCents };
}

type Parsed = { cents: number } | { problem: 'required' | 'invalid' | 'range' };

export function parseEurosText(text: string, bounds: { min: number; max: number }): Parsed {
  if (text.trim() === '') return { problem: 'required' };
  const cents = parseAmount(text);
  if (cents === null) return { problem: 'invalid' };
  return cents < bounds.min || cents > bounds.max ? { problem: 'range' } : { cents };
}

/**
 * A card's own amount (`perCard`) in cents within the product's limits, or its problem naming the
 * card (`cardLabel`), as the rule's check and the saved rule's card operations read it.
 */
export function lineAmountOf(
  line: RuleLineDraft,
  product: CardCategory,
  cardLabel: (line: RuleLineDraft) => string,
): { cents: number } | { problem: Problem } {
  const bounds = amountBounds(product, 'perCard');
  const parsed = parseEurosText(line.amount, bounds);
  if ('cents' in parsed) return parsed;
  const card = cardLabel(line);
  switch (parsed.problem) {
    case 'required':
      return { problem: { id: 'recurring.issue.lineAmountRequired', values: { card } } };
    case 'invalid':
      return { problem: { id: 'recurring.issue.lineAmountInvalid', values: { card } } };
    case 'range':
      return {
        problem: {
          id: 'recurring.issue.lineAmountRange',
          values: { card, min: formatAmount(bounds.min), max: formatAmount(bounds.max) },
        },
      };
  }
}

const FIELD_OF_PATH: Readonly<Record<string, RuleField>> = {
  name: 'name',
  product: 'product',
  amountMode: 'amountMode',
  amountCents: 'amount',
  lines: 'lines',
  schedule: 'scheduleKind',
  'schedule.kind': 'scheduleKind',
  'schedule.dayOfMonth': 'dayOfMonth',
  'schedule.workingDaysOnly': 'workingDaysOnly',
  startDay: 'startDay',
  endDay: 'endDay',
  submitMode: 'submitMode',
  paymentMethod: 'paymentMethod',
};

/** The form's field a request path names (`rule.` as `updateRecurringRule` nests it), or null. */
function fieldOfPath(path: readonly PropertyKey[]): RuleField | null {
  const parts = path.map(String);
  if (parts[0] === 'rule') parts.shift();
  return FIELD_OF_PATH[parts.join('.')] ?? FIELD_OF_PATH[parts[0] ?? ''] ?? null;
}

/** The index of the request's line a path names (`lines.2.amountCents` → 2), or null. */
function lineIndexOf(path: readonly PropertyKey[]): number | null {
  const parts = path.map(String);
  if (parts[0] === 'rule') parts.shift();
  return parts[0] === 'lines' && /^\d+$/.test(parts[1] ?? '') ? Number(parts[1]) : null;
}

export type CheckedRule = { ok: true; rule: RecurringRule } | { ok: false; problems: RuleProblems<Problem> };

/**
 * The rule the form makes, or its problems: amounts are read as euros first (a line's message
 * names its card, `cardLabel`), then the whole rule goes through `RecurringRuleInputSchema`, whose
 * issues (no cards, an end before the start, a card twice, a missing amount) land on their fields.
 */
export function checkRule(form: RuleForm, cardLabel: (line: RuleLineDraft) => string): CheckedRule {
  const problems = noProblems<Problem>();
  const onField = (field: RuleField, problem: Problem) => {
    problems.fields[field] ??= problem;
  };
  const onLine = (line: RuleLineDraft, problem: Problem) => {
    problems.lines[line.cardId] ??= problem;
  };
  const bounds = amountBounds(form.product, form.amountMode);
  const range = { min: formatAmount(bounds.min), max: formatAmount(bounds.max) };

  let amountCents: number | null = null;
  if (form.amountMode !== 'perCard') {
    const parsed = parseEurosText(form.amount, bounds);
    if ('cents' in parsed) amountCents = parsed.cents;
    else if (parsed.problem === 'invalid') onField('amount', { id: 'form.issue.amount' });
    else if (parsed.problem === 'range') onField('amount', { id: 'form.issue.amountRange', values: range });
  }
  const lines = form.lines.map((line) => {
    if (form.amountMode !== 'perCard') return { cardId: line.cardId, amountCents: null };
    const amount = lineAmountOf(line, form.product, cardLabel);
    if ('problem' in amount) onLine(line, amount.problem);
    return { cardId: line.cardId, amountCents: 'cents' in amount ? amount.cents : null };
  });
  if (form.startDay === '') onField('startDay', { id: 'form.issue.required' });

  const input = {
    name: form.name,
    product: form.product,
    amountMode: form.amountMode,
    amountCents,
    lines,
    schedule: scheduleOf(form),
    startDay: form.startDay,
    endDay: form.endDay === '' ? null : form.endDay,
    submitMode: form.submitMode,
    paymentMethod: form.paymentMethod,
  };
  const result = RecurringRuleInputSchema.safeParse(input, { reportInput: true });
  if (result.success && !hasProblems(problems)) return { ok: true, rule: result.data };
  for (const issue of result.error?.issues ?? []) {
    const index = lineIndexOf(issue.path);
    const line = index === null ? undefined : form.lines[index];
    if (line) {
      const card = cardLabel(line);
      const leaf = issue.path[2];
      if (leaf === 'amountCents')
        onLine(line, { id: 'recurring.issue.lineAmountRequired', values: { card } });
      else if (issue.message === 'repeated card')
        onLine(line, { id: 'recurring.issue.lineRepeated', values: { card } });
      else onLine(line, { id: 'recurring.issue.lineInvalid', values: { card } });
      continue;
    }
    const field = fieldOfPath(issue.path);
    if (field === null) continue;
    if (field === 'lines') {
      onField(
        'lines',
        issue.code === 'too_big'
          ? { id: 'recurring.issue.tooManyCards', values: { max: Number((issue as FormIssue).maximum ?? 0) } }
          : { id: 'recurring.issue.noCards' },
      );
    } else if (field === 'endDay' && issue.message === 'end before start') {
      onField('endDay', { id: 'recurring.issue.endBeforeStart' });
    } else if (field === 'amount') {
      onField('amount', { id: 'form.issue.required' });
    } else {
      onField(field, issueMessage(issue as FormIssue));
    }
  }
  return { ok: false, problems };
}

/**
 * The server's field errors (messages already in the UI language) at their fields: a line of the
 * request (`lines.2.amountCents`) at the card it carried (`lineCardIds[2]`); anything else the form
 * has no field for in `other`.
 */
export function serverProblemsOf(
  fieldErrors: Readonly<Record<string, string>>,
  lineCardIds: readonly string[],
): RuleProblems<string> & { other: string[] } {
  const problems: RuleProblems<string> & { other: string[] } = { fields: {}, lines: {}, other: [] };
  for (const [path, message] of Object.entries(fieldErrors)) {
    const parts = path.split('.');
    const index = lineIndexOf(parts);
    const cardId = index === null ? undefined : lineCardIds[index];
    if (cardId !== undefined) {
      problems.lines[cardId] ??= message;
      continue;
    }
    const field = fieldOfPath(parts);
    if (field === null) problems.other.push(message);
    else problems.fields[field] ??= message;
  }
  return problems;
}
