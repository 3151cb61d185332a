import { builder, create } from 'xmlbuilder2';
import {
  duplicateMarkOf,
  type AadeError,
  type DocumentOutcome,
  type TransmittedDocsResult,
  type TransmittedInvoice,
} from './gateway';

/**
 * Reading AADE's answers: `ResponseDoc` (SendInvoices, CancelInvoice; no namespace) and
 * `RequestedDoc` (RequestTransmittedDocs; the invoice namespace). Elements are found by local name,
 * so a prefix AADE chooses changes nothing. A text that is not the expected document throws
 * `NotAadeXml`: the caller treats it as no answer.
 */

export class NotAadeXml extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotAadeXml';
  }
}

/** The few DOM members read here (xmlbuilder2's parser returns a W3C DOM). */
type XmlNode = {
  nodeType: number;
  localName?: string | null;
  textContent: string | null;
  childNodes: ArrayLike<XmlNode>;
};

const ELEMENT_NODE = 1;

function rootOf(xml: string, name: string): XmlNode {
  let root: XmlNode;
  try {
    root = create(xml).root().node as unknown as XmlNode;
  } catch (error) {
    throw new NotAadeXml(`not XML: ${(error as Error).message}`);
  }
  if (root.localName !== name) throw new NotAadeXml(`expected <${name}>, got <${root.localName ?? '?'}>`);
  return root;
}

/** The XML text of a parsed element (xmlbuilder2 wraps its own DOM node back into a builder). */
const serialize = (node: XmlNode): string =>
  (builder as unknown as (node: XmlNode) => { toString(): string })(node).toString();

function children(node: XmlNode, name?: string): XmlNode[] {
  return Array.from(node.childNodes).filter(
    (child) => child.nodeType === ELEMENT_NODE && (name === undefined || child.localName === name),
  );
}

function child(node: XmlNode | null | undefined, ...path: string[]): XmlNode | null {
  let current: XmlNode | null | undefined = node;
  for (const name of path) {
    current = current ? children(current, name)[0] : null;
    if (!current) return null;
  }
  return current ?? null;
}

function text(node: XmlNode | null | undefined, ...path: string[]): string | null {
  const found = child(node, ...path);
  const value = found?.textContent?.trim();
  return value ? value : null;
}

function errorsOf(node: XmlNode): AadeError[] {
  const list = child(node, 'errors');
  return list
    ? children(list, 'error').map((error) => ({
        code: text(error, 'code') ?? '',
        message: text(error, 'message') ?? '',
      }))
    : [];
}

/** One `<response>` of a `ResponseDoc`, as AADE wrote it. */
export type ResponseEntry = {
  index: number | null;
  statusCode: string;
  invoiceUid: string | null;
  invoiceMark: string | null;
  cancellationMark: string | null;
  authenticationCode: string | null;
  qrUrl: string | null;
  errors: AadeError[];
};

export function parseResponseDoc(xml: string): ResponseEntry[] {
  const root = rootOf(xml, 'ResponseDoc');
  return children(root, 'response').map((response) => {
    const index = text(response, 'index');
    return {
      index: index === null ? null : Number(index),
      statusCode: text(response, 'statusCode') ?? '',
      invoiceUid: text(response, 'invoiceUid'),
      invoiceMark: text(response, 'invoiceMark'),
      cancellationMark: text(response, 'cancellationMark'),
      authenticationCode: text(response, 'authenticationCode'),
      qrUrl: text(response, 'qrUrl'),
      errors: errorsOf(response),
    };
  });
}

/** The outcome of each document of a `SendInvoices` answer. */
export function documentOutcomes(entries: readonly ResponseEntry[]): DocumentOutcome[] {
  return entries.map((entry): DocumentOutcome => {
    if (entry.statusCode === 'Success' && entry.invoiceMark && entry.invoiceUid) {
      return {
        index: entry.index,
        status: 'accepted',
        uid: entry.invoiceUid,
        mark: entry.invoiceMark,
        authenticationCode: entry.authenticationCode,
        qrUrl: entry.qrUrl,
      };
    }
    if (entry.statusCode === 'TechnicalError') {
      return { index: entry.index, status: 'technical-error', errors: entry.errors };
    }
    return {
      index: entry.index,
      status: 'refused',
      statusCode: entry.statusCode || 'Unknown',
      errors: entry.errors,
      duplicateOfMark: duplicateMarkOf(entry.errors),
    };
  });
}

function transmittedInvoiceOf(invoice: XmlNode): TransmittedInvoice {
  const failure = text(invoice, 'transmissionFailure');
  return {
    uid: text(invoice, 'uid') ?? '',
    mark: text(invoice, 'mark') ?? '',
    cancelledByMark: text(invoice, 'cancelledByMark'),
    authenticationCode: text(invoice, 'authenticationCode'),
    issuerVat: text(invoice, 'issuer', 'vatNumber') ?? '',
    counterpartVat: text(invoice, 'counterpart', 'vatNumber'),
    series: text(invoice, 'invoiceHeader', 'series') ?? '',
    aa: text(invoice, 'invoiceHeader', 'aa') ?? '',
    issueDate: text(invoice, 'invoiceHeader', 'issueDate') ?? '',
    invoiceType: text(invoice, 'invoiceHeader', 'invoiceType') ?? '',
    transmissionFailure: failure === null ? null : Number(failure),
    totalNetValue: text(invoice, 'invoiceSummary', 'totalNetValue') ?? '0.00',
    totalVatAmount: text(invoice, 'invoiceSummary', 'totalVatAmount') ?? '0.00',
    totalGrossValue: text(invoice, 'invoiceSummary', 'totalGrossValue') ?? '0.00',
  };
}

/** A `RequestedDoc`: the documents, the cancellations and the continuation token, if any. */
export function parseRequestedDoc(
  xml: string,
): Omit<Extract<TransmittedDocsResult, { kind: 'answered' }>, 'kind' | 'raw'> {
  const root = rootOf(xml, 'RequestedDoc');
  const token = child(root, 'continuationToken');
  const nextPartitionKey = text(token, 'nextPartitionKey');
  const nextRowKey = text(token, 'nextRowKey');
  const invoicesDoc = child(root, 'invoicesDoc');
  const cancelledDoc = child(root, 'cancelledInvoicesDoc');
  return {
    invoices: invoicesDoc ? children(invoicesDoc, 'invoice').map(transmittedInvoiceOf) : [],
    cancellations: cancelledDoc
      ? children(cancelledDoc, 'cancelledInvoice').map((cancelled) => ({
          invoiceMark: text(cancelled, 'invoiceMark') ?? '',
          cancellationMark: text(cancelled, 'cancellationMark') ?? '',
          cancellationDate: text(cancelled, 'cancellationDate') ?? '',
        }))
      : [],
    continuation: nextPartitionKey && nextRowKey ? { nextPartitionKey, nextRowKey } : null,
  };
}

/** The facts of each `<invoice>` of an `InvoicesDoc` (what the sandbox reads of what it receives). */
export type ReceivedInvoice = {
  /** The `<invoice>` element's own XML. */
  xml: string;
  issuerVat: string;
  issuerBranch: number;
  counterpartVat: string | null;
  series: string;
  aa: string;
  issueDate: string;
  invoiceType: string;
  correlatedInvoices: string[];
  transmissionFailure: number | null;
  lines: { netValue: string; vatAmount: string }[];
  totalNetValue: string;
  totalVatAmount: string;
  totalGrossValue: string;
};

export function parseInvoicesDoc(xml: string): ReceivedInvoice[] {
  return children(rootOf(xml, 'InvoicesDoc'), 'invoice').map((invoice) => {
    const header = child(invoice, 'invoiceHeader');
    const failure = text(invoice, 'transmissionFailure');
    return {
      xml: serialize(invoice),
      issuerVat: text(invoice, 'issuer', 'vatNumber') ?? '',
      issuerBranch: Number(text(invoice, 'issuer', 'branch') ?? 0),
      counterpartVat: text(invoice, 'counterpart', 'vatNumber'),
      series: text(header, 'series') ?? '',
      aa: text(header, 'aa') ?? '',
      issueDate: text(header, 'issueDate') ?? '',
      invoiceType: text(header, 'invoiceType') ?? '',
      correlatedInvoices: header
        ? children(header, 'correlatedInvoices').map((node) => node.textContent?.trim() ?? '')
        : [],
      transmissionFailure: failure === null ? null : Number(failure),
      lines: children(invoice, 'invoiceDetails').map((line) => ({
        netValue: text(line, 'netValue') ?? '0.00',
        vatAmount: text(line, 'vatAmount') ?? '0.00',
      })),
      totalNetValue: text(invoice, 'invoiceSummary', 'totalNetValue') ?? '0.00',
      totalVatAmount: text(invoice, 'invoiceSummary', 'totalVatAmount') ?? '0.00',
      totalGrossValue: text(invoice, 'invoiceSummary', 'totalGrossValue') ?? '0.00',
    };
  });
}

/** Decimal euros (`12.40`, `12.4`, `12`) in cents; NaN when it is not an amount. */
export function centsOf(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

/** Escapes text for an XML element's content. */
export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A `ResponseDoc` in AADE's shape (the sandbox answers with it, so that what it returns reads as
 * AADE's would): one `<response>` per document.
 */
export function responseDocXml(outcomes: readonly DocumentOutcome[]): string {
  const responses = outcomes.map((outcome) => {
    const index = outcome.index === null ? '' : `<index>${outcome.index}</index>`;
    if (outcome.status === 'accepted') {
      return (
        `<response>${index}<invoiceUid>${outcome.uid}</invoiceUid><invoiceMark>${outcome.mark}</invoiceMark>` +
        (outcome.authenticationCode
          ? `<authenticationCode>${outcome.authenticationCode}</authenticationCode>`
          : '') +
        (outcome.qrUrl ? `<qrUrl>${escapeXml(outcome.qrUrl)}</qrUrl>` : '') +
        `<statusCode>Success</statusCode></response>`
      );
    }
    const errors = outcome.errors
      .map(
        (error) =>
          `<error><message>${escapeXml(error.message)}</message><code>${escapeXml(error.code)}</code></error>`,
      )
      .join('');
    const statusCode = outcome.status === 'refused' ? outcome.statusCode : 'TechnicalError';
    return `<response>${index}<errors>${errors}</errors><statusCode>${statusCode}</statusCode></response>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>\n<ResponseDoc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">${responses.join('')}</ResponseDoc>`;
}
