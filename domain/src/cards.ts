import { z } from 'zod';
import { normalizeGreekPhone, isValidGreekTaxId } from './greek';
import { CardCategorySchema, CardFamilySchema, CardStatusSchema } from './products';

/**
 * Cards and cardholders (SPEC §3, §7 accounts service: cardFilter, retrieveCardSummaries,
 * retrieveCardsKpis, updateCardholder, account/card-name). Money is integer cents.
 */

const Name = z.string().trim().min(1).max(100);
const OptionalText = (max: number) => z.string().trim().max(max).default('');

/** An optional Greek phone; normalised to `+30…` by the server. */
export const PhoneSchema = z
  .string()
  .trim()
  .max(30)
  .refine((value) => value === '' || normalizeGreekPhone(value) !== null, { message: 'invalid phone' });

export const TaxIdSchema = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || isValidGreekTaxId(value), { message: 'invalid tax id' });

export const CardholderSchema = z.object({
  cardholderId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  employeeCode: z.string(),
  taxId: z.string(),
});
export type Cardholder = z.infer<typeof CardholderSchema>;

/** A card as lists show it: masked number only (ARCHITECTURE §4), balance from the ledger. */
export const CardSchema = z.object({
  cardId: z.uuid(),
  product: CardCategorySchema,
  family: CardFamilySchema,
  cardName: z.string(),
  status: CardStatusSchema,
  /** Date only, `YYYY-MM-DD`. */
  expiryDate: z.string(),
  bin: z.string(),
  last4: z.string(),
  maskedNumber: z.string(),
  balanceCents: z.number().int(),
  lastLoadedAt: z.string().nullable(),
  expiringSoon: z.boolean(),
  readyToTopUp: z.boolean(),
  replacedByCardId: z.uuid().nullable(),
  /** Marked "do not renew" (issue 22 §4, ADR 036): an expiry replacement refuses it. */
  doNotRenew: z.boolean().optional(),
  cardholder: CardholderSchema,
  createdAt: z.string(),
});
export type Card = z.infer<typeof CardSchema>;

export const CARD_SORT_FIELDS = [
  'cardholder',
  'cardName',
  'expiryDate',
  'balance',
  'status',
  'createdAt',
] as const;
export type CardSortField = (typeof CARD_SORT_FIELDS)[number];
export const CARD_PAGE_SIZES = [10, 25, 50, 100] as const;

/** `POST /api/v1/accounts/cardFilter`: one page of the company's cards, filtered and sorted on the server. */
export const CardFilterRequestSchema = z.object({
  product: CardCategorySchema.optional(),
  family: CardFamilySchema.optional(),
  status: CardStatusSchema.optional(),
  /** Only live cards expiring within the 60-day window. */
  expiringSoon: z.boolean().optional(),
  /** Only cards ready to top up (ADR 006). */
  readyToTopUp: z.boolean().optional(),
  /** Only these cards (the card-issue flow resolves the cards its lines name). */
  cardIds: z.array(z.uuid()).min(1).max(100).optional(),
  /** Cardholder name, email, employee code, card name or last four digits; accents and case ignored. */
  search: z.string().trim().max(100).default(''),
  sort: z.enum(CARD_SORT_FIELDS).default('cardholder'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});
export type CardFilterRequest = z.input<typeof CardFilterRequestSchema>;
export type CardFilter = z.output<typeof CardFilterRequestSchema>;

export const CardFilterResponseSchema = z.object({
  success: z.literal(true),
  cards: z.array(CardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CardFilterResponse = z.infer<typeof CardFilterResponseSchema>;

/** `GET /api/v1/accounts/retrieveCardSummaries`: per product and family, counts and balance. */
export const CardSummarySchema = z.object({
  product: CardCategorySchema,
  family: CardFamilySchema,
  cards: z.number().int(),
  activeCards: z.number().int(),
  expiringSoon: z.number().int(),
  readyToTopUp: z.number().int(),
  balanceCents: z.number().int(),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;
export const CardSummariesResponseSchema = z.object({
  success: z.literal(true),
  summaries: z.array(CardSummarySchema),
});
export type CardSummariesResponse = z.infer<typeof CardSummariesResponseSchema>;

/** `GET /api/v1/accounts/retrieveCardsKpis`: the card list's key figures. */
export const CardsKpisResponseSchema = z.object({
  success: z.literal(true),
  totalCards: z.number().int(),
  byStatus: z.record(CardStatusSchema, z.number().int()),
  totalBalanceCents: z.number().int(),
  loadedThisMonthCents: z.number().int(),
  loadsThisMonth: z.number().int(),
  expiringSoon: z.number().int(),
  readyToTopUp: z.number().int(),
  /** Loaded per month over the last six months (oldest first), for the chart. */
  loadedByMonth: z.array(z.object({ month: z.string(), amountCents: z.number().int() })),
});
export type CardsKpisResponse = z.infer<typeof CardsKpisResponseSchema>;

/**
 * What a card's movements show (issue 15 §3): loads and unloads by the company, purchases at
 * merchants (ledger kind `redemption`), and money back to the card (a terminal refund, or a
 * reversal crediting the card); a reversal taking money off the card (an undone load) is `reversal`.
 */
export const CARD_MOVEMENT_KINDS = ['load', 'unload', 'purchase', 'refund', 'reversal', 'other'] as const;
export type CardMovementKind = (typeof CARD_MOVEMENT_KINDS)[number];

/** The movement kind of a ledger transaction seen from the card: its kind and the card's signed amount. */
export function cardMovementKindOf(ledgerKind: string, amountCents: number): CardMovementKind {
  switch (ledgerKind) {
    case 'load':
      return 'load';
    case 'unload':
      return 'unload';
    case 'redemption':
      return 'purchase';
    case 'refund':
      return 'refund';
    case 'reversal':
      return amountCents > 0 ? 'refund' : 'reversal';
    default:
      return 'other';
  }
}

export const CardMovementSchema = z.object({
  /** The ledger transaction. */
  movementId: z.string(),
  kind: z.enum(CARD_MOVEMENT_KINDS),
  /** Signed: what the movement added to (+) or took from (−) the card. */
  amountCents: z.number().int(),
  /** For a purchase: `merchant · store`. */
  description: z.string(),
  /** What caused it: an order id, an authorisation id… */
  reference: z.string(),
  postedAt: z.string(),
});
export type CardMovement = z.infer<typeof CardMovementSchema>;

/** `GET /api/v1/accounts/cardMovements?cardId=`: the card's latest movements, newest first. */
export const CardMovementsRequestSchema = z.object({
  cardId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const CardMovementsResponseSchema = z.object({
  success: z.literal(true),
  cardId: z.string(),
  balanceCents: z.number().int(),
  movements: z.array(CardMovementSchema),
});
export type CardMovementsResponse = z.infer<typeof CardMovementsResponseSchema>;

/** `POST /api/v1/accounts/updateCardholder` (order manager). */
export const UpdateCardholderRequestSchema = z.object({
  cardholderId: z.uuid(),
  firstName: Name,
  lastName: Name,
  email: z.union([z.literal(''), z.email().max(254)]).default(''),
  phone: PhoneSchema.default(''),
  employeeCode: OptionalText(40),
  taxId: TaxIdSchema.default(''),
});
export type UpdateCardholderRequest = z.input<typeof UpdateCardholderRequestSchema>;
export const CardholderResponseSchema = z.object({ success: z.literal(true), cardholder: CardholderSchema });
export type CardholderResponse = z.infer<typeof CardholderResponseSchema>;

/** `POST /api/v1/accounts/account/card-name` (order manager): the name printed or shown on the card. */
export const CARD_NAME_MAX = 26;
export const RenameCardRequestSchema = z.object({
  cardId: z.uuid(),
  cardName: z.string().trim().min(1).max(CARD_NAME_MAX),
});
export type RenameCardRequest = z.infer<typeof RenameCardRequestSchema>;
export const CardResponseSchema = z.object({ success: z.literal(true), card: CardSchema });
export type CardResponse = z.infer<typeof CardResponseSchema>;

/** `GET /api/v1/accounts/retrieveProducts`: the catalogue with names in the request's culture. */
export const ProductSchema = z.object({
  product: CardCategorySchema,
  name: z.string(),
  families: z.array(CardFamilySchema),
  minLoadCents: z.number().int(),
  maxLoadCents: z.number().int(),
  validityMonths: z.number().int(),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductsResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(ProductSchema),
});
export type ProductsResponse = z.infer<typeof ProductsResponseSchema>;
