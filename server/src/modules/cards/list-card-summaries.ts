import type { CardSummary } from '@tessera/domain';
import { cardClock } from './card-fields';
import type { CardsContext } from './context';
import { summarizeCards } from './repository';

/** The company's cards counted per product and family, with their balance, expiring and due counts. */
export async function listCardSummaries(ctx: CardsContext, companyId: string): Promise<CardSummary[]> {
  return summarizeCards(ctx.db, companyId, cardClock(ctx.now()));
}
