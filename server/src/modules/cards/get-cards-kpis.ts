import {
  athensDate,
  CARD_STATUSES,
  startOfAthensMonth,
  type CardsKpisResponse,
  type CardStatus,
} from '@tessera/domain';
import { cardClock } from './card-fields';
import type { CardsContext } from './context';
import { countCardsByStatus, summarizeCards } from './repository';

/** The company's card figures: counts by status, balance, this month's loads, six months of loads. */
export async function getCardsKpis(
  ctx: CardsContext,
  companyId: string,
): Promise<Omit<CardsKpisResponse, 'success'>> {
  const at = ctx.now();
  const monthStart = startOfAthensMonth(at);
  // Months counted on the Athens calendar: in the first hours of a month UTC is still in the last.
  const [year, month] = athensDate(at).split('-').map(Number) as [number, number];
  const midMonth = (back: number) => new Date(Date.UTC(year, month - 1 - back, 15));
  // Six months back: the first day of the month five months before this one.
  const sixMonthsAgo = startOfAthensMonth(midMonth(5));
  const [byStatusMap, summaries, loads] = await Promise.all([
    countCardsByStatus(ctx.db, companyId),
    summarizeCards(ctx.db, companyId, cardClock(at)),
    ctx.ledger.cardLoadsByMonth(ctx.db, companyId, sixMonthsAgo),
  ]);
  const byStatus = Object.fromEntries(
    CARD_STATUSES.map((status) => [status, byStatusMap.get(status) ?? 0]),
  ) as Record<CardStatus, number>;
  const months: string[] = [];
  for (let back = 5; back >= 0; back -= 1) {
    const start = startOfAthensMonth(midMonth(back));
    months.push(athensDate(new Date(start.getTime() + 3_600_000 * 12)).slice(0, 7));
  }
  const thisMonth = athensDate(new Date(monthStart.getTime() + 3_600_000 * 12)).slice(0, 7);
  const current = loads.find((row) => row.month === thisMonth);
  return {
    totalCards: [...byStatusMap.values()].reduce((sum, count) => sum + count, 0),
    byStatus,
    totalBalanceCents: summaries.reduce((sum, row) => sum + row.balanceCents, 0),
    loadedThisMonthCents: current?.amountCents ?? 0,
    loadsThisMonth: current?.loads ?? 0,
    expiringSoon: summaries.reduce((sum, row) => sum + row.expiringSoon, 0),
    readyToTopUp: summaries.reduce((sum, row) => sum + row.readyToTopUp, 0),
    loadedByMonth: months.map((month) => ({
      month,
      amountCents: loads.find((row) => row.month === month)?.amountCents ?? 0,
    })),
  };
}
