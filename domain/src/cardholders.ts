import { z } from 'zod';
import { DeclineReasonSchema, MEAL_DAILY_CAP_CENTS, type DeclineReason } from './merchants';
import { formatAmount } from './money';
import { CardCategorySchema, CardStatusSchema } from './products';

/**
 * The cardholder area (issue 35, ADR 046): a cardholder is a separate kind of principal, keyed by the
 * e-mail on their cards' holder records, signed in by a mailed one-time code or a passkey.
 */

export const CARDHOLDER_LOCALES = ['el', 'en'] as const;
export type CardholderLocale = (typeof CARDHOLDER_LOCALES)[number];
export const CardholderLocaleSchema = z.enum(CARDHOLDER_LOCALES);

/** What `cardholder_events` records: the sign-in and lock history care looks at. */
export const CARDHOLDER_EVENT_KINDS = [
  'code-sent',
  'sign-in',
  'sign-in-failed',
  'passkey-added',
  'passkey-removed',
  'lock',
  'unlock',
  'report-lost',
  'invited',
  'sign-out',
] as const;
export type CardholderEventKind = (typeof CARDHOLDER_EVENT_KINDS)[number];

/** A sign-in code: six digits, mailed, valid ten minutes, used once (ADR 046). */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_MINUTES = 10;
/** Codes one e-mail may be sent per hour, and wrong tries one code survives. */
export const SIGN_IN_CODES_PER_HOUR = 5;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;

/** The cardholder's e-mail as every table keys it: trimmed and lower-cased. */
export function normaliseCardholderEmail(email: string): string {
  return email.trim().toLowerCase();
}

const CardholderEmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((value) => normaliseCardholderEmail(value));

/** `POST /api/my/sign-in/code`. */
export const RequestSignInCodeSchema = z.object({
  email: CardholderEmailSchema,
  locale: CardholderLocaleSchema.default('el'),
});
export type RequestSignInCode = z.output<typeof RequestSignInCodeSchema>;

/** `POST /api/my/sign-in/verify`. */
export const VerifySignInCodeSchema = z.object({
  email: CardholderEmailSchema,
  code: z.string().trim().max(12),
});
export type VerifySignInCode = z.output<typeof VerifySignInCodeSchema>;

export const CardholderIdentitySchema = z.object({ email: z.string(), displayName: z.string() });
export type CardholderIdentity = z.infer<typeof CardholderIdentitySchema>;

export const SignInCodeResponseSchema = z.object({ success: z.literal(true), sent: z.literal(true) });
export const CardholderSignedInResponseSchema = z.object({
  success: z.literal(true),
  cardholder: CardholderIdentitySchema,
});
export const CardholderSessionResponseSchema = z.object({
  success: z.literal(true),
  cardholder: CardholderIdentitySchema.extend({ locale: CardholderLocaleSchema }),
  passkeys: z.number().int(),
});

// ------------------------------------------------------------------------------------ passkeys

export const PasskeySchema = z.object({
  passkeyId: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeysResponseSchema = z.object({
  success: z.literal(true),
  passkeys: z.array(PasskeySchema),
});
export const PasskeyIdParamsSchema = z.object({ passkeyId: z.uuid() });

/**
 * A WebAuthn response as `@simplewebauthn/browser` sends it (RegistrationResponseJSON,
 * AuthenticationResponseJSON): checked by the library on the server, so only its shape here.
 */
const WebAuthnResponseSchema = z.looseObject({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});
export const PasskeyRegistrationVerifySchema = z.object({
  response: WebAuthnResponseSchema,
  label: z.string().trim().max(60).optional(),
});
export const PasskeyAuthenticationVerifySchema = z.object({ response: WebAuthnResponseSchema });
export const PasskeyRegisteredResponseSchema = z.object({ success: z.literal(true), passkeyId: z.string() });

// ------------------------------------------------------------------------------------ cards

export const CardIdParamsSchema = z.object({ cardId: z.uuid() });

export const CardholderCardSchema = z.object({
  cardId: z.string(),
  product: CardCategorySchema,
  family: z.string(),
  productName: z.object({ el: z.string(), en: z.string() }),
  /** The BIN's six digits and the last four at most. */
  maskedNumber: z.string(),
  cardName: z.string(),
  companyName: z.string(),
  status: CardStatusSchema,
  locked: z.boolean(),
  leaver: z.boolean(),
  availableCents: z.number().int(),
  expiries: z.array(z.object({ amountCents: z.number().int(), expiresOn: z.string() })),
});
export type CardholderCard = z.infer<typeof CardholderCardSchema>;

export const CardholderCardsResponseSchema = z.object({
  success: z.literal(true),
  /** When the balances were read (the offline page shows it). */
  readAt: z.string(),
  cards: z.array(CardholderCardSchema),
});

export const MOVEMENT_KINDS = ['load', 'purchase', 'refund', 'reversal', 'decline', 'expiry'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

const BilingualSchema = z.object({ el: z.string(), en: z.string() });

export const CardholderMovementSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  /** Signed (+ in, − out); a decline carries the attempted amount, unsigned. */
  amountCents: z.number().int(),
  merchantName: z.string().nullable(),
  storeName: z.string().nullable(),
  declineReason: DeclineReasonSchema.nullable(),
  declineText: BilingualSchema.nullable(),
  advice: BilingualSchema.nullable(),
});
export type CardholderMovement = z.infer<typeof CardholderMovementSchema>;

export const MovementsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const CardholderMovementsResponseSchema = z.object({
  success: z.literal(true),
  movements: z.array(CardholderMovementSchema),
  nextCursor: z.string().nullable(),
});

export const CardLockResponseSchema = z.object({ success: z.literal(true), locked: z.boolean() });

export const REPORT_LOST_REASONS = ['lost', 'stolen'] as const;
export const ReportLostSchema = z.object({ reason: z.enum(REPORT_LOST_REASONS) });
export type ReportLost = z.infer<typeof ReportLostSchema>;
export const ReportLostResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('blocked'),
  /** The LOST replacement draft prepared for the company; null when it has no user to own it. */
  replacementDraftId: z.string().nullable(),
});

export const CardRulesResponseSchema = z.object({
  success: z.literal(true),
  rules: z.array(
    z.object({
      label: BilingualSchema,
      limitCents: z.number().int().nullable(),
      period: z.string(),
      spentCents: z.number().int(),
    }),
  ),
  dailyCapCents: z.number().int().nullable(),
});

export const ExportQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

/** What a cardholder can do about each decline (issue 35 §2): shown under the reason. */
export const DECLINE_ADVICE: Record<DeclineReason, { el: string; en: string }> = {
  duplicate: {
    el: 'Η συναλλαγή στάλθηκε δύο φορές από το τερματικό· δεν χρεωθήκατε δεύτερη φορά.',
    en: 'The terminal sent the purchase twice; you were not charged a second time.',
  },
  originalNotFound: {
    el: 'Ζητήστε από το κατάστημα να ελέγξει την επιστροφή χρημάτων.',
    en: 'Ask the store to check the refund.',
  },
  alreadyReversed: {
    el: 'Τα χρήματα αυτής της αγοράς έχουν ήδη επιστραφεί στην κάρτα σας.',
    en: 'The money of this purchase is already back on your card.',
  },
  amountAboveRefundable: {
    el: 'Ζητήστε από το κατάστημα να επιστρέψει έως το ποσό της αρχικής αγοράς.',
    en: 'Ask the store to refund no more than the original purchase.',
  },
  midNotEnrolled: {
    el: 'Το τερματικό του καταστήματος δεν είναι ενεργό· δοκιμάστε άλλο ταμείο ή άλλο κατάστημα.',
    en: 'The store’s terminal is not active; try another till or another store.',
  },
  cardNotActive: {
    el: 'Η κάρτα δεν έχει ενεργοποιηθεί ακόμη· ρωτήστε τον εργοδότη σας.',
    en: 'The card is not active yet; ask your employer.',
  },
  cardBlocked: {
    el: 'Η κάρτα είναι μπλοκαρισμένη οριστικά· ο εργοδότης σας μπορεί να παραγγείλει νέα.',
    en: 'The card is blocked for good; your employer can order a new one.',
  },
  cardLocked: {
    el: 'Κλειδώσατε την κάρτα· ξεκλειδώστε τη στην εφαρμογή και δοκιμάστε ξανά.',
    en: 'You locked the card; unlock it in the app and try again.',
  },
  cardExpired: {
    el: 'Η κάρτα έχει λήξει· ο εργοδότης σας μπορεί να παραγγείλει αντικατάσταση.',
    en: 'The card has expired; your employer can order a replacement.',
  },
  productNotAccepted: {
    el: 'Το κατάστημα δεν δέχεται αυτή την κάρτα· βρείτε καταστήματα που τη δέχονται στην εφαρμογή.',
    en: 'This store does not take this card; find stores that accept it in the app.',
  },
  insufficientBalance: {
    el: 'Ελέγξτε το υπόλοιπό σας και πληρώστε τη διαφορά με άλλο τρόπο (διαχωρισμός πληρωμής).',
    en: 'Check your balance and pay the rest another way (split the payment).',
  },
  dailyCapReached: {
    el: `Φτάσατε το νόμιμο ημερήσιο όριο των ${formatAmount(MEAL_DAILY_CAP_CENTS)}· μηδενίζεται τα μεσάνυχτα.`,
    en: `You reached the legal daily limit of ${formatAmount(MEAL_DAILY_CAP_CENTS)}; it resets at midnight.`,
  },
  spendRuleRefused: {
    el: 'Ο εργοδότης σας δεν επιτρέπει αυτή την αγορά με την κάρτα· δείτε τους κανόνες της κάρτας.',
    en: 'Your employer does not allow this purchase with the card; see the card’s rules.',
  },
};

/**
 * What a movement of the card's ledger account is to its holder: loads (and a predecessor's balance
 * moved in) are loads; money taken off by the company (an unload, a balance moved to a successor)
 * shows as `expiry`, the one way money leaves a card without a purchase in this product.
 */
export function movementKindOf(ledgerKind: string, amountCents: number): MovementKind {
  switch (ledgerKind) {
    case 'redemption':
      return 'purchase';
    case 'refund':
      return 'refund';
    case 'reversal':
      return 'reversal';
    case 'load':
      return 'load';
    case 'transfer':
      return amountCents >= 0 ? 'load' : 'expiry';
    default:
      return amountCents >= 0 ? 'load' : 'expiry';
  }
}
