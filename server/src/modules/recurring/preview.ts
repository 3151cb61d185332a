import {
  addPriceTotals,
  athensDate,
  ZERO_PRICE_TOTALS,
  priceOrder,
  priceTotals,
  upcomingRuns,
  workingDayCount,
  type RecurringPreviewRun,
  type RecurringRule,
} from '@tessera/domain';
import type { RecurringContext } from './recurring-context';
import { byFamily, resolveLines } from './resolve-lines';
import { cardsOfLines } from './run-rule';

/** How many runs the preview shows. */
export const PREVIEW_RUNS = 3;

/**
 * The next runs of a rule as they would be made now (issue 19 §2): each run's cards after
 * replacements and skips, priced with the company's terms exactly as its order will be (one order
 * per card family, summed). `runsFrom` leaves out the days before the rule runs from, `done` the
 * periods it has made.
 */
export async function previewRuns(
  ctx: RecurringContext,
  companyId: string,
  rule: Pick<RecurringRule, 'product' | 'amountMode' | 'amountCents' | 'schedule' | 'startDay' | 'endDay'>,
  lines: readonly { cardId: string; amountCents: number | null }[],
  options: { runsFrom?: string; today?: string; done?: ReadonlySet<string> } = {},
): Promise<RecurringPreviewRun[]> {
  const today = options.today ?? athensDate(ctx.now());
  const days = upcomingRuns(
    { ...rule, runsFrom: options.runsFrom ?? today },
    today,
    options.done ?? new Set(),
    PREVIEW_RUNS,
  );
  if (days.length === 0) return [];
  const [cards, terms] = await Promise.all([
    cardsOfLines(
      ctx,
      ctx.db,
      companyId,
      lines.map((line) => line.cardId),
    ),
    ctx.termsOf(companyId),
  ]);
  return days.map((runDay) => {
    const resolved = resolveLines(rule, lines, cards, runDay);
    const price = byFamily(resolved.lines).reduce(
      (sum, [family, familyLines]) =>
        addPriceTotals(
          sum,
          priceTotals(
            priceOrder(
              {
                orderType: 'LOAD',
                family,
                lines: familyLines.map((line) => ({
                  tempCardId: line.cardId,
                  amountCents: line.amountCents,
                })),
              },
              terms(rule.product, family),
            ),
          ),
        ),
      ZERO_PRICE_TOTALS,
    );
    return {
      runDay,
      workingDays: workingDayCount(Number(runDay.slice(0, 4)), Number(runDay.slice(5, 7))),
      cardCount: resolved.lines.length,
      price,
      notes: resolved.notes,
    };
  });
}
