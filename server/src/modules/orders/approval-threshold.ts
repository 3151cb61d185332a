import { auditChange } from '../../platform/audit';
import type { OrderContext } from './order-context';
import { approvalThreshold, setApprovalThreshold } from './repository';
import type { OrderActor } from './order-context';

/** The company's approval rule (ADR 010): orders of order managers above it wait; null for none. */
export async function setOrderApprovalThreshold(
  ctx: OrderContext,
  actor: OrderActor,
  thresholdCents: number | null,
): Promise<number | null> {
  await ctx.db.transaction(async (tx) => {
    const before = await approvalThreshold(tx, actor.companyId);
    await setApprovalThreshold(tx, actor.companyId, thresholdCents);
    await auditChange(tx, actor, {
      action: 'orders.approval-threshold',
      entity: 'company',
      entityId: actor.companyId,
      before: { thresholdCents: before },
      after: { thresholdCents },
    });
  });
  return thresholdCents;
}
