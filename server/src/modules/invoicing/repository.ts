import { and, asc, desc, eq, gte, inArray, isNull, lte, max, sql, sum, type SQL } from 'drizzle-orm';
import type { InvoiceDocumentType, InvoiceLineKind } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import {
  invoiceLines,
  invoiceOutbox,
  invoices,
  invoiceSeries,
  invoiceTransmissions,
  type TransmissionOutcome,
} from './schema';

/** The invoicing module's SQL (STYLE: the service owns the transaction, passed as `tx`). */

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceTransmissionRow = typeof invoiceTransmissions.$inferSelect;
export type OutboxRow = typeof invoiceOutbox.$inferSelect;
export type NewTransmission = typeof invoiceTransmissions.$inferInsert;

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

// ------------------------------------------------------------------------------ the outbox (ADR 059)

/** Queues a document for the transmission job, in the transaction that issues it. */
export async function enqueueTransmission(tx: Executor, invoiceId: string): Promise<void> {
  await tx.insert(invoiceOutbox).values({ invoiceId }).onConflictDoNothing();
}

/**
 * Claims up to `limit` documents due by `now`: their next attempt moves to `leaseUntil`, so no
 * other worker takes them meanwhile (a worker that dies leaves them due again after the lease).
 * Oldest first: an invoice is claimed before the credit notes that name it.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  const result = await db.execute<{
    invoice_id: string;
    next_attempt_at: string;
    attempts: number;
    uncertain: boolean;
    created_at: string;
  }>(sql`
    update invoice_outbox set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
     where invoice_id in (
       select invoice_id from invoice_outbox
        where next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, created_at, invoice_id
        limit ${limit}
        for update skip locked)
    returning invoice_id, next_attempt_at, attempts, uncertain, created_at`);
  return result.rows
    .map((row) => ({
      invoiceId: row.invoice_id,
      nextAttemptAt: new Date(row.next_attempt_at),
      attempts: Number(row.attempts),
      uncertain: row.uncertain,
      createdAt: new Date(row.created_at),
    }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.invoiceId.localeCompare(b.invoiceId));
}

/** Marks documents about to be sent: until an answer says otherwise, AADE may hold them. */
export async function markSending(db: Executor, invoiceIds: readonly string[]): Promise<void> {
  if (invoiceIds.length === 0) return;
  await db
    .update(invoiceOutbox)
    .set({ uncertain: true })
    .where(inArray(invoiceOutbox.invoiceId, [...invoiceIds]));
}

export async function rescheduleTransmission(
  db: Executor,
  invoiceId: string,
  values: { nextAttemptAt: Date; attempts?: number; uncertain?: boolean },
): Promise<void> {
  await db.update(invoiceOutbox).set(values).where(eq(invoiceOutbox.invoiceId, invoiceId));
}

/** The document reached where it stands for good (a MARK, or AADE's refusal): out of the outbox. */
export async function dropFromOutbox(db: Executor, invoiceId: string): Promise<void> {
  await db.delete(invoiceOutbox).where(eq(invoiceOutbox.invoiceId, invoiceId));
}

export async function outboxRowsOf(db: Executor, invoiceIds: readonly string[]): Promise<OutboxRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoiceOutbox)
    .where(inArray(invoiceOutbox.invoiceId, [...invoiceIds]));
}

/** How many documents wait for AADE (the outbox), and how many of them are due by `now`. */
export async function outboxSize(db: Executor, now: Date): Promise<{ waiting: number; due: number }> {
  const result = await db.execute<{ waiting: number; due: number }>(sql`
    select count(*)::int as waiting,
           (count(*) filter (where next_attempt_at <= ${now.toISOString()}::timestamptz))::int as due
      from invoice_outbox`);
  return result.rows[0] ?? { waiting: 0, due: 0 };
}

export async function invoicesByIds(db: Executor, ids: readonly string[]): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
}

/** The lines of several documents, by document, in line order. */
export async function linesOfInvoices(
  db: Executor,
  invoiceIds: readonly string[],
): Promise<Map<string, InvoiceLineRow[]>> {
  const byInvoice = new Map<string, InvoiceLineRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.lineNumber));
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  return byInvoice;
}

// ------------------------------------------------------------------------------ crediting

/**
 * A customer's invoices (not credit notes) of `issuerVat` with a line of one of `kinds`, each with
 * what its credit notes left open, oldest first. Read in the crediting transaction; `issueInvoice`
 * locks the one it credits and checks its remainder again.
 */
export async function creditableInvoices(
  tx: Executor,
  customer: { companyId: string } | { merchantId: string },
  issuerVat: string,
  kinds: readonly InvoiceLineKind[],
): Promise<{ invoice: InvoiceRow; openGrossCents: number }[]> {
  const credits = sql`(select coalesce(sum(c.gross_cents), 0) from invoices c where c.correlated_invoice_id = ${invoices.id})`;
  const rows = await tx
    .select({ invoice: invoices, credited: sql<string>`${credits}` })
    .from(invoices)
    .where(
      and(
        'companyId' in customer
          ? eq(invoices.companyId, customer.companyId)
          : eq(invoices.merchantId, customer.merchantId),
        eq(invoices.issuerVat, issuerVat),
        isNull(invoices.correlatedInvoiceId),
        sql`exists (select 1 from invoice_lines l where l.invoice_id = ${invoices.id} and l.kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )}))`,
        sql`${invoices.grossCents} > ${credits}`,
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.createdAt), asc(invoices.number));
  return rows.map((row) => ({
    invoice: row.invoice,
    openGrossCents: row.invoice.grossCents - Number(row.credited),
  }));
}

// ------------------------------------------------------------------------------ reads (scoped)

export type InvoiceListQuery = {
  /** `YYYY-MM-DD`, inclusive. */
  from?: string;
  to?: string;
  orderId?: string;
  settlementId?: string;
  limit: number;
};

/**
 * A customer's documents, newest first: always filtered by the company or the merchant the caller
 * resolved (the tenant), never across customers (ARCHITECTURE §4).
 */
export async function findInvoicesOf(
  db: Executor,
  customer: { companyId: string } | { merchantId: string },
  query: InvoiceListQuery,
): Promise<InvoiceRow[]> {
  const conditions: SQL[] = [
    'companyId' in customer
      ? eq(invoices.companyId, customer.companyId)
      : eq(invoices.merchantId, customer.merchantId),
  ];
  if (query.from) conditions.push(gte(invoices.issueDate, query.from));
  if (query.to) conditions.push(lte(invoices.issueDate, query.to));
  if (query.orderId) conditions.push(eq(invoices.orderId, query.orderId));
  if (query.settlementId) conditions.push(eq(invoices.settlementId, query.settlementId));
  return db
    .select()
    .from(invoices)
    .where(and(...conditions))
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt))
    .limit(query.limit);
}

/** The documents AADE refused, oldest first (the provider's finance staff's queue, next step). */
export async function findRefused(db: Executor, limit: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.state, 'refused'))
    .orderBy(asc(invoices.createdAt))
    .limit(limit);
}

// ------------------------------------------------------------------------------ a batch's answers

/** Locks invoices for the rest of the transaction, in id order (two batches never deadlock). */
export async function lockInvoices(tx: Executor, ids: readonly string[]): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(invoices)
    .where(inArray(invoices.id, [...ids]))
    .orderBy(asc(invoices.id))
    .for('update');
}

/** The number each invoice's next call to AADE takes. */
export async function nextAttempts(tx: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  const next = new Map(ids.map((id) => [id, 1]));
  if (ids.length === 0) return next;
  const rows = await tx
    .select({ invoiceId: invoiceTransmissions.invoiceId, last: max(invoiceTransmissions.attempt) })
    .from(invoiceTransmissions)
    .where(inArray(invoiceTransmissions.invoiceId, [...ids]))
    .groupBy(invoiceTransmissions.invoiceId);
  for (const row of rows) next.set(row.invoiceId, (row.last ?? 0) + 1);
  return next;
}

export async function insertTransmissions(
  tx: Executor,
  rows: readonly NewTransmission[],
): Promise<InvoiceTransmissionRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(invoiceTransmissions)
    .values([...rows])
    .returning();
}

/**
 * Writes what AADE gave each invoice (state, transmission-failure flag, UID, MARK, authentication
 * code, QR URL, when) in one statement: the rows as they are to be.
 */
export async function updateInvoices(tx: Executor, rows: readonly InvoiceRow[]): Promise<InvoiceRow[]> {
  if (rows.length === 0) return [];
  const values = rows.map(
    (row) =>
      sql`(${row.id}::uuid, ${row.state}::text, ${row.transmissionFailure}::smallint, ${row.mydataUid}::text,
           ${row.mark}::text, ${row.authenticationCode}::text, ${row.qrUrl}::text,
           ${row.transmittedAt?.toISOString() ?? null}::timestamptz)`,
  );
  await tx.execute(sql`
    update invoices as i
       set state = v.state, transmission_failure = v.transmission_failure, mydata_uid = v.mydata_uid,
           mark = v.mark, authentication_code = v.authentication_code, qr_url = v.qr_url,
           transmitted_at = v.transmitted_at
      from (values ${sql.join(values, sql`, `)})
        as v(id, state, transmission_failure, mydata_uid, mark, authentication_code, qr_url, transmitted_at)
     where i.id = v.id`);
  return invoicesByIds(
    tx,
    rows.map((row) => row.id),
  );
}

/** Drops documents from the outbox at once (transmitted or refused). */
export async function dropAllFromOutbox(db: Executor, invoiceIds: readonly string[]): Promise<void> {
  if (invoiceIds.length === 0) return;
  await db.delete(invoiceOutbox).where(inArray(invoiceOutbox.invoiceId, [...invoiceIds]));
}

// ------------------------------------------------------------------------------ the staff's desk (issue 37 §3–4)

/** A document as the desk lists it: the row, its calls to AADE counted, its last one, its next. */
export type DeskRow = {
  invoice: InvoiceRow;
  attempts: number;
  lastAttempt: {
    startedAt: Date;
    outcome: TransmissionOutcome;
    errors: { code: string; message: string }[];
  } | null;
  nextAttemptAt: Date | null;
};

const attemptsOfInvoice = sql<number>`(select count(*)::int from invoice_transmissions t where t.invoice_id = ${invoices.id})`;
const lastAttemptOfInvoice = sql<{
  started_at: string;
  outcome: TransmissionOutcome;
  errors: { code: string; message: string }[];
} | null>`(select json_build_object('started_at', t.started_at, 'outcome', t.outcome, 'errors', t.errors)
             from invoice_transmissions t where t.invoice_id = ${invoices.id}
            order by t.attempt desc limit 1)`;

async function deskRows(db: Executor, where: SQL | undefined, order: SQL, limit: number): Promise<DeskRow[]> {
  const rows = await db
    .select({
      invoice: invoices,
      nextAttemptAt: invoiceOutbox.nextAttemptAt,
      attempts: attemptsOfInvoice,
      last: lastAttemptOfInvoice,
    })
    .from(invoices)
    .leftJoin(invoiceOutbox, eq(invoiceOutbox.invoiceId, invoices.id))
    .where(where)
    .orderBy(order, asc(invoices.id))
    .limit(limit);
  return rows.map((row) => ({
    invoice: row.invoice,
    attempts: Number(row.attempts),
    lastAttempt: row.last
      ? {
          startedAt: new Date(row.last.started_at),
          outcome: row.last.outcome,
          errors: row.last.errors ?? [],
        }
      : null,
    nextAttemptAt: row.nextAttemptAt,
  }));
}

/**
 * The desk's queue, oldest first, at most `limit` of each: the documents AADE refused and the ones
 * still waiting for it (issued, or issued under transmission failure).
 */
export async function deskQueue(
  db: Executor,
  limit: number,
): Promise<{ refused: DeskRow[]; waiting: DeskRow[] }> {
  const oldest = asc(invoices.createdAt);
  const [refused, waiting] = [
    await deskRows(db, eq(invoices.state, 'refused'), oldest, limit),
    await deskRows(db, inArray(invoices.state, ['issued', 'transmission_failed']), oldest, limit),
  ];
  return { refused, waiting };
}

/**
 * Documents by number (series and number, whichever issuer) or by digits — a MARK, or the ΑΦΜ the
 * document names its customer by — newest first, at most `limit`.
 */
export async function searchDesk(
  db: Executor,
  term: { series: string; number: number } | { digits: string },
  limit: number,
): Promise<DeskRow[]> {
  const where =
    'digits' in term
      ? sql`(${invoices.mark} = ${term.digits} or ${invoices.counterpart}->>'vatNumber' = ${term.digits})`
      : and(eq(invoices.series, term.series), eq(invoices.number, term.number));
  return deskRows(db, where, desc(invoices.createdAt), limit);
}

/** One document as the desk lists it. */
export async function deskRowOf(db: Executor, invoiceId: string): Promise<DeskRow | undefined> {
  const [row] = await deskRows(db, eq(invoices.id, invoiceId), asc(invoices.createdAt), 1);
  return row;
}

/**
 * Claims one document of the outbox for a staff's "send again" when no worker can be sending it:
 * it is due, or its next attempt lies beyond any lease a worker may hold (`leaseHorizon`, a claim's
 * lease plus a margin for the clocks of other instances). A document whose next attempt is sooner
 * may be in a worker's hands right now: it is left alone (the job sends it within minutes), so a
 * request never sends what a worker is sending. Atomic with the job's claims (a row lock, and the
 * condition checked again on the row as it is once the lock is had).
 */
export async function claimForResend(
  db: Executor,
  invoiceId: string,
  now: Date,
  leaseUntil: Date,
  leaseHorizon: Date,
): Promise<OutboxRow | undefined> {
  const result = await db.execute<{
    invoice_id: string;
    next_attempt_at: string;
    attempts: number;
    uncertain: boolean;
    created_at: string;
  }>(sql`
    update invoice_outbox set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
     where invoice_id = ${invoiceId}
       and (next_attempt_at <= ${now.toISOString()}::timestamptz
            or next_attempt_at > ${leaseHorizon.toISOString()}::timestamptz)
    returning invoice_id, next_attempt_at, attempts, uncertain, created_at`);
  const row = result.rows[0];
  return row
    ? {
        invoiceId: row.invoice_id,
        nextAttemptAt: new Date(row.next_attempt_at),
        attempts: Number(row.attempts),
        uncertain: row.uncertain,
        createdAt: new Date(row.created_at),
      }
    : undefined;
}

// ------------------------------------------------------------------------------ the public API (issue 37 §5)

/** Where a page of a company's documents ended: the last one's date, series, type and number. */
export type InvoicePosition = {
  issueDate: string;
  series: string;
  documentType: InvoiceDocumentType;
  number: number;
};

/**
 * A page of a company's invoices and credit notes, newest first (by issue date, then series, type
 * and number, all descending: a stable order a cursor can resume), after `after` when given: only
 * the company's, never another's (ARCHITECTURE §4).
 */
export async function companyInvoicePage(
  db: Executor,
  companyId: string,
  query: {
    after: InvoicePosition | null;
    from?: string | undefined;
    to?: string | undefined;
    kind?: 'invoice' | 'credit-note' | undefined;
    limit: number;
  },
): Promise<InvoiceRow[]> {
  const conditions: SQL[] = [eq(invoices.companyId, companyId)];
  if (query.from) conditions.push(gte(invoices.issueDate, query.from));
  if (query.to) conditions.push(lte(invoices.issueDate, query.to));
  if (query.kind === 'invoice') conditions.push(isNull(invoices.correlatedInvoiceId));
  if (query.kind === 'credit-note') conditions.push(sql`${invoices.correlatedInvoiceId} is not null`);
  if (query.after) {
    const { issueDate, series, documentType, number } = query.after;
    conditions.push(
      sql`(${invoices.issueDate}, ${invoices.series}, ${invoices.documentType}, ${invoices.number})
          < (${issueDate}::date, ${series}::text, ${documentType}::text, ${number}::bigint)`,
    );
  }
  return db
    .select()
    .from(invoices)
    .where(and(...conditions))
    .orderBy(
      desc(invoices.issueDate),
      desc(invoices.series),
      desc(invoices.documentType),
      desc(invoices.number),
    )
    .limit(query.limit);
}
