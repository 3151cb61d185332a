import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceKind, InvoiceLineKind } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import type { InvoiceRow } from './repository';
import { invoiceLines, invoices } from './schema';

/**
 * The SQL of a customer's own documents (issue 37 §4): every statement is filtered by the company
 * or the merchant the route resolved (ARCHITECTURE §4), so another customer's document is never
 * read, listed or counted. Beside `repository.ts`, which holds the issuing and transmitting SQL.
 */

export type Customer = { companyId: string } | { merchantId: string };

export type CustomerInvoiceFilter = {
  /** `YYYY-MM-DD`, issue dates inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  kind?: InvoiceKind | undefined;
  /** A company's order: its invoice and the credit notes of that invoice. */
  orderId?: string | undefined;
};

function customerIs(customer: Customer): SQL {
  return 'companyId' in customer
    ? eq(invoices.companyId, customer.companyId)
    : eq(invoices.merchantId, customer.merchantId);
}

function whereOf(customer: Customer, filter: CustomerInvoiceFilter): SQL {
  const conditions: SQL[] = [customerIs(customer)];
  if (filter.from) conditions.push(gte(invoices.issueDate, filter.from));
  if (filter.to) conditions.push(lte(invoices.issueDate, filter.to));
  if (filter.kind === 'invoice') conditions.push(isNull(invoices.correlatedInvoiceId));
  if (filter.kind === 'credit-note') conditions.push(isNotNull(invoices.correlatedInvoiceId));
  if (filter.orderId) {
    // A credit note names the invoice it credits; the invoice names the order.
    conditions.push(
      or(
        eq(invoices.orderId, filter.orderId),
        sql`${invoices.correlatedInvoiceId} in (select o.id from invoices o where o.order_id = ${filter.orderId})`,
      )!,
    );
  }
  return and(...conditions)!;
}

/** A page of the customer's documents, newest first (then by number), and how many match. */
export async function pageCustomerInvoices(
  db: Executor,
  customer: Customer,
  filter: CustomerInvoiceFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where = whereOf(customer, filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.number))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** One of the customer's documents; undefined when it is not the customer's (or does not exist). */
export async function findCustomerInvoice(
  db: Executor,
  customer: Customer,
  invoiceId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(customerIs(customer), eq(invoices.id, invoiceId)));
  return row;
}

/** The invoices that credit notes credit, by id (a credit note is always its invoice's customer's). */
export async function correlatedOf(
  db: Executor,
  customer: Customer,
  rows: readonly InvoiceRow[],
): Promise<Map<string, InvoiceRow>> {
  const ids = [
    ...new Set(rows.map((row) => row.correlatedInvoiceId).filter((id): id is string => id !== null)),
  ];
  if (ids.length === 0) return new Map();
  const found = await db
    .select()
    .from(invoices)
    .where(and(customerIs(customer), inArray(invoices.id, ids)));
  return new Map(found.map((row) => [row.id, row]));
}

/** Each document's kinds of line, each once, in line order. */
export async function lineKindsOf(
  db: Executor,
  invoiceIds: readonly string[],
): Promise<Map<string, InvoiceLineKind[]>> {
  const kinds = new Map<string, InvoiceLineKind[]>();
  if (invoiceIds.length === 0) return kinds;
  const rows = await db
    .select({ invoiceId: invoiceLines.invoiceId, kind: invoiceLines.kind })
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, [...invoiceIds]))
    .orderBy(invoiceLines.invoiceId, invoiceLines.lineNumber);
  for (const row of rows) {
    const list = kinds.get(row.invoiceId) ?? [];
    if (!list.includes(row.kind)) list.push(row.kind);
    kinds.set(row.invoiceId, list);
  }
  return kinds;
}
