import type { MydataDocument } from './mydata/invoices-doc';
import { mydataUid } from './mydata/uid';
import type { InvoiceLineRow, InvoiceRow } from './repository';

/**
 * An issued document as myDATA takes it: the stored invoice and lines, the MARK of the invoice a
 * credit note credits (it must have one: a credit note waits for its invoice's MARK), and the
 * transmission-failure flag when the document was issued while AADE was unreachable.
 */
export function mydataDocumentOf(
  invoice: InvoiceRow,
  lines: readonly InvoiceLineRow[],
  context: { correlatedMark?: string | null } = {},
): MydataDocument {
  if (invoice.correlatedInvoiceId && !context.correlatedMark) {
    throw new Error(`credit note ${invoice.series}-${invoice.number} waits for its invoice's MARK`);
  }
  const { counterpart } = invoice;
  return {
    issuer: { vatNumber: invoice.issuerVat, country: 'GR', branch: invoice.issuerBranch },
    counterpart: {
      vatNumber: counterpart.vatNumber,
      country: counterpart.country,
      branch: counterpart.branch,
      name: counterpart.name,
      address:
        counterpart.postalCode && counterpart.city
          ? {
              street: counterpart.street,
              number: counterpart.streetNumber,
              postalCode: counterpart.postalCode,
              city: counterpart.city,
            }
          : null,
    },
    series: invoice.series,
    aa: invoice.number,
    issueDate: invoice.issueDate,
    invoiceType: invoice.documentType,
    currency: invoice.currency,
    correlatedInvoices: context.correlatedMark ? [context.correlatedMark] : [],
    transmissionFailure: invoice.transmissionFailure,
    lines: lines.map((line) => ({
      lineNumber: line.lineNumber,
      netCents: line.netCents,
      vatCategory: line.vatCategory,
      vatCents: line.vatCents,
      vatExemptionCategory: line.vatExemptionCategory,
      incomeClassification: { category: line.incomeCategory, type: line.incomeType },
    })),
  };
}

/** The UID AADE gives (or gave) this document. */
export function uidOfInvoice(
  invoice: Pick<
    InvoiceRow,
    'issuerVat' | 'issueDate' | 'issuerBranch' | 'documentType' | 'series' | 'number'
  >,
): string {
  return mydataUid({
    issuerVat: invoice.issuerVat,
    issueDate: invoice.issueDate,
    branch: invoice.issuerBranch,
    invoiceType: invoice.documentType,
    series: invoice.series,
    aa: invoice.number,
  });
}
