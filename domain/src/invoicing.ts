import { z } from 'zod';
import { isValidGreekTaxId } from './greek';
import type { Locale } from './locale';
import { BAG_PACK_CENTS, STICKER_PACK_CENTS } from './merchant-billing';
import { FEE_VAT_BASIS_POINTS } from './merchants';
import type { Cents } from './money';
import type { OrderPrice, PricedLine } from './pricing';
import type { SettlementLine } from './settlements';

/**
 * Invoices and credit notes (issue 37): the provider's tax documents for the fees it charges
 * companies (on their orders) and merchants (on their settlements, terminal rentals and supplies),
 * as AADE's myDATA defines them. Pure rules; the server numbers, stores and transmits them.
 *
 * - What is taxed and how: docs/decisions/056-vat-treatment-of-fees-and-vouchers.md. The fees are
 *   services (or, for bags and stickers, goods) at the standard rate; the face value loaded on a
 *   card is a multi-purpose voucher's and is no supply of the provider, so it is on no invoice.
 * - Which myDATA document and classification: docs/decisions/057-mydata-document-types-and-classifications.md.
 * - Series and numbers: docs/decisions/058-invoice-numbering.md.
 *
 * Money is integer cents; every amount on a document is zero or positive (a credit note credits
 * positive amounts; myDATA's `AmountType` has no sign).
 */

// ------------------------------------------------------------------------------ document types

/**
 * The myDATA document types (annex 8.1 of AADE's API documentation) the provider issues: the
 * services invoice, the sales invoice (when goods are on it) and the credit note correlated with the
 * invoice it credits. Other types (2.2 intra-community services, 5.2 uncorrelated credit, …) are not
 * issued: every customer is a Greek business with an ΑΦΜ, and every credit names its invoice.
 */
export const INVOICE_DOCUMENT_TYPES = ['2.1', '1.1', '5.1'] as const;
export type InvoiceDocumentType = (typeof INVOICE_DOCUMENT_TYPES)[number];
export const InvoiceDocumentTypeSchema = z.enum(INVOICE_DOCUMENT_TYPES);

export const SERVICES_INVOICE: InvoiceDocumentType = '2.1';
export const SALES_INVOICE: InvoiceDocumentType = '1.1';
export const CREDIT_NOTE: InvoiceDocumentType = '5.1';

export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Whether a document type credits another document. */
export function isCreditNote(type: InvoiceDocumentType): boolean {
  return type === CREDIT_NOTE;
}

const DOCUMENT_TYPE_LABELS: Record<InvoiceDocumentType, Record<Locale, string>> = {
  '2.1': { el: 'Τιμολόγιο Παροχής Υπηρεσιών', en: 'Invoice for services' },
  '1.1': { el: 'Τιμολόγιο Πώλησης', en: 'Sales invoice' },
  '5.1': { el: 'Πιστωτικό Τιμολόγιο / Συσχετιζόμενο', en: 'Credit note (correlated)' },
};

/** The document's title as printed, in `locale`. */
export function documentTypeLabel(type: InvoiceDocumentType, locale: Locale): string {
  return DOCUMENT_TYPE_LABELS[type][locale];
}

// ------------------------------------------------------------------------------ states

/**
 * Where a document stands with AADE: `issued` (numbered, not yet sent), `transmitted` (AADE gave it
 * a MARK), `transmission_failed` (AADE could not be reached when it was issued; it is sent later with
 * the transmission-failure flag), `refused` (AADE answered with validation errors: the provider's
 * finance staff decide).
 */
export const INVOICE_STATES = ['issued', 'transmitted', 'transmission_failed', 'refused'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const InvoiceStateSchema = z.enum(INVOICE_STATES);

const STATE_LABELS: Record<InvoiceState, Record<Locale, string>> = {
  issued: { el: 'Εκδόθηκε', en: 'Issued' },
  transmitted: { el: 'Διαβιβάστηκε στην ΑΑΔΕ', en: 'Transmitted to AADE' },
  transmission_failed: { el: 'Αδυναμία διαβίβασης', en: 'Transmission pending (AADE unreachable)' },
  refused: { el: 'Απορρίφθηκε από την ΑΑΔΕ', en: 'Refused by AADE' },
};

export function invoiceStateLabel(state: InvoiceState, locale: Locale): string {
  return STATE_LABELS[state][locale];
}

/**
 * The `transmissionFailure` values of myDATA's `AadeBookInvoiceType`: 1 the issuer could not reach
 * its e-invoicing provider, 2 the provider could not reach myDATA (both only through a provider),
 * 3 loss of interconnection (only through the ERP channel). Α.1138/2020 art. 5 §6 as amended by
 * Α.1090/2022: a document issued during a loss of interconnection is sent without delay once it is
 * restored, marked as such, and at the latest two days after its deadline.
 */
export const TRANSMISSION_FAILURE = {
  entityToProvider: 1,
  providerToMydata: 2,
  erpLossOfInterconnection: 3,
} as const;
export type TransmissionFailure = (typeof TRANSMISSION_FAILURE)[keyof typeof TRANSMISSION_FAILURE];

/** How documents reach myDATA: directly (the ERP channel) or through a certified e-invoicing provider. */
export type TransmissionChannel = 'erp' | 'provider';

/** The flag a document issued while its channel was unreachable carries when it is finally sent. */
export function transmissionFailureFlag(channel: TransmissionChannel): TransmissionFailure {
  return channel === 'erp'
    ? TRANSMISSION_FAILURE.erpLossOfInterconnection
    : TRANSMISSION_FAILURE.entityToProvider;
}

// ------------------------------------------------------------------------------ VAT

/**
 * myDATA's VAT categories (annex 8.2): the rate in basis points, `0` for 7 ("without VAT", which
 * needs an exemption reason) and `null` for 8 (entries outside VAT, payroll or depreciation; never
 * on an invoice).
 */
export const MYDATA_VAT_CATEGORIES = {
  1: 2_400,
  2: 1_300,
  3: 600,
  4: 1_700,
  5: 900,
  6: 400,
  7: 0,
  8: null,
  9: 300,
  10: 400,
} as const;
export type MydataVatCategory = keyof typeof MYDATA_VAT_CATEGORIES;
export const MYDATA_VAT_CATEGORY_VALUES = Object.keys(MYDATA_VAT_CATEGORIES).map(
  Number,
) as MydataVatCategory[];

/** The standard rate (24 %), the rate of every fee the provider charges. */
export const STANDARD_VAT_CATEGORY = 1 satisfies MydataVatCategory;
export const STANDARD_VAT_BASIS_POINTS = MYDATA_VAT_CATEGORIES[STANDARD_VAT_CATEGORY];
// The merchant fees' VAT (`merchants.ts`) and the invoices' must never drift apart.
if (STANDARD_VAT_BASIS_POINTS !== FEE_VAT_BASIS_POINTS) {
  throw new Error('the standard VAT rate of invoices and of merchant fees differ');
}

/** myDATA's VAT exemption reasons are 1–31 (annex 8.3, articles of ν. 5144/2024). */
export const VAT_EXEMPTION_MIN = 1;
export const VAT_EXEMPTION_MAX = 31;

/** Whether `vatCents` is the VAT of `netCents` at `basisPoints` to within (strictly) one cent. */
export function isVatOfNet(netCents: Cents, vatCents: Cents, basisPoints: number): boolean {
  return Math.abs(vatCents * 10_000 - netCents * basisPoints) < 10_000;
}

/**
 * Spreads a document's VAT — the amount the ledger posted for the fees together — over its lines in
 * proportion to their nets, by largest remainder: each line gets the floor or the ceiling of its
 * exact VAT, the largest fractions (the earlier line on a tie) rounding up, so the lines add up to
 * `totalVatCents` exactly and each is within a cent of its own net's VAT. Throws when no such split
 * exists, i.e. when `totalVatCents` is not the VAT of these nets (half-up rounding of their sum,
 * as `pricing.ts` does, always is).
 */
export function allocateVat(netCents: readonly Cents[], totalVatCents: Cents, basisPoints: number): Cents[] {
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`VAT rate ${basisPoints} bp is out of range`);
  }
  const exact = netCents.map((net) => {
    if (!Number.isSafeInteger(net) || net < 0) throw new RangeError(`net ${net} is not whole cents`);
    const scaled = net * basisPoints;
    if (!Number.isSafeInteger(scaled)) throw new RangeError(`net ${net} is too large`);
    return scaled;
  });
  const floors = exact.map((scaled) => Math.floor(scaled / 10_000));
  const floorSum = floors.reduce((sum, value) => sum + value, 0);
  const withFraction = exact
    .map((scaled, index) => ({ index, fraction: scaled % 10_000 }))
    .filter((line) => line.fraction > 0)
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  const extra = totalVatCents - floorSum;
  if (!Number.isSafeInteger(totalVatCents) || extra < 0 || extra > withFraction.length) {
    throw new RangeError(
      `VAT ${totalVatCents} is not the VAT of nets ${netCents.join(', ')} at ${basisPoints} bp`,
    );
  }
  const vat = [...floors];
  for (const line of withFraction.slice(0, extra)) vat[line.index]! += 1;
  return vat;
}

// ------------------------------------------------------------------------------ lines

/** Whether a line's supply is a service or goods: it decides the document type and classification. */
export type SupplyKind = 'services' | 'goods';

/**
 * What a line charges (ADR 056). Companies: the service fee on loaded amounts, the card fee of new
 * cards, the replacement fee, the delivery of plastic cards. Merchants: the commission on their
 * redemptions, the monthly rental of a terminal, the bags and stickers they buy (goods).
 */
export const INVOICE_LINE_KINDS = [
  'serviceFee',
  'cardFee',
  'replacementFee',
  'deliveryFee',
  'redemptionFee',
  'terminalRental',
  'supplies',
] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
export const InvoiceLineKindSchema = z.enum(INVOICE_LINE_KINDS);

const LINE_KINDS: Record<InvoiceLineKind, { supply: SupplyKind; label: Record<Locale, string> }> = {
  serviceFee: {
    supply: 'services',
    label: { el: 'Αμοιβή υπηρεσιών επί των φορτώσεων', en: 'Service fee on loaded amounts' },
  },
  cardFee: { supply: 'services', label: { el: 'Τέλος έκδοσης κάρτας', en: 'Card issuance fee' } },
  replacementFee: {
    supply: 'services',
    label: { el: 'Τέλος αντικατάστασης κάρτας', en: 'Card replacement fee' },
  },
  deliveryFee: { supply: 'services', label: { el: 'Έξοδα αποστολής καρτών', en: 'Card delivery fee' } },
  redemptionFee: {
    supply: 'services',
    label: { el: 'Προμήθεια εξαργύρωσης', en: 'Commission on redemptions' },
  },
  terminalRental: { supply: 'services', label: { el: 'Μίσθωση τερματικού', en: 'Terminal rental' } },
  supplies: {
    supply: 'goods',
    label: { el: 'Σακούλες και αυτοκόλλητα σήμανσης', en: 'Carrier bags and acceptance stickers' },
  },
};

export function supplyOf(kind: InvoiceLineKind): SupplyKind {
  return LINE_KINDS[kind].supply;
}

/**
 * The income classification of a line (annexes 8.8–8.9): goods are `category1_1` (sales of
 * merchandise), services `category1_3` (provision of services), both `E3_561_001` (wholesale sales
 * of goods and services to businesses: every customer is a business). Both pairs are allowed on 1.1
 * and 2.1 takes only services; a credit note takes those of the document it credits.
 */
export const INCOME_CLASSIFICATION: Record<SupplyKind, { category: string; type: string }> = {
  goods: { category: 'category1_1', type: 'E3_561_001' },
  services: { category: 'category1_3', type: 'E3_561_001' },
};

/** A line as the caller states it, from the ledger's amounts. */
export type InvoiceLineInput = {
  kind: InvoiceLineKind;
  netCents: Cents;
  vatCents: Cents;
  /** myDATA's VAT category; the standard rate (1) when not said. */
  vatCategory?: MydataVatCategory;
  /** The exemption reason (1–31); only with category 7, and then required. */
  vatExemptionCategory?: number | null;
  /** How many cards, months or packs the line is for (informative). */
  quantity?: number | null;
  /** What the line is about beside its kind: an order number, a period, a product. */
  detail?: string;
};

export type InvoiceLine = {
  lineNumber: number;
  kind: InvoiceLineKind;
  netCents: Cents;
  vatCents: Cents;
  vatCategory: MydataVatCategory;
  vatExemptionCategory: number | null;
  quantity: number | null;
  detail: string;
  incomeCategory: string;
  incomeType: string;
};

/** Numbers the lines from 1 and gives each its VAT category and income classification. */
export function invoiceLinesOf(inputs: readonly InvoiceLineInput[]): InvoiceLine[] {
  return inputs.map((input, index) => {
    const classification = INCOME_CLASSIFICATION[supplyOf(input.kind)];
    return {
      lineNumber: index + 1,
      kind: input.kind,
      netCents: input.netCents,
      vatCents: input.vatCents,
      vatCategory: input.vatCategory ?? STANDARD_VAT_CATEGORY,
      vatExemptionCategory: input.vatExemptionCategory ?? null,
      quantity: input.quantity ?? null,
      detail: (input.detail ?? '').trim(),
      incomeCategory: classification.category,
      incomeType: classification.type,
    };
  });
}

/** A line's description as printed: its kind and, when there is one, its detail. */
export function lineDescription(line: Pick<InvoiceLine, 'kind' | 'detail'>, locale: Locale): string {
  const label = LINE_KINDS[line.kind].label[locale];
  return line.detail ? `${label} — ${line.detail}` : label;
}

/** The invoice type a set of lines needs: a sales invoice when goods are on it, else a services invoice. */
export function invoiceTypeFor(lines: readonly Pick<InvoiceLineInput, 'kind'>[]): InvoiceDocumentType {
  return lines.some((line) => supplyOf(line.kind) === 'goods') ? SALES_INVOICE : SERVICES_INVOICE;
}

/** The document type of a document: a credit note's is 5.1 whatever it credits. */
export function documentTypeFor(
  kind: InvoiceKind,
  lines: readonly Pick<InvoiceLineInput, 'kind'>[],
): InvoiceDocumentType {
  return kind === 'credit-note' ? CREDIT_NOTE : invoiceTypeFor(lines);
}

// ------------------------------------------------------------------------------ totals

export type InvoiceTotals = {
  netCents: Cents;
  vatCents: Cents;
  /** Net plus VAT: no other taxes, fees, withholdings or deductions are ever on the provider's documents. */
  grossCents: Cents;
  /** Per VAT category (the VAT analysis of the printed document), in category order. */
  byVatCategory: { vatCategory: MydataVatCategory; netCents: Cents; vatCents: Cents }[];
  /** Per income classification (myDATA's invoice summary), in the order lines first name them. */
  byClassification: { category: string; type: string; netCents: Cents }[];
};

/** The totals of lines: each one the sum of the lines' (the property tests hold it to that). */
export function invoiceTotals(
  lines: readonly Pick<
    InvoiceLine,
    'netCents' | 'vatCents' | 'vatCategory' | 'incomeCategory' | 'incomeType'
  >[],
): InvoiceTotals {
  let netCents = 0;
  let vatCents = 0;
  const categories = new Map<MydataVatCategory, { netCents: Cents; vatCents: Cents }>();
  const classifications = new Map<string, { category: string; type: string; netCents: Cents }>();
  for (const line of lines) {
    netCents += line.netCents;
    vatCents += line.vatCents;
    const category = categories.get(line.vatCategory) ?? { netCents: 0, vatCents: 0 };
    category.netCents += line.netCents;
    category.vatCents += line.vatCents;
    categories.set(line.vatCategory, category);
    const key = `${line.incomeCategory}|${line.incomeType}`;
    const classification = classifications.get(key) ?? {
      category: line.incomeCategory,
      type: line.incomeType,
      netCents: 0,
    };
    classification.netCents += line.netCents;
    classifications.set(key, classification);
  }
  return {
    netCents,
    vatCents,
    grossCents: netCents + vatCents,
    byVatCategory: [...categories.entries()]
      .sort(([a], [b]) => a - b)
      .map(([vatCategory, sums]) => ({ vatCategory, ...sums })),
    byClassification: [...classifications.values()],
  };
}

// ------------------------------------------------------------------------------ the checks

/** The customer as the document names it: a Greek business (ΑΦΜ), snapshot at issue. */
export const InvoiceCounterpartSchema = z.object({
  vatNumber: z
    .string()
    .trim()
    .refine((value) => isValidGreekTaxId(value), { message: 'invalid tax id' })
    .transform((value) => value.replace(/[\s.\-/]/g, '')),
  /** Only Greek customers: a foreign one needs types this portal does not issue (2.2, 2.3). */
  country: z.literal('GR'),
  /** The customer's branch in the Taxis register; 0 for its seat. */
  branch: z.number().int().min(0).default(0),
  name: z.string().trim().min(1).max(200),
  street: z.string().trim().max(150).default(''),
  streetNumber: z.string().trim().max(20).default(''),
  postalCode: z.string().trim().max(20).default(''),
  city: z.string().trim().max(150).default(''),
  /** The customer's tax office (ΔΟΥ), printed on the document when known. */
  taxOffice: z.string().trim().max(100).default(''),
});
export type InvoiceCounterpart = z.output<typeof InvoiceCounterpartSchema>;

/** A series: 1–10 capital Latin letters or digits (ADR 058). */
export const InvoiceSeriesSchema = z.string().regex(/^[A-Z0-9]{1,10}$/, 'a series is 1–10 of A–Z, 0–9');

/** The series each document type is numbered in unless the caller names another (ADR 058). */
export const DEFAULT_SERIES: Record<InvoiceDocumentType, string> = {
  '2.1': 'TPY',
  '1.1': 'TP',
  '5.1': 'PT',
};

/** A document's number as printed and searched: `TPY-1042`. */
export function formatInvoiceNumber(series: string, number: number): string {
  return `${series}-${number}`;
}

/** `TPY-1042` (or `tpy 1042`) back into its series and number; null when it is not one. */
export function parseInvoiceNumber(text: string): { series: string; number: number } | null {
  const match = /^\s*([A-Za-z0-9]{1,10})\s*[-\s/]\s*0*(\d{1,15})\s*$/.exec(text);
  if (!match) return null;
  const number = Number(match[2]);
  return Number.isSafeInteger(number) && number > 0 ? { series: match[1]!.toUpperCase(), number } : null;
}

export type InvoiceProblem =
  | { code: 'noLines' }
  | { code: 'nothingToInvoice' }
  | { code: 'notWholeCents'; line: number }
  | { code: 'negativeAmount'; line: number }
  | { code: 'vatCategoryNotAllowed'; line: number }
  | { code: 'exemptionRequired'; line: number }
  | { code: 'exemptionNotAllowed'; line: number }
  | { code: 'vatNotOfNet'; line: number };

/**
 * What is wrong with a document's lines (nothing: an empty list). Each amount is whole, non-negative
 * cents; each line's VAT is its net's at its category's rate to within a cent (the ledger's VAT may
 * have been rounded on the sum: `allocateVat`); category 7 names its exemption reason and only it
 * does; category 8 (entries outside VAT) is never on an invoice; the document charges something.
 */
export function invoiceProblems(lines: readonly InvoiceLineInput[]): InvoiceProblem[] {
  if (lines.length === 0) return [{ code: 'noLines' }];
  const problems: InvoiceProblem[] = [];
  lines.forEach((line, index) => {
    const number = index + 1;
    if (!Number.isSafeInteger(line.netCents) || !Number.isSafeInteger(line.vatCents)) {
      problems.push({ code: 'notWholeCents', line: number });
      return;
    }
    if (line.netCents < 0 || line.vatCents < 0) {
      problems.push({ code: 'negativeAmount', line: number });
      return;
    }
    const category = line.vatCategory ?? STANDARD_VAT_CATEGORY;
    const rate = MYDATA_VAT_CATEGORIES[category] as number | null | undefined;
    if (rate === undefined || rate === null) {
      problems.push({ code: 'vatCategoryNotAllowed', line: number });
      return;
    }
    const exemption = line.vatExemptionCategory ?? null;
    if (category === 7) {
      if (
        exemption === null ||
        !Number.isInteger(exemption) ||
        exemption < VAT_EXEMPTION_MIN ||
        exemption > VAT_EXEMPTION_MAX
      ) {
        problems.push({ code: 'exemptionRequired', line: number });
        return;
      }
    } else if (exemption !== null) {
      problems.push({ code: 'exemptionNotAllowed', line: number });
      return;
    }
    if (!isVatOfNet(line.netCents, line.vatCents, rate)) problems.push({ code: 'vatNotOfNet', line: number });
  });
  if (problems.length === 0 && lines.every((line) => line.netCents === 0 && line.vatCents === 0)) {
    problems.push({ code: 'nothingToInvoice' });
  }
  return problems;
}

/**
 * How much of an invoice's gross is still open to credit after the credit notes already issued
 * against it; never below zero.
 */
export function creditableCents(invoiceGrossCents: Cents, creditedGrossCents: Cents): Cents {
  return Math.max(0, invoiceGrossCents - creditedGrossCents);
}

// ------------------------------------------------------------------------------ from the ledger

/**
 * The lines of an order's invoice, from the order's price as it was charged (the `fee` posting of
 * its payment holds `feesNetCents` and `vatCents`): card fees, replacement fees, the service fee on
 * the loads and the delivery, each net as priced and the order's VAT spread over them to the cent
 * (`allocateVat`). The loaded amounts are no line (ADR 056). An order with no fees has no lines.
 */
export function orderInvoiceLines(
  price: Pick<
    OrderPrice,
    | 'cardFeesCents'
    | 'replacementFeesCents'
    | 'serviceFeesCents'
    | 'deliveryFeeCents'
    | 'feesNetCents'
    | 'vatCents'
  > & { lines?: readonly PricedLine[] },
  detail = '',
): InvoiceLineInput[] {
  const count = (pick: (line: PricedLine) => Cents) =>
    price.lines ? price.lines.filter((line) => pick(line) > 0).length || null : null;
  const candidates: { kind: InvoiceLineKind; netCents: Cents; quantity: number | null }[] = [
    { kind: 'cardFee', netCents: price.cardFeesCents, quantity: count((line) => line.cardFeeCents) },
    {
      kind: 'replacementFee',
      netCents: price.replacementFeesCents,
      quantity: count((line) => line.replacementFeeCents),
    },
    { kind: 'serviceFee', netCents: price.serviceFeesCents, quantity: null },
    { kind: 'deliveryFee', netCents: price.deliveryFeeCents, quantity: null },
  ];
  const charged = candidates.filter((line) => line.netCents !== 0);
  const netSum = charged.reduce((sum, line) => sum + line.netCents, 0);
  if (netSum !== price.feesNetCents) {
    throw new RangeError(`the order's fees (${netSum}) are not its fees net (${price.feesNetCents})`);
  }
  const vat = allocateVat(
    charged.map((line) => line.netCents),
    price.vatCents,
    STANDARD_VAT_BASIS_POINTS,
  );
  return charged.map((line, index) => ({
    kind: line.kind,
    netCents: line.netCents,
    vatCents: vat[index]!,
    quantity: line.quantity,
    detail,
  }));
}

/**
 * The lines of a merchant's settlement day, from the settlement as it was posted: per product, the
 * fee and its VAT exactly as `settlementOf` computed them. A product whose fee is negative (a day of
 * more refunds than sales gives the fee back) is a line to credit, not to charge.
 */
export function settlementInvoiceLines(
  lines: readonly Pick<SettlementLine, 'product' | 'fee' | 'vat' | 'count'>[],
): {
  charge: InvoiceLineInput[];
  credit: InvoiceLineInput[];
} {
  const charge: InvoiceLineInput[] = [];
  const credit: InvoiceLineInput[] = [];
  for (const line of lines) {
    if (line.fee === 0) continue;
    const target = line.fee > 0 ? charge : credit;
    target.push({
      kind: 'redemptionFee',
      netCents: Math.abs(line.fee),
      vatCents: Math.abs(line.vat),
      quantity: line.count > 0 ? line.count : null,
      detail: line.product,
    });
  }
  return { charge, credit };
}

// ------------------------------------------------------------------------------ merchants' charges

/**
 * The series of the documents the provider issues to its merchants (ADR 059): its acquiring
 * business, numbered apart from the documents of the companies that buy cards (`DEFAULT_SERIES`),
 * each an unbroken sequence of its own (ADR 058 allows a caller its own series).
 */
export const MERCHANT_SERIES: Record<InvoiceDocumentType, string> = {
  '2.1': 'MTPY',
  '1.1': 'MTP',
  '5.1': 'MPT',
};

/**
 * The line of a terminal's monthly rental, from its charge as it was made (`merchant_charges`:
 * gross and VAT): the net is the gross less the VAT, one month of one terminal.
 */
export function rentalInvoiceLines(charge: {
  amountCents: Cents;
  vatCents: Cents;
  period: string;
  mid: string;
}): InvoiceLineInput[] {
  return [
    {
      kind: 'terminalRental',
      netCents: charge.amountCents - charge.vatCents,
      vatCents: charge.vatCents,
      quantity: 1,
      detail: `${charge.period} · MID ${charge.mid}`,
    },
  ];
}

/**
 * The lines of a supply order, from its charge as it was made: the packs of carrier bags and the
 * packs of TRV stickers at their prices (the charge's net is their sum), the charge's VAT — computed
 * on that sum — spread over them to the cent (`allocateVat`). A kind of pack not ordered is no line.
 */
export function suppliesInvoiceLines(charge: {
  amountCents: Cents;
  vatCents: Cents;
  bags: number;
  stickers: number;
}): InvoiceLineInput[] {
  const packs = [
    { netCents: charge.bags * BAG_PACK_CENTS, quantity: charge.bags, detail: 'BAG-100' },
    { netCents: charge.stickers * STICKER_PACK_CENTS, quantity: charge.stickers, detail: 'TRV-10' },
  ].filter((pack) => pack.quantity > 0);
  const netSum = packs.reduce((sum, pack) => sum + pack.netCents, 0);
  if (netSum !== charge.amountCents - charge.vatCents) {
    throw new RangeError(
      `the packs (${netSum}) are not the charge's net (${charge.amountCents - charge.vatCents})`,
    );
  }
  const vat = allocateVat(
    packs.map((pack) => pack.netCents),
    charge.vatCents,
    STANDARD_VAT_BASIS_POINTS,
  );
  return packs.map((pack, index) => ({
    kind: 'supplies',
    netCents: pack.netCents,
    vatCents: vat[index]!,
    quantity: pack.quantity,
    detail: pack.detail,
  }));
}

// ------------------------------------------------------------------------------ crediting

/** An invoice a credit may be correlated with, and how much of its gross is still open. */
export type CreditableInvoice = { invoiceId: string; openGrossCents: Cents };

/**
 * Spreads what is to be credited over the invoices that charged it, in the order given (the caller
 * puts first the invoice it would credit first): each invoice takes whole lines while their gross
 * fits in what it has open, and a line that does not fit is split — its net in two, its VAT spread
 * over the two parts by `allocateVat`, so each part's VAT is within a cent of its own net's and the
 * parts add up to the line exactly. Answers the credit note of each invoice that takes something,
 * and what no invoice had room for (`left`: lines not credited; empty when all fits).
 */
export function allocateCredit(
  lines: readonly InvoiceLineInput[],
  invoices: readonly CreditableInvoice[],
): { notes: { invoiceId: string; lines: InvoiceLineInput[] }[]; left: InvoiceLineInput[] } {
  const queue = lines.map((line) => ({ ...line }));
  const notes: { invoiceId: string; lines: InvoiceLineInput[] }[] = [];
  for (const invoice of invoices) {
    let open = invoice.openGrossCents;
    const taken: InvoiceLineInput[] = [];
    while (queue.length > 0 && open > 0) {
      const line = queue[0]!;
      const gross = line.netCents + line.vatCents;
      if (gross <= open) {
        taken.push(queue.shift()!);
        open -= gross;
        continue;
      }
      const part = splitLine(line, open);
      if (!part) break;
      taken.push(part.first);
      queue[0] = part.rest;
      open -= part.first.netCents + part.first.vatCents;
    }
    if (taken.length > 0) notes.push({ invoiceId: invoice.invoiceId, lines: taken });
    if (queue.length === 0) break;
  }
  return { notes, left: queue };
}

/** The largest first part of `line` whose gross fits in `room` (null when not even a cent's does). */
function splitLine(
  line: InvoiceLineInput,
  room: Cents,
): { first: InvoiceLineInput; rest: InvoiceLineInput } | null {
  const rate = MYDATA_VAT_CATEGORIES[line.vatCategory ?? STANDARD_VAT_CATEGORY] ?? 0;
  // The net whose gross at the rate is about `room`, then down until the allocated gross fits.
  for (
    let net = Math.min(line.netCents - 1, Math.floor((room * 10_000) / (10_000 + rate)));
    net > 0;
    net -= 1
  ) {
    const [firstVat, restVat] = allocateVat([net, line.netCents - net], line.vatCents, rate);
    if (net + firstVat! <= room) {
      return {
        first: { ...line, netCents: net, vatCents: firstVat! },
        rest: { ...line, netCents: line.netCents - net, vatCents: restVat! },
      };
    }
  }
  return null;
}

// ------------------------------------------------------------------------------ the customer

/**
 * A one-line Greek address (`Λεωφόρος Κηφισίας 124, 115 26 Αθήνα`, as companies and merchants
 * keep it) in the parts a myDATA counterpart and the printed document take; every part empty when
 * the text is not of that shape (the document then carries no address: myDATA does not need it).
 */
export function postalAddressOf(text: string): {
  street: string;
  streetNumber: string;
  postalCode: string;
  city: string;
} {
  const match = /^\s*(.+?)\s+(\d+[\p{L}\d/-]*)\s*,\s*(\d{3}\s?\d{2})\s+(.+?)\s*$/u.exec(text);
  if (!match) return { street: '', streetNumber: '', postalCode: '', city: '' };
  return {
    street: match[1]!,
    streetNumber: match[2]!,
    postalCode: match[3]!.replace(/\s/g, ''),
    city: match[4]!,
  };
}

// ------------------------------------------------------------------------------ transmission

/**
 * How long a document waits before the next attempt to send it after `attempts` attempts without
 * an answer (AADE unreachable, its technical error, a refused call): 30 s, 1, 2, 5, 10 and 30
 * minutes, then every hour until AADE answers (ADR 059). A document issued under transmission
 * failure must reach myDATA at the latest two days after its deadline (Α.1138/2020 art. 5 §6).
 */
export const TRANSMISSION_BACKOFF_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];

export function transmissionDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), TRANSMISSION_BACKOFF_MS.length) - 1;
  return TRANSMISSION_BACKOFF_MS[index]!;
}
