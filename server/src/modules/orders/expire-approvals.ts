import { writeAudit } from '../../platform/audit';
import type { OrderContext } from './order-context';
import { addEvent, approvalsOf, lockExpiredApprovals, updateOrder, type OrderRow } from './repository';

/** The job that expires orders nobody decided in time (ADR 032), hourly, once across instances. */
export const EXPIRE_APPROVALS_JOB = 'orders.expire-approvals';
export const EXPIRE_APPROVALS_CRON = '7 * * * *';

const BATCH = 200;

/**
 * Ends every order still awaiting approval whose expiry time has passed (ADR 032): it is rejected
 * by the system with the reason "nobody decided within N days" in its timeline and the audit log,
 * a first approval of two included; its submitter is told. Nothing is charged: an order awaiting
 * approval has no payment, and any pending attempt would end with it. Each batch is one transaction
 * whose rows are locked (others' locks skipped), so two instances never expire an order twice and
 * an approval racing the job either lands first (the order then no longer waits) or finds it ended.
 */
export async function expireApprovals(ctx: OrderContext, now: Date = ctx.now()): Promise<number> {
  let total = 0;
  for (;;) {
    const expired: OrderRow[] = await ctx.db.transaction(async (tx) => {
      const due = await lockExpiredApprovals(tx, now, BATCH);
      const approvals = await approvalsOf(
        tx,
        due.map((order) => order.id),
      );
      const done: OrderRow[] = [];
      for (const order of due) {
        const days = Math.round(
          ((order.approvalExpiresAt ?? now).getTime() - order.submittedAt.getTime()) / 86_400_000,
        );
        await ctx.deps.payments.cancelPending(tx, order.id, now);
        const after = await updateOrder(tx, order.id, {
          status: 'rejected',
          decidedBy: null,
          decidedAt: now,
        });
        await addEvent(tx, {
          orderId: order.id,
          status: 'rejected',
          by: null,
          at: now,
          note: { code: 'approvalExpired', days },
        });
        await writeAudit(tx, {
          actorUserId: null,
          companyId: order.companyId,
          action: 'order.approval-expired',
          entity: 'order',
          entityId: order.id,
          before: {
            status: order.status,
            approvedBy: approvals.filter((a) => a.orderId === order.id).map((a) => a.approverId),
          },
          after: { status: 'rejected', reason: 'approvalExpired', days },
        });
        done.push(after);
      }
      return done;
    });
    for (const order of expired) ctx.notify({ kind: 'approvalExpired', order });
    total += expired.length;
    if (expired.length < BATCH) return total;
  }
}
