import { create } from 'xmlbuilder2';
import { isoAmount } from '@tessera/domain';

/**
 * AADE's `InvoicesDoc` (myDATA, namespace `http://www.aade.gr/myDATA/invoice/v1.0`, schemas in
 * `xsd/`): the body of `SendInvoices`. Elements in the order the schema's sequences demand; amounts
 * as two-decimal euros; the summary's totals and income classifications are the sums of the lines.
 * Every document this module builds is validated against the XSD in `invoices-doc.test.ts`.
 *
 * Party rules of myDATA: a Greek issuer sends neither name nor address, a Greek counterpart no name
 * (AADE knows them by their ΑΦΜ and refuses them otherwise, errors 219 and 220); a foreign party
 * sends its name. Lines carry no descriptions: myDATA takes the summary of a document's lines and
 * classifications, the printed document carries the words.
 */

export const INVOICE_NAMESPACE = 'http://www.aade.gr/myDATA/invoice/v1.0';
/** AADE's namespace of income classifications, its spelling (`Classificaton`) included. */
export const INCOME_CLASSIFICATION_NAMESPACE = 'https://www.aade.gr/myDATA/incomeClassificaton/v1.0';

export type MydataAddress = { street?: string; number?: string; postalCode: string; city: string };

export type MydataParty = {
  vatNumber: string;
  /** ISO 3166 alpha-2 (`GR`). */
  country: string;
  /** The installation in the Taxis register; 0 for the seat. */
  branch: number;
  /** Sent for a party outside Greece only. */
  name?: string;
  /** Sent for a counterpart (any) and a foreign issuer, when known. */
  address?: MydataAddress | null;
};

export type MydataLine = {
  lineNumber: number;
  netCents: number;
  /** myDATA's VAT category (annex 8.2). */
  vatCategory: number;
  vatCents: number;
  /** The exemption reason (annex 8.3), with category 7 only. */
  vatExemptionCategory?: number | null;
  incomeClassification: { category: string; type: string | null };
};

export type MydataPaymentMethod = {
  /** Annex 8.12: 1 domestic payment account, 5 on credit, 7 POS / e-POS, 8 IRIS… */
  type: number;
  amountCents: number;
  info?: string;
};

export type MydataDocument = {
  issuer: MydataParty;
  counterpart: MydataParty;
  series: string;
  aa: string | number;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  /** Annex 8.1: `2.1`, `1.1`, `5.1`… */
  invoiceType: string;
  currency?: string;
  /** The MARKs of the documents a credit note credits. */
  correlatedInvoices?: readonly string[];
  /** Set when the document was issued while its channel to myDATA was down (1, 2 or 3). */
  transmissionFailure?: number | null;
  paymentMethods?: readonly MydataPaymentMethod[];
  lines: readonly MydataLine[];
};

type XmlNode = Record<string, unknown>;

function partyXml(party: MydataParty, role: 'issuer' | 'counterpart'): XmlNode {
  const greek = party.country === 'GR';
  const address = party.address && (role === 'counterpart' || !greek) ? party.address : null;
  return {
    vatNumber: party.vatNumber,
    country: party.country,
    branch: String(party.branch),
    ...(!greek && party.name ? { name: party.name } : {}),
    ...(address
      ? {
          address: {
            ...(address.street ? { street: address.street } : {}),
            ...(address.number ? { number: address.number } : {}),
            postalCode: address.postalCode,
            city: address.city,
          },
        }
      : {}),
  };
}

function classificationXml(
  classification: { category: string; type: string | null },
  amountCents: number,
): XmlNode {
  return {
    ...(classification.type ? { 'icls:classificationType': classification.type } : {}),
    'icls:classificationCategory': classification.category,
    'icls:amount': isoAmount(amountCents),
  };
}

function lineXml(line: MydataLine): XmlNode {
  return {
    lineNumber: String(line.lineNumber),
    netValue: isoAmount(line.netCents),
    vatCategory: String(line.vatCategory),
    vatAmount: isoAmount(line.vatCents),
    ...(line.vatExemptionCategory ? { vatExemptionCategory: String(line.vatExemptionCategory) } : {}),
    incomeClassification: classificationXml(line.incomeClassification, line.netCents),
  };
}

/** The summary: totals and the income classifications summed per category and type. */
function summaryXml(lines: readonly MydataLine[]): XmlNode {
  const net = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vat = lines.reduce((sum, line) => sum + line.vatCents, 0);
  const classifications = new Map<string, { category: string; type: string | null; amount: number }>();
  for (const line of lines) {
    const key = `${line.incomeClassification.category}|${line.incomeClassification.type ?? ''}`;
    const entry = classifications.get(key) ?? { ...line.incomeClassification, amount: 0 };
    entry.amount += line.netCents;
    classifications.set(key, entry);
  }
  const zero = isoAmount(0);
  return {
    totalNetValue: isoAmount(net),
    totalVatAmount: isoAmount(vat),
    totalWithheldAmount: zero,
    totalFeesAmount: zero,
    totalStampDutyAmount: zero,
    totalOtherTaxesAmount: zero,
    totalDeductionsAmount: zero,
    totalGrossValue: isoAmount(net + vat),
    incomeClassification: [...classifications.values()].map((entry) =>
      classificationXml({ category: entry.category, type: entry.type }, entry.amount),
    ),
  };
}

function invoiceXml(document: MydataDocument): XmlNode {
  if (document.lines.length === 0) throw new RangeError('a myDATA document needs a line');
  return {
    ...(document.transmissionFailure ? { transmissionFailure: String(document.transmissionFailure) } : {}),
    issuer: partyXml(document.issuer, 'issuer'),
    counterpart: partyXml(document.counterpart, 'counterpart'),
    invoiceHeader: {
      series: document.series,
      aa: String(document.aa),
      issueDate: document.issueDate,
      invoiceType: document.invoiceType,
      currency: document.currency ?? 'EUR',
      ...(document.correlatedInvoices?.length
        ? { correlatedInvoices: [...document.correlatedInvoices] }
        : {}),
    },
    ...(document.paymentMethods?.length
      ? {
          paymentMethods: {
            paymentMethodDetails: document.paymentMethods.map((method) => ({
              type: String(method.type),
              amount: isoAmount(method.amountCents),
              ...(method.info ? { paymentMethodInfo: method.info } : {}),
            })),
          },
        }
      : {}),
    invoiceDetails: document.lines.map(lineXml),
    invoiceSummary: summaryXml(document.lines),
  };
}

/** The `InvoicesDoc` of `documents` (at least one), as UTF-8 XML text. */
export function invoicesDocXml(documents: readonly MydataDocument[]): string {
  if (documents.length === 0) throw new RangeError('an InvoicesDoc needs a document');
  return create(
    { version: '1.0', encoding: 'UTF-8' },
    {
      InvoicesDoc: {
        '@xmlns': INVOICE_NAMESPACE,
        '@xmlns:icls': INCOME_CLASSIFICATION_NAMESPACE,
        invoice: documents.map(invoiceXml),
      },
    },
  ).end({ prettyPrint: true });
}
