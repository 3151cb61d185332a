import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  InvoiceCounterpart,
  InvoiceDocumentType,
  InvoiceLineKind,
  InvoiceState,
  Locale,
} from '@tessera/domain';
import { companies } from '../companies/schema';
import { ledgerTransactions } from '../ledger/schema';
import { merchantCharges } from '../merchant-billing/schema';
import { merchants } from '../merchants/schema';
import { orders } from '../orders/schema';
import { settlements } from '../settlements/schema';

/**
 * Invoices and credit notes (issue 37, ADRs 056–058; migration 0034).
 *
 * - `invoice_series`: one row per issuer ΑΦΜ, document type and series, holding the next number.
 *   Issuing locks the row (`for update`) in the caller's transaction and takes its number: the
 *   numbers of a series are 1, 2, 3… with no gap (a rollback gives the number back) and no repeat,
 *   whichever instance issues (ADR 058). Never a sequence: a sequence loses numbers on rollback.
 * - `invoices`: a numbered document, the customer's details as they were at issue, its totals,
 *   where it stands with AADE (state, UID, MARK, QR URL), the invoice a credit note credits, what it
 *   charges (an order, a settlement, a merchant charge, a ledger transaction) and its idempotency
 *   key: the same key issues once. The database refuses to change what was issued (a trigger):
 *   only the AADE fields may change, and nothing is deleted.
 * - `invoice_lines`: its lines, with their VAT and income classification; written once.
 * - `invoice_transmissions`: every call to AADE about a document (send, cancel, look-up) and its
 *   answer, AADE's errors included; written once.
 * - `mydata_sandbox_*`: the sandbox AADE's state (up, down or refusing) and the documents it
 *   accepted, in the database so that every instance and an e2e journey see the same sandbox.
 */

export const invoiceSeries = pgTable(
  'invoice_series',
  {
    issuerVat: text('issuer_vat').notNull(),
    documentType: text('document_type').$type<InvoiceDocumentType>().notNull(),
    series: text('series').notNull(),
    /** The number the next document of the series takes. */
    nextNumber: bigint('next_number', { mode: 'number' }).notNull().default(1),
    /** The issue date of its last document: a later number is never dated earlier. */
    lastIssueDate: date('last_issue_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.issuerVat, table.documentType, table.series] }),
    check('invoice_series_next_number_check', sql`${table.nextNumber} >= 1`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentType: text('document_type').$type<InvoiceDocumentType>().notNull(),
    issuerVat: text('issuer_vat').notNull(),
    /** The issuer's installation in the Taxis register: 0, its seat. */
    issuerBranch: integer('issuer_branch').notNull().default(0),
    series: text('series').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    /** The Athens date of issue: the document's date for AADE and on paper. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** Exactly one customer: a company (order fees) or a merchant (settlements, rentals, supplies). */
    companyId: text('company_id').references(() => companies.id),
    merchantId: text('merchant_id').references(() => merchants.id),
    /** The customer as the document names it, as it was at issue (a later rename changes no invoice). */
    counterpart: jsonb('counterpart').$type<InvoiceCounterpart>().notNull(),
    /** The customer's language: the printed document has English beside the Greek when `en`. */
    locale: text('locale').$type<Locale>().notNull().default('el'),
    currency: text('currency').notNull().default('EUR'),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    state: text('state').$type<InvoiceState>().notNull().default('issued'),
    /** The `transmissionFailure` flag the document was (or is to be) sent with; null when sent in time. */
    transmissionFailure: smallint('transmission_failure'),
    /** AADE's identifier of the document (SHA-1 of its key fields), its MARK and what came with it. */
    mydataUid: text('mydata_uid'),
    mark: text('mark'),
    authenticationCode: text('authentication_code'),
    qrUrl: text('qr_url'),
    /** The MARK of AADE's cancellation of the document, when it was cancelled (not credited). */
    cancellationMark: text('cancellation_mark'),
    transmittedAt: timestamp('transmitted_at', { withTimezone: true }),
    /** The invoice a credit note credits (required for 5.1, absent otherwise). */
    correlatedInvoiceId: uuid('correlated_invoice_id').references((): AnyPgColumn => invoices.id),
    /** What the document charges: the same amounts the ledger holds for it. */
    orderId: uuid('order_id').references(() => orders.id),
    settlementId: uuid('settlement_id').references(() => settlements.id),
    merchantChargeId: uuid('merchant_charge_id').references(() => merchantCharges.id),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** The same key issues one document: a retried payment or job gets the first document back. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** SHA-256 of what was asked: the same key with other contents is refused, not answered. */
    requestHash: text('request_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.issuerVat, table.documentType, table.series, table.number),
    index('invoices_company_idx').on(table.companyId, table.issueDate),
    index('invoices_merchant_idx').on(table.merchantId, table.issueDate),
    index('invoices_order_idx').on(table.orderId),
    index('invoices_settlement_idx').on(table.settlementId),
    index('invoices_correlated_idx').on(table.correlatedInvoiceId),
    index('invoices_mark_idx').on(table.mark),
    index('invoices_pending_idx')
      .on(table.state, table.createdAt)
      .where(sql`${table.state} <> 'transmitted'`),
    check('invoices_customer_check', sql`(${table.companyId} is null) <> (${table.merchantId} is null)`),
    check(
      'invoices_credit_note_check',
      sql`(${table.documentType} = '5.1') = (${table.correlatedInvoiceId} is not null)`,
    ),
    check('invoices_document_type_check', sql`${table.documentType} in ('1.1', '2.1', '5.1')`),
    check(
      'invoices_state_check',
      sql`${table.state} in ('issued', 'transmitted', 'transmission_failed', 'refused')`,
    ),
    check(
      'invoices_totals_check',
      sql`${table.netCents} >= 0 and ${table.vatCents} >= 0 and ${table.grossCents} = ${table.netCents} + ${table.vatCents}`,
    ),
    check('invoices_number_check', sql`${table.number} >= 1`),
    check('invoices_locale_check', sql`${table.locale} in ('el', 'en')`),
    check(
      'invoices_transmission_failure_check',
      sql`${table.transmissionFailure} is null or ${table.transmissionFailure} between 1 and 3`,
    ),
    check(
      'invoices_transmitted_check',
      sql`${table.state} <> 'transmitted' or (${table.mark} is not null and ${table.mydataUid} is not null)`,
    ),
    check('invoices_mark_check', sql`${table.mark} is null or ${table.mark} ~ '^[0-9]{1,19}$'`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    lineNumber: integer('line_number').notNull(),
    kind: text('kind').$type<InvoiceLineKind>().notNull(),
    /** The printed description in each language, as it was at issue. */
    descriptionEl: text('description_el').notNull(),
    descriptionEn: text('description_en').notNull(),
    detail: text('detail').notNull().default(''),
    quantity: integer('quantity'),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCategory: smallint('vat_category').notNull(),
    vatExemptionCategory: smallint('vat_exemption_category'),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    incomeCategory: text('income_category').notNull(),
    incomeType: text('income_type').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceId, table.lineNumber] }),
    check(
      'invoice_lines_amounts_check',
      sql`${table.netCents} >= 0 and ${table.vatCents} >= 0 and ${table.lineNumber} >= 1`,
    ),
    check('invoice_lines_vat_category_check', sql`${table.vatCategory} between 1 and 10`),
  ],
);

/** One call to AADE about a document and what came back. */
export type TransmissionAction = 'send' | 'cancel' | 'lookup';
export type TransmissionOutcome =
  'accepted' | 'refused' | 'technical-error' | 'unreachable' | 'failed' | 'cancelled' | 'found' | 'not-found';

export const invoiceTransmissions = pgTable(
  'invoice_transmissions',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    attempt: integer('attempt').notNull(),
    action: text('action').$type<TransmissionAction>().notNull(),
    /** Which gateway answered: `sandbox`, `aade-dev`, `aade-production`. */
    gateway: text('gateway').notNull(),
    /** The `transmissionFailure` flag the document carried on this call. */
    transmissionFailure: smallint('transmission_failure'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome').$type<TransmissionOutcome>().notNull(),
    httpStatus: integer('http_status'),
    /** AADE's errors, as it gave them: `{ code, message }`. */
    errors: jsonb('errors').$type<{ code: string; message: string }[]>().notNull().default([]),
    mark: text('mark'),
    mydataUid: text('mydata_uid'),
    authenticationCode: text('authentication_code'),
    qrUrl: text('qr_url'),
    /** Why a call got no answer (a timeout, a 503…), in words. */
    detail: text('detail').notNull().default(''),
    requestBody: text('request_body').notNull().default(''),
    responseBody: text('response_body').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceId, table.attempt] }),
    check('invoice_transmissions_action_check', sql`${table.action} in ('send', 'cancel', 'lookup')`),
  ],
);

// ------------------------------------------------------------------------------ the outbox

/**
 * The documents waiting to reach AADE (ADR 059; migration 0036): written in the transaction that
 * issues a document, so no document is ever forgotten, and deleted once AADE gave it a MARK or
 * refused it. The transmission job claims due rows by moving `next_attempt_at` past a lease
 * (`for update skip locked`: one instance sends a document at a time) and sets it again after the
 * attempt, with backoff. `uncertain` is set just before a document is sent and cleared by an
 * answer that says where it stands: while it is set, AADE may hold the document, and the next
 * attempt asks AADE (`RequestTransmittedDocs`, by UID) before sending it again.
 */
export const invoiceOutbox = pgTable(
  'invoice_outbox',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts that got no answer to act on (they set the backoff). */
    attempts: integer('attempts').notNull().default(0),
    uncertain: boolean('uncertain').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_outbox_due_idx').on(table.nextAttemptAt)],
);

// ------------------------------------------------------------------------------ the sandbox AADE

export const SANDBOX_MODES = ['up', 'down', 'refuse'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export const mydataSandboxSettings = pgTable(
  'mydata_sandbox_settings',
  {
    id: smallint('id').primaryKey().default(1),
    mode: text('mode').$type<SandboxMode>().notNull().default('up'),
    /** The error a `refuse` sandbox answers every document with. */
    refusalCode: text('refusal_code').notNull().default('202'),
    refusalMessage: text('refusal_message').notNull().default('Invalid Greek VAT number'),
    /** What a second document with a UID already accepted gets: AADE's error, or a new MARK (ERP channel). */
    duplicates: text('duplicates').$type<'refuse' | 'reregister'>().notNull().default('refuse'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('mydata_sandbox_settings_one_row', sql`${table.id} = 1`),
    check('mydata_sandbox_settings_mode_check', sql`${table.mode} in ('up', 'down', 'refuse')`),
    check('mydata_sandbox_settings_duplicates_check', sql`${table.duplicates} in ('refuse', 'reregister')`),
  ],
);

/** The sandbox's MARKs: `9` and 14 digits, never one of AADE's (which start with 4). */
export const mydataSandboxMarkSeq = pgSequence('mydata_sandbox_mark_seq', { startWith: 1 });

export const mydataSandboxDocuments = pgTable(
  'mydata_sandbox_documents',
  {
    mark: text('mark').primaryKey(),
    uid: text('uid').notNull(),
    issuerVat: text('issuer_vat').notNull(),
    counterpartVat: text('counterpart_vat').notNull().default(''),
    invoiceType: text('invoice_type').notNull(),
    series: text('series').notNull(),
    aa: text('aa').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    totalNetValue: text('total_net_value').notNull(),
    totalVatAmount: text('total_vat_amount').notNull(),
    totalGrossValue: text('total_gross_value').notNull(),
    authenticationCode: text('authentication_code').notNull(),
    transmissionFailure: smallint('transmission_failure'),
    /** The `<invoice>` element as it was sent. */
    xml: text('xml').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    cancellationMark: text('cancellation_mark'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A later document with the same UID took this one's place (the ERP channel's re-registration). */
    supersededByMark: text('superseded_by_mark'),
  },
  (table) => [
    uniqueIndex('mydata_sandbox_documents_live_uid_idx')
      .on(table.uid)
      .where(sql`${table.supersededByMark} is null`),
    index('mydata_sandbox_documents_issuer_idx').on(table.issuerVat, table.issueDate),
  ],
);
