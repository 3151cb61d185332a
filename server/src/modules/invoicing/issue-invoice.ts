import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  athensDate,
  creditableCents,
  DEFAULT_SERIES,
  documentTypeFor,
  InvoiceCounterpartSchema,
  invoiceLinesOf,
  invoiceProblems,
  InvoiceSeriesSchema,
  invoiceTotals,
  isCreditNote,
  lineDescription,
  type InvoiceKind,
  type InvoiceLineInput,
  type Locale,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  advanceSeries,
  creditedGross,
  enqueueTransmission,
  findInvoice,
  findInvoiceByKey,
  insertInvoice,
  insertLines,
  linesOf,
  lockSeries,
  type InvoiceLineRow,
  type InvoiceRow,
} from './repository';

export type IssueInvoiceOptions = {
  /**
   * What makes this document once: `order:<id>:invoice`, `settlement:<id>:invoice`… Issuing again
   * with the same key answers the document issued the first time and numbers nothing.
   */
  idempotencyKey: string;
  /** An invoice, or a credit note of `correlatedInvoiceId`. */
  kind: InvoiceKind;
  /** The provider as issuer: its ΑΦΜ and its installation (0, the seat). */
  issuer: { vatNumber: string; branch?: number };
  /** The series to number in; by default the document type's (ADR 058). */
  series?: string;
  /**
   * The date of issue, `YYYY-MM-DD`; by default the Athens date when the number is taken. Never
   * before the date of the series' last document: numbers and dates rise together.
   */
  issueDate?: string;
  /**
   * When the series' last document bears a later date than `issueDate`, date this one as that
   * document instead of refusing it (ADR 059): a fact's invoice is issued late, never out of order,
   * and the fact it charges is never refused for it.
   */
  isDateRaisedToSeries?: boolean;
  /** Who is charged: a company (order fees) or a merchant. */
  customer: { companyId: string } | { merchantId: string };
  /** The customer's details as the document prints and sends them. */
  counterpart: z.input<typeof InvoiceCounterpartSchema>;
  /** The customer's language (the printed document adds English when `en`). */
  locale?: Locale;
  /** The lines, with the amounts the ledger holds. */
  lines: readonly InvoiceLineInput[];
  /** The invoice a credit note credits; only for credit notes. */
  correlatedInvoiceId?: string;
  /** What the document charges or credits. */
  charges?: {
    orderId?: string;
    settlementId?: string;
    merchantChargeId?: string;
    ledgerTransactionId?: string;
  };
  /** The user whose action issued it; null for a job. */
  createdBy?: string | null;
};

export type IssuedInvoice = { invoice: InvoiceRow; lines: InvoiceLineRow[]; created: boolean };

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function refuse(message: string): never {
  throw new AppError('BUSINESS_RULE', message);
}

/** SHA-256 of what was asked, whatever the day or the user: a repeat must ask the same. */
function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Issues an invoice or a credit note in the caller's transaction `tx` (the one that moves the money
 * it charges, so that both commit or neither does), numbered gaplessly in its series (ADR 058):
 * the series row is locked `for update` until `tx` ends, its number taken, the document and its
 * lines written, and an audit entry with them. A rollback of `tx` gives the number back.
 *
 * The document is queued for the transmission job in the same transaction (`invoice_outbox`).
 *
 * Idempotent by `idempotencyKey`: the same key answers the first document (`created: false`), a
 * different request under a used key is a CONFLICT. Checked under the series lock, so two callers
 * with one key cannot both number a document.
 *
 * Refuses (BUSINESS_RULE) what the law or myDATA would: no line, a line whose VAT is not its net's,
 * negative amounts (credit what was charged instead), a credit note without its invoice, for another
 * customer, crediting goods an invoice did not sell, or more than the invoice has left to credit.
 */
export async function issueInvoice(tx: Executor, options: IssueInvoiceOptions): Promise<IssuedInvoice> {
  const replay = await findInvoiceByKey(tx, options.idempotencyKey);

  const counterpart = InvoiceCounterpartSchema.safeParse(options.counterpart);
  if (!counterpart.success) {
    throw new AppError('VALIDATION', 'the customer is no Greek business with a valid ΑΦΜ', {
      fields: [{ field: 'counterpart.vatNumber', key: 'invalidTaxId' }],
    });
  }
  if (options.issueDate !== undefined && !DATE.test(options.issueDate)) {
    refuse(`issue date ${options.issueDate} is not YYYY-MM-DD`);
  }
  const problems = invoiceProblems(options.lines);
  if (problems.length > 0) refuse(`the lines cannot be invoiced: ${JSON.stringify(problems)}`);
  const documentType = documentTypeFor(options.kind, options.lines);
  const series = options.series ?? DEFAULT_SERIES[documentType];
  if (!InvoiceSeriesSchema.safeParse(series).success) refuse(`series ${series} is not 1–10 of A–Z, 0–9`);
  if (isCreditNote(documentType) !== (options.correlatedInvoiceId !== undefined)) {
    refuse('a credit note, and only a credit note, names the invoice it credits');
  }
  const lines = invoiceLinesOf(options.lines);
  const totals = invoiceTotals(lines);
  const issuer = { vatNumber: options.issuer.vatNumber, branch: options.issuer.branch ?? 0 };
  const customer =
    'companyId' in options.customer
      ? { companyId: options.customer.companyId, merchantId: null }
      : { companyId: null, merchantId: options.customer.merchantId };
  const hash = requestHash({
    kind: options.kind,
    issuer,
    series,
    customer,
    counterpart: counterpart.data,
    locale: options.locale ?? 'el',
    lines,
    correlatedInvoiceId: options.correlatedInvoiceId ?? null,
    charges: options.charges ?? {},
  });

  const answerReplay = async (existing: InvoiceRow): Promise<IssuedInvoice> => {
    if (existing.requestHash !== hash) {
      throw new AppError(
        'CONFLICT',
        `idempotency key ${options.idempotencyKey} was used for another document`,
      );
    }
    return { invoice: existing, lines: await linesOf(tx, existing.id), created: false };
  };
  if (replay) return answerReplay(replay);

  // A credit note first locks its invoice: two credits of one invoice cannot both take its remainder.
  let credited: InvoiceRow | undefined;
  if (options.correlatedInvoiceId !== undefined) {
    credited = await findInvoice(tx, options.correlatedInvoiceId, { forUpdate: true });
    if (!credited) throw new AppError('NOT_FOUND', `invoice ${options.correlatedInvoiceId} does not exist`);
  }

  const key = { issuerVat: issuer.vatNumber, documentType, series };
  const { nextNumber: number, lastIssueDate } = await lockSeries(tx, key);
  // Dated under the lock, so that a later number never bears an earlier date.
  const askedDate = options.issueDate ?? athensDate();
  const floors = options.isDateRaisedToSeries ? [lastIssueDate, credited?.issueDate ?? null] : [];
  const issueDate = floors.reduce<string>(
    (date, floor) => (floor !== null && floor > date ? floor : date),
    askedDate,
  );
  // Under the lock: a caller that raced us with the same key has committed by now, or waits.
  const raced = await findInvoiceByKey(tx, options.idempotencyKey);
  if (raced) return answerReplay(raced);

  if (credited) {
    if (isCreditNote(credited.documentType)) refuse('a credit note credits an invoice, not a credit note');
    if (credited.issuerVat !== issuer.vatNumber) refuse('a credit note is issued by its invoice’s issuer');
    if (credited.companyId !== customer.companyId || credited.merchantId !== customer.merchantId) {
      refuse('a credit note is for its invoice’s customer');
    }
    if (issueDate < credited.issueDate) refuse('a credit note is not dated before its invoice');
    const creditedLines = await linesOf(tx, credited.id);
    const classifications = new Set(creditedLines.map((line) => `${line.incomeCategory}|${line.incomeType}`));
    if (lines.some((line) => !classifications.has(`${line.incomeCategory}|${line.incomeType}`))) {
      refuse('a credit note credits only what its invoice charged (its classifications)');
    }
    const open = creditableCents(credited.grossCents, await creditedGross(tx, credited.id));
    if (totals.grossCents > open) {
      refuse(
        `invoice ${credited.series}-${credited.number} has ${open} cents left to credit, not ${totals.grossCents}`,
      );
    }
  }

  if (lastIssueDate !== null && issueDate < lastIssueDate) {
    refuse(
      `series ${series} already has a document of ${lastIssueDate}: number ${number} cannot be of ${issueDate}`,
    );
  }
  await advanceSeries(tx, key, number, issueDate);
  const invoice = await insertInvoice(tx, {
    documentType,
    issuerVat: issuer.vatNumber,
    issuerBranch: issuer.branch,
    series,
    number,
    issueDate,
    ...customer,
    counterpart: counterpart.data,
    locale: options.locale ?? 'el',
    netCents: totals.netCents,
    vatCents: totals.vatCents,
    grossCents: totals.grossCents,
    correlatedInvoiceId: options.correlatedInvoiceId ?? null,
    orderId: options.charges?.orderId ?? null,
    settlementId: options.charges?.settlementId ?? null,
    merchantChargeId: options.charges?.merchantChargeId ?? null,
    ledgerTransactionId: options.charges?.ledgerTransactionId ?? null,
    idempotencyKey: options.idempotencyKey,
    requestHash: hash,
    createdBy: options.createdBy ?? null,
  });
  const written = await insertLines(
    tx,
    lines.map((line) => ({
      invoiceId: invoice.id,
      lineNumber: line.lineNumber,
      kind: line.kind,
      descriptionEl: lineDescription(line, 'el'),
      descriptionEn: lineDescription(line, 'en'),
      detail: line.detail,
      quantity: line.quantity,
      netCents: line.netCents,
      vatCategory: line.vatCategory,
      vatExemptionCategory: line.vatExemptionCategory,
      vatCents: line.vatCents,
      incomeCategory: line.incomeCategory,
      incomeType: line.incomeType,
    })),
  );
  // Transmission is the job's, after commit (ADR 059): the outbox row commits with the document.
  await enqueueTransmission(tx, invoice.id);
  await writeAudit(tx, {
    actorUserId: options.createdBy ?? null,
    companyId: customer.companyId,
    merchantId: customer.merchantId,
    action: isCreditNote(documentType) ? 'invoice.credited' : 'invoice.issued',
    entity: 'invoice',
    entityId: invoice.id,
    after: {
      documentType,
      number: `${series}-${number}`,
      issueDate,
      grossCents: totals.grossCents,
      correlatedInvoiceId: invoice.correlatedInvoiceId,
    },
  });
  return { invoice, lines: written, created: true };
}
