import { FULFILMENT_NEXT, type OrderSummary } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { OrderContext } from './order-context';
import { addEvent, updateOrder } from './repository';
import type { OrderActor } from './order-context';

/**
 * Provider staff move a delivered order on to loaded (its cards activated). Production, shipping
 * and delivery go through the production queue (`modules/fulfilment`, ADR 026): a batch and its
 * embossing file first, then the courier; this route refuses those steps so none is skipped.
 */
export async function advanceOrder(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
  /** Kept for callers of the old route; shipping (with its tracking number) is the production queue's. */
  _trackingNumber: string,
): Promise<OrderSummary> {
  const order = await ctx.db.transaction(async (tx) => {
    const before = await ctx.lockOrder(tx, actor.companyId, orderId);
    const next = FULFILMENT_NEXT[before.status];
    if (!next) throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is ${before.status}`);
    if (next !== 'loaded') {
      throw new AppError(
        'ORDER_STATE_CONFLICT',
        `order ${orderId} is ${before.status}: it moves on through the production queue`,
      );
    }
    const at = ctx.now();
    const after = await updateOrder(tx, orderId, { status: next });
    await addEvent(tx, { orderId, status: next, by: actor.userId, at, note: null });
    await ctx.audit(tx, actor, 'order.advance', orderId, { status: before.status }, { status: next });
    return after;
  });
  ctx.notify({ kind: 'loaded', order });
  return ctx.summary(order);
}
