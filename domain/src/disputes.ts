import { z } from 'zod';
import type { Locale } from './locale';

/**
 * Disputes (issue 34 §1, ADR 043): a merchant, a company for its cardholder, or provider staff for
 * either, question one terminal transaction; provider staff resolve it with money given back through
 * the ledger (a reversal or a refund) or reject it with a reason.
 */
export const DISPUTE_REASONS = ['declined_but_charged', 'charged_twice', 'refund_not_received'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** `open` → one of the three end states; an ended dispute never changes again. */
export const DISPUTE_STATES = ['open', 'resolved_reversal', 'resolved_refund', 'rejected'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** Who opened it: a merchant's user, a company's user for a cardholder, or provider staff for either. */
export const DISPUTE_PARTIES = ['merchant', 'company', 'staff'] as const;
export type DisputeParty = (typeof DISPUTE_PARTIES)[number];

/** How staff end a dispute with money: the whole purchase undone, or part or all of it refunded. */
export const DISPUTE_RESOLUTIONS = ['reversal', 'refund'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

/** The state a resolution leaves. */
export const STATE_OF_RESOLUTION: Record<DisputeResolution, DisputeState> = {
  reversal: 'resolved_reversal',
  refund: 'resolved_refund',
};

/** Whether a dispute has ended (nothing may change it any more). */
export function isDisputeClosed(state: DisputeState): boolean {
  return state !== 'open';
}

const Note = z.string().trim().max(1000);
const Reason = z.string().trim().min(3).max(500);

/** The transaction a dispute is about, as every party sees it. */
export const DisputedTransactionSchema = z.object({
  transactionId: z.string(),
  kind: z.string(),
  outcome: z.enum(['approved', 'declined']),
  declineReason: z.string().nullable(),
  amountCents: z.number().int(),
  authorisationId: z.string().nullable(),
  merchantName: z.string(),
  storeName: z.string(),
  maskedCard: z.string().nullable(),
  at: z.string(),
});
export type DisputedTransaction = z.infer<typeof DisputedTransactionSchema>;

export const DisputeSchema = z.object({
  disputeId: z.uuid(),
  reason: z.enum(DISPUTE_REASONS),
  note: z.string(),
  state: z.enum(DISPUTE_STATES),
  openedBy: z.enum(DISPUTE_PARTIES),
  openedAt: z.string(),
  /** Staff's reason for the resolution or the rejection; null while open. */
  resolutionReason: z.string().nullable(),
  /** What was given back to the card; null while open or when rejected. */
  resolvedAmountCents: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  transaction: DisputedTransactionSchema,
});
export type Dispute = z.infer<typeof DisputeSchema>;

/** The staff's view adds who the parties are and what is left to refund. */
export const DisputeDetailSchema = DisputeSchema.extend({
  merchantId: z.string(),
  companyId: z.string().nullable(),
  /** Of the purchase, what may still be refunded (0 for a declined call or one reversed). */
  refundableCents: z.number().int(),
  /** Whether a reversal is still possible (an approved purchase nothing was given back for). */
  isReversible: z.boolean(),
});
export type DisputeDetail = z.infer<typeof DisputeDetailSchema>;

/** `POST /api/v1/merchants/disputes`: the merchant questions one of its transactions. */
export const OpenMerchantDisputeRequestSchema = z.object({
  transactionId: z.uuid(),
  reason: z.enum(DISPUTE_REASONS),
  note: Note.default(''),
});
export type OpenMerchantDisputeRequest = z.input<typeof OpenMerchantDisputeRequestSchema>;

/** `POST /api/v1/accounts/disputes`: the company questions a purchase made with one of its cards. */
export const OpenCardDisputeRequestSchema = z.object({
  cardId: z.uuid(),
  /** The card's movement (its ledger transaction) of the purchase. */
  movementId: z.uuid(),
  reason: z.enum(DISPUTE_REASONS),
  note: Note.default(''),
});
export type OpenCardDisputeRequest = z.input<typeof OpenCardDisputeRequestSchema>;

export const DisputeResponseSchema = z.object({ success: z.literal(true), dispute: DisputeSchema });
export type DisputeResponse = z.infer<typeof DisputeResponseSchema>;

/** A party's disputes, newest first, one page at a time. */
export const DisputeListQuerySchema = z.object({
  state: z.enum(DISPUTE_STATES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DisputeListQuery = z.infer<typeof DisputeListQuerySchema>;

export const DisputeListResponseSchema = z.object({
  success: z.literal(true),
  disputes: z.array(DisputeSchema),
  total: z.number().int(),
});
export type DisputeListResponse = z.infer<typeof DisputeListResponseSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Comma-separated ids of a page's rows (at most 100 are read): a lookup, so text that is no id
 * finds nothing rather than failing the page's dispute states.
 */
const IdList = z
  .string()
  .max(3_800)
  .transform((text) => [...new Set(text.split(',').filter((id) => UUID.test(id)))].slice(0, 100));

/** The disputes of the transactions on the merchant's page of transactions. */
export const MerchantDisputeStatesQuerySchema = z.object({ transactionIds: IdList });
/** The disputes of the card's movements shown in its panel. */
export const CardDisputeStatesQuerySchema = z.object({ cardId: z.uuid(), movementIds: IdList });

/** Each disputed transaction (or movement) with its latest dispute. */
export const DisputeStatesResponseSchema = z.object({
  success: z.literal(true),
  disputes: z.array(z.object({ key: z.string(), dispute: DisputeSchema })),
  /**
   * Of a card's movements named, those a dispute may be opened for: purchases at a terminal (a
   * purchase movement the ledger recorded otherwise has no terminal call to give money back for).
   * Absent for a merchant's transactions, which are all terminal calls.
   */
  disputableKeys: z.array(z.string()).optional(),
});
export type DisputeStatesResponse = z.infer<typeof DisputeStatesResponseSchema>;

/** The back office's queue: open first, then newest; filtered by state. */
export const DisputeQueueResponseSchema = z.object({
  success: z.literal(true),
  disputes: z.array(DisputeDetailSchema),
  total: z.number().int(),
});
export type DisputeQueueResponse = z.infer<typeof DisputeQueueResponseSchema>;

export const DisputeDetailResponseSchema = z.object({
  success: z.literal(true),
  dispute: DisputeDetailSchema,
});
export type DisputeDetailResponse = z.infer<typeof DisputeDetailResponseSchema>;

/** `POST /api/v1/disputes/:disputeId/resolve`: money back to the card, with the staff's reason. */
export const ResolveDisputeRequestSchema = z.object({
  resolution: z.enum(DISPUTE_RESOLUTIONS),
  /** For a refund: how much (at most what is left to refund). A reversal gives back the whole purchase. */
  amountCents: z.number().int().min(1).max(100_000_000).optional(),
  reason: Reason,
});
export type ResolveDisputeRequest = z.infer<typeof ResolveDisputeRequestSchema>;

/** `POST /api/v1/disputes/:disputeId/reject`. */
export const RejectDisputeRequestSchema = z.object({ reason: Reason });
export type RejectDisputeRequest = z.infer<typeof RejectDisputeRequestSchema>;

/** The words of a dispute's reason and state in notifications and e-mails (the web has its own). */
export const DISPUTE_REASON_TEXT: Record<DisputeReason, Record<Locale, string>> = {
  declined_but_charged: { el: 'Απορρίφθηκε αλλά χρεώθηκε', en: 'Declined but charged' },
  charged_twice: { el: 'Διπλή χρέωση', en: 'Charged twice' },
  refund_not_received: { el: 'Δεν έγινε η επιστροφή χρημάτων', en: 'Refund not received' },
};

export const DISPUTE_STATE_TEXT: Record<DisputeState, Record<Locale, string>> = {
  open: { el: 'Ανοιχτή', en: 'Open' },
  resolved_reversal: { el: 'Επιλύθηκε με ακύρωση', en: 'Resolved by reversal' },
  resolved_refund: { el: 'Επιλύθηκε με επιστροφή χρημάτων', en: 'Resolved by refund' },
  rejected: { el: 'Απορρίφθηκε', en: 'Rejected' },
};
