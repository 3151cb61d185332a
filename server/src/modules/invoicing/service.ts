import type { FastifyBaseLogger } from 'fastify';
import type { PublicInvoicesQuery } from '@tessera/domain';
import type { Db, Executor } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import {
  creditFees,
  invoiceMerchantCharge,
  invoiceOrderFees,
  invoiceSettlement,
  type CreditFeesFact,
  type MerchantChargeFact,
  type OrderPaidFact,
  type SettlementFact,
} from './invoice-facts';
import {
  customerInvoicePdf,
  customerInvoiceXml,
  exportCustomerInvoices,
  listCustomerInvoices,
  orderInvoices,
} from './customer-invoices';
import type { CustomerParties, InvoicingContext } from './invoicing-context';
import type { TaxAuthorityGateway } from './mydata/gateway';
import { invoiceDeskDetail, invoiceDeskQueue, searchInvoiceDesk } from './invoice-desk';
import { sandboxState, setSandboxState, type SandboxState } from './mydata/sandbox-gateway';
import { validateMydataXml, type XsdVerdict } from './mydata/xsd';
import {
  findInvoicesOf,
  findRefused,
  linesOfInvoices,
  outboxSize,
  transmissionsOf,
  type InvoiceListQuery,
} from './repository';
import { publicInvoice, publicInvoicesPage, publicInvoiceUbl } from './public-invoices';
import { resendInvoice, type ResendInvoiceOptions } from './resend-invoice';
import type { InvoicingSettings } from './settings';
import { transmitDue, type TransmitOptions } from './transmit-invoices';

/** The transmission job: what the outbox holds that is due, sent to AADE (ADR 059). */
export const TRANSMIT_JOB = 'invoicing.transmit';
/** Every minute, once across instances: the retries, and whatever a nudge missed. */
export const TRANSMIT_CRON = '* * * * *';
/** After a document is issued, the job is sent this long after (its transaction has committed by then). */
const NUDGE_DELAY_MS = 500;

export type InvoicingService = ReturnType<typeof createInvoicingService>;

/** An operation's parameters after the database it runs on (the service gives its own). */
type DropDb<F> = F extends (db: Db, ...rest: infer Rest) => unknown ? Rest : never;

/**
 * Invoicing wired in (issue 37, ADR 059): the documents of the facts that charge fees, issued in
 * their transactions by the modules that make them (`invoiceOrderFees`, `invoiceSettlement`,
 * `invoiceMerchantCharge`, `creditFees`); their transmission to AADE by the pg-boss job
 * `invoicing.transmit` (`transmitDue`); and the reads of a customer's documents, always scoped by
 * the company or merchant the caller resolved.
 */
export function createInvoicingService(deps: {
  db: Db;
  settings: Pick<InvoicingSettings, 'issuerVat' | 'gateway'>;
  gateway: TaxAuthorityGateway;
  parties: CustomerParties;
  jobs?: Jobs;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
  /** The schema check before sending (tests count it); AADE's XSD by default. */
  validate?: (xml: string) => Promise<XsdVerdict>;
  /** The portal's public address, for the links of the `invoice.issued` webhook (paths without it). */
  publicUrl?: string;
}) {
  const { db, jobs } = deps;
  let nudge: NodeJS.Timeout | undefined;
  const ctx: InvoicingContext = {
    db,
    issuerVat: deps.settings.issuerVat,
    gateway: deps.gateway,
    parties: deps.parties,
    validate: deps.validate ?? ((xml) => validateMydataXml(xml, 'InvoicesDoc')),
    // A document issued: the job runs shortly after, once the issuing transaction has committed; the
    // minute's cron catches whatever this misses (a long transaction, a stopped instance).
    afterIssue: () => {
      if (!jobs?.isWorking || nudge) return;
      nudge = setTimeout(() => {
        nudge = undefined;
        jobs.send(TRANSMIT_JOB, {}, { singletonKey: 'nudge', singletonSeconds: 1 }).catch(() => undefined);
      }, NUDGE_DELAY_MS);
      nudge.unref();
    },
    ...(deps.log ? { log: deps.log } : {}),
    now: deps.now ?? (() => new Date()),
    publicUrl: deps.publicUrl ?? '',
  };

  if (jobs) {
    jobs.define<object>(TRANSMIT_JOB, {
      cron: TRANSMIT_CRON,
      // The job retries nothing itself: each document's retries are its outbox row's (backoff).
      retryLimit: 1,
      expireInSeconds: 15 * 60,
      handler: async (_data, context) => {
        await transmitDue(ctx, { signal: context.signal });
      },
    });
  }

  return {
    /** The provider's ΑΦΜ on every document, and which tax authority the job sends to. */
    issuerVat: ctx.issuerVat,
    gateway: deps.gateway,

    // In the transaction of the fact (the modules that make the facts call these).
    invoiceOrderFees: (tx: Executor, fact: OrderPaidFact) => invoiceOrderFees(ctx, tx, fact),
    invoiceSettlement: (tx: Executor, fact: SettlementFact) => invoiceSettlement(ctx, tx, fact),
    invoiceMerchantCharge: (tx: Executor, fact: MerchantChargeFact) => invoiceMerchantCharge(ctx, tx, fact),
    creditFees: (tx: Executor, fact: CreditFeesFact) => creditFees(ctx, tx, fact),

    /** Sends what is due (the job's work; the demo seed and tests call it directly). */
    transmitDue: (options: TransmitOptions = {}) => transmitDue(ctx, options),
    /** How many documents wait for AADE, and how many are due now. */
    outbox: () => outboxSize(db, ctx.now()),

    /**
     * A customer's documents with their lines, newest first, at most `limit`: the company's or the
     * merchant's the route resolved — never another's (issue 37 §6; the API comes next).
     */
    async listInvoices(
      customer: { companyId: string } | { merchantId: string },
      query: Partial<InvoiceListQuery> = {},
    ) {
      const rows = await findInvoicesOf(db, customer, { ...query, limit: Math.min(query.limit ?? 100, 500) });
      const lines = await linesOfInvoices(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((invoice) => ({ invoice, lines: lines.get(invoice.id) ?? [] }));
    },
    /** The documents AADE refused, with AADE's errors: the provider's finance staff's queue. */
    async refused(limit = 100) {
      const rows = await findRefused(db, limit);
      return Promise.all(
        rows.map(async (invoice) => ({
          invoice,
          errors: (await transmissionsOf(db, invoice.id)).at(-1)?.errors ?? [],
        })),
      );
    },

    // The provider staff's invoice desk (issue 37 §3–4; `staff-routes.ts`).
    /** The documents AADE refused and those still waiting for it, oldest first. */
    deskQueue: () => invoiceDeskQueue(db),
    /** Documents by number as printed (`TPY-12`), MARK or the customer's ΑΦΜ. */
    searchDesk: (text: string) => searchInvoiceDesk(db, text),
    /** One document with its lines and every call to AADE. */
    deskDetail: (invoiceId: string) => invoiceDeskDetail(db, invoiceId),
    /** Staff's "send again" of one refused or waiting document (audited; never sent twice). */
    resend: (options: ResendInvoiceOptions) => resendInvoice(ctx, options),

    // The public API's invoices of the API client's company (issue 37 §5; `public-api` routes).
    /** A page of the company's invoices and credit notes, newest first. */
    publicInvoicesPage: (companyId: string, query: PublicInvoicesQuery) =>
      publicInvoicesPage(ctx, companyId, query),
    /** One of the company's documents (NOT_FOUND when it is another's). */
    publicInvoice: (companyId: string, invoiceId: string) => publicInvoice(ctx, companyId, invoiceId),
    /** One of the company's documents as UBL 2.1 (EN 16931); `orderNumbers` reads its order's number. */
    publicInvoiceUbl: (
      companyId: string,
      invoiceId: string,
      orderNumbers: Parameters<typeof publicInvoiceUbl>[3],
    ) => publicInvoiceUbl(ctx, companyId, invoiceId, orderNumbers),

    // A customer's own documents (issue 37 §4; `customer-routes.ts`): always the company's or the
    // merchant's the route resolved, never another's. `orderNumbers` reads a company's order numbers.
    /** A page of the customer's invoices and credit notes, newest first. */
    customerInvoices: (...args: DropDb<typeof listCustomerInvoices>) => listCustomerInvoices(db, ...args),
    /** A company order's invoice and the credit notes of it. */
    orderInvoices: (...args: DropDb<typeof orderInvoices>) => orderInvoices(db, ...args),
    /** One of the customer's documents as a PDF (NOT_FOUND when it is not the customer's). */
    customerInvoicePdf: (...args: DropDb<typeof customerInvoicePdf>) => customerInvoicePdf(db, ...args),
    /** One of the customer's documents as myDATA takes it. */
    customerInvoiceXml: (...args: DropDb<typeof customerInvoiceXml>) => customerInvoiceXml(db, ...args),
    /** The customer's documents as a spreadsheet, written to a stream. */
    exportCustomerInvoices: (...args: DropDb<typeof exportCustomerInvoices>) =>
      exportCustomerInvoices(db, ...args),

    /** The sandbox AADE's switch (the test route; e2e journeys make it go down or refuse). */
    sandboxState: (): Promise<SandboxState> => sandboxState(db),
    setSandboxState: (change: Partial<SandboxState>): Promise<SandboxState> => setSandboxState(db, change),

    /** Stops the pending nudge (the app closes). */
    close(): void {
      if (nudge) clearTimeout(nudge);
      nudge = undefined;
    },
  };
}
