import {
  allocateCredit,
  athensDate,
  documentTypeFor,
  InvoiceCounterpartSchema,
  MERCHANT_SERIES,
  orderInvoiceLines,
  postalAddressOf,
  rentalInvoiceLines,
  settlementInvoiceLines,
  suppliesInvoiceLines,
  type ChargeParams,
  type InvoiceCounterpart,
  type InvoiceKind,
  type InvoiceLineInput,
  type Locale,
  type MerchantChargeKind,
  type OrderPrice,
  type SettlementLine,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { publishInvoiceIssued } from './invoice-events';
import { issueInvoice, type IssueInvoiceOptions } from './issue-invoice';
import type { CustomerParty, InvoicingContext } from './invoicing-context';
import { creditableInvoices, type InvoiceRow } from './repository';

/**
 * Invoices and credit notes as ledger facts (issue 37 §1, ADR 059): each is issued in the
 * transaction of the fact that makes it due, from the amounts that fact posts to the ledger — an
 * order's `fee` posting, a settlement's per product, a merchant charge's gross and VAT (which its
 * payment posts) — through `issueInvoice`, which numbers it and queues it for the transmission job.
 *
 * A fact is never refused for its document: a customer whose ΑΦΜ is not valid, or amounts no
 * document can carry, leave an `invoice.not-issued` audit entry (and a warning) instead, for the
 * provider's finance staff; what the law or the numbering refuses inside `issueInvoice` still
 * fails the fact (a defect to see, not to hide).
 */

type Customer = { companyId: string } | { merchantId: string };

/** The customer as the document names it: structured address when kept, else read from its line. */
function counterpartOf(party: CustomerParty): InvoiceCounterpart | null {
  const parts =
    party.postalCode && party.city
      ? {
          street: party.street ?? '',
          streetNumber: party.streetNumber ?? '',
          postalCode: party.postalCode,
          city: party.city,
        }
      : postalAddressOf(party.address);
  const parsed = InvoiceCounterpartSchema.safeParse({
    vatNumber: party.vatNumber,
    country: 'GR',
    name: party.name,
    ...parts,
    taxOffice: party.taxOffice ?? '',
  });
  return parsed.success ? parsed.data : null;
}

async function notIssued(
  ctx: InvoicingContext,
  tx: Executor,
  customer: Customer,
  key: string,
  reason: 'invalidCustomer' | 'unknownCustomer' | 'linesNotDerivable' | 'nothingToCredit',
  details: Record<string, unknown> = {},
): Promise<null> {
  ctx.log?.warn({ key, reason, ...details }, 'invoice not issued');
  await writeAudit(tx, {
    actorUserId: null,
    companyId: 'companyId' in customer ? customer.companyId : null,
    merchantId: 'merchantId' in customer ? customer.merchantId : null,
    action: 'invoice.not-issued',
    entity: 'invoice',
    entityId: key,
    after: { reason, ...details },
  });
  return null;
}

async function customerCounterpart(
  ctx: InvoicingContext,
  tx: Executor,
  customer: Customer,
  key: string,
): Promise<InvoiceCounterpart | null> {
  const party =
    'companyId' in customer
      ? await ctx.parties.company(tx, customer.companyId)
      : await ctx.parties.merchant(tx, customer.merchantId);
  if (!party) return notIssued(ctx, tx, customer, key, 'unknownCustomer');
  const counterpart = counterpartOf(party);
  if (!counterpart)
    return notIssued(ctx, tx, customer, key, 'invalidCustomer', { vatNumber: party.vatNumber });
  return counterpart;
}

type IssueFact = {
  key: string;
  kind: InvoiceKind;
  customer: Customer;
  counterpart: InvoiceCounterpart;
  lines: readonly InvoiceLineInput[];
  locale: Locale;
  at: Date;
  charges: IssueInvoiceOptions['charges'];
  correlatedInvoiceId?: string;
  createdBy: string | null;
};

async function issue(ctx: InvoicingContext, tx: Executor, fact: IssueFact): Promise<InvoiceRow> {
  const type = documentTypeFor(fact.kind, fact.lines);
  const { invoice, created } = await issueInvoice(tx, {
    idempotencyKey: fact.key,
    kind: fact.kind,
    issuer: { vatNumber: ctx.issuerVat },
    // The merchants' documents in series of their own (ADR 059); the companies' in the defaults.
    ...('merchantId' in fact.customer ? { series: MERCHANT_SERIES[type] } : {}),
    // The Athens day of the fact, later only when its series already went past it.
    issueDate: athensDate(fact.at),
    isDateRaisedToSeries: true,
    customer: fact.customer,
    counterpart: fact.counterpart,
    locale: fact.locale,
    lines: fact.lines,
    ...(fact.correlatedInvoiceId ? { correlatedInvoiceId: fact.correlatedInvoiceId } : {}),
    charges: fact.charges,
    createdBy: fact.createdBy,
  });
  if (created) {
    // Issue 37 §5: the company's endpoints hear of it in this transaction (nothing on a rollback).
    await publishInvoiceIssued(ctx, tx, invoice, fact.at);
    ctx.afterIssue();
  }
  return invoice;
}

/**
 * An invoice of lines a pure rule built: not issued (and audited why) when the rule could not
 * derive them or the customer cannot be put on a document; else issued.
 */
async function invoiceOfLines(
  ctx: InvoicingContext,
  tx: Executor,
  built: { lines: InvoiceLineInput[] } | { error: string },
  fact: Omit<IssueFact, 'kind' | 'counterpart' | 'lines'>,
): Promise<InvoiceRow | null> {
  if ('error' in built) {
    return notIssued(ctx, tx, fact.customer, fact.key, 'linesNotDerivable', { error: built.error });
  }
  const counterpart = await customerCounterpart(ctx, tx, fact.customer, fact.key);
  if (!counterpart) return null;
  return issue(ctx, tx, { ...fact, kind: 'invoice', counterpart, lines: built.lines });
}

/** Lines built by a pure rule, or null when the fact's amounts cannot be put on a document. */
function linesOrNull(build: () => InvoiceLineInput[]): { lines: InvoiceLineInput[] } | { error: string } {
  try {
    return { lines: build() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export type OrderPaidFact = {
  orderId: string;
  orderNumber: number;
  companyId: string;
  /** The language of the order's submitter: the document's second language. */
  locale: Locale;
  /** The order's price as it was charged: the `fee` posting holds its fees net and VAT. */
  price: Omit<OrderPrice, 'lines'>;
  at: Date;
  paidBy: string | null;
  /** The `fee` ledger transaction the invoice documents. */
  ledgerTransactionId: string | null;
};

/**
 * The services invoice of a paid order's fees (`order:<id>:invoice`): card, replacement, service
 * and delivery fees as priced, the order's VAT spread over them (`orderInvoiceLines`); the loaded
 * amounts are on no invoice (ADR 056). An order without fees has none.
 */
export async function invoiceOrderFees(
  ctx: InvoicingContext,
  tx: Executor,
  fact: OrderPaidFact,
): Promise<InvoiceRow | null> {
  if (fact.price.feesNetCents === 0 && fact.price.vatCents === 0) return null;
  const key = `order:${fact.orderId}:invoice`;
  const customer = { companyId: fact.companyId };
  const built = linesOrNull(() => orderInvoiceLines(fact.price, `#${fact.orderNumber}`));
  return invoiceOfLines(ctx, tx, built, {
    key,
    customer,
    locale: fact.locale,
    at: fact.at,
    charges: {
      orderId: fact.orderId,
      ...(fact.ledgerTransactionId ? { ledgerTransactionId: fact.ledgerTransactionId } : {}),
    },
    createdBy: fact.paidBy,
  });
}

export type SettlementFact = {
  settlementId: string;
  merchantId: string;
  businessDay: string;
  /** The settlement's lines as posted: fee and VAT per product. */
  lines: readonly SettlementLine[];
  at: Date;
  ledgerTransactionId: string | null;
};

/**
 * A merchant's settlement day closed: the services invoice of the day's commission on the products
 * it charged (`settlement:<id>:invoice`), and for the products whose refunds outweighed their sales
 * the credit notes of the commission given back (`settlement:<id>:credit:<invoice id>`), each
 * correlated with an invoice that charged commission (`creditFees`).
 */
export async function invoiceSettlement(
  ctx: InvoicingContext,
  tx: Executor,
  fact: SettlementFact,
): Promise<{ invoice: InvoiceRow | null; creditNotes: InvoiceRow[] }> {
  const { charge, credit } = settlementInvoiceLines(fact.lines);
  const dated = (lines: InvoiceLineInput[]) =>
    lines.map((line) => ({ ...line, detail: `${fact.businessDay} · ${line.detail}` }));
  const customer = { merchantId: fact.merchantId };
  const charges = {
    settlementId: fact.settlementId,
    ...(fact.ledgerTransactionId ? { ledgerTransactionId: fact.ledgerTransactionId } : {}),
  };
  let invoice: InvoiceRow | null = null;
  if (charge.length > 0) {
    const key = `settlement:${fact.settlementId}:invoice`;
    const counterpart = await customerCounterpart(ctx, tx, customer, key);
    if (counterpart) {
      invoice = await issue(ctx, tx, {
        key,
        kind: 'invoice',
        customer,
        counterpart,
        lines: dated(charge),
        locale: 'el',
        at: fact.at,
        charges,
        createdBy: null,
      });
    }
  }
  const creditNotes =
    credit.length > 0
      ? await creditFees(ctx, tx, {
          customer,
          lines: dated(credit),
          keyPrefix: `settlement:${fact.settlementId}:credit`,
          locale: 'el',
          at: fact.at,
          charges,
          creditLast: invoice?.id ?? null,
          createdBy: null,
        })
      : [];
  return { invoice, creditNotes };
}

export type CreditFeesFact = {
  customer: Customer;
  /** What is given back, as lines of the kinds the credited invoices charged. */
  lines: readonly InvoiceLineInput[];
  /** Each credit note's key is this and the id of the invoice it credits. */
  keyPrefix: string;
  locale: Locale;
  at: Date;
  charges: IssueInvoiceOptions['charges'];
  /** An invoice to credit only once the others have no room left (the fact's own). */
  creditLast?: string | null;
  createdBy: string | null;
};

/**
 * A fee refund: credit notes of `lines` correlated with the customer's invoices that charged fees
 * of those kinds, the latest first (the charge a refund undoes is most likely the latest), each
 * credited at most what it has open; a line larger than an invoice's remainder is split over two
 * (`allocateCredit`). What no invoice has room for is not credited: an `invoice.not-issued` entry
 * says how much (myDATA's uncorrelated credit note, 5.2, is not issued: ADR 057).
 */
export async function creditFees(
  ctx: InvoicingContext,
  tx: Executor,
  fact: CreditFeesFact,
): Promise<InvoiceRow[]> {
  const counterpart = await customerCounterpart(ctx, tx, fact.customer, `${fact.keyPrefix}:*`);
  if (!counterpart) return [];
  const kinds = [...new Set(fact.lines.map((line) => line.kind))];
  const candidates = (await creditableInvoices(tx, fact.customer, ctx.issuerVat, kinds)).reverse();
  const ordered = [
    ...candidates.filter((candidate) => candidate.invoice.id !== fact.creditLast),
    ...candidates.filter((candidate) => candidate.invoice.id === fact.creditLast),
  ];
  const { notes, left } = allocateCredit(
    fact.lines,
    ordered.map((candidate) => ({
      invoiceId: candidate.invoice.id,
      openGrossCents: candidate.openGrossCents,
    })),
  );
  const issued: InvoiceRow[] = [];
  for (const note of notes) {
    issued.push(
      await issue(ctx, tx, {
        key: `${fact.keyPrefix}:${note.invoiceId}`,
        kind: 'credit-note',
        customer: fact.customer,
        counterpart,
        lines: note.lines,
        locale: fact.locale,
        at: fact.at,
        charges: fact.charges,
        correlatedInvoiceId: note.invoiceId,
        createdBy: fact.createdBy,
      }),
    );
  }
  if (left.length > 0) {
    await notIssued(ctx, tx, fact.customer, `${fact.keyPrefix}:*`, 'nothingToCredit', {
      netCents: left.reduce((sum, line) => sum + line.netCents, 0),
      vatCents: left.reduce((sum, line) => sum + line.vatCents, 0),
    });
  }
  return issued;
}

export type MerchantChargeFact = {
  chargeId: string;
  merchantId: string;
  kind: MerchantChargeKind;
  params: ChargeParams;
  /** The charge's gross and VAT, as the merchant's payment of it posts them. */
  amountCents: number;
  vatCents: number;
  at: Date;
  createdBy: string | null;
};

/**
 * A merchant charge made (a terminal's rental month started, a supply order placed): its invoice
 * (`merchant-charge:<id>:invoice`), a services invoice for a rental, a sales invoice for bags and
 * stickers (goods).
 */
export async function invoiceMerchantCharge(
  ctx: InvoicingContext,
  tx: Executor,
  fact: MerchantChargeFact,
): Promise<InvoiceRow | null> {
  const key = `merchant-charge:${fact.chargeId}:invoice`;
  const customer = { merchantId: fact.merchantId };
  const built = linesOrNull(() =>
    fact.kind === 'terminalRental'
      ? rentalInvoiceLines({
          amountCents: fact.amountCents,
          vatCents: fact.vatCents,
          period: fact.params.period ?? '',
          mid: fact.params.mid ?? '',
        })
      : suppliesInvoiceLines({
          amountCents: fact.amountCents,
          vatCents: fact.vatCents,
          bags: fact.params.bags ?? 0,
          stickers: fact.params.stickers ?? 0,
        }),
  );
  return invoiceOfLines(ctx, tx, built, {
    key,
    customer,
    locale: 'el',
    at: fact.at,
    charges: { merchantChargeId: fact.chargeId },
    createdBy: fact.createdBy,
  });
}
