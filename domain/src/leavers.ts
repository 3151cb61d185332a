import { z } from 'zod';
import { OrderSummarySchema } from './order-api';
import type { CardIssueReason } from './orders';
import { DateOnlySchema } from './text';
import {
  CardCategorySchema,
  CardFamilySchema,
  CardStatusSchema,
  type CardCategory,
  type CardFamily,
} from './products';

/**
 * Leavers and expiring cards (issue 22 §4, ADR 036; the incumbents' pain 7): one page listing the
 * company's live cards that expire within the 60-day window and the live cards of cardholders
 * marked as leavers, with bulk actions — replace, do not renew, block and unload to the company's
 * balance.
 */

/** At most this many cards in one bulk action (one page of the list at its largest is 100). */
export const LEAVERS_BULK_MAX = 500;

/** Which cards the page lists: expiring within the window, of leavers, or either. */
export const LEAVERS_VIEWS = ['expiring', 'leavers', 'all'] as const;
export type LeaversView = (typeof LEAVERS_VIEWS)[number];

export const LEAVERS_PAGE_SIZES = [25, 50, 100] as const;

/** `GET /api/v1/accounts/leaversAndExpiring`: one page of the list. */
export const LeaversAndExpiringRequestSchema = z.object({
  which: z.enum(LEAVERS_VIEWS).default('all'),
  product: CardCategorySchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type LeaversAndExpiringRequest = z.input<typeof LeaversAndExpiringRequestSchema>;
export type LeaversAndExpiringQuery = z.output<typeof LeaversAndExpiringRequestSchema>;

/** One card of the page: the card, its holder, its money and what the page's actions look at. */
export const LeaverCardSchema = z.object({
  cardId: z.uuid(),
  maskedNumber: z.string(),
  cardName: z.string(),
  product: CardCategorySchema,
  family: CardFamilySchema,
  status: CardStatusSchema,
  /** `YYYY-MM-DD`. */
  expiryDate: z.string(),
  balanceCents: z.number().int(),
  /** Expires within the 60-day window (Athens calendar), today and day 60 included. */
  isExpiringSoon: z.boolean(),
  /** Marked "do not renew": an expiry replacement skips it. */
  doNotRenew: z.boolean(),
  cardholder: z.object({
    cardholderId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** Marked as a leaver: since when (the leaving date given, else the day of the mark), else null. */
    leaverSince: z.string().nullable(),
  }),
});
export type LeaverCard = z.infer<typeof LeaverCardSchema>;

export const LeaversAndExpiringResponseSchema = z.object({
  success: z.literal(true),
  cards: z.array(LeaverCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many cards each view holds (the tabs' counts), whatever the page shows. */
  counts: z.object({ expiring: z.number().int(), leavers: z.number().int() }),
});
export type LeaversAndExpiringResponse = z.infer<typeof LeaversAndExpiringResponseSchema>;

/** The cards a bulk action is for: distinct ids, each named by its row (`cardIds.3`) when refused. */
export const BulkCardIdsSchema = z.array(z.uuid()).min(1).max(LEAVERS_BULK_MAX);

/** `POST /api/v1/accounts/markCardholderLeaver`: mark a cardholder as a leaver, or unmark them. */
export const MarkCardholderLeaverRequestSchema = z.object({
  cardholderId: z.uuid(),
  isLeaver: z.boolean(),
  /** The last working day, when known (a mark without one is a leaver from today). */
  leavingDate: DateOnlySchema.nullable().default(null),
});
export type MarkCardholderLeaverRequest = z.input<typeof MarkCardholderLeaverRequestSchema>;
export const CardholderLeaverSchema = z.object({
  cardholderId: z.uuid(),
  isLeaver: z.boolean(),
  leavingDate: z.string().nullable(),
  /** When the mark was set, ISO; null when not a leaver. */
  markedAt: z.string().nullable(),
});
export type CardholderLeaver = z.infer<typeof CardholderLeaverSchema>;
export const MarkCardholderLeaverResponseSchema = z.object({
  success: z.literal(true),
  cardholder: CardholderLeaverSchema,
});

/** `GET /api/v1/accounts/cardholderLeaver?cardholderId=`: the mark as the cardholder form shows it. */
export const CardholderLeaverRequestSchema = z.object({ cardholderId: z.uuid() });

/** `POST /api/v1/accounts/setCardsRenewal`: mark cards "do not renew" (`doNotRenew: true`) or renew. */
export const SetCardsRenewalRequestSchema = z.object({
  cardIds: BulkCardIdsSchema,
  doNotRenew: z.boolean(),
});
export type SetCardsRenewalRequest = z.input<typeof SetCardsRenewalRequestSchema>;
export const SetCardsRenewalResponseSchema = z.object({
  success: z.literal(true),
  /** Cards whose mark changed (a card already so marked is left as it was). */
  changed: z.number().int(),
});

/**
 * `POST /api/v1/orders/replaceCards`: replacement drafts (order type EXPIRED) for expiring cards,
 * one per product and family, through the drafts path. Accepts an `Idempotency-Key`.
 */
export const ReplaceCardsRequestSchema = z.object({
  cardIds: BulkCardIdsSchema,
});
export type ReplaceCardsRequest = z.input<typeof ReplaceCardsRequestSchema>;
export const ReplaceCardsResponseSchema = z.object({
  success: z.literal(true),
  drafts: z.array(
    z.object({
      draftId: z.uuid(),
      product: CardCategorySchema,
      family: CardFamilySchema,
      cards: z.number().int(),
    }),
  ),
});
export type ReplaceCardsResponse = z.infer<typeof ReplaceCardsResponseSchema>;

/**
 * `POST /api/v1/orders/blockAndUnloadCards`: block cards and take their whole balance back to the
 * company's balance (one unload order for the cards holding money), all or nothing. Accepts an
 * `Idempotency-Key`: a repeat answers the first result and moves nothing.
 */
export const BlockAndUnloadRequestSchema = z.object({
  cardIds: BulkCardIdsSchema,
});
export type BlockAndUnloadRequest = z.input<typeof BlockAndUnloadRequestSchema>;
export const BlockAndUnloadResponseSchema = z.object({
  success: z.literal(true),
  /** Cards blocked by this call (a card blocked already counts too: it is blocked now). */
  blocked: z.number().int(),
  /** What went back to the company's balance. */
  unloadedCents: z.number().int(),
  /** The unload order, when any card held money. */
  order: OrderSummarySchema.nullable(),
});
export type BlockAndUnloadResponse = z.infer<typeof BlockAndUnloadResponseSchema>;

/**
 * SPEC §4 reasons of an expiry replacement: the plastic and the virtual Ticket Restaurant card have
 * their own (`expiring-trc`, `expiring-trz`), every other card is an `expired-card`; all three are
 * order type EXPIRED.
 */
export function replacementReasonOf(product: CardCategory, family: CardFamily): CardIssueReason {
  if (product === 'TICKET_RESTAURANT') return family === 'virtual' ? 'expiring-trz' : 'expiring-trc';
  return 'expired-card';
}
