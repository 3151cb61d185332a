import {
  formatInvoiceNumber,
  INVOICE_DOCUMENT_TYPES,
  isCreditNote,
  publicInvoiceLinks,
  type InvoiceDocumentType,
  type PublicInvoice,
  type PublicInvoicesPage,
  type PublicInvoicesQuery,
} from '@tessera/domain';
import { decodeCursor, encodeCursor } from '../../platform/cursor';
import { AppError } from '../../platform/errors';
import { customerDocument, type OrderNumbers } from './customer-invoices';
import type { InvoicingContext } from './invoicing-context';
import {
  companyInvoicePage,
  linesOfInvoices,
  type InvoiceLineRow,
  type InvoiceRow,
  type InvoicePosition,
} from './repository';
import { ublInvoiceXml } from './ubl';

/**
 * A company's invoices and credit notes in the public API (issue 37 §5): a page of them (by cursor),
 * one, and its UBL XML, always of the company the API client belongs to — another company's
 * document is NOT_FOUND, never shown. Its myDATA XML and PDF are the customer's own downloads
 * (`customer-invoices.ts`), the same files the portal gives the company.
 */

const CURSOR = /^\d{4}-\d\d-\d\d\|[A-Z0-9]{1,10}\|\d\.\d\|\d{1,15}$/;

function publicInvoiceOf(
  ctx: Pick<InvoicingContext, 'publicUrl'>,
  invoice: InvoiceRow,
  lines: readonly InvoiceLineRow[],
): PublicInvoice {
  return {
    invoiceId: invoice.id,
    number: formatInvoiceNumber(invoice.series, invoice.number),
    series: invoice.series,
    sequenceNumber: invoice.number,
    kind: isCreditNote(invoice.documentType) ? 'credit-note' : 'invoice',
    documentType: invoice.documentType,
    issueDate: invoice.issueDate,
    state: invoice.state,
    currency: invoice.currency,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    grossCents: invoice.grossCents,
    mark: invoice.mark,
    uid: invoice.mydataUid,
    qrUrl: invoice.qrUrl,
    orderId: invoice.orderId,
    correlatedInvoiceId: invoice.correlatedInvoiceId,
    issuerVat: invoice.issuerVat,
    customer: { name: invoice.counterpart.name, vatNumber: invoice.counterpart.vatNumber },
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
    links: publicInvoiceLinks(ctx.publicUrl, invoice.id),
  };
}

function positionOf(cursor: string | undefined): InvoicePosition | null {
  const position = decodeCursor(cursor, CURSOR);
  if (position === null) return null;
  const [issueDate = '', series = '', documentType = '', number = ''] = position.split('|');
  if (!(INVOICE_DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    throw new AppError('VALIDATION', 'malformed cursor', {
      fields: [{ field: 'cursor', key: 'invalidValue' }],
    });
  }
  return { issueDate, series, documentType: documentType as InvoiceDocumentType, number: Number(number) };
}

/** `GET /invoices`: the company's documents, newest first, a page at a time. */
export async function publicInvoicesPage(
  ctx: Pick<InvoicingContext, 'db' | 'publicUrl'>,
  companyId: string,
  query: PublicInvoicesQuery,
): Promise<PublicInvoicesPage> {
  const rows = await companyInvoicePage(ctx.db, companyId, {
    after: positionOf(query.cursor),
    from: query.from,
    to: query.to,
    kind: query.kind,
    limit: query.limit + 1,
  });
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const lines = await linesOfInvoices(
    ctx.db,
    shown.map((row) => row.id),
  );
  const last = shown.at(-1);
  return {
    data: shown.map((row) => publicInvoiceOf(ctx, row, lines.get(row.id) ?? [])),
    nextCursor:
      more && last
        ? encodeCursor(`${last.issueDate}|${last.series}|${last.documentType}|${last.number}`)
        : null,
  };
}

/** `GET /invoices/{invoiceId}`: one of the company's documents (another's is NOT_FOUND). */
export async function publicInvoice(
  ctx: Pick<InvoicingContext, 'db' | 'publicUrl'>,
  companyId: string,
  invoiceId: string,
): Promise<PublicInvoice> {
  const { invoice, lines } = await customerDocument(ctx.db, { companyId }, invoiceId);
  return publicInvoiceOf(ctx, invoice, lines);
}

/**
 * `GET /invoices/{invoiceId}/ubl`: the document as UBL 2.1 following EN 16931 (`ublInvoiceXml`,
 * ADR 060) — an `Invoice`, or a `CreditNote` naming the invoice it credits — with the number of
 * the order whose fees it charges as the buyer's order reference.
 */
export async function publicInvoiceUbl(
  ctx: Pick<InvoicingContext, 'db'>,
  companyId: string,
  invoiceId: string,
  orderNumbers: OrderNumbers,
): Promise<{ fileName: string; xml: string }> {
  const { invoice, lines, credited } = await customerDocument(ctx.db, { companyId }, invoiceId);
  const numbers = invoice.orderId ? await orderNumbers([invoice.orderId]) : new Map<string, number>();
  const xml = ublInvoiceXml(invoice, lines, {
    credited,
    orderNumber: invoice.orderId ? (numbers.get(invoice.orderId) ?? null) : null,
  });
  return { fileName: `${formatInvoiceNumber(invoice.series, invoice.number)}-ubl.xml`, xml };
}
