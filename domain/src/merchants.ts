import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { foldForMatch } from './greek';
import type { Cents } from './money';
import { CARD_CATEGORIES, CardCategorySchema, type CardCategory, type CardStatus } from './products';
import { SPEND_CATEGORIES, type SpendCategory, type SpendPeriod } from './spend-rules';

/**
 * Merchants, stores, terminals and the money loop (issue 15, docs/decisions/016-merchants-and-terminals-plan.md):
 * the rules a purchase at a terminal is judged by, the fee a merchant pays on its sales, and the wire
 * shapes of the terminal API. Money is integer cents.
 */

/** A terminal's MID enrolment: asked for by the merchant, enrolled by the provider, suspended on trouble. */
export const ENROLMENT_STATES = ['requested', 'enrolled', 'suspended'] as const;
export type EnrolmentState = (typeof ENROLMENT_STATES)[number];

/** Where a store sells (SPEC §3 channels). */
export const STORE_CHANNELS = ['in_store', 'online', 'delivery_platform'] as const;
export type StoreChannel = (typeof STORE_CHANNELS)[number];

/** A merchant user's standing (Swile: an administrator and view-only users per merchant). */
export const MERCHANT_USER_ROLES = ['admin', 'viewer'] as const;
export type MerchantUserRole = (typeof MERCHANT_USER_ROLES)[number];

/** VAT on the provider's fee (Greece, standard rate), in basis points. */
export const FEE_VAT_BASIS_POINTS = 2_400;

/**
 * The daily legal cap of a meal card (Ticket Restaurant): what one card may spend in one day across
 * all merchants. The research found legal caps only (FR €25/day); ADR 016 adopts that figure.
 */
export const MEAL_DAILY_CAP_CENTS: Cents = 2_500;

/** Products a daily legal cap applies to. */
export const DAILY_CAP_PRODUCTS: readonly CardCategory[] = ['TICKET_RESTAURANT'];

/** The business day, settlement windows and "today" of the caps are Athens days. */
export const BUSINESS_TIME_ZONE = 'Europe/Athens';

/**
 * Why a terminal call is declined: one reason per answer, translated below and documented in the
 * OpenAPI. In the order they are checked (the first that applies is the answer).
 */
export const DECLINE_REASONS = [
  'duplicate',
  'originalNotFound',
  'alreadyReversed',
  'amountAboveRefundable',
  'midNotEnrolled',
  'cardNotActive',
  'cardBlocked',
  /** Issue 35 §3 (ADR 046): locked by its holder (or care) until unlocked; blocked is for good. */
  'cardLocked',
  'cardExpired',
  'productNotAccepted',
  'insufficientBalance',
  'dailyCapReached',
  'spendRuleRefused',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DeclineReasonSchema = z.enum(DECLINE_REASONS);

export const DECLINE_REASON_TEXT: Record<DeclineReason, { el: string; en: string }> = {
  duplicate: {
    el: 'Διπλή συναλλαγή: ο κωδικός συναλλαγής του τερματικού χρησιμοποιήθηκε ήδη για άλλο αίτημα',
    en: 'Duplicate: the terminal transaction id was already used for another request',
  },
  originalNotFound: {
    el: 'Δεν βρέθηκε η αρχική συναλλαγή αυτού του τερματικού',
    en: 'The original transaction of this terminal was not found',
  },
  alreadyReversed: {
    el: 'Η αρχική συναλλαγή έχει ήδη ακυρωθεί ή επιστραφεί',
    en: 'The original transaction is already reversed or refunded',
  },
  amountAboveRefundable: {
    el: 'Το ποσό υπερβαίνει ό,τι μένει να επιστραφεί από την αρχική συναλλαγή',
    en: 'The amount is more than what is left to refund of the original transaction',
  },
  midNotEnrolled: {
    el: 'Το MID του τερματικού δεν είναι ενεργό',
    en: 'The terminal MID is not enrolled',
  },
  cardNotActive: { el: 'Η κάρτα δεν είναι ενεργή', en: 'The card is not active' },
  cardBlocked: { el: 'Η κάρτα είναι μπλοκαρισμένη', en: 'The card is blocked' },
  cardLocked: {
    el: 'Η κάρτα είναι κλειδωμένη από τον κάτοχό της',
    en: 'The card is locked by its holder',
  },
  cardExpired: { el: 'Η κάρτα έχει λήξει', en: 'The card has expired' },
  productNotAccepted: {
    el: 'Το κατάστημα δεν δέχεται αυτό το προϊόν',
    en: 'This store does not accept the product',
  },
  insufficientBalance: { el: 'Ανεπαρκές υπόλοιπο', en: 'Insufficient balance' },
  dailyCapReached: {
    el: 'Συμπληρώθηκε το ημερήσιο νόμιμο όριο της κάρτας',
    en: 'The card’s daily legal cap is reached',
  },
  spendRuleRefused: {
    el: 'Η συναλλαγή δεν επιτρέπεται από τους κανόνες δαπανών της εταιρείας',
    en: 'The company’s spend rules do not allow this purchase',
  },
};

/** A spend rule as the authorisation reads it (a Spendeo or MyBenefits rule of the card's company). */
export type AuthorisationRule = {
  product: CardCategory;
  target:
    | { kind: 'category'; category: SpendCategory }
    | { kind: 'merchant'; merchant: string }
    | { kind: 'period' }
    | { kind: 'core'; coreCategory: string };
  period: SpendPeriod;
  /** null: the target is blocked. */
  limitCents: Cents | null;
  /** What the card already spent in the rule's current period on the rule's target. */
  spentCents: Cents;
};

/** MyBenefits core categories a store category counts toward. */
export const CORE_CATEGORY_OF_STORE: Record<SpendCategory, string | null> = {
  groceries: 'food',
  restaurants: 'food',
  fuel: 'fuel',
  transport: 'transport',
  travel: 'culture',
  accommodation: 'culture',
  office: 'education',
  electronics: null,
  online: 'food',
  entertainment: 'culture',
};

export type AuthorisationFacts = {
  amountCents: Cents;
  /** Today, `YYYY-MM-DD` in the business time zone. */
  today: string;
  terminal: { state: EnrolmentState };
  store: { category: SpendCategory; acceptedProducts: readonly CardCategory[]; merchantName: string };
  card: {
    status: CardStatus;
    /** `YYYY-MM-DD`: the card works through that day. */
    expiryDate: string;
    product: CardCategory;
    balanceCents: Cents;
    /** What the card spent today (for the daily legal cap). */
    spentTodayCents: Cents;
    /** Locked by its holder or care (issue 35 §3): declined `cardLocked` until unlocked. */
    isLocked?: boolean;
  };
  rules: readonly AuthorisationRule[];
};

/** Whether a rule speaks about a purchase at this store. */
export function ruleApplies(rule: AuthorisationRule, store: AuthorisationFacts['store']): boolean {
  switch (rule.target.kind) {
    case 'category':
      return rule.target.category === store.category;
    case 'merchant':
      // Case and accents aside (`foldForMatch`): a rule `Κώστας` speaks about `ΤΑΒΕΡΝΑ ΚΩΣΤΑΣ`.
      return foldForMatch(store.merchantName).includes(foldForMatch(rule.target.merchant));
    case 'period':
      return true;
    case 'core':
      return CORE_CATEGORY_OF_STORE[store.category] === rule.target.coreCategory;
  }
}

/**
 * The one rule of a purchase: the first reason to decline it, or null to approve it. Pure: the caller
 * reads the facts under the card's row lock, so the balance cannot change before the posting.
 */
export function declineReasonOf(facts: AuthorisationFacts): DeclineReason | null {
  const { card, store, amountCents } = facts;
  if (facts.terminal.state !== 'enrolled') return 'midNotEnrolled';
  if (card.status === 'blocked') return 'cardBlocked';
  if (card.isLocked === true) return 'cardLocked';
  if (card.status === 'expired' || card.expiryDate < facts.today) return 'cardExpired';
  if (card.status !== 'active') return 'cardNotActive';
  if (!store.acceptedProducts.includes(card.product)) return 'productNotAccepted';
  if (amountCents > card.balanceCents) return 'insufficientBalance';
  if (
    DAILY_CAP_PRODUCTS.includes(card.product) &&
    card.spentTodayCents + amountCents > MEAL_DAILY_CAP_CENTS
  ) {
    return 'dailyCapReached';
  }
  for (const rule of facts.rules) {
    if (rule.product !== card.product || !ruleApplies(rule, store)) continue;
    if (rule.limitCents === null) return 'spendRuleRefused';
    const spent = rule.period === 'transaction' ? 0 : rule.spentCents;
    if (spent + amountCents > rule.limitCents) return 'spendRuleRefused';
  }
  return null;
}

/** A merchant's fee per product, in basis points of the sales (1 % = 100). */
export type FeePlan = Partial<Record<CardCategory, number>>;

/** Rounds a ratio of integers half away from zero: the same cents for a sale and its refund. */
function roundRatio(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  return sign * Math.floor((magnitude * 2 + denominator) / (denominator * 2));
}

export type FeeBreakdown = { feeCents: Cents; vatCents: Cents; netCents: Cents };

/**
 * The fee on a product's sales of one settlement: `basisPoints` of the amount, VAT on the fee, and
 * what is left for the merchant. Fee + VAT + net is the amount to the cent, also for a negative
 * amount (a day with more refunds than sales gives the fee back).
 */
export function feeOf(amountCents: Cents, basisPoints: number): FeeBreakdown {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`amount ${amountCents} is not whole cents`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`fee ${basisPoints} bp is out of range`);
  }
  const feeCents = roundRatio(amountCents * basisPoints, 10_000);
  const vatCents = roundRatio(feeCents * FEE_VAT_BASIS_POINTS, 10_000);
  return { feeCents, vatCents, netCents: amountCents - feeCents - vatCents };
}

// ------------------------------------------------------------------------------------ the terminal API

/** `POST /api/v1/terminals/oauth/token` (RFC 6749 §4.4, form or JSON body). */
export const TerminalTokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1).max(100).optional(),
  client_secret: z.string().min(1).max(200).optional(),
  scope: z.string().max(200).optional(),
});

export const TerminalTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});

const TerminalTransactionId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only');
const Mid = z
  .string()
  .trim()
  .regex(/^[0-9]{8,15}$/, 'a MID is 8 to 15 digits');
const AmountCents = z.number().int().min(1).max(100_000_00);

export const AuthoriseRequestSchema = z.object({
  terminalTransactionId: TerminalTransactionId,
  mid: Mid,
  /** The card's network token (never its number). */
  cardToken: z.string().trim().min(8).max(64),
  amountCents: AmountCents,
  /** When the terminal took the purchase (ISO 8601). */
  time: z.iso.datetime({ offset: true }),
});
export type AuthoriseRequest = z.infer<typeof AuthoriseRequestSchema>;

/** Undo an authorisation the same day, whole (a void). */
export const ReverseRequestSchema = z.object({
  terminalTransactionId: TerminalTransactionId,
  mid: Mid,
  /** The terminal transaction id of the authorisation to undo. */
  originalTerminalTransactionId: TerminalTransactionId,
  time: z.iso.datetime({ offset: true }),
});
export type ReverseRequest = z.infer<typeof ReverseRequestSchema>;

/** Give back part or all of a captured purchase. */
export const RefundRequestSchema = ReverseRequestSchema.extend({ amountCents: AmountCents });
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const TERMINAL_CALL_KINDS = ['authorise', 'reverse', 'refund'] as const;
export type TerminalCallKind = (typeof TERMINAL_CALL_KINDS)[number];

/** The one answer of every terminal call: approved with an authorisation id, or declined with a reason. */
export const TerminalAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('approved'),
    terminalTransactionId: z.string(),
    authorisationId: z.string(),
    amountCents: z.number().int(),
    /** The card's balance after the call. */
    balanceCents: z.number().int(),
    at: z.string(),
  }),
  z.object({
    outcome: z.literal('declined'),
    terminalTransactionId: z.string(),
    reason: DeclineReasonSchema,
    /** The reason in the request's language (`Culture` header). */
    message: z.string(),
    at: z.string(),
  }),
]);
export type TerminalAnswer = z.infer<typeof TerminalAnswerSchema>;

// ------------------------------------------------------------------------------------ portal shapes

export const MerchantSummarySchema = z.object({
  merchantId: z.string(),
  legalName: z.string(),
  tradeName: z.string(),
  vatNumber: z.string(),
  iban: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /**
   * The business address and payout BIC, which the profile form starts from (issue 16). Optional
   * so that summaries built before them (lists, fixtures) still read.
   */
  address: z.string().optional(),
  bic: z.string().optional(),
  feePlan: z.partialRecord(CardCategorySchema, z.number().int()),
});
export type MerchantSummary = z.infer<typeof MerchantSummarySchema>;

/**
 * What the signed-in user may do at the merchant the portal shows (the policy table's answer, so the
 * web need not know merchant users' standing): a view-only user reads, the administrator and
 * provider staff also sell on the virtual terminal.
 */
export const MerchantAccessSchema = z.object({
  /** A merchant user's standing; null for provider staff. */
  merchantRole: z.enum(MERCHANT_USER_ROLES).nullable(),
  canUseTerminal: z.boolean(),
  isProviderStaff: z.boolean(),
});
export type MerchantAccess = z.infer<typeof MerchantAccessSchema>;

/** `GET /api/v1/merchants/retrieveRedeemerProfileDetails`. */
export const MerchantProfileResponseSchema = z.object({
  success: z.literal(true),
  merchant: MerchantSummarySchema,
  access: MerchantAccessSchema,
});
export type MerchantProfileResponse = z.infer<typeof MerchantProfileResponseSchema>;

export const TerminalViewSchema = z.object({
  terminalId: z.string(),
  mid: z.string(),
  label: z.string(),
  state: z.enum(ENROLMENT_STATES),
  clientId: z.string(),
});
export type TerminalView = z.infer<typeof TerminalViewSchema>;

export const StoreViewSchema = z.object({
  storeId: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  category: z.enum(SPEND_CATEGORIES),
  openingHours: z.string(),
  channels: z.array(z.enum(STORE_CHANNELS)),
  acceptedProducts: z.array(CardCategorySchema),
  terminals: z.array(TerminalViewSchema),
  /** The store's coordinates (WGS 84) and neighbourhood, for the cardholders' search (ADR 047). */
  lat: z.number().nullable().optional(),
  lng: z.number().nullable().optional(),
  area: z.string().optional(),
});
export type StoreView = z.infer<typeof StoreViewSchema>;

/** A virtual-terminal purchase from the portal (the merchant's administrator or provider staff). */
export const VirtualPurchaseRequestSchema = z.object({
  terminalId: z.uuid(),
  amountCents: AmountCents,
  cardToken: z.string().trim().min(8).max(64),
});
export type VirtualPurchaseRequest = z.infer<typeof VirtualPurchaseRequestSchema>;

/** A demo card the virtual terminal offers (demo and tests only). */
export const DemoCardSchema = z.object({
  cardToken: z.string(),
  label: z.string(),
  product: CardCategorySchema,
  balanceCents: z.number().int(),
  /**
   * The decline the card is published to show (issue 34 §2 item 6: `cardExpired` for the expired
   * demo card); null for a card with money that is approved.
   */
  declines: DeclineReasonSchema.nullable(),
});
export type DemoCard = z.infer<typeof DemoCardSchema>;

/** `GET /api/v1/merchants/retrieveStoreList`. */
export const StoreListResponseSchema = z.object({
  success: z.literal(true),
  stores: z.array(StoreViewSchema),
});

/** `GET /api/v1/merchants/merchants` (provider staff). */
export const MerchantListResponseSchema = z.object({
  success: z.literal(true),
  merchants: z.array(MerchantSummarySchema),
});

/** `POST /api/v1/merchants/virtualTerminal/authorise`. */
export const VirtualPurchaseResponseSchema = z.object({
  success: z.literal(true),
  answer: TerminalAnswerSchema,
});

/** `GET /api/v1/merchants/virtualTerminal/demoCards`. */
export const DemoCardsResponseSchema = z.object({
  success: z.literal(true),
  cards: z.array(DemoCardSchema),
});

/**
 * Payout states: created by the settlement, sent in a pain.001 file, paid on the bank's word; or
 * returned by the bank (issue 34, ADR 042: the money is back on the merchant account and a new
 * payout of it is scheduled).
 */
export const PAYOUT_STATES = ['scheduled', 'sent', 'paid', 'returned'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** Every product a fee plan may name. */
export const FEE_PRODUCTS: readonly CardCategory[] = CARD_CATEGORIES;

// ------------------------------------------------------------------------------------ transactions and KPIs

const IsoDate = z.iso.date();

/** `retrieveTransactionList` filters (SPEC §7): dates are Athens days, inclusive. */
export const TransactionListQuerySchema = z.object({
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  storeId: z.uuid().optional(),
  terminalId: z.uuid().optional(),
  product: CardCategorySchema.optional(),
  outcome: z.enum(['approved', 'declined']).optional(),
  kind: z.enum(TERMINAL_CALL_KINDS).optional(),
  /** The page after this cursor (from the previous page's `nextCursor`). */
  cursor: z.string().max(80).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  /** Provider staff: the merchant (else the `merchantId` header). */
  merchantId: z.string().max(20).optional(),
});
export type TransactionListQuery = z.infer<typeof TransactionListQuerySchema>;

export const MerchantTransactionSchema = z.object({
  transactionId: z.uuid(),
  terminalTransactionId: z.string(),
  kind: z.enum(TERMINAL_CALL_KINDS),
  outcome: z.enum(['approved', 'declined']),
  declineReason: DeclineReasonSchema.nullable(),
  amountCents: z.number().int(),
  product: CardCategorySchema.nullable(),
  storeId: z.uuid(),
  storeName: z.string(),
  terminalId: z.uuid(),
  terminalLabel: z.string(),
  mid: z.string(),
  authorisationId: z.string().nullable(),
  maskedCard: z.string().nullable(),
  at: z.string(),
});
export type MerchantTransaction = z.infer<typeof MerchantTransactionSchema>;

export const TransactionListResponseSchema = z.object({
  success: z.literal(true),
  transactions: z.array(MerchantTransactionSchema),
  nextCursor: z.string().nullable(),
});

export const TransactionDownloadQuerySchema = TransactionListQuerySchema.omit({
  cursor: true,
  pageSize: true,
}).extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  /** The file's language (a plain link carries no `culture` header); else the header's. */
  lang: z.enum(['el', 'en']).optional(),
});

const Figures = z.object({
  salesCents: z.number().int(),
  count: z.number().int(),
  averageTicketCents: z.number().int(),
});

/** `retrieveKpis`: the dashboard's figures (sales net of money given back; Athens days). */
export const MerchantKpisSchema = z.object({
  today: Figures,
  month: Figures,
  declinesToday: z.number().int(),
  salesByDay: z.array(z.object({ day: z.string(), salesCents: z.number().int(), count: z.number().int() })),
  salesByStore: z.array(z.object({ storeId: z.uuid(), storeName: z.string(), salesCents: z.number().int() })),
  salesByProduct: z.array(z.object({ product: CardCategorySchema, salesCents: z.number().int() })),
  peakHours: z.array(z.object({ hour: z.number().int(), count: z.number().int() })),
  latestDeclines: z.array(MerchantTransactionSchema),
});
export type MerchantKpis = z.infer<typeof MerchantKpisSchema>;

// ------------------------------------------------------------------------------------ the merchant portal

/** The channels a store sells through (`retrieveChannels`), named per culture. */
export const CHANNEL_NAMES: Record<StoreChannel, { el: string; en: string }> = {
  in_store: { el: 'Στο κατάστημα', en: 'In store' },
  online: { el: 'Ηλεκτρονικό κατάστημα', en: 'Online shop' },
  delivery_platform: { el: 'Πλατφόρμα διανομής', en: 'Delivery platform' },
};

const Text = (max: number) => z.string().trim().min(1).max(max);

/** A latitude and a longitude in degrees (WGS 84). */
export const LatitudeSchema = z.number().min(-90).max(90);
export const LongitudeSchema = z.number().min(-180).max(180);

/** `updateStoreDetails`: what the merchant may change of a store (its category and products are contractual). */
export const UpdateStoreDetailsRequestSchema = z
  .object({
    storeId: z.uuid(),
    name: Text(80),
    address: Text(120),
    city: Text(60),
    postalCode: z
      .string()
      .trim()
      .regex(/^[0-9]{3} ?[0-9]{2}$/, 'a Greek postal code is five digits'),
    openingHours: z.string().trim().max(120),
    channels: z.array(z.enum(STORE_CHANNELS)).min(1).max(STORE_CHANNELS.length),
    /** The neighbourhood (issue 35 §4, ADR 047); absent: unchanged. */
    area: z.string().trim().max(60).optional(),
    /** WGS 84 coordinates, both or neither; null clears them, absent leaves them unchanged. */
    lat: LatitudeSchema.nullable().optional(),
    lng: LongitudeSchema.nullable().optional(),
  })
  .superRefine((store, context) => {
    const hasLat = store.lat !== undefined && store.lat !== null;
    const hasLng = store.lng !== undefined && store.lng !== null;
    if (hasLat !== hasLng || (store.lat === undefined) !== (store.lng === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [hasLat ? 'lng' : 'lat'],
        message: 'give both latitude and longitude, or neither',
      });
    }
  });
export type UpdateStoreDetailsRequest = z.infer<typeof UpdateStoreDetailsRequestSchema>;

/** Spaces removed, upper case: how an IBAN is stored. */
export function normalizeIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether a payout may be sent to `iban` (issue 34 §2.1): its structure and ISO 13616 mod-97 check
 * digits are valid. A payout to an account that fails it waits outside the payout files.
 */
export function isPayableIban(iban: string): boolean {
  return isValidIBAN(normalizeIban(iban));
}

/** `updateRedeemerProfile`: contact details at once; a new IBAN waits for its e-mailed confirmation. */
export const UpdateRedeemerProfileRequestSchema = z.object({
  contactName: Text(100),
  contactEmail: z.email().max(200),
  contactPhone: z.string().trim().max(30),
  address: z.string().trim().max(200),
  iban: z
    .string()
    .trim()
    .max(42)
    .transform(normalizeIban)
    .refine((value) => isValidIBAN(value), 'not a valid IBAN')
    .optional(),
  bic: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || isValidBIC(value), 'not a valid BIC')
    .optional(),
});
export type UpdateRedeemerProfileRequest = z.input<typeof UpdateRedeemerProfileRequestSchema>;

export const MERCHANT_NOTIFICATION_KINDS = [
  'payoutSent',
  'midEnrolled',
  'declineSpike',
  'ibanChanged',
  // Issue 34 (ADR 042): the bank sent a payout back; it is paid again in a later file.
  'payoutReturned',
  // Issue 34 §1 (ADR 043): a dispute of one of the merchant's transactions was resolved or rejected.
  'disputeChanged',
] as const;
export type MerchantNotificationKind = (typeof MERCHANT_NOTIFICATION_KINDS)[number];

export const MerchantNotificationSchema = z.object({
  notificationId: z.uuid(),
  kind: z.enum(MERCHANT_NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type MerchantNotification = z.infer<typeof MerchantNotificationSchema>;

/** The texts of the merchant's notifications; `{name}` is filled from the notification's values. */
export const MERCHANT_NOTIFICATION_TEXT: Record<
  MerchantNotificationKind,
  { el: { title: string; body: string }; en: { title: string; body: string } }
> = {
  payoutSent: {
    el: {
      title: 'Η πληρωμή σας στάλθηκε',
      body: 'Στάλθηκαν {amount} στον λογαριασμό {iban} για τις πωλήσεις της {day}.',
    },
    en: { title: 'Your payout was sent', body: '{amount} was sent to {iban} for your sales of {day}.' },
  },
  midEnrolled: {
    el: {
      title: 'Νέο τερματικό σε λειτουργία',
      body: 'Το τερματικό {label} (MID {mid}) ενεργοποιήθηκε και δέχεται κάρτες.',
    },
    en: { title: 'New terminal live', body: 'Terminal {label} (MID {mid}) is enrolled and accepts cards.' },
  },
  declineSpike: {
    el: { title: 'Πολλές απορρίψεις σήμερα', body: '{count} απορρίψεις σήμερα, συχνότερος λόγος: {reason}.' },
    en: { title: 'Many declines today', body: '{count} declines today, most often: {reason}.' },
  },
  ibanChanged: {
    el: { title: 'Ο λογαριασμός πληρωμών άλλαξε', body: 'Οι πληρωμές σας θα πηγαίνουν στο {iban}.' },
    en: { title: 'Payout account changed', body: 'Your payouts will go to {iban}.' },
  },
  payoutReturned: {
    el: {
      title: 'Η τράπεζα επέστρεψε μια πληρωμή σας',
      body: 'Η πληρωμή {amount} για τις πωλήσεις της {day} επεστράφη από την τράπεζα ({reason}). Το ποσό είναι ξανά στο υπόλοιπό σας και θα σας καταβληθεί με επόμενη πληρωμή· ελέγξτε τον λογαριασμό πληρωμών σας.',
    },
    en: {
      title: 'The bank returned a payout',
      body: 'Your payout of {amount} for your sales of {day} was returned by the bank ({reason}). The amount is back on your balance and will be paid in a later payout; please check your payout account.',
    },
  },
  disputeChanged: {
    el: {
      title: 'Η διαφορά μιας συναλλαγής άλλαξε κατάσταση',
      body: 'Η διαφορά για τη συναλλαγή {amount} της {day}: {stateEl}. {note}',
    },
    en: {
      title: 'A transaction’s dispute changed state',
      body: 'The dispute of the transaction of {amount} on {day}: {stateEn}. {note}',
    },
  },
};
