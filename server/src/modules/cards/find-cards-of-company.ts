import type { Card } from '@tessera/domain';
import { cardClock } from './card-fields';
import type { CardsContext } from './context';
import { findCardDetailsOfCompany, type Executor } from './repository';
import { toCard } from './views';

/**
 * The company's cards among `cardIds` (others, and unknown ids, are left out), read in the
 * caller's transaction: the orders module checks a draft's lines against them.
 */
export async function findCardsOfCompany(
  ctx: CardsContext,
  db: Executor,
  companyId: string,
  cardIds: string[],
): Promise<Card[]> {
  const clock = cardClock(ctx.now());
  return (await findCardDetailsOfCompany(db, companyId, cardIds)).map((row) => toCard(row, clock));
}
