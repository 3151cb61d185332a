import { z } from 'zod';
import { OrderPriceSchema } from './drafts';
import { OrderStatusSchema } from './order-api';
import { PaymentKindSchema } from './payments';
import {
  addDays,
  CardCategorySchema,
  CardFamilySchema,
  CardStatusSchema,
  LoadAmountCentsSchema,
} from './products';
import { DateOnlySchema } from './text';
import {
  nextRuns,
  workingDayAfter,
  workingDayCount,
  type IsoDay,
  type RecurringSchedule,
} from './working-days';

/**
 * Recurring load rules (issue 19, SPEC §4 reason `recurring-rule`, §7 recurring rule calls): a
 * company's standing instruction to load the same cards every period. The schedule is computed in
 * `working-days.ts`; this file says what a rule holds and what each card gets in a run.
 */

/**
 * How a run's amount per card is found:
 * - `perCard`: each card line has its own amount;
 * - `sameForAll`: one amount for every card;
 * - `perWorkingDay`: one amount per working day, times the working days of the run's month
 *   (Greek public holidays left out), e.g. a meal allowance of €8 a working day.
 */
export const RECURRING_AMOUNT_MODES = ['perCard', 'sameForAll', 'perWorkingDay'] as const;
export type RecurringAmountMode = (typeof RECURRING_AMOUNT_MODES)[number];

/** What a run creates: an order submitted for payment at once, or a draft the order manager reviews. */
export const RECURRING_SUBMIT_MODES = ['submit', 'draft'] as const;
export type RecurringSubmitMode = (typeof RECURRING_SUBMIT_MODES)[number];

/** The most cards one rule loads (a run is one order; the bulk path's own limit is larger). */
export const RECURRING_MAX_LINES = 5_000;

export const RecurringScheduleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('monthly'),
    dayOfMonth: z.number().int().min(1).max(31),
    workingDaysOnly: z.boolean(),
  }),
  z.object({ kind: z.literal('lastWorkingDay') }),
  z.object({ kind: z.literal('everyTwoWeeks'), workingDaysOnly: z.boolean() }),
]) satisfies z.ZodType<RecurringSchedule>;

export const RecurringLineSchema = z.object({
  cardId: z.uuid(),
  /** The card's own amount (`perCard`); ignored otherwise. */
  amountCents: LoadAmountCentsSchema.min(1).nullable().default(null),
});
export type RecurringLine = z.output<typeof RecurringLineSchema>;

/** The rule as the editor saves it (`POST saveRecurringRule`, `updateRecurringRule`). */
export const RecurringRuleInputSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    product: CardCategorySchema,
    amountMode: z.enum(RECURRING_AMOUNT_MODES),
    /** `sameForAll`: the amount per card; `perWorkingDay`: the amount per working day. */
    amountCents: LoadAmountCentsSchema.min(1).nullable().default(null),
    lines: z.array(RecurringLineSchema).min(1).max(RECURRING_MAX_LINES),
    schedule: RecurringScheduleSchema,
    startDay: DateOnlySchema,
    endDay: DateOnlySchema.nullable().default(null),
    submitMode: z.enum(RECURRING_SUBMIT_MODES),
    paymentMethod: PaymentKindSchema,
  })
  .superRefine((rule, context) => {
    if (rule.amountMode === 'perCard') {
      rule.lines.forEach((line, index) => {
        if (line.amountCents === null) {
          context.addIssue({ code: 'custom', path: ['lines', index, 'amountCents'], message: 'required' });
        }
      });
    } else if (rule.amountCents === null) {
      context.addIssue({ code: 'custom', path: ['amountCents'], message: 'required' });
    }
    if (rule.endDay !== null && rule.endDay < rule.startDay) {
      context.addIssue({ code: 'custom', path: ['endDay'], message: 'end before start' });
    }
    const seen = new Set<string>();
    rule.lines.forEach((line, index) => {
      if (seen.has(line.cardId)) {
        context.addIssue({ code: 'custom', path: ['lines', index, 'cardId'], message: 'repeated card' });
      }
      seen.add(line.cardId);
    });
  });
export type RecurringRuleInput = z.input<typeof RecurringRuleInputSchema>;
export type RecurringRule = z.output<typeof RecurringRuleInputSchema>;

/**
 * What one card gets in the run on `runDay`: its own amount, the rule's, or the rule's per working
 * day times the working days of the run's month.
 */
export function runAmountCents(
  rule: Pick<RecurringRule, 'amountMode' | 'amountCents'>,
  line: Pick<RecurringLine, 'amountCents'>,
  runDay: IsoDay,
): number {
  switch (rule.amountMode) {
    case 'perCard':
      return line.amountCents ?? 0;
    case 'sameForAll':
      return rule.amountCents ?? 0;
    case 'perWorkingDay': {
      const year = Number(runDay.slice(0, 4));
      const month = Number(runDay.slice(5, 7));
      return (rule.amountCents ?? 0) * workingDayCount(year, month);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Over HTTP: `/api/v1/orders/...` recurring rule calls (SPEC §7 orders service: recurring rule save,
// retrieve, update, delete and card operations; issue 19; docs/decisions/028-recurring-loads.md).

/**
 * A rule's state: `active` runs on schedule; `paused` skips the periods while it is paused (resuming
 * does not catch them up); `ended` is past its end day (kept for its history).
 */
export const RECURRING_RULE_STATUSES = ['active', 'paused', 'ended'] as const;
export type RecurringRuleStatus = (typeof RECURRING_RULE_STATUSES)[number];

/**
 * What a run did: `created` its draft(s) or order(s); `failed` with a reason and nothing created
 * (the order manager is told by email and bell).
 */
export const RECURRING_RUN_STATUSES = ['created', 'failed'] as const;
export type RecurringRunStatus = (typeof RECURRING_RUN_STATUSES)[number];

/**
 * Why a run created nothing: the company is deactivated; none of the rule's cards can be loaded;
 * the company has as many drafts as it may; the run's day passed while the service was down for
 * longer than the catch-up window; the order could not be made (another refusal, named in `detail`).
 */
export const RECURRING_FAILURE_REASONS = [
  'companyInactive',
  'noValidCards',
  'draftLimit',
  'missed',
  'refused',
] as const;
export type RecurringFailureReason = (typeof RECURRING_FAILURE_REASONS)[number];

/**
 * Why a card was left out of a run (or moved): blocked, expired, lost, damaged or closed cards are
 * skipped; a replaced card's line moves to its new card (`replaced`, with `newCardId`); a card of
 * another product than the rule's, or gone, is skipped.
 */
export const RECURRING_CARD_NOTES = [
  'blocked',
  'expired',
  'lost',
  'damaged',
  'replaced',
  'notFound',
  'otherProduct',
] as const;
export type RecurringCardNote = (typeof RECURRING_CARD_NOTES)[number];

export const RecurringCardNoteSchema = z.object({
  cardId: z.uuid(),
  maskedNumber: z.string(),
  cardholderName: z.string(),
  note: z.enum(RECURRING_CARD_NOTES),
  /** The replacement the line moved to (`replaced`). */
  newCardId: z.uuid().nullable(),
});
export type RecurringCardNoteView = z.infer<typeof RecurringCardNoteSchema>;

/** A card line of a rule as the server returns it: the card as it is now. */
export const RecurringLineViewSchema = z.object({
  cardId: z.uuid(),
  amountCents: z.number().int().nullable(),
  card: z
    .object({
      maskedNumber: z.string(),
      cardName: z.string(),
      cardholderName: z.string(),
      status: CardStatusSchema,
      family: CardFamilySchema,
      balanceCents: z.number().int(),
    })
    .nullable(),
});
export type RecurringLineView = z.infer<typeof RecurringLineViewSchema>;

/** An order or draft a run created: the draft until it is submitted, then its order. */
export const RecurringRunOrderSchema = z.object({
  draftId: z.uuid().nullable(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  orderStatus: OrderStatusSchema.nullable(),
  family: CardFamilySchema,
  cardCount: z.number().int(),
  totalCents: z.number().int(),
});
export type RecurringRunOrder = z.infer<typeof RecurringRunOrderSchema>;

export const RecurringRunSchema = z.object({
  runId: z.uuid(),
  ruleId: z.uuid(),
  /** The period the run is for (`2026-12` monthly; the run day every two weeks). */
  period: z.string(),
  runDay: DateOnlySchema,
  status: z.enum(RECURRING_RUN_STATUSES),
  failure: z.enum(RECURRING_FAILURE_REASONS).nullable(),
  /** The refusal's own message (`refused`), in English for the log; the page shows `failure`. */
  detail: z.string().nullable(),
  cardCount: z.number().int(),
  totalCents: z.number().int(),
  orders: z.array(RecurringRunOrderSchema),
  notes: z.array(RecurringCardNoteSchema),
  createdAt: z.string(),
});
export type RecurringRunView = z.infer<typeof RecurringRunSchema>;

const RecurringScheduleOut = RecurringScheduleSchema;

/** A rule in the list: no lines, the next run and the last one. */
export const RecurringRuleSummarySchema = z.object({
  ruleId: z.uuid(),
  name: z.string(),
  product: CardCategorySchema,
  amountMode: z.enum(RECURRING_AMOUNT_MODES),
  amountCents: z.number().int().nullable(),
  schedule: RecurringScheduleOut,
  startDay: DateOnlySchema,
  endDay: DateOnlySchema.nullable(),
  submitMode: z.enum(RECURRING_SUBMIT_MODES),
  paymentMethod: PaymentKindSchema,
  status: z.enum(RECURRING_RULE_STATUSES),
  cardCount: z.number().int(),
  /** The next run's day, or null when the rule is paused or ended. */
  nextRunDay: DateOnlySchema.nullable(),
  lastRun: RecurringRunSchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringRuleSummary = z.infer<typeof RecurringRuleSummarySchema>;

export const RecurringRuleViewSchema = RecurringRuleSummarySchema.extend({
  lines: z.array(RecurringLineViewSchema),
});
export type RecurringRuleView = z.infer<typeof RecurringRuleViewSchema>;

/** One future run as the preview prices it now: the same pricing as an order. */
export const RecurringPreviewRunSchema = z.object({
  runDay: DateOnlySchema,
  /** Working days of the run's month (what `perWorkingDay` multiplies). */
  workingDays: z.number().int(),
  cardCount: z.number().int(),
  price: OrderPriceSchema,
  notes: z.array(RecurringCardNoteSchema),
});
export type RecurringPreviewRun = z.infer<typeof RecurringPreviewRunSchema>;

const RuleId = z.uuid();

export const RecurringRuleIdSchema = z.object({ ruleId: RuleId });
export const UpdateRecurringRuleRequestSchema = z.object({ ruleId: RuleId, rule: RecurringRuleInputSchema });
export type UpdateRecurringRuleRequest = z.input<typeof UpdateRecurringRuleRequestSchema>;
/** `POST addRecurringRuleCards` / `updateRecurringRuleCards`: lines to add, or new amounts of lines. */
export const RecurringRuleCardsRequestSchema = z.object({
  ruleId: RuleId,
  lines: z.array(RecurringLineSchema).min(1).max(RECURRING_MAX_LINES),
});
export type RecurringRuleCardsRequest = z.input<typeof RecurringRuleCardsRequestSchema>;
/** `POST deleteRecurringRuleCards`. */
export const DeleteRecurringRuleCardsRequestSchema = z.object({
  ruleId: RuleId,
  cardIds: z.array(z.uuid()).min(1).max(RECURRING_MAX_LINES),
});
export type DeleteRecurringRuleCardsRequest = z.input<typeof DeleteRecurringRuleCardsRequestSchema>;
export const RecurringRunsQuerySchema = z.object({
  ruleId: RuleId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
});

/** The company's setting: how many days before a run its order managers get a reminder (0: none). */
export const RECURRING_REMINDER_MAX_DAYS = 14;
export const RecurringSettingsSchema = z.object({
  reminderDays: z.number().int().min(0).max(RECURRING_REMINDER_MAX_DAYS),
});
export type RecurringSettings = z.infer<typeof RecurringSettingsSchema>;

export const RecurringRulesResponseSchema = z.object({
  success: z.literal(true),
  rules: z.array(RecurringRuleSummarySchema),
  settings: RecurringSettingsSchema,
});
export const RecurringRuleResponseSchema = z.object({
  success: z.literal(true),
  rule: RecurringRuleViewSchema,
});
export const RecurringPreviewResponseSchema = z.object({
  success: z.literal(true),
  runs: z.array(RecurringPreviewRunSchema),
});
export const RecurringRunsResponseSchema = z.object({
  success: z.literal(true),
  runs: z.array(RecurringRunSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const RecurringSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: RecurringSettingsSchema,
});

// ---------------------------------------------------------------------------------------------
// When rules run (the scheduler's arithmetic, ADR 028).

/** A run that is late by more than this many days (the service was down) is recorded as missed. */
export const RECURRING_CATCH_UP_DAYS = 7;
/** How far back the scheduler looks for runs it has not made. */
export const RECURRING_LOOK_BACK_DAYS = 45;

/**
 * The period a run is for, unique per rule: the month (`2026-12`) of a monthly or last-working-day
 * rule, so changing the day of month never runs a month twice; the run's own day every two weeks.
 */
export function periodOf(schedule: RecurringSchedule, runDay: IsoDay): string {
  return schedule.kind === 'everyTwoWeeks' ? runDay : runDay.slice(0, 7);
}

export type DueRun = { runDay: IsoDay; period: string; missed: boolean };

/**
 * The runs of a rule that are due on `today` and not made yet (`done` holds the periods made): every
 * scheduled day on or before today, from the later of the day it runs from and the look-back; one
 * later than the catch-up window is `missed` (recorded, not run: a month's allowance loaded weeks
 * late, unasked, surprises more than it helps).
 */
export function dueRuns(
  rule: { schedule: RecurringSchedule; startDay: IsoDay; endDay: IsoDay | null; runsFrom: IsoDay },
  today: IsoDay,
  done: ReadonlySet<string>,
): DueRun[] {
  const lookBack = addDays(today, -RECURRING_LOOK_BACK_DAYS);
  const from = rule.runsFrom > lookBack ? rule.runsFrom : lookBack;
  const late = addDays(today, -RECURRING_CATCH_UP_DAYS);
  return nextRuns(rule.schedule, { startDay: rule.startDay, endDay: rule.endDay }, from, 8)
    .filter((day) => day <= today)
    .map((runDay) => ({ runDay, period: periodOf(rule.schedule, runDay), missed: runDay < late }))
    .filter((run) => !done.has(run.period));
}

/**
 * The next run on or after `today` whose period is not made yet (`done`), or null when the rule has
 * ended: what the list, the rule's page and the reminders show.
 */
export function nextRunDay(
  rule: { schedule: RecurringSchedule; startDay: IsoDay; endDay: IsoDay | null; runsFrom: IsoDay },
  today: IsoDay,
  done: ReadonlySet<string> = new Set(),
): IsoDay | null {
  return upcomingRuns(rule, today, done, 1)[0] ?? null;
}

/** The next `count` runs on or after `today` whose period is not made yet (`done`). */
export function upcomingRuns(
  rule: { schedule: RecurringSchedule; startDay: IsoDay; endDay: IsoDay | null; runsFrom: IsoDay },
  today: IsoDay,
  done: ReadonlySet<string>,
  count: number,
): IsoDay[] {
  const from = rule.runsFrom > today ? rule.runsFrom : today;
  return nextRuns(rule.schedule, { startDay: rule.startDay, endDay: rule.endDay }, from, count + done.size)
    .filter((day) => !done.has(periodOf(rule.schedule, day)))
    .slice(0, count);
}

/**
 * The day by which an order a run made should be paid (issue 34 §3 item 1, ADR 045): the first
 * working day after the run's day. A transfer quoting the RF reference on the run's day or the
 * next reaches the provider's account by then, so the cards are loaded within the run's period.
 */
export function recurringPaymentDueDay(runDay: IsoDay): IsoDay {
  return workingDayAfter(runDay);
}
