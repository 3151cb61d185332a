import {
  formatInvoiceNumber,
  INVOICE_DESK_LIMIT,
  invoiceSearchTerm,
  type DeskInvoice,
  type DeskInvoiceDetail,
  type InvoiceDeskQueueResponse,
  type InvoiceDeskSearchResponse,
  type InvoiceState,
} from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  deskQueue,
  deskRowOf,
  findInvoice,
  linesOf,
  searchDesk,
  transmissionsOf,
  type DeskRow,
  type InvoiceRow,
} from './repository';

/**
 * The provider staff's invoice desk, its reads (issue 37 §3–4): the queue of documents AADE refused
 * and of those still waiting for it, the search, and one document with every call to AADE. Every
 * customer's documents: the routes are provider staff's only (`invoice-desk.read`).
 */

/** The states in which staff may send a document again: refused, or not yet at AADE. */
const RESENDABLE: ReadonlySet<InvoiceState> = new Set(['refused', 'issued', 'transmission_failed']);

export function canResend(state: InvoiceState): boolean {
  return RESENDABLE.has(state);
}

function deskInvoiceOf(row: DeskRow): DeskInvoice {
  const { invoice } = row;
  const isWaiting = invoice.state === 'issued' || invoice.state === 'transmission_failed';
  return {
    invoiceId: invoice.id,
    number: formatInvoiceNumber(invoice.series, invoice.number),
    documentType: invoice.documentType,
    state: invoice.state,
    issueDate: invoice.issueDate,
    companyId: invoice.companyId,
    merchantId: invoice.merchantId,
    customerName: invoice.counterpart.name,
    customerVat: invoice.counterpart.vatNumber,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    grossCents: invoice.grossCents,
    mark: invoice.mark,
    transmissionFailure: invoice.transmissionFailure,
    attempts: row.attempts,
    lastAttemptAt: row.lastAttempt?.startedAt.toISOString() ?? null,
    lastOutcome: row.lastAttempt?.outcome ?? null,
    errors: row.lastAttempt?.errors ?? [],
    nextAttemptAt: isWaiting ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

/** The queue: refused documents and waiting ones, each oldest first. */
export async function invoiceDeskQueue(db: Executor): Promise<Omit<InvoiceDeskQueueResponse, 'success'>> {
  // One more than shown tells whether a list was cut.
  const { refused, waiting } = await deskQueue(db, INVOICE_DESK_LIMIT + 1);
  return {
    refused: refused.slice(0, INVOICE_DESK_LIMIT).map(deskInvoiceOf),
    waiting: waiting.slice(0, INVOICE_DESK_LIMIT).map(deskInvoiceOf),
    hasMore: refused.length > INVOICE_DESK_LIMIT || waiting.length > INVOICE_DESK_LIMIT,
  };
}

/** Documents by number as printed, by MARK or by the customer's ΑΦΜ, newest first. */
export async function searchInvoiceDesk(
  db: Executor,
  text: string,
): Promise<Omit<InvoiceDeskSearchResponse, 'success'>> {
  const term = invoiceSearchTerm(text);
  if (term.kind === 'none') return { matchedBy: 'none', invoices: [] };
  const rows = await searchDesk(
    db,
    term.kind === 'digits' ? { digits: term.digits } : { series: term.series, number: term.number },
    INVOICE_DESK_LIMIT,
  );
  return { matchedBy: term.kind, invoices: rows.map(deskInvoiceOf) };
}

function addressOf(counterpart: InvoiceRow['counterpart']): string {
  const street = [counterpart.street, counterpart.streetNumber].filter(Boolean).join(' ');
  const place = [counterpart.postalCode, counterpart.city].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}

/** One document with its customer, lines and every call to AADE about it; NOT_FOUND otherwise. */
export async function invoiceDeskDetail(db: Executor, invoiceId: string): Promise<DeskInvoiceDetail> {
  const row = await deskRowOf(db, invoiceId);
  if (!row) throw new AppError('NOT_FOUND', `no invoice ${invoiceId}`);
  const { invoice } = row;
  const [lines, transmissions, correlated] = [
    await linesOf(db, invoice.id),
    await transmissionsOf(db, invoice.id),
    invoice.correlatedInvoiceId ? await findInvoice(db, invoice.correlatedInvoiceId) : undefined,
  ];
  return {
    ...deskInvoiceOf(row),
    customer: {
      name: invoice.counterpart.name,
      vatNumber: invoice.counterpart.vatNumber,
      address: addressOf(invoice.counterpart),
      taxOffice: invoice.counterpart.taxOffice,
    },
    issuerVat: invoice.issuerVat,
    mydataUid: invoice.mydataUid,
    authenticationCode: invoice.authenticationCode,
    qrUrl: invoice.qrUrl,
    transmittedAt: invoice.transmittedAt?.toISOString() ?? null,
    createdAt: invoice.createdAt.toISOString(),
    orderId: invoice.orderId,
    settlementId: invoice.settlementId,
    correlated: correlated
      ? {
          invoiceId: correlated.id,
          number: formatInvoiceNumber(correlated.series, correlated.number),
          mark: correlated.mark,
        }
      : null,
    lines: lines.map((line) => ({
      lineNumber: line.lineNumber,
      kind: line.kind,
      descriptionEl: line.descriptionEl,
      descriptionEn: line.descriptionEn,
      quantity: line.quantity,
      netCents: line.netCents,
      vatCategory: line.vatCategory,
      vatCents: line.vatCents,
    })),
    transmissions: transmissions.map((transmission) => ({
      attempt: transmission.attempt,
      action: transmission.action,
      gateway: transmission.gateway,
      startedAt: transmission.startedAt.toISOString(),
      finishedAt: transmission.finishedAt.toISOString(),
      outcome: transmission.outcome,
      httpStatus: transmission.httpStatus,
      errors: transmission.errors,
      mark: transmission.mark,
      transmissionFailure: transmission.transmissionFailure,
      detail: transmission.detail,
    })),
    canResend: canResend(invoice.state),
  };
}
