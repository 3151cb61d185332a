import type { OrderSummary } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { assertMayMoveMoney } from './move-money-guard';
import type { OrderActor, OrderContext } from './order-context';
import { addEvent, approvalsOf, insertApproval, updateOrder } from './repository';

export type Decision = { approved: true; comment?: string } | { approved: false; reason: string };

/**
 * An approver's decision on an order waiting for approval (ADR 010, ADR 032). Approved, it records
 * the person's approval; once the order has all it needs (one, or two by two different people) it
 * awaits payment, else it keeps waiting and its timeline says who approved and that one more is
 * needed. Rejected, it ends with the reason. Never by the submitter or the draft's maker (422, code
 * 71), never twice by the same person (422, code 73). Every decision carries its reason or comment
 * into the audit log and the timeline.
 */
export async function decideOrder(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
  decision: Decision,
): Promise<OrderSummary> {
  const [me] = (await ctx.namesOf([actor.userId])).values();
  const approverName = me ?? '';
  const { order, kind } = await ctx.db.transaction(async (tx) => {
    const before = await ctx.lockOrder(tx, actor.companyId, orderId);
    const approvals = await approvalsOf(tx, [orderId]);
    const approvedBy = approvals.map((approval) => approval.approverId);
    const at = ctx.now();
    if (!decision.approved) {
      // A rejection moves no money: an approver who said yes earlier may still say no.
      await assertMayMoveMoney(tx, actor, {
        kind: 'approve',
        order: { ...before, approvedBy: approvedBy.filter((id) => id !== actor.userId) },
        isRejection: true,
      });
      const after = await updateOrder(tx, orderId, {
        status: 'rejected',
        decidedBy: actor.userId,
        decidedAt: at,
        rejectedReason: decision.reason,
      });
      await addEvent(tx, {
        orderId,
        status: 'rejected',
        by: actor.userId,
        at,
        note: { code: 'rejectionReason', reason: decision.reason, approverName },
      });
      await ctx.audit(
        tx,
        actor,
        'order.reject',
        orderId,
        { status: before.status, approvedBy },
        { status: 'rejected', reason: decision.reason },
      );
      return { order: after, kind: 'rejected' as const };
    }

    await assertMayMoveMoney(tx, actor, { kind: 'approve', order: { ...before, approvedBy } });
    const comment = decision.comment?.trim() ?? '';
    if (!(await insertApproval(tx, { orderId, approverId: actor.userId, comment, at }))) {
      throw new AppError('ALREADY_APPROVED', `${actor.userId} approved ${orderId} already`);
    }
    const count = approvedBy.length + 1;
    const required = Math.max(1, before.approvalsRequired);
    const complete = count >= required;
    const status = complete ? ('awaiting_payment' as const) : ('awaiting_approval' as const);
    const after = await updateOrder(tx, orderId, {
      status,
      ...(complete ? { decidedBy: actor.userId, decidedAt: at, approvalExpiresAt: null } : {}),
    });
    await addEvent(tx, {
      orderId,
      status,
      by: actor.userId,
      at,
      note: {
        code: 'approved',
        approverName,
        ...(comment ? { comment } : {}),
        ...(required > 1 ? { count, of: required } : {}),
      },
    });
    await ctx.audit(
      tx,
      actor,
      complete ? 'order.approve' : 'order.approve-partial',
      orderId,
      { status: before.status, approvedBy },
      { status, approvals: count, required, comment },
    );
    return { order: after, kind: complete ? ('approved' as const) : ('partiallyApproved' as const) };
  });
  ctx.notify({ kind, order });
  return ctx.summary(order);
}
