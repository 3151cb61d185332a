/**
 * Invoicing (issue 37, ADRs 056–058): invoices and credit notes from ledger facts, numbered
 * gaplessly per series, as myDATA documents sent through a `TaxAuthorityGateway`. Other modules
 * issue a document in the transaction that charges it (`issueInvoice`); a transmission job (next
 * step) sends what is not yet transmitted and records each answer (`recordSendOutcome`).
 */
export { issueInvoice, type IssueInvoiceOptions, type IssuedInvoice } from './issue-invoice';
export { recordSendOutcome, type RecordSendOptions } from './record-transmission';
export { mydataDocumentOf, uidOfInvoice } from './mydata-document';
export type { InvoiceLineRow, InvoiceRow, InvoiceTransmissionRow } from './repository';
export { invoicingSettings, taxAuthorityGateway, DEMO_ISSUER_VAT, type InvoicingSettings } from './settings';
export type {
  AadeError,
  CancelInvoiceResult,
  DocumentOutcome,
  SendInvoicesResult,
  TaxAuthorityGateway,
  TransmittedDocsQuery,
  TransmittedDocsResult,
  TransmittedInvoice,
} from './mydata/gateway';
export { duplicateMarkOf } from './mydata/gateway';
export { invoicesDocXml, type MydataDocument } from './mydata/invoices-doc';
export { createRestGateway, MYDATA_BASE_URLS, type RestGatewayOptions } from './mydata/rest-gateway';
export {
  createSandboxGateway,
  sandboxState,
  setSandboxState,
  type SandboxState,
} from './mydata/sandbox-gateway';
export { validateMydataXml, MYDATA_XSD_VERSION } from './mydata/xsd';
