import {
  completeGreekTaxId,
  documentTypeFor,
  invoiceLinesOf,
  orderInvoiceLines,
  priceOrder,
  type InvoiceKind,
  type InvoiceLineInput,
} from '@tessera/domain';
import type { MydataDocument } from '../src/modules/invoicing';

/** Documents and parties the invoicing tests share (issue 37). */

export const ISSUER_VAT = '099999999';
export const CUSTOMER_VAT = completeGreekTaxId('09401924');
export const MERCHANT_VAT = completeGreekTaxId('80012345');

/** The fee lines of a paid order of two new plastic cards loaded with 50 € each. */
export function orderFeeLines(): InvoiceLineInput[] {
  const price = priceOrder({
    orderType: 'NEW',
    family: 'plastic',
    lines: [
      { tempCardId: 'a', amountCents: 5_000 },
      { tempCardId: 'b', amountCents: 5_000 },
    ],
  });
  return orderInvoiceLines(price, '#1042');
}

/** A myDATA document of `lines`, from the provider to a Greek customer. */
export function documentOf(
  lines: readonly InvoiceLineInput[],
  options: {
    kind?: InvoiceKind;
    aa?: number;
    series?: string;
    issueDate?: string;
    counterpartVat?: string;
    correlatedMark?: string;
    transmissionFailure?: number;
  } = {},
): MydataDocument {
  const kind = options.kind ?? 'invoice';
  return {
    issuer: { vatNumber: ISSUER_VAT, country: 'GR', branch: 0 },
    counterpart: {
      vatNumber: options.counterpartVat ?? CUSTOMER_VAT,
      country: 'GR',
      branch: 0,
      name: 'Ακμή Τροφίμων Α.Ε.',
      address: { street: 'Σταδίου', number: '10', postalCode: '10564', city: 'Αθήνα' },
    },
    series: options.series ?? (kind === 'credit-note' ? 'PT' : 'TPY'),
    aa: options.aa ?? 1,
    issueDate: options.issueDate ?? '2026-11-30',
    invoiceType: documentTypeFor(kind, lines),
    correlatedInvoices: options.correlatedMark ? [options.correlatedMark] : [],
    transmissionFailure: options.transmissionFailure ?? null,
    lines: invoiceLinesOf(lines).map((line) => ({
      lineNumber: line.lineNumber,
      netCents: line.netCents,
      vatCategory: line.vatCategory,
      vatCents: line.vatCents,
      vatExemptionCategory: line.vatExemptionCategory,
      incomeClassification: { category: line.incomeCategory, type: line.incomeType },
    })),
  };
}
