import { startOfAthensMonth, type CardCategory, type CardFamily } from '@tessera/domain';
import { cardClock } from './card-fields';
import type { CardsContext } from './context';
import { findReadyToTopUpCards, type Executor } from './repository';

/**
 * The company's cards of a product and family that are ready to top up (ADR 006, the same rule
 * as the card list's filter), in the list's default order, each with what `load` transactions
 * credited it during the previous Athens month (0 when nothing).
 */
export async function listReadyToTopUpCards(
  ctx: CardsContext,
  db: Executor,
  companyId: string,
  filter: { product: CardCategory; family: CardFamily },
): Promise<{ cardId: string; lastMonthLoadCents: number }[]> {
  const clock = cardClock(ctx.now());
  // The previous month starts at the Athens month of the day before this month began.
  const lastMonthStart = startOfAthensMonth(new Date(clock.monthStart.getTime() - 12 * 3_600_000));
  const rows = await findReadyToTopUpCards(db, companyId, filter, clock, {
    since: lastMonthStart,
    until: clock.monthStart,
  });
  return rows.map((row) => ({ cardId: row.cardId, lastMonthLoadCents: row.loadedCents }));
}
