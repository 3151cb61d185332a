import type { ApprovalRule, ApprovalSettings } from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import { assertFreshSecondFactor } from '../../platform/step-up';
import type { OrderActor, OrderContext } from './order-context';
import { approvalRuleOf, saveApprovalRule } from './repository';

/**
 * Changes the company's approval rule (ADR 010, ADR 032): the switch and first threshold, the
 * optional second threshold, and the days an approval may take. Changing who approves what is
 * audited with the rule before and after; the request's schema already checked second ≥ first.
 * A change of who approves what needs a fresh second factor (step-up, issue 21 §2); saving the
 * rule unchanged does not.
 */
export async function setApprovalSettings(
  ctx: OrderContext,
  actor: OrderActor,
  settings: ApprovalSettings,
): Promise<ApprovalRule> {
  return ctx.db.transaction(async (tx) => {
    const before = await approvalRuleOf(tx, actor.companyId);
    // The switch off clears the second threshold: it would otherwise contradict the switch.
    const after: ApprovalRule = {
      thresholdCents: settings.thresholdCents,
      secondThresholdCents: settings.thresholdCents === null ? null : settings.secondThresholdCents,
      expiryDays: settings.expiryDays,
    };
    const isChange =
      before.thresholdCents !== after.thresholdCents ||
      before.secondThresholdCents !== after.secondThresholdCents ||
      before.expiryDays !== after.expiryDays;
    if (isChange) assertFreshSecondFactor(actor.secondFactor, `${actor.userId} changing who approves`);
    await saveApprovalRule(tx, actor.companyId, after);
    await auditChange(tx, actor, {
      action: 'orders.approval-settings',
      entity: 'company',
      entityId: actor.companyId,
      before,
      after,
    });
    return after;
  });
}

/** The first threshold alone, the rest kept (ADR 010's call; tests and the seed use it). */
export async function setOrderApprovalThreshold(
  ctx: OrderContext,
  actor: OrderActor,
  thresholdCents: number | null,
): Promise<number | null> {
  const rule = await approvalRuleOf(ctx.db, actor.companyId);
  const second =
    thresholdCents !== null &&
    rule.secondThresholdCents !== null &&
    rule.secondThresholdCents >= thresholdCents
      ? rule.secondThresholdCents
      : null;
  const saved = await setApprovalSettings(ctx, actor, {
    thresholdCents,
    secondThresholdCents: second,
    expiryDays: rule.expiryDays,
  });
  return saved.thresholdCents;
}
