import { approvalRefusal, type ApprovableOrder } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertFreshSecondFactor } from '../../platform/step-up';
import type { OrderActor } from './order-context';

/** What a person is about to do that lets an order's money move (ADR 032). */
export type MoneyMove =
  /** Submitting a draft: `approvalsRequired` 0 means the order goes straight to payment. */
  | { kind: 'submit'; totalCents: number; approvalsRequired: number }
  /**
   * Deciding on a waiting order: approving it (the last approval needed lets it be paid), or
   * rejecting it (`isRejection`), which moves no money and needs no fresh second factor.
   */
  | {
      kind: 'approve';
      order: ApprovableOrder & { id: string; totalCents: number };
      isRejection?: boolean;
    };

/**
 * The one place every submission and approval passes before it can let money move (ADR 032),
 * inside the transaction of the change. It refuses an approval by someone who submitted the
 * order, prepared its draft or approved it already (422, code 71 or 73), and (issue 21 §2, step-up)
 * a submission above the company's threshold (one that needs approval) or an approval by a person
 * with a second factor who has not typed a code of it within 5 minutes (403, code 33).
 */
export async function assertMayMoveMoney(_tx: Executor, actor: OrderActor, move: MoneyMove): Promise<void> {
  if (move.kind === 'submit') {
    if (move.approvalsRequired > 0) {
      assertFreshSecondFactor(actor.secondFactor, `${actor.userId} submitting ${move.totalCents} cents`);
    }
    return;
  }
  const refusal = approvalRefusal(move.order, actor);
  if (refusal === null) {
    if (!move.isRejection) {
      assertFreshSecondFactor(actor.secondFactor, `${actor.userId} approving order ${move.order.id}`);
    }
    return;
  }
  const subject = `${actor.userId} on order ${move.order.id}`;
  switch (refusal) {
    case 'notWaiting':
      throw new AppError('ORDER_STATE_CONFLICT', `${subject}: order is ${move.order.status}`);
    case 'notApprover':
      throw new AppError('FORBIDDEN', `${subject}: role ${actor.roleId} does not approve`);
    case 'ownOrder':
      throw new AppError('SELF_APPROVAL', `${subject}: submitted or drafted it`);
    case 'alreadyApproved':
      throw new AppError('ALREADY_APPROVED', `${subject}: approved it already`);
  }
}
