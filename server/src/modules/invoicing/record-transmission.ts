import { transmissionFailureFlag, type InvoiceState } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DocumentOutcome, SendInvoicesResult, TaxAuthorityGateway } from './mydata/gateway';
import {
  findInvoice,
  insertTransmission,
  nextAttempt,
  updateInvoice,
  type InvoiceRow,
  type InvoiceTransmissionRow,
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
  const attempt = await nextAttempt(tx, invoice.id);
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
  const failed = (): Parameters<typeof updateInvoice>[2] =>
    transmitted
      ? {}
      : {
          state: 'transmission_failed' satisfies InvoiceState,
          transmissionFailure: sentFlag ?? transmissionFailureFlag(options.gateway.channel),
        };

  const apply = async (changes: Parameters<typeof updateInvoice>[2]) =>
    Object.keys(changes).length > 0 ? updateInvoice(tx, invoice.id, changes) : invoice;

  if (result.kind !== 'answered') {
    const transmission = await insertTransmission(tx, {
      ...base,
      outcome: (result.kind === 'unreachable' ? 'unreachable' : 'failed') satisfies TransmissionOutcome,
      httpStatus: result.httpStatus,
      detail: `${result.reason}: ${result.detail}`.slice(0, MAX_BODY),
    });
    return { invoice: await apply(result.kind === 'unreachable' ? failed() : {}), transmission };
  }

  const index = options.index ?? 1;
  const outcome: DocumentOutcome | undefined =
    result.documents.find((document) => document.index === index) ??
    (result.documents.length === 1 ? result.documents[0] : undefined);
  const responseBody = result.raw.slice(0, MAX_BODY);
  if (!outcome) {
    const transmission = await insertTransmission(tx, {
      ...base,
      outcome: 'unreachable',
      detail: `unexpected-answer: no response for document ${index}`,
      responseBody,
    });
    return { invoice: await apply(failed()), transmission };
  }
  if (outcome.status === 'accepted') {
    const transmission = await insertTransmission(tx, {
      ...base,
      outcome: 'accepted',
      mark: outcome.mark,
      mydataUid: outcome.uid,
      authenticationCode: outcome.authenticationCode,
      qrUrl: outcome.qrUrl,
      responseBody,
    });
    const updated = await updateInvoice(tx, invoice.id, {
      state: 'transmitted',
      mydataUid: outcome.uid,
      mark: outcome.mark,
      authenticationCode: outcome.authenticationCode,
      qrUrl: outcome.qrUrl,
      transmittedAt: new Date(),
    });
    return { invoice: updated, transmission };
  }
  const transmission = await insertTransmission(tx, {
    ...base,
    outcome: outcome.status === 'refused' ? 'refused' : 'technical-error',
    errors: outcome.errors,
    responseBody,
  });
  if (outcome.status === 'technical-error') return { invoice: await apply(failed()), transmission };
  if (transmitted || outcome.duplicateOfMark !== null) return { invoice, transmission };
  return { invoice: await updateInvoice(tx, invoice.id, { state: 'refused' }), transmission };
}
