/**
 * Invoicing (issue 37, ADRs 056–059): invoices and credit notes from ledger facts, numbered
 * gaplessly per series, as myDATA documents sent through a `TaxAuthorityGateway`. The modules that
 * make the facts issue their documents in the same transaction through the service
 * (`invoiceOrderFees`, `invoiceSettlement`, `invoiceMerchantCharge`, `creditFees`); the pg-boss job
 * `invoicing.transmit` sends what is due after commit and records each answer.
 */
export { createInvoicingService, TRANSMIT_CRON, TRANSMIT_JOB, type InvoicingService } from './service';
export { invoicingTestRoutes } from './routes';
// Issue 37 §4: a company's and a merchant's own documents, and the printed document.
export { companyInvoiceRoutes, merchantInvoiceRoutes, type CompanyInvoiceDeps } from './customer-routes';
export { renderInvoicePdf, type InvoicePdfInput } from './invoice-pdf';
export { invoiceDeskRoutes } from './staff-routes';
export type { CustomerParties, CustomerParty } from './invoicing-context';
export type { CreditFeesFact, MerchantChargeFact, OrderPaidFact, SettlementFact } from './invoice-facts';
export type { TransmitOptions, TransmitReport } from './transmit-invoices';
export { issueInvoice, type IssueInvoiceOptions, type IssuedInvoice } from './issue-invoice';
export {
  recordLookupOutcome,
  recordSendOutcome,
  type LookupOutcome,
  type RecordSendOptions,
} from './record-transmission';
export { mydataDocumentOf, uidOfInvoice } from './mydata-document';
export type { InvoiceLineRow, InvoiceRow, InvoiceTransmissionRow } from './repository';
export {
  invoicingSettings,
  invoicingSettingsAtStart,
  taxAuthorityGateway,
  DEMO_ISSUER_VAT,
  TEST_INVOICING_SETTINGS,
  type InvoicingSettings,
} from './settings';
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
// Issue 37 §5 (ADR 060): each document as UBL 2.1 following EN 16931.
export { ublInvoiceXml, validateUblXsd, type UblContext } from './ubl';
