import { z } from 'zod';
import { PaymentKindSchema } from './payments';
import { CardCategorySchema, LoadAmountCentsSchema } from './products';
import { DateOnlySchema } from './text';
import { workingDayCount, type IsoDay, type RecurringSchedule } from './working-days';

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
