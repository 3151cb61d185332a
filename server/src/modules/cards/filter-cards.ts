import { foldForSearch, type CardFilter, type CardFilterResponse } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { cardClock } from './card-fields';
import type { CardsContext } from './context';
import { cardPageQueries, filterCardPage, type Statement } from './repository';
import { totalKey } from './totals-cache';
import { toCard } from './views';

/** One page of the company's cards (server-side filter, sort and pagination; totals reused, ADR 008). */
export async function filterCards(
  ctx: CardsContext,
  companyId: string,
  filter: CardFilter,
): Promise<CardFilterResponse> {
  // The Athens dates every card's flags depend on, worked out once for the whole page.
  const clock = cardClock(ctx.now());
  const folded = foldForSearch(filter.search);
  const { rows, total } = await filterCardPage(ctx.db, companyId, filter, folded, clock, {
    total: (count) => ctx.totals.get(companyId, totalKey(filter, folded, clock), count),
  });
  return {
    success: true,
    cards: rows.map((row) => toCard(row, clock)),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/**
 * The SQL `filterCards` sends for `filter` at `at`, given the `total` it then knows (a later page
 * is read from the nearer end): the count and the page statement (null past the end). For the
 * benchmark's floor, which runs the same text through `pg` (issue 17); nothing here touches the
 * database (`db` only builds the statements).
 */
export function cardFilterStatements(
  db: Executor,
  companyId: string,
  filter: CardFilter,
  at: Date,
  total?: number,
): { count: Statement; page: Statement | null } {
  const { count, page } = cardPageQueries(
    db,
    companyId,
    filter,
    foldForSearch(filter.search),
    cardClock(at),
    filter.page === 1 ? undefined : total,
  );
  return { count: count.toSQL(), page: page ? page.toSQL() : null };
}
