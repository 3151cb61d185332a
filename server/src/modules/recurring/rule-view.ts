import {
  athensDate,
  nextRunDay,
  type Card,
  type OrderStatus,
  type RecurringLineView,
  type RecurringRule,
  type RecurringRuleStatus,
  type RecurringRuleSummary,
  type RecurringRuleView,
  type RecurringRunView,
} from '@tessera/domain';
import type { RuleLineRow, RuleRow, RunRow, findRunDrafts } from './repository';

/** The rule as its input schema says it (what the editor saves and the runs read). */
export function ruleInput(row: RuleRow): RecurringRule {
  return {
    name: row.name,
    product: row.product,
    amountMode: row.amountMode,
    amountCents: row.amountCents,
    lines: [],
    schedule: row.schedule,
    startDay: row.startDay,
    endDay: row.endDay,
    submitMode: row.submitMode,
    paymentMethod: row.paymentMethod,
  };
}

/** Active, paused, or ended (no run left in its window) on `today`. */
export function ruleStatus(row: RuleRow, today: string, done: ReadonlySet<string>): RecurringRuleStatus {
  if (row.pausedAt) return 'paused';
  return nextRunDay(row, today, done) === null ? 'ended' : 'active';
}

export function runView(row: RunRow, drafts: Awaited<ReturnType<typeof findRunDrafts>>): RecurringRunView {
  return {
    runId: row.id,
    ruleId: row.ruleId,
    period: row.period,
    runDay: row.runDay,
    status: row.status,
    failure: row.failure,
    detail: row.detail,
    cardCount: row.cardCount,
    totalCents: row.totalCents,
    orders: drafts
      .filter((draft) => draft.runId === row.id)
      .map((draft) => ({
        // A draft that became an order is no longer a draft; one deleted by hand leaves neither.
        draftId: draft.orderId === null && draft.draftExists ? draft.draftId : null,
        orderId: draft.orderId,
        orderNumber: draft.orderNumber,
        orderStatus: draft.orderStatus as OrderStatus | null,
        family: draft.family,
        cardCount: draft.cardCount,
        totalCents: draft.totalCents,
      })),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

export function ruleSummary(
  row: RuleRow,
  facts: {
    cardCount: number;
    lastRun: RecurringRunView | null;
    createdBy: string;
    now: Date;
    /** The periods the rule has made: the next run is the first of another. */
    done: ReadonlySet<string>;
  },
): RecurringRuleSummary {
  const today = athensDate(facts.now);
  const status = ruleStatus(row, today, facts.done);
  const { lines: _lines, ...rule } = ruleInput(row);
  return {
    ruleId: row.id,
    ...rule,
    status,
    cardCount: facts.cardCount,
    nextRunDay: status === 'active' ? nextRunDay(row, today, facts.done) : null,
    lastRun: facts.lastRun,
    createdBy: facts.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function lineView(line: RuleLineRow, card: Card | undefined): RecurringLineView {
  return {
    cardId: line.cardId,
    amountCents: line.amountCents,
    card: card
      ? {
          maskedNumber: card.maskedNumber,
          cardName: card.cardName,
          cardholderName: `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim(),
          status: card.status,
          family: card.family,
          balanceCents: card.balanceCents,
        }
      : null,
  };
}

export function ruleView(summary: RecurringRuleSummary, lines: RecurringLineView[]): RecurringRuleView {
  return { ...summary, lines };
}
