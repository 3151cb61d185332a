import { mayCancel, OPEN_STATUSES, type OrderSummary } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { OrderContext } from './order-context';
import { addEvent, updateOrder } from './repository';
import type { OrderActor } from './order-context';

/** The submitter or an approver withdraws an order not paid yet; its pending attempts end. */
export async function cancelOrder(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
): Promise<OrderSummary> {
  const order = await ctx.db.transaction(async (tx) => {
    const before = await ctx.lockOrder(tx, actor.companyId, orderId);
    if (!OPEN_STATUSES.includes(before.status)) {
      throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is ${before.status}`);
    }
    if (!mayCancel(before, actor))
      throw new AppError('FORBIDDEN', `${actor.userId} may not cancel ${orderId}`);
    const at = ctx.now();
    await ctx.deps.payments.cancelPending(tx, orderId, at);
    const after = await updateOrder(tx, orderId, { status: 'cancelled' });
    await addEvent(tx, { orderId, status: 'cancelled', by: actor.userId, at });
    await ctx.audit(tx, actor, 'order.cancel', orderId, { status: before.status }, { status: after.status });
    return after;
  });
  ctx.notify({ kind: 'cancelled', order, by: actor.userId });
  return ctx.summary(order);
}
