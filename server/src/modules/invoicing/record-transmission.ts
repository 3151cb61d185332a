import { transmissionFailureFlag, type InvoiceState } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type {
  AadeError,
  DocumentOutcome,
  NoAnswer,
  SendInvoicesResult,
  TaxAuthorityGateway,
  TransmittedDocsQuery,
  TransmittedInvoice,
} from './mydata/gateway';
import {
  findInvoice,
  insertTransmission,
  insertTransmissions,
  lockInvoices,
  nextAttempt,
  nextAttempts,
  updateInvoice,
  updateInvoices,
  type InvoiceRow,
  type InvoiceTransmissionRow,
  type NewTransmission,
} from './repository';
import type { TransmissionOutcome } from './schema';

export type RecordSendOptions = {
  invoiceId: string;
  /** The gateway that was called: its name is kept, its channel decides the failure flag. */
  gateway: Pick<TaxAuthorityGateway, 'name' | 'channel'>;
  startedAt: Date;
  /** The `InvoicesDoc` sent, as sent. */
  requestBody: string;
  result: SendInvoicesResult;
  /** The document's position in the `InvoicesDoc` sent (1-based); 1 when it went alone. */
  index?: number;
};

const MAX_BODY = 64 * 1024;

/**
 * Writes one `SendInvoices` attempt for an invoice and moves the invoice where the answer puts it,
 * in `tx`, with the invoice row locked (two workers cannot record over each other):
 *
 * - accepted: `transmitted`, with AADE's UID, MARK, QR URL (and authentication code);
 * - refused: `refused` with AADE's errors for the finance staff — unless AADE refused it as a
 *   duplicate of a document it holds, which leaves the state for the look-up that follows;
 * - AADE unreachable (or its technical error): `transmission_failed`, and the document is marked
 *   with its channel's transmission-failure flag for the next attempt (Α.1138/2020 art. 5 §6);
 * - the call itself failed (credentials, a malformed request): the state stays; the operator acts.
 *
 * A transmitted invoice never goes back: only a new acceptance (AADE's re-registration) changes it.
 */
export async function recordSendOutcome(
  tx: Executor,
  options: RecordSendOptions,
): Promise<{ invoice: InvoiceRow; transmission: InvoiceTransmissionRow }> {
  const invoice = await findInvoice(tx, options.invoiceId, { forUpdate: true });
  if (!invoice) throw new AppError('NOT_FOUND', `invoice ${options.invoiceId} does not exist`);
  const decision = decideSend(invoice, await nextAttempt(tx, invoice.id), options);
  const transmission = await insertTransmission(tx, decision.transmission);
  const updated =
    Object.keys(decision.changes).length > 0
      ? await updateInvoice(tx, invoice.id, decision.changes)
      : invoice;
  return { invoice: updated, transmission };
}

/**
 * `recordSendOutcome` for every document of one `SendInvoices` call at once (ADR 059: a batch of
 * the transmission job), with the same rules, in a few statements instead of five per document:
 * the invoices locked together, the attempts written in one insert, the invoices AADE's answers
 * move updated in one. Answers each document's result in the order of `entries`.
 */
export async function recordSendOutcomes(
  tx: Executor,
  entries: readonly RecordSendOptions[],
): Promise<{ invoice: InvoiceRow; transmission: InvoiceTransmissionRow }[]> {
  if (entries.length === 0) return [];
  const ids = entries.map((entry) => entry.invoiceId);
  const invoices = new Map((await lockInvoices(tx, ids)).map((invoice) => [invoice.id, invoice]));
  const attempts = await nextAttempts(tx, ids);
  const decisions = entries.map((entry) => {
    const invoice = invoices.get(entry.invoiceId);
    if (!invoice) throw new AppError('NOT_FOUND', `invoice ${entry.invoiceId} does not exist`);
    return { invoice, ...decideSend(invoice, attempts.get(invoice.id) ?? 1, entry) };
  });
  const transmissions = new Map(
    (
      await insertTransmissions(
        tx,
        decisions.map((decision) => decision.transmission),
      )
    ).map((row) => [row.invoiceId, row]),
  );
  const moved = decisions.filter((decision) => Object.keys(decision.changes).length > 0);
  const updated = new Map(
    (
      await updateInvoices(
        tx,
        moved.map((decision) => ({ ...decision.invoice, ...decision.changes })),
      )
    ).map((row) => [row.id, row]),
  );
  return decisions.map((decision) => ({
    invoice: updated.get(decision.invoice.id) ?? decision.invoice,
    transmission: transmissions.get(decision.invoice.id)!,
  }));
}

type InvoiceChanges = Parameters<typeof updateInvoice>[2];

/** What one answer writes (the attempt) and changes (the invoice), by the rules above. */
function decideSend(
  invoice: InvoiceRow,
  attempt: number,
  options: RecordSendOptions,
): { transmission: NewTransmission; changes: InvoiceChanges } {
  const { result } = options;
  const sentFlag = invoice.transmissionFailure;
  const base = {
    invoiceId: invoice.id,
    attempt,
    action: 'send' as const,
    gateway: options.gateway.name,
    transmissionFailure: sentFlag,
    startedAt: options.startedAt,
    requestBody: options.requestBody.slice(0, MAX_BODY),
  };
  const transmitted = invoice.state === 'transmitted';
  const failed = (): InvoiceChanges =>
    transmitted
      ? {}
      : {
          state: 'transmission_failed' satisfies InvoiceState,
          transmissionFailure: sentFlag ?? transmissionFailureFlag(options.gateway.channel),
        };

  if (result.kind !== 'answered') {
    return {
      transmission: {
        ...base,
        outcome: (result.kind === 'unreachable' ? 'unreachable' : 'failed') satisfies TransmissionOutcome,
        httpStatus: result.httpStatus,
        detail: `${result.reason}: ${result.detail}`.slice(0, MAX_BODY),
      },
      changes: result.kind === 'unreachable' ? failed() : {},
    };
  }

  const index = options.index ?? 1;
  const outcome: DocumentOutcome | undefined =
    result.documents.find((document) => document.index === index) ??
    (result.documents.length === 1 ? result.documents[0] : undefined);
  const responseBody = result.raw.slice(0, MAX_BODY);
  if (!outcome) {
    return {
      transmission: {
        ...base,
        outcome: 'unreachable',
        detail: `unexpected-answer: no response for document ${index}`,
        responseBody,
      },
      changes: failed(),
    };
  }
  if (outcome.status === 'accepted') {
    return {
      transmission: {
        ...base,
        outcome: 'accepted',
        mark: outcome.mark,
        mydataUid: outcome.uid,
        authenticationCode: outcome.authenticationCode,
        qrUrl: outcome.qrUrl,
        responseBody,
      },
      changes: {
        state: 'transmitted',
        mydataUid: outcome.uid,
        mark: outcome.mark,
        authenticationCode: outcome.authenticationCode,
        qrUrl: outcome.qrUrl,
        transmittedAt: new Date(),
      },
    };
  }
  const transmission: NewTransmission = {
    ...base,
    outcome: outcome.status === 'refused' ? 'refused' : 'technical-error',
    errors: outcome.errors,
    responseBody,
  };
  if (outcome.status === 'technical-error') return { transmission, changes: failed() };
  if (transmitted || outcome.duplicateOfMark !== null) return { transmission, changes: {} };
  return { transmission, changes: { state: 'refused' } };
}

/** What asking AADE about one document found (ADR 059). */
export type LookupOutcome =
  { kind: 'found'; document: TransmittedInvoice } | { kind: 'not-found' } | NoAnswer;

export type RecordLookupOptions = {
  invoiceId: string;
  gateway: Pick<TaxAuthorityGateway, 'name'>;
  startedAt: Date;
  /** What was asked (`RequestTransmittedDocs`' parameters), kept as the call's request. */
  query: TransmittedDocsQuery;
  outcome: LookupOutcome;
};

/**
 * Writes one look-up of a document at AADE (`RequestTransmittedDocs`, matched by the document's
 * UID) and, when AADE holds it, records the MARK it holds: the document is `transmitted` without
 * being sent again (ADR 057: through the ERP channel a second send registers it twice). In `tx`,
 * with the invoice row locked. A look-up finds no QR URL (AADE answers none with the documents):
 * the printed document builds it from the MARK.
 */
export async function recordLookupOutcome(
  tx: Executor,
  options: RecordLookupOptions,
): Promise<{ invoice: InvoiceRow; transmission: InvoiceTransmissionRow }> {
  const invoice = await findInvoice(tx, options.invoiceId, { forUpdate: true });
  if (!invoice) throw new AppError('NOT_FOUND', `invoice ${options.invoiceId} does not exist`);
  const { outcome } = options;
  const base = {
    invoiceId: invoice.id,
    attempt: await nextAttempt(tx, invoice.id),
    action: 'lookup' as const,
    gateway: options.gateway.name,
    transmissionFailure: invoice.transmissionFailure,
    startedAt: options.startedAt,
    requestBody: JSON.stringify(options.query),
  };
  if (outcome.kind === 'found') {
    const { document } = outcome;
    const transmission = await insertTransmission(tx, {
      ...base,
      outcome: 'found',
      mark: document.mark,
      mydataUid: document.uid,
      authenticationCode: document.authenticationCode,
      responseBody: JSON.stringify(document).slice(0, MAX_BODY),
    });
    if (invoice.state === 'transmitted') return { invoice, transmission };
    const updated = await updateInvoice(tx, invoice.id, {
      state: 'transmitted',
      mydataUid: document.uid,
      mark: document.mark,
      authenticationCode: document.authenticationCode,
      transmittedAt: new Date(),
    });
    return { invoice: updated, transmission };
  }
  if (outcome.kind === 'not-found') {
    return { invoice, transmission: await insertTransmission(tx, { ...base, outcome: 'not-found' }) };
  }
  const transmission = await insertTransmission(tx, {
    ...base,
    outcome: outcome.kind === 'unreachable' ? 'unreachable' : 'failed',
    httpStatus: outcome.httpStatus,
    detail: `${outcome.reason}: ${outcome.detail}`.slice(0, MAX_BODY),
  });
  return { invoice, transmission };
}

/**
 * A document the portal's own check against AADE's XSD refused before sending (a defect of the
 * builder, not something to retry): written as a send that did not leave, with the schema's errors,
 * and the document `refused` for the finance staff (ADR 059).
 */
export async function recordLocalRefusal(
  tx: Executor,
  options: {
    invoiceId: string;
    gateway: Pick<TaxAuthorityGateway, 'name'>;
    startedAt: Date;
    requestBody: string;
    errors: AadeError[];
  },
): Promise<InvoiceRow> {
  const invoice = await findInvoice(tx, options.invoiceId, { forUpdate: true });
  if (!invoice) throw new AppError('NOT_FOUND', `invoice ${options.invoiceId} does not exist`);
  await insertTransmission(tx, {
    invoiceId: invoice.id,
    attempt: await nextAttempt(tx, invoice.id),
    action: 'send',
    gateway: options.gateway.name,
    transmissionFailure: invoice.transmissionFailure,
    startedAt: options.startedAt,
    outcome: 'refused',
    errors: options.errors,
    detail: 'refused by the portal’s check against AADE’s XSD: not sent',
    requestBody: options.requestBody.slice(0, MAX_BODY),
  });
  return invoice.state === 'transmitted' ? invoice : updateInvoice(tx, invoice.id, { state: 'refused' });
}
