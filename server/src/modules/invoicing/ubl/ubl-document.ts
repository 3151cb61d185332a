import { create } from 'xmlbuilder2';
import { documentTypeLabel, isCreditNote, postalAddressOf, type Locale } from '@tessera/domain';
import { PROVIDER } from '../../../platform/letterhead';
import type { InvoiceLineRow, InvoiceRow } from '../repository';
import { amount, lineXml, partyXml, taxSubtotals, words, type Node } from './ubl-parts';
import { paymentOf, type UblPayment } from './ubl-payment';

/**
 * An issued invoice or credit note as a UBL 2.1 `Invoice` or `CreditNote` following EN 16931, the
 * European norm of the electronic invoice (ADR 060): what buyers' ERPs and Peppol access points
 * read. Built from the stored document as it was issued — the row's amounts, the customer as it
 * was then, the lines with the ledger's VAT — never recomputed. Checked in `ubl-document.test.ts`
 * against OASIS's UBL 2.1 schemas (`xsd.ts`) and the European Commission's EN 16931 rules
 * (`validate-en16931.ts`).
 *
 * - Identifier (BT-1): the Greek form of the Peppol BIS CIUS for Greece,
 *   `ΑΦΜ|dd/mm/yyyy|branch|myDATA type|series|number`, the fields AADE identifies a document by;
 *   the number as printed (`TPY-1042`) is in the first note.
 * - Type (BT-3): 380 for an invoice (myDATA 2.1 and 1.1 alike), 381 for a credit note (5.1), whose
 *   preceding invoice (BG-3) is the one it credits (`context.credited`, required).
 * - VAT (BG-23): one breakdown per category and rate, of the lines' nets and the lines' own VAT —
 *   the amounts the ledger posted (ADR 056), within the norm's one-unit tolerance of the rate
 *   applied to the sum (BR-S-09, BR-CO-17). myDATA's category 7 (exempt, with its reason) is `E`.
 * - AADE's MARK, once it gave one, is an additional document reference described `##M.AR.K##`,
 *   as the Greek CIUS names it; AADE's page of the document (its QR URL) another, `##INVOICE|URL##`.
 */

const NAMESPACES = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** The specification identifier (BT-24) of a document following the core norm, no CIUS. */
export const EN16931_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';
/** UNTDID 1001: commercial invoice, credit note. */
export const UBL_INVOICE_TYPE_CODE = '380';
export const UBL_CREDIT_NOTE_TYPE_CODE = '381';
/** How the Greek CIUS describes the additional document reference that holds AADE's MARK. */
export const MARK_DESCRIPTION = '##M.AR.K##';
export const INVOICE_URL_DESCRIPTION = '##INVOICE|URL##';

/** The seller's details beside its ΑΦΜ (which is the document's own, `issuerVat`). */
export type UblSeller = {
  /** Its registered name (BT-27), also its trading name (BT-28). */
  name: string;
  /** Street and number, as one line (BT-35: the norm has no building number). */
  street: string;
  /** BT-38. */
  postalCode: string;
  /** BT-37. */
  city: string;
  /** The seller's tax office (ΔΟΥ), as additional legal information (BT-33). */
  taxOffice?: string;
  /** The seller's contact (BT-42, BT-43). */
  phone?: string;
  email?: string;
};

export type UblContext = {
  /**
   * The invoice a credit note credits (its BillingReference, BT-25 and BT-26): required for a
   * credit note, and it must be the one the row names (`correlatedInvoiceId`).
   */
  credited?: Pick<
    InvoiceRow,
    'id' | 'issuerVat' | 'issuerBranch' | 'documentType' | 'series' | 'number' | 'issueDate'
  > | null;
  /** The words' language: Greek, and English beside it when `en`. By default the document's. */
  locale?: Locale;
  /** The seller's name, address and contacts; by default the provider's letterhead (`documents`). */
  seller?: UblSeller;
  /** The number of the portal order whose fees the invoice charges, the buyer's order (BT-13). */
  orderNumber?: number | string | null;
  /** How the document is settled, over what it charges says (`UblPayment`). */
  payment?: Partial<UblPayment>;
};

const PROVIDER_ADDRESS = postalAddressOf(PROVIDER.address.el);

/** The provider as its proforma's letterhead names it (`documents`' PROVIDER). */
export const PROVIDER_SELLER: UblSeller = {
  name: PROVIDER.legalName,
  street: `${PROVIDER_ADDRESS.street} ${PROVIDER_ADDRESS.streetNumber}`.trim(),
  postalCode: PROVIDER_ADDRESS.postalCode,
  city: PROVIDER_ADDRESS.city,
  taxOffice: `ΔΟΥ ${PROVIDER.taxOffice.el}`,
  phone: PROVIDER.phone,
  email: PROVIDER.email,
};

/** BT-1 in the Greek CIUS's form: `ΑΦΜ|dd/mm/yyyy|branch|type|series|number`. */
export function greekInvoiceId(
  document: Pick<
    InvoiceRow,
    'issuerVat' | 'issuerBranch' | 'documentType' | 'series' | 'number' | 'issueDate'
  >,
): string {
  const [year, month, day] = document.issueDate.split('-');
  return [
    document.issuerVat,
    `${day}/${month}/${year}`,
    document.issuerBranch,
    document.documentType,
    document.series,
    document.number,
  ].join('|');
}

/**
 * The UBL 2.1 document (EN 16931) of an issued invoice or credit note and its lines, as UTF-8 XML
 * text: an `Invoice` (380) or, for a credit note, a `CreditNote` (381) naming the invoice it
 * credits. Throws when a credit note comes without `context.credited` (or with another invoice),
 * when the lines do not add up to the row's totals, or when a line's VAT category is on no invoice.
 */
export function ublInvoiceXml(
  invoice: InvoiceRow,
  lines: readonly InvoiceLineRow[],
  context: UblContext = {},
): string {
  const creditNote = isCreditNote(invoice.documentType);
  const number = `${invoice.series}-${invoice.number}`;
  if (lines.length === 0) throw new RangeError(`document ${number} has no lines`);
  const net = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vat = lines.reduce((sum, line) => sum + line.vatCents, 0);
  if (net !== invoice.netCents || vat !== invoice.vatCents || net + vat !== invoice.grossCents) {
    throw new RangeError(`the lines of ${number} do not add up to its totals`);
  }
  const credited = context.credited ?? null;
  if (creditNote && (!credited || credited.id !== invoice.correlatedInvoiceId)) {
    throw new Error(`credit note ${number} needs the invoice it credits (context.credited)`);
  }
  const locale = context.locale ?? invoice.locale;
  const currency = invoice.currency;
  const seller = context.seller ?? PROVIDER_SELLER;
  const payment = paymentOf(invoice, context.payment);
  const { counterpart } = invoice;

  const notes = [
    words(
      {
        el: `${documentTypeLabel(invoice.documentType, 'el')} ${number} (myDATA ${invoice.documentType})`,
        en: `${documentTypeLabel(invoice.documentType, 'en')} ${number} (myDATA ${invoice.documentType})`,
      },
      locale,
    ),
    ...(credited
      ? [
          words(
            {
              el: `Πιστώνει το τιμολόγιο ${credited.series}-${credited.number} της ${credited.issueDate}.`,
              en: `Credits invoice ${credited.series}-${credited.number} of ${credited.issueDate}.`,
            },
            locale,
          ),
        ]
      : []),
    // ADR 056: the face value the order loaded is a multi-purpose voucher's, on no invoice.
    ...(invoice.orderId && !creditNote
      ? [
          words(
            {
              el: 'Τα ποσά που φορτώθηκαν στις κάρτες είναι κουπόνια πολλαπλής χρήσης: δεν αποτελούν παροχή και δεν τιμολογούνται.',
              en: 'The amounts loaded on the cards are multi-purpose vouchers: no supply, and not invoiced.',
            },
            locale,
          ),
        ]
      : []),
  ];
  const references: Node[] = [
    ...(invoice.mark ? [{ 'cbc:ID': invoice.mark, 'cbc:DocumentDescription': MARK_DESCRIPTION }] : []),
    ...(invoice.mark && invoice.qrUrl
      ? [
          {
            'cbc:ID': invoice.mydataUid ?? invoice.mark,
            'cbc:DocumentDescription': INVOICE_URL_DESCRIPTION,
            'cac:Attachment': { 'cac:ExternalReference': { 'cbc:URI': invoice.qrUrl } },
          },
        ]
      : []),
  ];
  const root = creditNote ? 'CreditNote' : 'Invoice';
  const document: Node = {
    '@xmlns': NAMESPACES[root],
    '@xmlns:cac': NAMESPACES.cac,
    '@xmlns:cbc': NAMESPACES.cbc,
    'cbc:CustomizationID': EN16931_CUSTOMIZATION_ID,
    'cbc:ID': greekInvoiceId(invoice),
    'cbc:IssueDate': invoice.issueDate,
    [creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode']: creditNote
      ? UBL_CREDIT_NOTE_TYPE_CODE
      : UBL_INVOICE_TYPE_CODE,
    'cbc:Note': notes,
    'cbc:DocumentCurrencyCode': currency,
    ...(context.orderNumber != null
      ? { 'cac:OrderReference': { 'cbc:ID': String(context.orderNumber) } }
      : {}),
    ...(credited
      ? {
          'cac:BillingReference': {
            'cac:InvoiceDocumentReference': {
              'cbc:ID': greekInvoiceId(credited),
              'cbc:IssueDate': credited.issueDate,
            },
          },
        }
      : {}),
    ...(references.length > 0 ? { 'cac:AdditionalDocumentReference': references } : {}),
    'cac:AccountingSupplierParty': partyXml({
      vatNumber: invoice.issuerVat,
      country: 'GR',
      name: seller.name,
      street: seller.street,
      postalCode: seller.postalCode,
      city: seller.city,
      ...(seller.taxOffice ? { legalInformation: seller.taxOffice } : {}),
      ...(seller.phone ? { phone: seller.phone } : {}),
      ...(seller.email ? { email: seller.email } : {}),
    }),
    'cac:AccountingCustomerParty': partyXml({
      vatNumber: counterpart.vatNumber,
      country: counterpart.country,
      name: counterpart.name,
      street: `${counterpart.street} ${counterpart.streetNumber}`.trim(),
      postalCode: counterpart.postalCode,
      city: counterpart.city,
    }),
    ...(payment.meansCode
      ? {
          'cac:PaymentMeans': {
            'cbc:PaymentMeansCode': payment.meansCode,
            ...(payment.paymentId ? { 'cbc:PaymentID': payment.paymentId } : {}),
            ...(payment.payeeIban ? { 'cac:PayeeFinancialAccount': { 'cbc:ID': payment.payeeIban } } : {}),
          },
        }
      : {}),
    ...(payment.terms ? { 'cac:PaymentTerms': { 'cbc:Note': words(payment.terms, locale) } } : {}),
    'cac:TaxTotal': {
      'cbc:TaxAmount': amount(vat, currency),
      'cac:TaxSubtotal': taxSubtotals(lines, currency, locale),
    },
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(net, currency),
      'cbc:TaxExclusiveAmount': amount(net, currency),
      'cbc:TaxInclusiveAmount': amount(net + vat, currency),
      ...(payment.paidCents > 0 ? { 'cbc:PrepaidAmount': amount(payment.paidCents, currency) } : {}),
      'cbc:PayableAmount': amount(net + vat - payment.paidCents, currency),
    },
    [creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: lines.map((line) =>
      lineXml(line, creditNote, currency, locale),
    ),
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, { [root]: document }).end({ prettyPrint: true });
}
