import { isCreditNote, transmissionDelayMs } from '@tessera/domain';
import type { InvoicingContext } from './invoicing-context';
import type {
  AadeError,
  SendInvoicesResult,
  TaxAuthorityGateway,
  TransmittedDocsQuery,
} from './mydata/gateway';
import { invoicesDocXml, type MydataDocument } from './mydata/invoices-doc';
import { mydataDocumentOf, uidOfInvoice } from './mydata-document';
import {
  recordLocalRefusal,
  recordLookupOutcome,
  recordSendOutcomes,
  type LookupOutcome,
} from './record-transmission';
import {
  claimDue,
  dropAllFromOutbox,
  dropFromOutbox,
  invoicesByIds,
  linesOfInvoices,
  markSending,
  outboxRowsOf,
  rescheduleTransmission,
  type InvoiceLineRow,
  type InvoiceRow,
  type OutboxRow,
} from './repository';

/**
 * The transmission of issued documents to AADE (issue 37 §3, ADR 059), run by the pg-boss job
 * `invoicing.transmit` after the issuing transaction commits (and every minute for the retries):
 *
 * 1. claim the due documents of the outbox (a lease: one worker at a time sends a document);
 * 2. for a document whose last send got no answer to act on (`uncertain`), first ask AADE
 *    (`RequestTransmittedDocs` for its date, customer and type, matched by its UID): a MARK AADE
 *    holds is recorded and the document is not sent again — through the ERP channel a second send
 *    would register it twice (ADR 057);
 * 3. send the rest in one `InvoicesDoc` (after the portal's own check against AADE's XSD), the
 *    invoices first, then the credit notes whose invoice has its MARK by then;
 * 4. record each answer (`recordSendOutcome`): a MARK → transmitted; AADE's refusal → refused with
 *    its errors, for the finance staff's queue; no answer (AADE down, a timeout, its technical
 *    error) → issued under transmission failure (`transmission_failed`, ADR 057), retried with
 *    backoff (`transmissionDelayMs`), asking AADE first.
 *
 * AADE is never called inside a database transaction (the sandbox has its own; on PGlite an open
 * transaction would block it).
 */

/** How long a claim holds a document: longer than a call to AADE may take. */
export const TRANSMISSION_LEASE_MS = 5 * 60_000;

export type TransmitOptions = {
  /** The tax authority to send to; the configured one by default (the demo seed names the sandbox). */
  gateway?: TaxAuthorityGateway;
  /** Documents claimed (and sent in one `InvoicesDoc`) at a time. */
  batchSize?: number;
  /** Claims before the run stops (each claim takes up to `batchSize` documents). */
  maxRounds?: number;
  /** A stopping instance aborts it between two claims. */
  signal?: AbortSignal;
  /**
   * Claims what is due by this instant instead of now: documents waiting for a later retry are
   * sent at once (the test hook's "AADE is back", so a journey need not wait for the backoff).
   */
  dueBy?: Date;
};

export type TransmitReport = {
  /** Documents claimed by this run (a document waiting for its invoice's MARK counts each time). */
  claimed: number;
  /** AADE gave them a MARK on this run's send. */
  transmitted: number;
  /** AADE already held them: the MARK was recorded without sending again. */
  found: number;
  refused: number;
  /** No answer to act on: retried later, asking AADE first. */
  unanswered: number;
  /** Credit notes waiting for their invoice's MARK. */
  waiting: number;
  /** Calls of `SendInvoices` and of `RequestTransmittedDocs` made. */
  sendCalls: number;
  lookupCalls: number;
};

type Claimed = { row: OutboxRow; invoice: InvoiceRow; lines: InvoiceLineRow[] };

/** Sends every due document (claim after claim) and answers what happened to them. */
export async function transmitDue(
  ctx: InvoicingContext,
  options: TransmitOptions = {},
): Promise<TransmitReport> {
  const gateway = options.gateway ?? ctx.gateway;
  const batchSize = options.batchSize ?? 100;
  const report: TransmitReport = {
    claimed: 0,
    transmitted: 0,
    found: 0,
    refused: 0,
    unanswered: 0,
    waiting: 0,
    sendCalls: 0,
    lookupCalls: 0,
  };
  for (let round = 0; round < (options.maxRounds ?? 1_000); round += 1) {
    if (options.signal?.aborted) break;
    const now = ctx.now();
    const rows = await claimDue(
      ctx.db,
      options.dueBy && options.dueBy > now ? options.dueBy : now,
      new Date(now.getTime() + TRANSMISSION_LEASE_MS),
      batchSize,
    );
    if (rows.length === 0) break;
    report.claimed += rows.length;
    await transmitClaimed(ctx, gateway, rows, report);
  }
  return report;
}

/**
 * Sends one document already claimed (the staff's "send again", `resend-invoice.ts`) by the job's
 * own path: asked about first when its last send got no answer, checked against the XSD, sent,
 * its answer recorded with the outbox row it leaves; a credit note waits for its invoice's MARK.
 */
export async function transmitClaimedRow(
  ctx: InvoicingContext,
  row: OutboxRow,
  options: Pick<TransmitOptions, 'gateway'> = {},
): Promise<TransmitReport> {
  const report: TransmitReport = {
    claimed: 1,
    transmitted: 0,
    found: 0,
    refused: 0,
    unanswered: 0,
    waiting: 0,
    sendCalls: 0,
    lookupCalls: 0,
  };
  await transmitClaimed(ctx, options.gateway ?? ctx.gateway, [row], report);
  return report;
}

async function transmitClaimed(
  ctx: InvoicingContext,
  gateway: TaxAuthorityGateway,
  rows: OutboxRow[],
  report: TransmitReport,
): Promise<void> {
  const ids = rows.map((row) => row.invoiceId);
  const invoices = new Map((await invoicesByIds(ctx.db, ids)).map((invoice) => [invoice.id, invoice]));
  const lines = await linesOfInvoices(ctx.db, ids);
  const claimed: Claimed[] = [];
  for (const row of rows) {
    const invoice = invoices.get(row.invoiceId);
    // Transmitted or refused since it was queued (a look-up, another worker): nothing to send.
    if (!invoice || invoice.state === 'transmitted' || invoice.state === 'refused') {
      await dropFromOutbox(ctx.db, row.invoiceId);
      continue;
    }
    claimed.push({ row, invoice, lines: lines.get(invoice.id) ?? [] });
  }

  // Ask before sending again what may have reached AADE.
  const toSend: Claimed[] = [];
  for (const entry of claimed) {
    if (!entry.row.uncertain) {
      toSend.push(entry);
      continue;
    }
    const verdict = await askAade(ctx, gateway, entry, report);
    if (verdict === 'not-found') toSend.push(entry);
  }

  const invoicesFirst = toSend.filter((entry) => !isCreditNote(entry.invoice.documentType));
  await sendBatch(ctx, gateway, invoicesFirst, new Map(), report);

  // Credit notes go with the MARK of the invoice they credit: theirs may have come just now.
  const credits = toSend.filter((entry) => isCreditNote(entry.invoice.documentType));
  if (credits.length === 0) return;
  const correlatedIds = [...new Set(credits.map((entry) => entry.invoice.correlatedInvoiceId!))];
  const correlated = new Map(
    (await invoicesByIds(ctx.db, correlatedIds)).map((invoice) => [invoice.id, invoice]),
  );
  const marks = new Map<string, string>();
  const ready: Claimed[] = [];
  const waiting: Claimed[] = [];
  for (const entry of credits) {
    const mark = correlated.get(entry.invoice.correlatedInvoiceId!)?.mark;
    if (mark) {
      marks.set(entry.invoice.id, mark);
      ready.push(entry);
    } else {
      waiting.push(entry);
    }
  }
  await sendBatch(ctx, gateway, ready, marks, report);
  if (waiting.length > 0) {
    // A credit note waits for its invoice: due again when the invoice is, or in an hour when the
    // invoice is out of the outbox without a MARK (refused: the finance staff decide).
    const invoiceRows = new Map(
      (await outboxRowsOf(ctx.db, correlatedIds)).map((row) => [row.invoiceId, row]),
    );
    for (const entry of waiting) {
      const next =
        invoiceRows.get(entry.invoice.correlatedInvoiceId!)?.nextAttemptAt ??
        new Date(ctx.now().getTime() + 3_600_000);
      await rescheduleTransmission(ctx.db, entry.invoice.id, { nextAttemptAt: next });
      report.waiting += 1;
    }
  }
}

/** The query that finds a document among what AADE holds: its day, its customer, its type. */
function lookupQuery(invoice: InvoiceRow): TransmittedDocsQuery {
  return {
    mark: '0',
    dateFrom: invoice.issueDate,
    dateTo: invoice.issueDate,
    receiverVatNumber: invoice.counterpart.vatNumber,
    invoiceType: invoice.documentType,
  };
}

/**
 * Asks AADE whether it holds the document (by UID, page after page) and records the answer: found
 * (its MARK recorded, out of the outbox), not found (to be sent now), or no answer (retried later).
 */
async function askAade(
  ctx: InvoicingContext,
  gateway: TaxAuthorityGateway,
  entry: Claimed,
  report: TransmitReport,
): Promise<'found' | 'not-found' | 'unanswered'> {
  const uid = uidOfInvoice(entry.invoice);
  const query = lookupQuery(entry.invoice);
  const startedAt = new Date();
  let outcome: LookupOutcome = { kind: 'not-found' };
  let continuation: TransmittedDocsQuery['continuation'] = null;
  for (let page = 0; page < 100; page += 1) {
    report.lookupCalls += 1;
    const result = await gateway.requestTransmittedDocs({ ...query, continuation });
    if (result.kind !== 'answered') {
      outcome = result;
      break;
    }
    const held = result.invoices.find((document) => document.uid === uid);
    if (held) {
      outcome = { kind: 'found', document: held };
      break;
    }
    if (!result.continuation) break;
    continuation = result.continuation;
  }
  return ctx.db.transaction(async (tx) => {
    await recordLookupOutcome(tx, { invoiceId: entry.invoice.id, gateway, startedAt, query, outcome });
    if (outcome.kind === 'found') {
      await dropFromOutbox(tx, entry.invoice.id);
      report.found += 1;
      return 'found';
    }
    if (outcome.kind === 'not-found') {
      await rescheduleTransmission(tx, entry.invoice.id, { nextAttemptAt: ctx.now(), uncertain: false });
      return 'not-found';
    }
    const attempts = entry.row.attempts + 1;
    await rescheduleTransmission(tx, entry.invoice.id, {
      attempts,
      nextAttemptAt: new Date(ctx.now().getTime() + transmissionDelayMs(attempts)),
    });
    report.unanswered += 1;
    return 'unanswered';
  });
}

/**
 * Each document of an `InvoicesDoc` as an `InvoicesDoc` of its own (the root's opening, one
 * `<invoice>`, the root's closing): what was sent for it, without building it again.
 */
function documentsOf(xml: string): string[] {
  const open = xml.indexOf('<invoice>');
  if (open < 0) return [];
  const head = xml.slice(0, open);
  return (xml.match(/<invoice>[\s\S]*?<\/invoice>/g) ?? []).map(
    (element) => `${head}${element}\n</InvoicesDoc>`,
  );
}

/** The `<response>` of the document at `index` (1-based) in AADE's answer, or the whole answer. */
function responseOf(raw: string, index: number): string {
  const responses = raw.match(/<response\b[\s\S]*?<\/response>/g);
  return responses?.[index - 1] ?? raw;
}

/**
 * Sends `entries` in one `InvoicesDoc` and records each answer with the outbox row it leaves. The
 * portal's XSD check comes first: a document it refuses is a defect, written as refused with the
 * schema's errors and never sent; the others go.
 */
async function sendBatch(
  ctx: InvoicingContext,
  gateway: TaxAuthorityGateway,
  entries: Claimed[],
  correlatedMarks: Map<string, string>,
  report: TransmitReport,
): Promise<void> {
  if (entries.length === 0) return;
  const documentOf = (entry: Claimed): MydataDocument =>
    mydataDocumentOf(entry.invoice, entry.lines, {
      correlatedMark: correlatedMarks.get(entry.invoice.id) ?? null,
    });
  let batch = entries;
  let xml = invoicesDocXml(batch.map(documentOf));
  const verdict = await ctx.validate(xml);
  if (!verdict.valid) {
    const valid: Claimed[] = [];
    for (const entry of batch) {
      const single = invoicesDocXml([documentOf(entry)]);
      const own = await ctx.validate(single);
      if (own.valid) {
        valid.push(entry);
        continue;
      }
      const errors: AadeError[] = own.errors.map((message) => ({ code: 'XSD', message }));
      await ctx.db.transaction(async (tx) => {
        await recordLocalRefusal(tx, {
          invoiceId: entry.invoice.id,
          gateway,
          startedAt: new Date(),
          requestBody: single,
          errors,
        });
        await dropFromOutbox(tx, entry.invoice.id);
      });
      ctx.log?.error({ invoiceId: entry.invoice.id, errors }, 'invoice refused by the XSD check');
      report.refused += 1;
    }
    if (valid.length === 0) return;
    batch = valid;
    xml = invoicesDocXml(batch.map(documentOf));
  }

  await markSending(
    ctx.db,
    batch.map((entry) => entry.invoice.id),
  );
  const startedAt = new Date();
  report.sendCalls += 1;
  const result: SendInvoicesResult = await gateway.sendInvoices(xml);
  const sentAlone = documentsOf(xml);
  await ctx.db.transaction(async (tx) => {
    const recorded = await recordSendOutcomes(
      tx,
      batch.map((entry, position) => ({
        invoiceId: entry.invoice.id,
        gateway,
        startedAt,
        // What was sent for this document: its `<invoice>` in an `InvoicesDoc` of its own.
        requestBody: sentAlone[position] ?? xml,
        result:
          result.kind === 'answered' ? { ...result, raw: responseOf(result.raw, position + 1) } : result,
        index: position + 1,
      })),
    );
    const done: string[] = [];
    for (const [position, { invoice, transmission }] of recorded.entries()) {
      const entry = batch[position]!;
      if (invoice.state === 'transmitted' || invoice.state === 'refused') {
        done.push(invoice.id);
        if (transmission.outcome === 'accepted') report.transmitted += 1;
        else if (invoice.state === 'refused') report.refused += 1;
      } else if (transmission.outcome === 'refused') {
        // Refused as a duplicate of a document AADE holds: ask it for that document at once (the
        // next claim), then with backoff should AADE's answers keep disagreeing.
        const attempts = entry.row.attempts + 1;
        const wait = entry.row.attempts === 0 ? 0 : transmissionDelayMs(attempts);
        await rescheduleTransmission(tx, invoice.id, {
          attempts,
          nextAttemptAt: new Date(ctx.now().getTime() + wait),
          uncertain: true,
        });
      } else {
        const attempts = entry.row.attempts + 1;
        await rescheduleTransmission(tx, invoice.id, {
          attempts,
          nextAttemptAt: new Date(ctx.now().getTime() + transmissionDelayMs(attempts)),
          // A call AADE refused as a whole (credentials, a malformed request) registered nothing.
          uncertain: transmission.outcome !== 'failed',
        });
        report.unanswered += 1;
      }
    }
    await dropAllFromOutbox(tx, done);
  });
}
