import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { OrderRow, OrdersService } from '../orders';
import type { PaymentResult } from './gateway';
import { claimNotice, findPayment, setNoticeOutcome, updatePayment, type PaymentRow } from './repository';
import { publishEvent } from '../webhooks';

/** What payments use of the orders module: the order paid, locked, and its fulfilment. */
export type PayableOrders = Pick<OrdersService, 'lockPaidOrder' | 'lockOrderByNumber' | 'fulfil'>;

/** What happened to the order when a payment notice was applied, for the emails after commit. */
export type PaymentOutcome = {
  payment: PaymentRow;
  order: OrderRow;
  /** The order was paid by this notice (and its money moved). */
  paid: boolean;
  /** The payment failed or was cancelled by this notice. */
  failed: boolean;
  /** Cards the order's fulfilment credited (0 unless paid by this notice). */
  cardsLoaded: number;
};

/**
 * Applies the bank's result for a card payment exactly once, in the caller's transaction. The
 * notice is recorded by its id first: a duplicate (the same callback twice) changes nothing. Only a
 * pending attempt is decided; a result for an attempt already decided (the browser's return after
 * the callback, or the other way round) answers the state as it is. An approval for an order that
 * no longer awaits payment (paid by transfer meanwhile, or cancelled) credits nothing and is
 * recorded for a refund.
 */
export async function applyCardResult(
  orders: PayableOrders,
  tx: Executor,
  notice: {
    id: string;
    paymentId: string;
    result: PaymentResult;
    bankReference: string;
    amountCents: number | null;
    payload: unknown;
  },
  at: Date,
): Promise<PaymentOutcome> {
  const payment = await findPayment(tx, notice.paymentId, { forUpdate: true });
  if (!payment) throw new AppError('NOT_FOUND', `no payment ${notice.paymentId}`);
  const order = (await orders.lockPaidOrder(tx, payment.orderId))!;
  const fresh = await claimNotice(tx, {
    id: notice.id,
    paymentId: payment.id,
    orderId: order.id,
    amountCents: notice.amountCents,
    outcome: 'received',
    payload: notice.payload as object,
  });
  const unchanged = { payment, order, paid: false, failed: false, cardsLoaded: 0 };
  if (!fresh) return unchanged;
  if (payment.status !== 'pending') {
    await setNoticeOutcome(tx, notice.id, `ignored: payment already ${payment.status}`);
    return unchanged;
  }
  if (notice.result !== 'approved') {
    const failed = await updatePayment(tx, payment.id, {
      status: notice.result === 'declined' ? 'failed' : 'cancelled',
      bankReference: notice.bankReference,
      failureReason: notice.result === 'declined' ? 'declined' : 'cancelledByPayer',
      completedAt: at,
    });
    await setNoticeOutcome(tx, notice.id, notice.result);
    return { payment: failed, order, paid: false, failed: true, cardsLoaded: 0 };
  }
  if (notice.amountCents !== null && notice.amountCents !== payment.amountCents) {
    const failed = await updatePayment(tx, payment.id, {
      status: 'failed',
      bankReference: notice.bankReference,
      failureReason: 'amountMismatch',
      completedAt: at,
    });
    await setNoticeOutcome(tx, notice.id, 'amountMismatch');
    return { payment: failed, order, paid: false, failed: true, cardsLoaded: 0 };
  }
  if (order.status !== 'awaiting_payment') {
    const failed = await updatePayment(tx, payment.id, {
      status: 'failed',
      bankReference: notice.bankReference,
      failureReason: 'orderNotAwaitingPayment',
      completedAt: at,
    });
    await setNoticeOutcome(tx, notice.id, 'alreadyPaid');
    return { payment: failed, order, paid: false, failed: true, cardsLoaded: 0 };
  }
  const succeeded = await updatePayment(tx, payment.id, {
    status: 'succeeded',
    bankReference: notice.bankReference,
    completedAt: at,
  });
  const { order: paidOrder, cardsLoaded } = await orders.fulfil(tx, order, payment.createdBy, at);
  await setNoticeOutcome(tx, notice.id, 'matched');
  // Issue 22 §3 (ADR 035): the payment, told in its own transaction.
  await publishEvent(tx, {
    companyId: order.companyId,
    type: 'payment.received',
    at,
    data: {
      paymentId: succeeded.id,
      orderId: order.id,
      orderNumber: order.number,
      method: succeeded.method,
      amountCents: succeeded.amountCents,
      orderStatus: paidOrder.status,
    },
  });
  await writeAudit(tx, {
    actorUserId: null,
    companyId: order.companyId,
    action: 'order.paid',
    entity: 'order',
    entityId: order.id,
    before: { status: order.status },
    after: { status: paidOrder.status, paymentId: payment.id, method: payment.method },
  });
  return { payment: succeeded, order: paidOrder, paid: true, failed: false, cardsLoaded };
}
