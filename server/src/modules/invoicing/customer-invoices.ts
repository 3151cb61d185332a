import type { Writable } from 'node:stream';
import { formatInvoiceNumber, type CustomerInvoice, type Locale } from '@tessera/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  correlatedOf,
  findCustomerInvoice,
  lineKindsOf,
  pageCustomerInvoices,
  type Customer,
  type CustomerInvoiceFilter,
} from './customer-repository';
import { writeCustomerInvoicesExcel } from './customer-invoices-excel';
import { renderInvoicePdf } from './invoice-pdf';
import { invoicesDocXml } from './mydata/invoices-doc';
import { mydataDocumentOf } from './mydata-document';
import { findInvoice, linesOf, linesOfInvoices, type InvoiceLineRow, type InvoiceRow } from './repository';

/**
 * A customer's own documents (issue 37 §4): the company's or the merchant's the route resolved,
 * listed, printed (PDF), as myDATA took them (XML) and as a spreadsheet. Every read is scoped by
 * that customer: another customer's document is NOT_FOUND, whoever asks.
 */

/** The numbers of a company's orders by id (the orders module's; a merchant has none). */
export type OrderNumbers = (orderIds: readonly string[]) => Promise<ReadonlyMap<string, number>>;

const noOrders: OrderNumbers = async () => new Map();

export type CustomerInvoicesPage = { invoices: CustomerInvoice[]; total: number };

/** Rows as the lists show them: number, state, what they charge, their order and credited invoice. */
async function summaries(
  db: Db,
  customer: Customer,
  rows: readonly InvoiceRow[],
  orderNumbers: OrderNumbers,
): Promise<CustomerInvoice[]> {
  const [kinds, correlated, numbers] = await Promise.all([
    lineKindsOf(
      db,
      rows.map((row) => row.id),
    ),
    correlatedOf(db, customer, rows),
    orderNumbers(rows.map((row) => row.orderId).filter((id): id is string => id !== null)),
  ]);
  return rows.map((row) => {
    const credited = row.correlatedInvoiceId ? correlated.get(row.correlatedInvoiceId) : undefined;
    return {
      invoiceId: row.id,
      number: formatInvoiceNumber(row.series, row.number),
      documentType: row.documentType,
      issueDate: row.issueDate,
      state: row.state,
      isTransmissionFailure: row.transmissionFailure !== null,
      mark: row.mark,
      netCents: row.netCents,
      vatCents: row.vatCents,
      grossCents: row.grossCents,
      orderId: row.orderId,
      orderNumber: row.orderId ? (numbers.get(row.orderId) ?? null) : null,
      credits: credited
        ? { invoiceId: credited.id, number: formatInvoiceNumber(credited.series, credited.number) }
        : null,
      lineKinds: kinds.get(row.id) ?? [],
    };
  });
}

/**
 * A page of the customer's documents, newest first.
 *
 * @param customer the company or merchant the route resolved for the caller.
 * @param query the filters (issue dates, invoices or credit notes, a company's order) and the page.
 * @param orderNumbers how the company's order numbers are read (none for a merchant).
 */
export async function listCustomerInvoices(
  db: Db,
  customer: Customer,
  query: CustomerInvoiceFilter & { page: number; pageSize: number },
  orderNumbers: OrderNumbers = noOrders,
): Promise<CustomerInvoicesPage> {
  const { rows, total } = await pageCustomerInvoices(db, customer, query, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { invoices: await summaries(db, customer, rows, orderNumbers), total };
}

/** Every document of a company's order (its invoice, then the credit notes of it), oldest first. */
export async function orderInvoices(
  db: Db,
  companyId: string,
  orderId: string,
  orderNumbers: OrderNumbers,
): Promise<CustomerInvoice[]> {
  const customer = { companyId };
  const { rows } = await pageCustomerInvoices(db, customer, { orderId }, { offset: 0, limit: 500 });
  return (await summaries(db, customer, rows, orderNumbers)).reverse();
}

export type CustomerDocument = {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  /** The invoice a credit note credits. */
  credited: InvoiceRow | null;
};

/** One of the customer's documents with its lines; NOT_FOUND when it is not the customer's. */
export async function customerDocument(
  db: Db,
  customer: Customer,
  invoiceId: string,
): Promise<CustomerDocument> {
  const invoice = await findCustomerInvoice(db, customer, invoiceId);
  if (!invoice) throw new AppError('NOT_FOUND', `invoice ${invoiceId} is not the customer's`);
  const [lines, credited] = await Promise.all([
    linesOf(db, invoice.id),
    invoice.correlatedInvoiceId ? findInvoice(db, invoice.correlatedInvoiceId) : undefined,
  ]);
  return { invoice, lines, credited: credited ?? null };
}

/** The document's file name: its number (`TPY-1042.pdf`). */
function fileNameOf(invoice: InvoiceRow, extension: 'pdf' | 'xml'): string {
  return `${formatInvoiceNumber(invoice.series, invoice.number)}.${extension}`;
}

/** The printed document (Greek; English beside it for `en`). */
export async function customerInvoicePdf(
  db: Db,
  customer: Customer,
  invoiceId: string,
  locale: Locale,
  orderNumbers: OrderNumbers = noOrders,
): Promise<{ fileName: string; pdf: Buffer }> {
  const { invoice, lines, credited } = await customerDocument(db, customer, invoiceId);
  const numbers = invoice.orderId ? await orderNumbers([invoice.orderId]) : new Map<string, number>();
  const pdf = await renderInvoicePdf(
    {
      invoice,
      lines,
      credited,
      orderNumber: invoice.orderId ? (numbers.get(invoice.orderId) ?? null) : null,
    },
    locale,
  );
  return { fileName: fileNameOf(invoice, 'pdf'), pdf };
}

/**
 * The document as myDATA takes it: an `InvoicesDoc` of this one document, as the transmission
 * job sends it (with its transmission-failure flag, and for a credit note the MARK of its
 * invoice). A credit note whose invoice has no MARK yet has no such document: CONFLICT, until the
 * invoice is transmitted.
 */
export async function customerInvoiceXml(
  db: Db,
  customer: Customer,
  invoiceId: string,
): Promise<{ fileName: string; xml: string }> {
  const { invoice, lines, credited } = await customerDocument(db, customer, invoiceId);
  if (credited && !credited.mark) {
    throw new AppError('CONFLICT', `credit note ${invoice.id} waits for its invoice's MARK`);
  }
  const xml = invoicesDocXml([mydataDocumentOf(invoice, lines, { correlatedMark: credited?.mark ?? null })]);
  return { fileName: fileNameOf(invoice, 'xml'), xml };
}

/** How many documents one spreadsheet holds at most (years of a large company's orders). */
export const EXPORT_LIMIT = 20_000;
const EXPORT_PAGE = 500;

/**
 * The customer's documents matching `filter` as a spreadsheet for its accountant, written to
 * `output` page by page (at most `EXPORT_LIMIT`), newest first.
 */
export async function exportCustomerInvoices(
  db: Db,
  customer: Customer,
  filter: CustomerInvoiceFilter,
  locale: Locale,
  output: Writable,
  orderNumbers: OrderNumbers = noOrders,
): Promise<void> {
  async function* documents() {
    for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_PAGE) {
      const { rows } = await pageCustomerInvoices(db, customer, filter, { offset, limit: EXPORT_PAGE });
      if (rows.length === 0) return;
      const [summariesOfPage, lines] = await Promise.all([
        summaries(db, customer, rows, orderNumbers),
        linesOfInvoices(
          db,
          rows.map((row) => row.id),
        ),
      ]);
      for (const [index, row] of rows.entries()) {
        yield { row, summary: summariesOfPage[index]!, lines: lines.get(row.id) ?? [] };
      }
      if (rows.length < EXPORT_PAGE) return;
    }
  }
  await writeCustomerInvoicesExcel(documents(), locale, output);
}
