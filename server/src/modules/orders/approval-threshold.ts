import type { ApprovalSettings, OrderMoneySettings } from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import { assertFreshSecondFactor } from '../../platform/step-up';
import type { OrderActor, OrderContext } from './order-context';
import { approvalRuleOf, moneySettingsOf, saveApprovalRule } from './repository';

/**
 * Changes the company's approval rule (ADR 010, ADR 032): the switch and first threshold, the
 * optional second threshold, the days an approval may take, and (ADR 040) the amount from which a
 * money move asks a person with a second factor for a fresh code (kept when not given). Changing
 * them is audited with the settings before and after; the request's schema already checked
 * second ≥ first. A change needs a fresh second factor (step-up, issue 21 §2); saving the settings
 * unchanged does not.
 */
export async function setApprovalSettings(
  ctx: OrderContext,
  actor: OrderActor,
  settings: ApprovalSettings,
): Promise<OrderMoneySettings> {
  return ctx.db.transaction(async (tx) => {
    const before = await moneySettingsOf(tx, actor.companyId);
    // The switch off clears the second threshold: it would otherwise contradict the switch.
    const after: OrderMoneySettings = {
      thresholdCents: settings.thresholdCents,
      secondThresholdCents: settings.thresholdCents === null ? null : settings.secondThresholdCents,
      expiryDays: settings.expiryDays,
      stepUpMinCents: settings.stepUpMinCents ?? before.stepUpMinCents,
    };
    const isChange =
      before.thresholdCents !== after.thresholdCents ||
      before.secondThresholdCents !== after.secondThresholdCents ||
      before.expiryDays !== after.expiryDays ||
      before.stepUpMinCents !== after.stepUpMinCents;
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
