import { PAID_STATUSES } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { OrderContext } from './order-context';
import { addEvent, linesOf } from './repository';
import type { OrderActor } from './order-context';

/**
 * activateComplimentOrder (SPEC §7): a paid complimentary order's cards, made blocked until the
 * company hands them out, become active. Answers how many were activated (0 on a repeat).
 */
export async function activateComplimentOrder(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const order = await ctx.lockOrder(tx, actor.companyId, orderId);
    if (order.product !== 'COPMLIMENT' || !PAID_STATUSES.includes(order.status)) {
      throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is not a paid complimentary order`);
    }
    const lines = await linesOf(tx, orderId);
    const activated = await ctx.deps.cards.activateCards(
      tx,
      actor.companyId,
      lines.flatMap((line) => (line.cardId ? [line.cardId] : [])),
    );
    if (activated > 0) {
      await addEvent(tx, {
        orderId,
        status: 'loaded',
        by: actor.userId,
        at: ctx.now(),
        note: { code: 'cardsActivated', count: activated },
      });
      await ctx.audit(tx, actor, 'order.activate', orderId, null, { activated });
    }
    return activated;
  });
}
