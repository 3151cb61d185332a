import type { CardsContext } from './context';
import { activateBlockedCards, type Executor } from './repository';

/** Activates the company's cards among `cardIds` that wait for activation (blocked); answers how many. */
export async function activateCards(
  ctx: CardsContext,
  db: Executor,
  companyId: string,
  cardIds: string[],
): Promise<number> {
  if (cardIds.length === 0) return 0;
  const activated = await activateBlockedCards(db, companyId, cardIds, ctx.now());
  ctx.totals.forget(companyId);
  return activated;
}
