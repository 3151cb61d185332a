import { parse } from 'csv-parse/sync';
import {
  findRf,
  formatRf,
  orderNumberOfRf,
  parseAmount,
  type ImportBankStatementResponse,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { PayableOrders, PaymentOutcome } from './apply-card-result';
import { claimNotice, insertPayment, pendingPayments, setNoticeOutcome, updatePayment } from './repository';
import { publishEvent } from '../webhooks';

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
  orders: PayableOrders,
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
  const order = number ? await orders.lockOrderByNumber(tx, number) : undefined;
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
  const { order: paidOrder, cardsLoaded } = await orders.fulfil(tx, order, payment.createdBy, at);
  // Issue 22 §3 (ADR 035): the payment, told in its own transaction.
  await publishEvent(tx, {
    companyId: order.companyId,
    type: 'payment.received',
    at,
    data: {
      paymentId: payment.id,
      orderId: order.id,
      orderNumber: order.number,
      method: payment.method,
      amountCents: payment.amountCents,
      orderStatus: paidOrder.status,
    },
  });
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
  return { ...settled, outcome: { payment, order: paidOrder, paid: true, failed: false, cardsLoaded } };
}
