import { formatInvoiceNumber, type InvoiceResendOutcome, type Locale } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { InvoicingContext } from './invoicing-context';
import { canResend } from './invoice-desk';
import { claimForResend, enqueueTransmission, findInvoice, updateInvoice } from './repository';
import { TRANSMISSION_LEASE_MS, transmitClaimedRow, type TransmitReport } from './transmit-invoices';

/** Room for the clocks of other instances when telling a worker's lease from a backoff. */
const CLOCK_MARGIN_MS = 60_000;

const TEXT = {
  transmitted: {
    el: 'Το παραστατικό έχει ήδη διαβιβαστεί στην ΑΑΔΕ (ΜΑΡΚ {mark}).',
    en: 'This document has already been transmitted to AADE (MARK {mark}).',
  },
} as const;

export type ResendInvoiceOptions = {
  /** The staff member asking (provider staff, `invoice-desk.resend`): the audit's actor. */
  actor: { userId: string; requestId?: string };
  invoiceId: string;
  /** The language of the refusal a transmitted document gets. */
  locale: Locale;
};

/**
 * Staff's "send again" of a refused or waiting document (issue 37 §4), through the transmission
 * job's own path for that one document (ADR 059):
 *
 * 1. In a transaction, the invoice row locked: a transmitted document is a CONFLICT (nothing is
 *    ever sent twice); a refused one goes back to `issued` and into the outbox, due now (AADE
 *    refused it, so it holds nothing of it); a waiting one keeps its outbox row, and with it the
 *    mark of a send that got no answer. The request is audited (`invoice.resend`).
 * 2. After the commit the document is claimed as the job claims it — only when it is due, or when
 *    its next attempt lies beyond any worker's lease. Sooner, a worker may be sending it at this
 *    very moment: nothing is sent, and the answer is `scheduled` (the job tries within minutes).
 * 3. The claimed document goes the job's way (`transmitClaimedRow`): asked about first when its
 *    last send got no answer (a MARK AADE holds is recorded, nothing sent), checked against the XSD,
 *    sent, and AADE's answer recorded. A document AADE refuses for its content is refused again:
 *    the answer says so.
 *
 * AADE is never called inside a transaction. Answers what happened.
 */
export async function resendInvoice(
  ctx: InvoicingContext,
  options: ResendInvoiceOptions,
): Promise<InvoiceResendOutcome> {
  const { invoiceId } = options;
  await ctx.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, invoiceId, { forUpdate: true });
    if (!invoice) throw new AppError('NOT_FOUND', `no invoice ${invoiceId}`);
    if (!canResend(invoice.state)) {
      throw new AppError('CONFLICT', `invoice ${invoiceId} is ${invoice.state}`, {
        userMessage: TEXT.transmitted[options.locale].replace('{mark}', invoice.mark ?? '—'),
      });
    }
    if (invoice.state === 'refused') await updateInvoice(tx, invoice.id, { state: 'issued' });
    // A refused document left the outbox; a waiting one is in it (and keeps its row as it is).
    await enqueueTransmission(tx, invoice.id);
    await writeAudit(tx, {
      actorUserId: options.actor.userId,
      companyId: invoice.companyId,
      merchantId: invoice.merchantId,
      action: 'invoice.resend',
      entity: 'invoice',
      entityId: invoice.id,
      before: { state: invoice.state },
      after: {
        state: invoice.state === 'refused' ? 'issued' : invoice.state,
        number: formatInvoiceNumber(invoice.series, invoice.number),
      },
      requestId: options.actor.requestId ?? null,
    });
  });

  // Twice at most: AADE may refuse a document as one it already holds (228), which the job answers
  // by asking AADE at once; the second pass does that here.
  for (let pass = 0; pass < 2; pass += 1) {
    const now = ctx.now();
    const row = await claimForResend(
      ctx.db,
      invoiceId,
      now,
      new Date(now.getTime() + TRANSMISSION_LEASE_MS),
      new Date(now.getTime() + TRANSMISSION_LEASE_MS + CLOCK_MARGIN_MS),
    );
    if (!row) break;
    const outcome = outcomeOf(await transmitClaimedRow(ctx, row));
    if (outcome) return outcome;
  }
  // Not claimed: a worker has it, or it is due again within minutes; or a worker ended it meanwhile.
  const now = await findInvoice(ctx.db, invoiceId);
  if (now?.state === 'transmitted') return 'transmitted';
  if (now?.state === 'refused') return 'refused';
  return 'scheduled';
}

/** What a pass did, or null when it ended nowhere yet (AADE refused it as one it holds). */
function outcomeOf(report: TransmitReport): InvoiceResendOutcome | null {
  if (report.found > 0) return 'found';
  if (report.transmitted > 0) return 'transmitted';
  if (report.refused > 0) return 'refused';
  if (report.waiting > 0) return 'waiting';
  if (report.unanswered > 0) return 'unanswered';
  return null;
}
