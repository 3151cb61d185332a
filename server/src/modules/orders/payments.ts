import { parse } from 'csv-parse/sync';
import QRCode from 'qrcode';
import {
  findRf,
  formatRf,
  orderNumberOfRf,
  parseAmount,
  paymentMethodsFor,
  type ImportBankStatementResponse,
  type Locale,
  type PaymentKind,
  type PaymentInstructions,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { PROVIDER_BANK_ACCOUNT, PROVIDER_BANK_NAMES } from './documents/bank-account';
import { fulfilOrder, type FulfilDeps } from './fulfil-order';
import type { PaymentResult } from './gateway';
import {
  claimNotice,
  findOrder,
  findOrderByNumber,
  findPayment,
  insertPayment,
  pendingPayments,
  setNoticeOutcome,
  updatePayment,
  type OrderRow,
  type PaymentRow,
} from './placed-repository';
import type { Executor } from './repository';
import type { OrderActor } from './submit-order';

/** What happened to the order when a payment notice was applied, for the emails after commit. */
export type PaymentOutcome = {
  payment: PaymentRow;
  order: OrderRow;
  /** The order was paid by this notice (and its money moved). */
  paid: boolean;
  /** The payment failed or was cancelled by this notice. */
  failed: boolean;
};

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

/**
 * Applies the bank's result for a card payment exactly once, in the caller's transaction. The
 * notice is recorded by its id first: a duplicate (the same callback twice) changes nothing. Only a
 * pending attempt is decided; a result for an attempt already decided (the browser's return after
 * the callback, or the other way round) answers the state as it is. An approval for an order that
 * no longer awaits payment (paid by transfer meanwhile, or cancelled) credits nothing and is
 * recorded for a refund.
 */
export async function applyCardResult(
  deps: FulfilDeps,
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
  const order = (await findOrder(tx, null, payment.orderId, { forUpdate: true }))!;
  const fresh = await claimNotice(tx, {
    id: notice.id,
    paymentId: payment.id,
    orderId: order.id,
    amountCents: notice.amountCents,
    outcome: 'received',
    payload: notice.payload as object,
  });
  const unchanged = { payment, order, paid: false, failed: false };
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
    return { payment: failed, order, paid: false, failed: true };
  }
  if (notice.amountCents !== null && notice.amountCents !== payment.amountCents) {
    const failed = await updatePayment(tx, payment.id, {
      status: 'failed',
      bankReference: notice.bankReference,
      failureReason: 'amountMismatch',
      completedAt: at,
    });
    await setNoticeOutcome(tx, notice.id, 'amountMismatch');
    return { payment: failed, order, paid: false, failed: true };
  }
  if (order.status !== 'awaiting_payment') {
    const failed = await updatePayment(tx, payment.id, {
      status: 'failed',
      bankReference: notice.bankReference,
      failureReason: 'orderNotAwaitingPayment',
      completedAt: at,
    });
    await setNoticeOutcome(tx, notice.id, 'alreadyPaid');
    return { payment: failed, order, paid: false, failed: true };
  }
  const succeeded = await updatePayment(tx, payment.id, {
    status: 'succeeded',
    bankReference: notice.bankReference,
    completedAt: at,
  });
  const paidOrder = await fulfilOrder(deps, tx, order, payment.createdBy, at);
  await setNoticeOutcome(tx, notice.id, 'matched');
  await writeAudit(tx, {
    actorUserId: null,
    companyId: order.companyId,
    action: 'order.paid',
    entity: 'order',
    entityId: order.id,
    before: { status: order.status },
    after: { status: paidOrder.status, paymentId: payment.id, method: payment.method },
  });
  return { payment: succeeded, order: paidOrder, paid: true, failed: false };
}

export type StatementLine = ImportBankStatementResponse['lines'][number];

const HEADERS: Record<string, 'lineId' | 'date' | 'amount' | 'reference' | 'payer'> = {
  id: 'lineId',
  lineid: 'lineId',
  'line id': 'lineId',
  'α/α': 'lineId',
  κωδικός: 'lineId',
  date: 'date',
  ημερομηνία: 'date',
  amount: 'amount',
  ποσό: 'amount',
  reference: 'reference',
  description: 'reference',
  αιτιολογία: 'reference',
  περιγραφή: 'reference',
  payer: 'payer',
  εντολέας: 'payer',
};

/** The rows of a bank statement (CSV, comma or semicolon, headers in English or Greek). */
export function parseStatement(
  csv: string,
): { row: number; lineId: string; amountCents: number | null; reference: string; payer: string }[] {
  const firstLine = csv.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (header: string[]) =>
        header.map((name) => HEADERS[name.trim().toLowerCase().normalize('NFC')] ?? name.trim()),
      delimiter,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    }) as Record<string, string>[];
  } catch (error) {
    throw new AppError('VALIDATION', `statement is not CSV: ${(error as Error).message}`, {
      fields: [{ field: 'csv', key: 'invalidValue' }],
    });
  }
  if (
    records.length > 0 &&
    !('lineId' in records[0]! && 'amount' in records[0]! && 'reference' in records[0]!)
  ) {
    throw new AppError('VALIDATION', 'statement lacks the id, amount or reference column', {
      fields: [{ field: 'csv', key: 'invalidValue' }],
    });
  }
  return records.map((record, index) => ({
    row: index + 2,
    lineId: (record.lineId ?? '').slice(0, 100),
    amountCents: parseAmount(record.amount ?? ''),
    reference: record.reference ?? '',
    payer: record.payer ?? '',
  }));
}

/**
 * Applies one statement line, exactly once by its id, in the caller's transaction: the RF reference
 * in its description names the order; the amount must be the order's total and the order must await
 * payment. Then the order is paid (the open RF or IRIS attempt succeeds, or a new RF payment is
 * recorded) and its money moves. Anything else is reported and credits nothing.
 */
export async function applyStatementLine(
  deps: FulfilDeps,
  tx: Executor,
  line: ReturnType<typeof parseStatement>[number],
  importedBy: string,
  at: Date,
): Promise<{ line: StatementLine; outcome?: PaymentOutcome }> {
  const rf = findRf(line.reference);
  const result = (outcome: StatementLine['outcome'], orderNumber: number | null = null): StatementLine => ({
    row: line.row,
    lineId: line.lineId,
    amountCents: line.amountCents,
    rfCode: rf ? formatRf(rf) : '',
    outcome,
    orderNumber,
  });
  if (!line.lineId || line.amountCents === null) return { line: result('invalid') };
  const number = rf ? orderNumberOfRf(rf) : null;
  const order = number ? await findOrderByNumber(tx, number, { forUpdate: true }) : undefined;
  const fresh = await claimNotice(tx, {
    id: `statement:${line.lineId}`,
    orderId: order?.id ?? null,
    amountCents: line.amountCents,
    outcome: 'received',
    payload: line,
  });
  if (!fresh) return { line: result('duplicate', order?.number ?? null) };
  const settle = async (outcome: StatementLine['outcome']) => {
    await setNoticeOutcome(tx, `statement:${line.lineId}`, outcome);
    return { line: result(outcome, order?.number ?? null) };
  };
  if (!order) return settle('unknownReference');
  if (order.status !== 'awaiting_payment') return settle('alreadyPaid');
  if (line.amountCents !== order.totalCents) return settle('amountMismatch');

  const pending = await pendingPayments(tx, order.id);
  const transfer = pending.find((payment) => payment.method === 'RF' || payment.method === 'IRIS');
  for (const other of pending.filter((payment) => payment !== transfer)) {
    await updatePayment(tx, other.id, {
      status: 'cancelled',
      failureReason: 'paidByTransfer',
      completedAt: at,
    });
  }
  const payment = transfer
    ? await updatePayment(tx, transfer.id, {
        status: 'succeeded',
        bankReference: line.lineId,
        completedAt: at,
      })
    : await insertPayment(tx, {
        orderId: order.id,
        companyId: order.companyId,
        method: 'RF',
        status: 'succeeded',
        amountCents: line.amountCents,
        bankReference: line.lineId,
        createdBy: null,
        completedAt: at,
      });
  const paidOrder = await fulfilOrder(deps, tx, order, payment.createdBy, at);
  await writeAudit(tx, {
    actorUserId: importedBy,
    companyId: order.companyId,
    action: 'order.paid',
    entity: 'order',
    entityId: order.id,
    before: { status: order.status },
    after: { status: paidOrder.status, paymentId: payment.id, statementLine: line.lineId },
  });
  const settled = await settle('matched');
  return { ...settled, outcome: { payment, order: paidOrder, paid: true, failed: false } };
}
