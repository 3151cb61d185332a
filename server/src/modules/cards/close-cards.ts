import type { CardStatus } from '@tessera/domain';
import type { CardsContext } from './context';
import { setCardsStatus, type Executor } from './repository';

/** Closes cards a paid order replaced (their money has moved to the new cards). */
export async function closeCards(
  ctx: CardsContext,
  db: Executor,
  companyId: string,
  cardIds: string[],
  status: CardStatus,
): Promise<void> {
  if (cardIds.length === 0) return;
  await setCardsStatus(db, companyId, cardIds, status, ctx.now());
  ctx.totals.forget(companyId);
}
