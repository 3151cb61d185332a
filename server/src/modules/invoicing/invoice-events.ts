import { formatInvoiceNumber, isCreditNote, publicInvoiceLinks } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { publishEvent } from '../webhooks';
import type { InvoicingContext } from './invoicing-context';
import type { InvoiceRow } from './repository';

/**
 * The `invoice.issued` webhook (issue 37 §5): an invoice or a credit note issued to a company, told
 * to the company's endpoints in the issuing transaction `tx` (the webhooks' transactional outbox,
 * ADR 035): the fact, its document and its event commit together, and a rollback tells nothing.
 * A merchant's documents are told to nobody (webhooks are a company's). The data: the document's
 * id, number, type, amounts in cents, order and credited invoice, and the public API's addresses of
 * the document and its downloads (myDATA XML, PDF, UBL).
 */
export async function publishInvoiceIssued(
  ctx: Pick<InvoicingContext, 'publicUrl'>,
  tx: Executor,
  invoice: InvoiceRow,
  at: Date,
): Promise<void> {
  if (invoice.companyId === null) return;
  await publishEvent(tx, {
    companyId: invoice.companyId,
    type: 'invoice.issued',
    at,
    data: {
      invoiceId: invoice.id,
      number: formatInvoiceNumber(invoice.series, invoice.number),
      kind: isCreditNote(invoice.documentType) ? 'credit-note' : 'invoice',
      documentType: invoice.documentType,
      issueDate: invoice.issueDate,
      currency: invoice.currency,
      netCents: invoice.netCents,
      vatCents: invoice.vatCents,
      grossCents: invoice.grossCents,
      orderId: invoice.orderId,
      correlatedInvoiceId: invoice.correlatedInvoiceId,
      links: publicInvoiceLinks(ctx.publicUrl, invoice.id),
    },
  });
}
