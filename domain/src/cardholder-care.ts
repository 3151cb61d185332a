import { z } from 'zod';
import { ActingReasonSchema } from './audit';
import { CardMovementSchema } from './cards';
import { CardCategorySchema, CardStatusSchema } from './products';
import { CARDHOLDER_EVENT_KINDS } from './cardholders';

/**
 * The company's and customer care's side of cardholders (issue 35 §8, ADR 049): whether a
 * cardholder uses the app and their invitation, care's look-up, history and unlock, and the
 * reasoned look at where a card was spent (issue 35 §7: the employer never sees it).
 */

/** Whether a cardholder uses the app: no e-mail to invite, not invited, invited, signed in once. */
export const CARDHOLDER_APP_STATES = ['no-email', 'not-invited', 'invited', 'activated'] as const;
export type CardholderAppState = (typeof CARDHOLDER_APP_STATES)[number];

/** One invitation e-mail per cardholder every 10 minutes at most (issue 35 §8). */
export const INVITATION_INTERVAL_MS = 10 * 60 * 1000;

export const CardholderAppStatusSchema = z.object({
  cardholderId: z.uuid(),
  state: z.enum(CARDHOLDER_APP_STATES),
  /** The last invitation sent (ISO), or null. */
  invitedAt: z.string().nullable(),
  /** The first sign-in (ISO), or null. */
  activatedAt: z.string().nullable(),
  /** When the next invitation may be sent (ISO); null when it may be now or never (no e-mail). */
  nextInviteAt: z.string().nullable(),
});
export type CardholderAppStatus = z.infer<typeof CardholderAppStatusSchema>;

/** `GET /api/v1/accounts/cardholderApp?cardholderId=`: one of the company's cardholders. */
export const CardholderAppRequestSchema = z.object({ cardholderId: z.uuid() });
export type CardholderAppRequest = z.infer<typeof CardholderAppRequestSchema>;
export const CardholderAppResponseSchema = z.object({
  success: z.literal(true),
  status: CardholderAppStatusSchema,
});
export type CardholderAppResponse = z.infer<typeof CardholderAppResponseSchema>;

/** `POST /api/v1/accounts/cardholderApp/invite`: (re)send the app's invitation e-mail. */
export const InviteCardholderRequestSchema = z.object({ cardholderId: z.uuid() });
export type InviteCardholderRequest = z.infer<typeof InviteCardholderRequestSchema>;

/** Care's look-up: by e-mail, or by a card's last four digits within one company. */
export const CareLookupRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).optional(),
    last4: z
      .string()
      .trim()
      .regex(/^\d{4}$/)
      .optional(),
    companyId: z.string().trim().max(40).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.email) {
      if (!z.email().safeParse(value.email).success) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'invalid e-mail' });
      }
      return;
    }
    if (!value.last4) ctx.addIssue({ code: 'custom', path: ['email'], message: 'e-mail or last four' });
    else if (!value.companyId) ctx.addIssue({ code: 'custom', path: ['companyId'], message: 'company' });
  });
export type CareLookupRequest = z.input<typeof CareLookupRequestSchema>;

export const CareCardSchema = z.object({
  cardId: z.uuid(),
  companyId: z.string(),
  companyName: z.string(),
  product: CardCategorySchema,
  cardName: z.string(),
  maskedNumber: z.string(),
  holderName: z.string(),
  email: z.string(),
  status: CardStatusSchema,
  /** Locked by the cardholder or care (ISO), or null; locked is not blocked: unlock restores it. */
  lockedAt: z.string().nullable(),
  lockedBy: z.string().nullable(),
  balanceCents: z.number().int(),
});
export type CareCard = z.infer<typeof CareCardSchema>;

export const CareEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(CARDHOLDER_EVENT_KINDS),
  cardId: z.string().nullable(),
  /** `cardholder`, or the portal user who acted, by name when known. */
  actor: z.string(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type CareEvent = z.infer<typeof CareEventSchema>;

export const CareCardholderSchema = z.object({
  /** Lower-cased; empty for holders without an e-mail (found by a card's last four). */
  email: z.string(),
  invitedAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  cards: z.array(CareCardSchema),
  /** Newest first, the latest 100. */
  events: z.array(CareEventSchema),
});
export type CareCardholder = z.infer<typeof CareCardholderSchema>;

/** `GET /api/v1/cardholder-care/lookup`: provider staff. */
export const CareLookupResponseSchema = z.object({
  success: z.literal(true),
  cardholders: z.array(CareCardholderSchema),
});
export type CareLookupResponse = z.infer<typeof CareLookupResponseSchema>;

/** `POST /api/v1/cardholder-care/cards/:cardId/unlock`: a reason always (it is logged). */
export const CareUnlockRequestSchema = z.object({ reason: ActingReasonSchema });
export type CareUnlockRequest = z.infer<typeof CareUnlockRequestSchema>;
export const CareUnlockResponseSchema = z.object({ success: z.literal(true), card: CareCardSchema });
export type CareUnlockResponse = z.infer<typeof CareUnlockResponseSchema>;

/**
 * `GET /api/v1/cardholder-care/cards/:cardId/movements?reason=`: the card's movements with the
 * merchant and store (a dispute, a fraud claim); the reason is logged in the audit log.
 */
export const CareMovementsRequestSchema = z.object({
  reason: ActingReasonSchema,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type CareMovementsRequest = z.input<typeof CareMovementsRequestSchema>;
export const CareMovementsResponseSchema = z.object({
  success: z.literal(true),
  cardId: z.string(),
  balanceCents: z.number().int(),
  movements: z.array(CardMovementSchema),
});
export type CareMovementsResponse = z.infer<typeof CareMovementsResponseSchema>;
