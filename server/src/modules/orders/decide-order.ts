import { mayApprove, type OrderSummary } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { OrderContext } from './order-context';
import { addEvent, updateOrder } from './repository';
import type { OrderActor } from './order-context';

/**
 * An approver's decision on an order waiting for approval (ADR 010): approved, it awaits payment;
 * rejected, it ends with the reason. Never the submitter's own (422, code 71).
 */
export async function decideOrder(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
  decision: { approved: true } | { approved: false; reason: string },
): Promise<OrderSummary> {
  const order = await ctx.db.transaction(async (tx) => {
    const before = await ctx.lockOrder(tx, actor.companyId, orderId);
    if (before.status !== 'awaiting_approval') {
      throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is ${before.status}`);
    }
    if (!mayApprove(before, actor)) {
      throw new AppError('SELF_APPROVAL', `${actor.userId} submitted order ${orderId}`);
    }
    const at = ctx.now();
    const status = decision.approved ? ('awaiting_payment' as const) : ('rejected' as const);
    const reason = decision.approved ? '' : decision.reason;
    const after = await updateOrder(tx, orderId, {
      status,
      decidedBy: actor.userId,
      decidedAt: at,
      rejectedReason: reason,
    });
    await addEvent(tx, {
      orderId,
      status,
      by: actor.userId,
      at,
      note: decision.approved ? { code: 'approved' as const } : { code: 'rejectionReason' as const, reason },
    });
    await ctx.audit(
      tx,
      actor,
      decision.approved ? 'order.approve' : 'order.reject',
      orderId,
      { status: before.status },
      { status, ...(decision.approved ? {} : { reason }) },
    );
    return after;
  });
  ctx.notify({ kind: decision.approved ? 'approved' : 'rejected', order });
  return ctx.summary(order);
}
