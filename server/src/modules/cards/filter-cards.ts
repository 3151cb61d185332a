import { foldForSearch, type CardFilter, type CardFilterResponse } from '@tessera/domain';
import { cardClock } from './card-fields';
import type { CardsContext } from './context';
import { filterCardPage } from './repository';
import { totalKey } from './totals-cache';
import { toCard } from './views';

/** One page of the company's cards (server-side filter, sort and pagination; totals reused, ADR 008). */
export async function filterCards(
  ctx: CardsContext,
  companyId: string,
  filter: CardFilter,
): Promise<CardFilterResponse> {
  const at = ctx.now();
  const clock = cardClock(at);
  const folded = foldForSearch(filter.search);
  const { rows, total } = await filterCardPage(ctx.db, companyId, filter, folded, clock, {
    total: (count) => ctx.totals.get(companyId, totalKey(filter, folded, clock), count),
  });
  return {
    success: true,
    cards: rows.map((row) => toCard(row, at)),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}
