import {
  LIVE_CARD_STATUSES,
  type BlockAndUnloadRequestSchema,
  type BlockAndUnloadResponse,
} from '@tessera/domain';
import type { z } from 'zod';
import { auditChange } from '../../platform/audit';
import { companyScope, idempotent, type IdempotencyOptions } from '../../platform/idempotency';
import type { OrderActor, OrderContext } from './order-context';
import { placeUnloadOrder } from './unload';

export type BlockAndUnload = z.output<typeof BlockAndUnloadRequestSchema>;

/**
 * blockAndUnloadCards (issue 22 §4, ADR 036): blocks the chosen cards (a leaver's, say) and takes
 * each one's whole balance back to the company's balance, all or nothing, in one transaction:
 *
 * - the cards are locked first, so the balances read are the balances unloaded;
 * - an id that is not a live card of the company is refused by its row and nothing changes;
 * - the money goes back through the unload path (`placeUnloadOrder`): one UNLOAD order and one
 *   ledger posting for the cards holding money, none when no card does;
 * - each card is blocked through the cards module's status path (`blockCards` → `closeCards`),
 *   where the `card.blocked` webhook belongs, and audited.
 *
 * Unloading moves money off the cards, so a person with a second factor needs a fresh code for it
 * (ADR 040, asked in `placeUnloadOrder` before anything is written); blocking cards that hold
 * nothing moves no money and asks none. With an `Idempotency-Key` a repeat answers the first result
 * and moves nothing.
 */
export async function blockAndUnloadCards(
  ctx: OrderContext,
  actor: OrderActor,
  request: BlockAndUnload,
  idempotency: IdempotencyOptions,
): Promise<Omit<BlockAndUnloadResponse, 'success'>> {
  const { cards } = ctx.deps;
  const result = await idempotent(ctx.db, companyScope(actor, idempotency, request), async (tx) => {
    const at = ctx.now();
    await cards.lockCardsOfCompany(tx, actor.companyId, request.cardIds);
    const chosen = await cards.checkBulkCards(tx, actor.companyId, request.cardIds, (card) =>
      LIVE_CARD_STATUSES.includes(card.status) ? null : { key: 'cardNotLive' },
    );
    const withMoney = chosen.filter((card) => card.balanceCents > 0);
    const unloadedCents = withMoney.reduce((sum, card) => sum + card.balanceCents, 0);
    const order =
      withMoney.length > 0
        ? await placeUnloadOrder(
            tx,
            ctx.fulfilDeps,
            actor,
            {
              cards: withMoney.map((card) => ({ cardId: card.cardId, amountCents: card.balanceCents })),
              comments: '',
            },
            at,
          )
        : null;
    await cards.blockCards(tx, actor.companyId, request.cardIds);
    for (const card of chosen) {
      await auditChange(tx, actor, {
        action: 'card.block',
        entity: 'card',
        entityId: card.cardId,
        before: { status: card.status, balanceCents: card.balanceCents },
        after: { status: 'blocked', balanceCents: 0, unloadOrderId: order?.id ?? null },
      });
    }
    return { blocked: chosen.length, unloadedCents, orderId: order?.id ?? null };
  });
  if (result.orderId === null) return { blocked: result.blocked, unloadedCents: 0, order: null };
  const order = await ctx.getOrder(actor.companyId, result.orderId);
  ctx.notify({ kind: 'unloaded', order });
  return { blocked: result.blocked, unloadedCents: result.unloadedCents, order: await ctx.summary(order) };
}
