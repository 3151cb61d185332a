import { and, asc, eq, max, sum } from 'drizzle-orm';
import type { InvoiceDocumentType } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { invoiceLines, invoices, invoiceSeries, invoiceTransmissions } from './schema';

/** The invoicing module's SQL (STYLE: the service owns the transaction, passed as `tx`). */

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceTransmissionRow = typeof invoiceTransmissions.$inferSelect;

export type SeriesKey = { issuerVat: string; documentType: InvoiceDocumentType; series: string };

function seriesWhere(key: SeriesKey) {
  return and(
    eq(invoiceSeries.issuerVat, key.issuerVat),
    eq(invoiceSeries.documentType, key.documentType),
    eq(invoiceSeries.series, key.series),
  );
}

/**
 * Locks the series row until the transaction ends (`for update`), making it first when the series
 * is new, and answers the number its next document takes. Two issuers of one series wait for each
 * other here, on any instance; a rollback leaves `next_number` as it was.
 */
export async function lockSeries(
  tx: Executor,
  key: SeriesKey,
): Promise<{ nextNumber: number; lastIssueDate: string | null }> {
  await tx.insert(invoiceSeries).values(key).onConflictDoNothing();
  const [row] = await tx
    .select({ nextNumber: invoiceSeries.nextNumber, lastIssueDate: invoiceSeries.lastIssueDate })
    .from(invoiceSeries)
    .where(seriesWhere(key))
    .for('update');
  return row!;
}

/** Moves a locked series past `number`, the number just taken, dated `issueDate`. */
export async function advanceSeries(
  tx: Executor,
  key: SeriesKey,
  number: number,
  issueDate: string,
): Promise<void> {
  const moved = await tx
    .update(invoiceSeries)
    .set({ nextNumber: number + 1, lastIssueDate: issueDate })
    .where(and(seriesWhere(key), eq(invoiceSeries.nextNumber, number)))
    .returning({ nextNumber: invoiceSeries.nextNumber });
  // The row is locked by this transaction since `lockSeries`: nobody else can have moved it.
  if (moved.length !== 1) throw new Error(`series ${key.series} moved under its lock`);
}

export async function findInvoiceByKey(
  tx: Executor,
  idempotencyKey: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.idempotencyKey, idempotencyKey));
  return row;
}

export async function findInvoice(
  tx: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvoiceRow | undefined> {
  const query = tx.select().from(invoices).where(eq(invoices.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertInvoice(tx: Executor, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

export async function insertLines(
  tx: Executor,
  rows: (typeof invoiceLines.$inferInsert)[],
): Promise<InvoiceLineRow[]> {
  return tx.insert(invoiceLines).values(rows).returning();
}

export async function linesOf(tx: Executor, invoiceId: string): Promise<InvoiceLineRow[]> {
  return tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.lineNumber));
}

/** The gross already credited by the credit notes of an invoice. */
export async function creditedGross(tx: Executor, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(invoices.grossCents).mapWith(Number) })
    .from(invoices)
    .where(eq(invoices.correlatedInvoiceId, invoiceId));
  return row?.total ?? 0;
}

export async function updateInvoice(
  tx: Executor,
  id: string,
  values: Partial<
    Pick<
      InvoiceRow,
      | 'state'
      | 'transmissionFailure'
      | 'mydataUid'
      | 'mark'
      | 'authenticationCode'
      | 'qrUrl'
      | 'cancellationMark'
      | 'transmittedAt'
    >
  >,
): Promise<InvoiceRow> {
  const [row] = await tx.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return row!;
}

export async function nextAttempt(tx: Executor, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(invoiceTransmissions.attempt) })
    .from(invoiceTransmissions)
    .where(eq(invoiceTransmissions.invoiceId, invoiceId));
  return (row?.last ?? 0) + 1;
}

export async function insertTransmission(
  tx: Executor,
  values: typeof invoiceTransmissions.$inferInsert,
): Promise<InvoiceTransmissionRow> {
  const [row] = await tx.insert(invoiceTransmissions).values(values).returning();
  return row!;
}

export async function transmissionsOf(tx: Executor, invoiceId: string): Promise<InvoiceTransmissionRow[]> {
  return tx
    .select()
    .from(invoiceTransmissions)
    .where(eq(invoiceTransmissions.invoiceId, invoiceId))
    .orderBy(asc(invoiceTransmissions.attempt));
}

/** The numbers a series has handed out, in order (tests, the staff's gap check). */
export async function numbersOfSeries(tx: Executor, key: SeriesKey): Promise<number[]> {
  const rows = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(
      and(
        eq(invoices.issuerVat, key.issuerVat),
        eq(invoices.documentType, key.documentType),
        eq(invoices.series, key.series),
      ),
    )
    .orderBy(asc(invoices.number));
  return rows.map((row) => row.number);
}
