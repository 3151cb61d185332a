/**
 * UBL documents (issue 37 §5, ADR 060): each invoice and credit note as a UBL 2.1 `Invoice` or
 * `CreditNote` following EN 16931, for buyers' ERPs and Peppol access points, and the check of a
 * document against OASIS's UBL 2.1 schemas. (The EN 16931 rules run in the tests,
 * `validate-en16931.ts`: their engine is a devDependency.)
 */
export {
  ublInvoiceXml,
  greekInvoiceId,
  EN16931_CUSTOMIZATION_ID,
  PROVIDER_SELLER,
  type UblContext,
  type UblSeller,
} from './ubl-document';
export type { UblPayment } from './ubl-payment';
export { validateUblXsd, UBL_VERSION, type UblXsdVerdict } from './xsd';
