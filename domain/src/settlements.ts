import { z } from 'zod';
import type { Cents } from './money';
import { CardCategorySchema, type CardCategory } from './products';
import { ENROLMENT_STATES, PAYOUT_STATES, feeOf, type FeePlan } from './merchants';

/**
 * Settlements and payouts (issue 15 §4, ADR 016): each merchant's business day closed into one
 * settlement (sales per product, the fee of its fee plan, VAT on the fee, the net), and the payout of
 * the net to the merchant's IBAN in a SEPA credit-transfer file (pain.001.001.03). Money is cents.
 */

/** One product's takings of a settlement day, as the terminals recorded them. */
export type SalesOfProduct = {
  product: CardCategory;
  /** Approved authorisations. */
  purchasesCents: Cents;
  purchaseCount: number;
  /** Approved reversals and refunds (money back to the cards), whatever day the purchase was. */
  givenBackCents: Cents;
};

export const SettlementLineSchema = z.object({
  product: CardCategorySchema,
  purchases: z.number().int(),
  count: z.number().int(),
  givenBack: z.number().int(),
  /** Purchases less what was given back: what the fee is taken on (negative on a day of refunds). */
  sales: z.number().int(),
  basisPoints: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  net: z.number().int(),
});
export type SettlementLine = z.infer<typeof SettlementLineSchema>;

export type SettlementFigures = {
  lines: SettlementLine[];
  purchasesCents: Cents;
  givenBackCents: Cents;
  /** Net sales: purchases less given back. */
  grossCents: Cents;
  feeCents: Cents;
  vatCents: Cents;
  netCents: Cents;
};

/**
 * The arithmetic of one settlement: per product, sales = purchases − given back, the fee of the
 * merchant's plan on the sales (a product the plan does not name pays no fee) and VAT on the fee
 * (`feeOf`); the totals are the sums of the lines. Pure: fee + VAT + net is the gross to the cent, per
 * line and in total (the property test in `settlements.test.ts` holds it to that).
 */
export function settlementOf(sales: readonly SalesOfProduct[], plan: FeePlan): SettlementFigures {
  const lines = [...sales]
    .sort((a, b) => a.product.localeCompare(b.product))
    .map((line): SettlementLine => {
      const basisPoints = plan[line.product] ?? 0;
      const amount = line.purchasesCents - line.givenBackCents;
      const fee = feeOf(amount, basisPoints);
      return {
        product: line.product,
        purchases: line.purchasesCents,
        count: line.purchaseCount,
        givenBack: line.givenBackCents,
        sales: amount,
        basisPoints,
        fee: fee.feeCents,
        vat: fee.vatCents,
        net: fee.netCents,
      };
    });
  const sum = (pick: (line: SettlementLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    purchasesCents: sum((line) => line.purchases),
    givenBackCents: sum((line) => line.givenBack),
    grossCents: sum((line) => line.sales),
    feeCents: sum((line) => line.fee),
    vatCents: sum((line) => line.vat),
    netCents: sum((line) => line.net),
  };
}

/**
 * What is paid out for a settlement: its net plus what earlier days carried (zero or negative: a
 * day of more refunds than sales leaves the merchant owing). Nothing is paid when that is not above
 * zero; the rest is carried to the next day, so the merchant account is never paid more than the
 * sum of the nets. Returns the payout and the new carry (never positive).
 */
export function payoutOf(netCents: Cents, carriedCents: Cents): { payoutCents: Cents; carryCents: Cents } {
  if (carriedCents > 0) throw new RangeError(`a carry is never positive (${carriedCents})`);
  const owed = netCents + carriedCents;
  return owed > 0 ? { payoutCents: owed, carryCents: 0 } : { payoutCents: 0, carryCents: owed };
}

// ------------------------------------------------------------------------------------ SEPA text

const GREEK_TO_LATIN: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/**
 * Text for a SEPA field: Greek letters spelled in Latin (ELOT 743, letter by letter), accents
 * dropped, anything outside the EPC's Latin character set (`a-z A-Z 0-9 / - ? : ( ) . , ' +` and
 * space; EPC217-08) turned into a space, cut to `max` characters. Banks refuse other characters.
 */
export function sepaText(text: string, max: number): string {
  const chars = [...text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')];
  const isUpper = (char: string | undefined) =>
    char !== undefined && char !== char.toLocaleLowerCase('el') && char === char.toLocaleUpperCase('el');
  const latin = chars
    .map((char, index) => {
      const lower = char.toLocaleLowerCase('el');
      const mapped = GREEK_TO_LATIN[lower];
      if (mapped === undefined) return char;
      if (char === lower) return mapped;
      // ΨΗΦΙΑΚΟ → PSIFIAKO, Θωμάς → Thomas.
      const isAllCaps =
        isUpper(chars[index + 1]) || (isUpper(chars[index - 1]) && !/\p{L}/u.test(chars[index + 1] ?? ''));
      return isAllCaps ? mapped.toUpperCase() : mapped.charAt(0).toUpperCase() + mapped.slice(1);
    })
    .join('');
  return latin
    .replace(/[^a-zA-Z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** Cents as the decimal euros of an ISO 20022 amount: `1234` → `12.34`. */
export function isoAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`amount ${cents} is not payable`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

// ------------------------------------------------------------------------------------ wire shapes

export const PayoutStateSchema = z.enum(PAYOUT_STATES);

/** Why a scheduled payout waits outside the payout files (issue 34 §2.1). */
export const PAYOUT_WAITING_REASONS = ['invalidIban'] as const;
export type PayoutWaitingReason = (typeof PAYOUT_WAITING_REASONS)[number];

const BusinessDay = z.iso.date();

export const SettlementViewSchema = z.object({
  settlementId: z.string(),
  merchantId: z.string(),
  businessDay: z.string(),
  purchasesCents: z.number().int(),
  refundsCents: z.number().int(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  vatCents: z.number().int(),
  netCents: z.number().int(),
  /** What earlier days carried into this one (zero or negative). */
  carriedCents: z.number().int(),
  lines: z.array(SettlementLineSchema),
  payoutId: z.string().nullable(),
  createdAt: z.string(),
});
export type SettlementView = z.infer<typeof SettlementViewSchema>;

export const PayoutViewSchema = z.object({
  payoutId: z.string(),
  merchantId: z.string(),
  settlementId: z.string(),
  businessDay: z.string(),
  amountCents: z.number().int(),
  iban: z.string(),
  bic: z.string(),
  endToEndId: z.string(),
  state: PayoutStateSchema,
  payoutFileId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The merchant's trade name (the payout desk's lists). */
  merchantName: z.string().optional(),
  /**
   * Why a scheduled payout is not put in the next file (issue 34 §2.1): its IBAN fails the ISO
   * 13616 check. It waits, not lost, until the merchant's account is corrected.
   */
  waitingReason: z.enum(PAYOUT_WAITING_REASONS).nullable().optional(),
  /** Returned by the bank (issue 34, ADR 042): when, why, and the payout that pays it again. */
  returnedAt: z.string().nullable().optional(),
  returnReason: z.string().nullable().optional(),
  /** A payout that pays again what a returned one did not: the returned payout's id. */
  replacesPayoutId: z.string().nullable().optional(),
});
export type PayoutView = z.infer<typeof PayoutViewSchema>;

const Page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

/** `GET /settlements`: a merchant's (or every merchant's) settlements of business days [from, to]. */
export const SettlementsQuerySchema = z
  .object({
    merchantId: z.string().trim().min(1).max(20).optional(),
    from: BusinessDay.optional(),
    to: BusinessDay.optional(),
    ...Page,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'to is before from',
  });
export type SettlementsQuery = z.infer<typeof SettlementsQuerySchema>;

export const SettlementsResponseSchema = z.object({
  success: z.literal(true),
  settlements: z.array(SettlementViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const PayoutsQuerySchema = z.object({
  state: PayoutStateSchema.optional(),
  merchantId: z.string().trim().min(1).max(20).optional(),
  ...Page,
});
export type PayoutsQuery = z.infer<typeof PayoutsQuerySchema>;

export const PayoutsResponseSchema = z.object({
  success: z.literal(true),
  payouts: z.array(PayoutViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `POST /payouts/send`: the file made of every scheduled payout (none: `fileId` null, count 0). */
export const SendPayoutsResponseSchema = z.object({
  success: z.literal(true),
  fileId: z.string().nullable(),
  count: z.number().int(),
  totalCents: z.number().int(),
  /** Scheduled payouts left out of the file: their IBAN is invalid (issue 34 §2.1). */
  waiting: z.number().int().default(0),
});
export type SendPayoutsResponse = z.infer<typeof SendPayoutsResponseSchema>;

/** `POST /payouts/markPaid`: the bank paid these (sent) payouts. */
export const MarkPaidRequestSchema = z.object({
  payoutIds: z.array(z.uuid()).min(1).max(500),
});
export type MarkPaidRequest = z.infer<typeof MarkPaidRequestSchema>;

export const MarkPaidResponseSchema = z.object({
  success: z.literal(true),
  payouts: z.array(PayoutViewSchema),
});

/** `GET /retrieveBalance`: what the merchant is owed, in brief (the merchant portal builds on it). */
export const MerchantBalanceSchema = z.object({
  /** Sales (purchases less money given back) since the last settled day, not settled yet. */
  unsettledCents: z.number().int(),
  /** Payouts made by settlements and not yet in a file sent to the bank. */
  scheduledPayoutCents: z.number().int(),
  /** How many payouts are scheduled (one per settled day). */
  scheduledPayoutCount: z.number().int(),
  /**
   * The next scheduled payout: the oldest not yet in a file (it leaves with the next one); none
   * when nothing is scheduled. Never a payout already sent (issue 34 §2 item 2): those are
   * `onTheWay`.
   */
  nextPayout: z
    .object({ amountCents: z.number().int(), state: PayoutStateSchema, day: z.string() })
    .nullable(),
  /** Payouts in a file sent to the bank and not yet confirmed paid, oldest first (at most 31). */
  onTheWay: z.array(
    z.object({
      payoutId: z.string(),
      amountCents: z.number().int(),
      day: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  /** The sum of every payout on its way (also those past the list's 31). */
  onTheWayCents: z.number().int(),
  lastPayouts: z.array(
    z.object({
      payoutId: z.string(),
      amountCents: z.number().int(),
      state: PayoutStateSchema,
      day: z.string(),
      sentAt: z.string().nullable(),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type MerchantBalance = z.infer<typeof MerchantBalanceSchema>;

// ------------------------------------------------------------------------------------ the merchant's own

/**
 * A settlement as its merchant reads it (`retrieveSettlements`): the day's figures with the fee per
 * product, and the payout it made (none on a day that carried a loss) with its state and dates.
 */
export const MerchantSettlementSchema = SettlementViewSchema.omit({
  merchantId: true,
  payoutId: true,
}).extend({
  payout: z
    .object({
      payoutId: z.string(),
      amountCents: z.number().int(),
      state: PayoutStateSchema,
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      paidAt: z.string().nullable(),
    })
    .nullable(),
});
export type MerchantSettlement = z.infer<typeof MerchantSettlementSchema>;

/** `GET /retrieveSettlements`: the merchant's settlements of business days [from, to], newest first. */
export const MerchantSettlementsQuerySchema = z
  .object({
    from: BusinessDay.optional(),
    to: BusinessDay.optional(),
    page: Page.page,
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'to is before from',
  });
export type MerchantSettlementsQuery = z.infer<typeof MerchantSettlementsQuerySchema>;

export const MerchantSettlementsResponseSchema = z.object({
  success: z.literal(true),
  settlements: z.array(MerchantSettlementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The sums over every settlement of [from, to] (not only this page): the fees of a month. */
  totals: z.object({
    purchasesCents: z.number().int(),
    feeCents: z.number().int(),
    vatCents: z.number().int(),
    netCents: z.number().int(),
  }),
  /** Months (`YYYY-MM`, newest first) with at least one settlement: each has a fee invoice. */
  invoiceMonths: z.array(z.string()),
});
export type MerchantSettlementsResponse = z.infer<typeof MerchantSettlementsResponseSchema>;

export const MerchantSettlementDetailsQuerySchema = z.object({ settlementId: z.uuid() });

export const MerchantSettlementDetailsResponseSchema = z.object({
  success: z.literal(true),
  settlement: MerchantSettlementSchema,
});

// ------------------------------------------------------------------------------------ the payout desk (issue 34)

/** A payout file as the payout desk lists it: the pain.001 group header's control figures. */
export const PayoutFileViewSchema = z.object({
  fileId: z.string(),
  messageId: z.string(),
  /** `NbOfTxs` of the group header. */
  payoutCount: z.number().int(),
  /** `CtrlSum` of the group header, in cents. */
  totalCents: z.number().int(),
  /** `ReqdExctnDt`: a TARGET2 business day. */
  executionDate: z.string().nullable(),
  createdAt: z.string(),
  payouts: z.array(PayoutViewSchema),
});
export type PayoutFileView = z.infer<typeof PayoutFileViewSchema>;

export const PayoutFilesQuerySchema = z.object({
  page: Page.page,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type PayoutFilesQuery = z.infer<typeof PayoutFilesQuerySchema>;

/** A merchant's money on the ledger, for the payout desk: what the provider owes it now. */
export const MerchantLedgerBalanceSchema = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  /** The merchant ledger account's balance: sales less fees and payouts sent, plus returns. */
  balanceCents: z.number().int(),
});
export type MerchantLedgerBalance = z.infer<typeof MerchantLedgerBalanceSchema>;

/** `GET /payoutDesk`: the files newest first, the payouts outside files, the merchants' balances. */
export const PayoutDeskResponseSchema = z.object({
  success: z.literal(true),
  files: z.array(PayoutFileViewSchema),
  totalFiles: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Scheduled payouts not in a file yet (those waiting say why). */
  scheduled: z.array(PayoutViewSchema),
  balances: z.array(MerchantLedgerBalanceSchema),
});
export type PayoutDeskResponse = z.infer<typeof PayoutDeskResponseSchema>;

/** A reason staff type (a terminal's state change, a returned payout): stored in the audit log. */
export const DeskReasonSchema = z.string().trim().min(3, 'a reason of at least 3 characters').max(300);

/**
 * `POST /payouts/markReturned`: the bank sent a payout back (a closed or wrong account): the amount
 * goes back on the merchant account through the ledger and is paid again in a later file.
 */
export const MarkReturnedRequestSchema = z.object({
  payoutId: z.uuid(),
  reason: DeskReasonSchema,
});
export type MarkReturnedRequest = z.infer<typeof MarkReturnedRequestSchema>;

export const MarkReturnedResponseSchema = z.object({
  success: z.literal(true),
  /** The returned payout. */
  payout: PayoutViewSchema,
  /** The new scheduled payout of the same amount, paid in a later file. */
  repayment: PayoutViewSchema,
  /** The merchant's ledger balance after the return. */
  balanceCents: z.number().int(),
});

/** Why a day of a merchant is flagged on the settlements desk. */
export const SETTLEMENT_DAY_FLAGS = ['missing'] as const;

/** One merchant's business day on the settlements desk: settled, or flagged as missing. */
export const SettlementDayViewSchema = z.object({
  businessDay: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  /** Null for a missing day (sales but no settlement). */
  settlement: SettlementViewSchema.nullable(),
  flag: z.enum(SETTLEMENT_DAY_FLAGS).nullable(),
});
export type SettlementDayView = z.infer<typeof SettlementDayViewSchema>;

export const SettlementDeskQuerySchema = z
  .object({
    merchantId: z.string().trim().min(1).max(20).optional(),
    from: BusinessDay.optional(),
    to: BusinessDay.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'to is before from',
  });
export type SettlementDeskQuery = z.infer<typeof SettlementDeskQuerySchema>;

export const SettlementDeskResponseSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  days: z.array(SettlementDayViewSchema),
  /** How many merchant days are flagged in the range. */
  flagged: z.number().int(),
});
export type SettlementDeskResponse = z.infer<typeof SettlementDeskResponseSchema>;

/** `POST /settlements/rerunDay`: settles a past business day again (idempotent, as the job is). */
export const RerunDayRequestSchema = z.object({ businessDay: BusinessDay });
export type RerunDayRequest = z.infer<typeof RerunDayRequestSchema>;

export const RerunDayResponseSchema = z.object({
  success: z.literal(true),
  /** Merchants settled by this run. */
  settled: z.number().int(),
  /** Merchants whose day was settled before (nothing done again). */
  existing: z.number().int(),
});
export type RerunDayResponse = z.infer<typeof RerunDayResponseSchema>;

// ------------------------------------------------------------------------------------ the terminals desk

/** A till as the terminals desk lists it: across every merchant. */
export const TerminalDeskItemSchema = z.object({
  terminalId: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  storeName: z.string(),
  city: z.string(),
  mid: z.string(),
  label: z.string(),
  state: z.enum(ENROLMENT_STATES),
  createdAt: z.string(),
  enrolledAt: z.string().nullable(),
});
export type TerminalDeskItem = z.infer<typeof TerminalDeskItemSchema>;

export const TerminalDeskQuerySchema = z.object({
  state: z.enum(ENROLMENT_STATES).optional(),
  merchantId: z.string().trim().min(1).max(20).optional(),
});
export type TerminalDeskQuery = z.infer<typeof TerminalDeskQuerySchema>;

export const TerminalDeskResponseSchema = z.object({
  success: z.literal(true),
  /** Requested tills first (the queue), then the rest by merchant and MID. */
  terminals: z.array(TerminalDeskItemSchema),
  /** Tills waiting to be enrolled, whatever the filter. */
  requested: z.number().int(),
});
export type TerminalDeskResponse = z.infer<typeof TerminalDeskResponseSchema>;

/** `POST /terminalDesk/:terminalId/state`: enrol, suspend or resume a till, with a reason. */
export const TerminalDeskStateRequestSchema = z.object({
  state: z.enum(['enrolled', 'suspended']),
  reason: DeskReasonSchema,
});
export type TerminalDeskStateRequest = z.infer<typeof TerminalDeskStateRequestSchema>;
