import { z } from 'zod';
import {
  InvoiceDocumentTypeSchema,
  InvoiceLineKindSchema,
  InvoiceStateSchema,
  parseInvoiceNumber,
} from './invoicing';

/**
 * The provider staff's invoice desk (issue 37 §3–4): the documents AADE refused, with AADE's error
 * codes and messages, and the documents still waiting to reach it (issued under transmission
 * failure, or not yet sent) with their attempts and next retry, oldest first; a search by number,
 * MARK or the customer's ΑΦΜ; one document with every call made to AADE about it; and "send
 * again" through the transmission job's own path (ask AADE first after a lost answer, never send
 * twice). Answers of `/api/v1/invoice-desk/...`.
 */

/** One error AADE (or the portal's check against AADE's XSD, code `XSD`) gave a document. */
export const AadeErrorSchema = z.object({ code: z.string(), message: z.string() });
export type AadeErrorView = z.infer<typeof AadeErrorSchema>;

/** What one call to AADE did: send the document, ask AADE whether it holds it, or cancel it. */
export const INVOICE_TRANSMISSION_ACTIONS = ['send', 'lookup', 'cancel'] as const;
export const INVOICE_TRANSMISSION_OUTCOMES = [
  'accepted',
  'refused',
  'technical-error',
  'unreachable',
  'failed',
  'cancelled',
  'found',
  'not-found',
] as const;
export type InvoiceTransmissionOutcome = (typeof INVOICE_TRANSMISSION_OUTCOMES)[number];

/** A document as the desk lists it. */
export const DeskInvoiceSchema = z.object({
  invoiceId: z.uuid(),
  /** As printed and searched: `TPY-1042`. */
  number: z.string(),
  documentType: InvoiceDocumentTypeSchema,
  state: InvoiceStateSchema,
  issueDate: z.string(),
  /** The customer: a company or a merchant, with its name and ΑΦΜ as the document names them. */
  companyId: z.string().nullable(),
  merchantId: z.string().nullable(),
  customerName: z.string(),
  customerVat: z.string(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  mark: z.string().nullable(),
  /** The transmission-failure flag it was (or is to be) sent with (1–3); null when sent in time. */
  transmissionFailure: z.number().int().nullable(),
  /** Calls made to AADE about it (sends and look-ups). */
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  lastOutcome: z.enum(INVOICE_TRANSMISSION_OUTCOMES).nullable(),
  /** AADE's errors of its last refusal (empty unless it was refused). */
  errors: z.array(AadeErrorSchema),
  /** When the transmission job tries it next; null when it waits for nothing (transmitted, refused). */
  nextAttemptAt: z.string().nullable(),
});
export type DeskInvoice = z.infer<typeof DeskInvoiceSchema>;

/** The desk's queue: refused documents and waiting ones, each oldest first. */
export const InvoiceDeskQueueResponseSchema = z.object({
  success: z.literal(true),
  refused: z.array(DeskInvoiceSchema),
  waiting: z.array(DeskInvoiceSchema),
  /** Whether either list was cut at its limit (the oldest are shown). */
  hasMore: z.boolean(),
});
export type InvoiceDeskQueueResponse = z.infer<typeof InvoiceDeskQueueResponseSchema>;

/** The most documents one list of the desk shows. */
export const INVOICE_DESK_LIMIT = 100;

export const InvoiceDeskSearchQuerySchema = z.object({
  /** A number as printed (`TPY-12`), a MARK, or the customer's ΑΦΜ (with or without `EL`). */
  q: z.string().trim().min(1).max(40),
});
export type InvoiceDeskSearchQuery = z.infer<typeof InvoiceDeskSearchQuerySchema>;

/** How the desk read a search text. */
export type InvoiceSearchTerm =
  { kind: 'number'; series: string; number: number } | { kind: 'digits'; digits: string } | { kind: 'none' };

export const InvoiceDeskSearchResponseSchema = z.object({
  success: z.literal(true),
  /** `number`: by series and number; `digits`: by MARK or ΑΦΜ; `none`: the text is neither. */
  matchedBy: z.enum(['number', 'digits', 'none']),
  invoices: z.array(DeskInvoiceSchema),
});
export type InvoiceDeskSearchResponse = z.infer<typeof InvoiceDeskSearchResponseSchema>;

/** One call to AADE about a document and what came back. */
export const DeskTransmissionSchema = z.object({
  attempt: z.number().int(),
  action: z.enum(INVOICE_TRANSMISSION_ACTIONS),
  /** Where it went: `sandbox`, `aade-dev`, `aade-production`. */
  gateway: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  outcome: z.enum(INVOICE_TRANSMISSION_OUTCOMES),
  httpStatus: z.number().int().nullable(),
  errors: z.array(AadeErrorSchema),
  mark: z.string().nullable(),
  /** The transmission-failure flag the document carried on this call. */
  transmissionFailure: z.number().int().nullable(),
  /** Why the call got no answer (a timeout, a 503…), in words; empty otherwise. */
  detail: z.string(),
});
export type DeskTransmission = z.infer<typeof DeskTransmissionSchema>;

export const DeskInvoiceLineSchema = z.object({
  lineNumber: z.number().int(),
  kind: InvoiceLineKindSchema,
  descriptionEl: z.string(),
  descriptionEn: z.string(),
  quantity: z.number().int().nullable(),
  netCents: z.number().int(),
  vatCategory: z.number().int(),
  vatCents: z.number().int(),
});
export type DeskInvoiceLine = z.infer<typeof DeskInvoiceLineSchema>;

/** One document with its customer, lines, totals, where it stands and every call to AADE. */
export const DeskInvoiceDetailSchema = DeskInvoiceSchema.extend({
  customer: z.object({
    name: z.string(),
    vatNumber: z.string(),
    /** Street, number, postal code and city, as the document prints them (empty when not kept). */
    address: z.string(),
    taxOffice: z.string(),
  }),
  issuerVat: z.string(),
  mydataUid: z.string().nullable(),
  authenticationCode: z.string().nullable(),
  qrUrl: z.string().nullable(),
  transmittedAt: z.string().nullable(),
  createdAt: z.string(),
  orderId: z.string().nullable(),
  settlementId: z.string().nullable(),
  /** The invoice a credit note credits. */
  correlated: z.object({ invoiceId: z.uuid(), number: z.string(), mark: z.string().nullable() }).nullable(),
  lines: z.array(DeskInvoiceLineSchema),
  transmissions: z.array(DeskTransmissionSchema),
  /** Whether staff may send it again now: refused, or waiting for AADE. */
  canResend: z.boolean(),
});
export type DeskInvoiceDetail = z.infer<typeof DeskInvoiceDetailSchema>;

export const InvoiceDeskDetailResponseSchema = z.object({
  success: z.literal(true),
  invoice: DeskInvoiceDetailSchema,
});
export type InvoiceDeskDetailResponse = z.infer<typeof InvoiceDeskDetailResponseSchema>;

/**
 * What "send again" did: `transmitted` (AADE gave a MARK), `found` (AADE already held it: its MARK
 * recorded, nothing sent), `refused` (AADE refused it again: its content needs a new document or a
 * credit note), `unanswered` (AADE did not answer: retried with backoff, asking AADE first),
 * `waiting` (a credit note whose invoice has no MARK yet), `scheduled` (nothing sent by this
 * request: the transmission job may be sending it this very moment, or tries it within minutes).
 */
export const INVOICE_RESEND_OUTCOMES = [
  'transmitted',
  'found',
  'refused',
  'unanswered',
  'waiting',
  'scheduled',
] as const;
export type InvoiceResendOutcome = (typeof INVOICE_RESEND_OUTCOMES)[number];

export const InvoiceResendResponseSchema = z.object({
  success: z.literal(true),
  outcome: z.enum(INVOICE_RESEND_OUTCOMES),
  invoice: DeskInvoiceDetailSchema,
});
export type InvoiceResendResponse = z.infer<typeof InvoiceResendResponseSchema>;

export const DeskInvoiceParamsSchema = z.object({ invoiceId: z.uuid() });

/**
 * How the desk reads a search text: a number as printed (`TPY-12`, `tpy 12`: letters, then the
 * number) is searched by series and number; digits alone (spaces and an `EL` prefix ignored) by MARK
 * or by the customer's ΑΦΜ; anything else finds nothing.
 */
export function invoiceSearchTerm(text: string): InvoiceSearchTerm {
  const compact = text.replace(/\s+/g, '');
  const digits = /^(?:EL)?(\d{1,19})$/i.exec(compact);
  if (digits) return { kind: 'digits', digits: digits[1]! };
  const number = parseInvoiceNumber(text);
  return number ? { kind: 'number', ...number } : { kind: 'none' };
}
