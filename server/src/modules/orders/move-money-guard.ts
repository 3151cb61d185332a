import { approvalRefusal, isStepUpAmount, type ApprovableOrder } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertFreshSecondFactor } from '../../platform/step-up';
import type { OrderActor } from './order-context';
import { stepUpMinimumOf } from './repository';

/** What a person is about to do that lets an order's money move (ADR 032, ADR 040). */
export type MoneyMove =
  /** Submitting a draft: `approvalsRequired` 0 means the order goes straight to payment. */
  | { kind: 'submit'; totalCents: number; approvalsRequired: number }
  /** Starting a payment of an order awaiting it (a transfer's instructions, a card's bank page). */
  | { kind: 'pay'; orderId: string; amountCents: number }
  /** Taking money back from cards to the company's balance (an unload, a leaver's cards). */
  | { kind: 'unload'; amountCents: number }
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
 * The one place every submission, payment, unload and approval passes before it can let money move
 * (ADR 032), inside the transaction of the change and before anything is written. It refuses an
 * approval by someone who made the order or approved it already (422, code 71 or 73), and asks a
 * person with a second factor for a code typed within the window (403, code 33; issue 21 §2, issue
 * 33 §9): for every approval; for a submission, payment or unload from the company's minimum amount
 * on (0 unless set: all of them), and for a submission that waits for approval whatever the minimum.
 * Jobs and API clients carry no second-factor state and are never asked: no person is present, and
 * a client's own credentials stand in for one (ADR 040).
 */
export async function assertMayMoveMoney(tx: Executor, actor: OrderActor, move: MoneyMove): Promise<void> {
  if (move.kind !== 'approve') {
    // Nobody to ask: no read of the minimum either.
    if (!actor.secondFactor?.isEnrolled) return;
    const minimum = await stepUpMinimumOf(tx, actor.companyId);
    const amount = move.kind === 'submit' ? move.totalCents : move.amountCents;
    const waits = move.kind === 'submit' && move.approvalsRequired > 0;
    if (isStepUpAmount(minimum, amount, { waitsForApproval: waits })) {
      const what =
        move.kind === 'submit'
          ? `submitting ${amount} cents`
          : move.kind === 'pay'
            ? `paying order ${move.orderId} (${amount} cents)`
            : `unloading ${amount} cents`;
      assertFreshSecondFactor(actor.secondFactor, `${actor.userId} ${what}`);
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
