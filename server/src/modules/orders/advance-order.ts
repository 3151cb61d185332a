import { FULFILMENT_NEXT, type OrderSummary } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { OrderContext } from './order-context';
import { addEvent, updateOrder } from './repository';
import type { OrderActor } from './order-context';

/** Provider staff move a paid order along: production → shipped (tracking) → delivered → loaded. */
export async function advanceOrder(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
  trackingNumber: string,
): Promise<OrderSummary> {
  const order = await ctx.db.transaction(async (tx) => {
    const before = await ctx.lockOrder(tx, actor.companyId, orderId);
    const next = FULFILMENT_NEXT[before.status];
    if (!next) throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is ${before.status}`);
    const at = ctx.now();
    const after = await updateOrder(tx, orderId, {
      status: next,
      ...(next === 'shipped' && trackingNumber ? { trackingNumber } : {}),
    });
    await addEvent(tx, {
      orderId,
      status: next,
      by: actor.userId,
      at,
      note: next === 'shipped' && trackingNumber ? { code: 'trackingNumber' as const, trackingNumber } : null,
    });
    await ctx.audit(tx, actor, 'order.advance', orderId, { status: before.status }, { status: next });
    return after;
  });
  if (order.status === 'shipped' || order.status === 'delivered' || order.status === 'loaded') {
    ctx.notify({ kind: order.status, order });
  }
  return ctx.summary(order);
}
