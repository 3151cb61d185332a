import { maskCardNumber, type CardStatus } from '@tessera/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { publishEvent } from '../webhooks';
import type { CardsContext } from './context';
import { setCardsStatus, type Executor } from './repository';
import { cards } from './schema';

/**
 * Closes cards a paid order replaced (their money has moved to the new cards). Each closed card is
 * a `card.blocked` webhook event (issue 22 §3, ADR 035), in the caller's transaction.
 */
export async function closeCards(
  ctx: CardsContext,
  db: Executor,
  companyId: string,
  cardIds: string[],
  status: CardStatus,
): Promise<void> {
  if (cardIds.length === 0) return;
  const at = ctx.now();
  await setCardsStatus(db, companyId, cardIds, status, at);
  ctx.totals.forget(companyId);
  const closed = await db
    .select({
      id: cards.id,
      bin: cards.bin,
      last4: cards.last4,
      cardName: cards.cardName,
      replacedBy: cards.replacedByCardId,
    })
    .from(cards)
    .where(and(eq(cards.companyId, companyId), inArray(cards.id, cardIds)));
  for (const card of closed) {
    await publishEvent(db, {
      companyId,
      type: 'card.blocked',
      at,
      data: {
        cardId: card.id,
        maskedNumber: maskCardNumber(card.bin, card.last4),
        cardName: card.cardName,
        status,
        replacedByCardId: card.replacedBy,
      },
    });
  }
}
