/**
 * The tax authority as the invoicing module sees it (issue 37 §2): send documents, cancel one,
 * read back what it holds. Two implementations: the REST adapter of AADE's myDATA
 * (`rest-gateway.ts`, ERP channel) and the sandbox AADE (`sandbox-gateway.ts`, the default outside
 * production). A certified e-invoicing provider's API would be a third (ADR 057).
 *
 * Every call answers one of three ways, never by throwing for a failure of the other side:
 * - `answered`: AADE read the request and answered it; per document, accepted (UID, MARK, QR URL,
 *   and an authentication code through a provider), refused (its validation errors: a person must
 *   look) or a technical error on AADE's side for that document (try again);
 * - `unreachable`: no answer to act on — a network error, a timeout, a 5xx, a 429, or an answer that
 *   is not AADE's XML. The document may or may not have arrived: ask AADE before sending it again;
 * - `failed`: AADE refused the call itself (credentials, a malformed request): retrying the same
 *   call cannot help, the operator must.
 */

export type AadeError = { code: string; message: string };

export type DocumentOutcome =
  | {
      /** The document's position in the `InvoicesDoc`, from 1 (AADE leaves it out on a document-wide error). */
      index: number | null;
      status: 'accepted';
      uid: string;
      mark: string;
      /** Only through an e-invoicing provider. */
      authenticationCode: string | null;
      qrUrl: string | null;
    }
  | {
      index: number | null;
      status: 'refused';
      /** AADE's `statusCode`: `ValidationError`, `XMLSyntaxError`… */
      statusCode: string;
      errors: AadeError[];
      /** When AADE refused the document as one it already holds: that document's MARK. */
      duplicateOfMark: string | null;
    }
  | { index: number | null; status: 'technical-error'; errors: AadeError[] };

export type Unreachable = {
  kind: 'unreachable';
  reason: 'network' | 'timeout' | 'server-error' | 'rate-limited' | 'unexpected-answer';
  httpStatus: number | null;
  detail: string;
};

export type CallFailed = {
  kind: 'failed';
  reason: 'unauthorized' | 'bad-request';
  httpStatus: number;
  detail: string;
};

export type NoAnswer = Unreachable | CallFailed;

export type SendInvoicesResult = { kind: 'answered'; documents: DocumentOutcome[]; raw: string } | NoAnswer;

export type CancelInvoiceResult =
  | { kind: 'answered'; status: 'cancelled'; cancellationMark: string; raw: string }
  | { kind: 'answered'; status: 'refused'; errors: AadeError[]; raw: string }
  | NoAnswer;

export type TransmittedDocsQuery = {
  /** AADE answers the documents whose MARK is greater than this; `0` for all. */
  mark?: string;
  /** `YYYY-MM-DD`: the issue dates to search (one alone searches that day). */
  dateFrom?: string;
  dateTo?: string;
  receiverVatNumber?: string;
  invoiceType?: string;
  /** Only documents with a MARK up to this one. */
  maxMark?: string;
  /** The continuation token of the previous page. */
  continuation?: { nextPartitionKey: string; nextRowKey: string } | null;
};

/** A document as AADE holds it (what `RequestTransmittedDocs` answers). */
export type TransmittedInvoice = {
  uid: string;
  mark: string;
  cancelledByMark: string | null;
  authenticationCode: string | null;
  issuerVat: string;
  counterpartVat: string | null;
  series: string;
  aa: string;
  issueDate: string;
  invoiceType: string;
  transmissionFailure: number | null;
  totalNetValue: string;
  totalVatAmount: string;
  totalGrossValue: string;
};

export type TransmittedDocsResult =
  | {
      kind: 'answered';
      invoices: TransmittedInvoice[];
      cancellations: { invoiceMark: string; cancellationMark: string; cancellationDate: string }[];
      continuation: { nextPartitionKey: string; nextRowKey: string } | null;
      raw: string;
    }
  | NoAnswer;

export type GatewayName = 'sandbox' | 'aade-dev' | 'aade-production';

export interface TaxAuthorityGateway {
  readonly name: GatewayName;
  /** How documents reach myDATA through this gateway: it decides the transmission-failure flag. */
  readonly channel: 'erp' | 'provider';
  /** `SendInvoices`: an `InvoicesDoc` of one or more documents. */
  sendInvoices(xml: string): Promise<SendInvoicesResult>;
  /** `CancelInvoice`: cancels the document with this MARK (only the issuer's own, within AADE's limits). */
  cancelInvoice(mark: string): Promise<CancelInvoiceResult>;
  /** `RequestTransmittedDocs`: the documents the issuer sent, as AADE holds them. */
  requestTransmittedDocs(query?: TransmittedDocsQuery): Promise<TransmittedDocsResult>;
}

/**
 * The MARK AADE names when it refuses a document as a duplicate of one it holds: code 228 through a
 * provider ("The UID: … is invalid . It has already been sent for another invoice (MARK:…"), 233
 * elsewhere. Through the ERP channel AADE instead registers the document again under a new MARK:
 * hence "ask before sending again".
 */
export function duplicateMarkOf(errors: readonly AadeError[]): string | null {
  for (const error of errors) {
    if (error.code !== '228' && error.code !== '233') continue;
    if (!/already been sent/i.test(error.message)) continue;
    const match = /MARK\s*:\s*(\d{1,19})/i.exec(error.message);
    if (match) return match[1]!;
  }
  return null;
}
