import QRCode from 'qrcode';
import { paymentMethodsFor, type Locale, type PaymentInstructions, type PaymentKind } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { OrderActor, OrderRow } from '../orders';
import { PROVIDER_BANK_ACCOUNT, PROVIDER_BANK_NAMES } from './bank-account';
import { insertPayment, pendingPayments, updatePayment, type PaymentRow } from './repository';

/**
 * The IRIS payload: the EPC "SEPA credit transfer" QR format (BCD), which Greek banking apps read
 * for IRIS and transfers alike: beneficiary, IBAN, amount and the RF reference as the structured
 * creditor reference.
 */
export function irisPayload(amountCents: number, rfCode: string): string {
  const amount = `EUR${(amountCents / 100).toFixed(2)}`;
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    PROVIDER_BANK_ACCOUNT.bic,
    PROVIDER_BANK_ACCOUNT.beneficiary,
    PROVIDER_BANK_ACCOUNT.iban.replace(/\s+/g, ''),
    amount,
    '',
    rfCode,
    '',
  ].join('\n');
}

export async function paymentInstructions(
  payment: PaymentRow,
  order: OrderRow,
  redirectUrl: string | null,
  locale: Locale,
): Promise<PaymentInstructions> {
  let iris: PaymentInstructions['iris'] = null;
  if (payment.method === 'IRIS') {
    const payload = irisPayload(payment.amountCents, order.rfCode);
    iris = {
      payload,
      qrSvg: await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    };
  }
  return {
    paymentId: payment.id,
    orderId: order.id,
    method: payment.method,
    amountCents: payment.amountCents,
    rfCode: order.rfCode,
    redirectUrl,
    iris,
    bank: {
      beneficiary: PROVIDER_BANK_ACCOUNT.beneficiary,
      iban: PROVIDER_BANK_ACCOUNT.iban,
      bic: PROVIDER_BANK_ACCOUNT.bic,
      bankName: PROVIDER_BANK_NAMES[locale],
    },
  };
}

/**
 * Starts a payment of an order awaiting payment, in the caller's transaction: a method the amount
 * may use; any attempt still pending is cancelled first (one pending attempt per order, enforced by
 * a unique index too). A transfer (RF, IRIS) may still arrive for the order after that: it is
 * matched to the order by its reference, not to the attempt.
 */
export async function startPayment(
  tx: Executor,
  order: OrderRow,
  method: PaymentKind,
  actor: OrderActor,
): Promise<PaymentRow> {
  if (order.status !== 'awaiting_payment') {
    throw new AppError('ORDER_STATE_CONFLICT', `order ${order.id} is ${order.status}, not awaiting payment`);
  }
  const allowed = paymentMethodsFor(order.totalCents).find((entry) => entry.method === method);
  if (!allowed?.available) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', `${method} cannot pay ${order.totalCents}`, {
      fields: [{ field: 'method', key: 'invalidChoice' }],
    });
  }
  for (const pending of await pendingPayments(tx, order.id)) {
    await updatePayment(tx, pending.id, {
      status: 'cancelled',
      failureReason: 'replaced',
      completedAt: new Date(),
    });
  }
  const payment = await insertPayment(tx, {
    orderId: order.id,
    companyId: order.companyId,
    method,
    amountCents: order.totalCents,
    createdBy: actor.userId,
  });
  await writeAudit(tx, {
    actorUserId: actor.userId,
    companyId: order.companyId,
    action: 'payment.create',
    entity: 'payment',
    entityId: payment.id,
    after: { orderId: order.id, method, amountCents: payment.amountCents },
    requestId: actor.requestId,
  });
  return payment;
}
