import { approvalRefusal, type ApprovableOrder } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { OrderActor } from './order-context';

/** What a person is about to do that lets an order's money move (ADR 032). */
export type MoneyMove =
  /** Submitting a draft: `approvalsRequired` 0 means the order goes straight to payment. */
  | { kind: 'submit'; totalCents: number; approvalsRequired: number }
  /** Approving a waiting order (the last approval needed lets it be paid). */
  | { kind: 'approve'; order: ApprovableOrder & { id: string; totalCents: number } };

/**
 * The one place every submission and approval passes before it can let money move (ADR 032),
 * inside the transaction of the change. Today it refuses an approval by someone who submitted the
 * order, prepared its draft or approved it already (422, code 71 or 73).
 *
 * STEP-UP HOOK: a fresh second factor ("within 5 minutes") for submitting or approving above the
 * threshold goes here — read the session's last second-factor time from the actor and throw a
 * translated AppError when `move.kind === 'approve'`, or when `move.kind === 'submit'` and the total
 * is above the company's threshold. Every path that lets an order's money move calls this first.
 */
export async function assertMayMoveMoney(_tx: Executor, actor: OrderActor, move: MoneyMove): Promise<void> {
  if (move.kind === 'submit') return;
  const refusal = approvalRefusal(move.order, actor);
  if (refusal === null) return;
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
