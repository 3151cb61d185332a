import { z } from 'zod';

/**
 * The error-code catalogue's codes (SPEC §7–8). The numbers cross the wire as `errorCode`; their
 * translated texts live in the content service's catalogue (`/api/content/error-codes`).
 * 40 and 135 are fixed by the specification; the others are ours (docs/decisions/004-error-codes.md, 005-identity-and-sessions.md).
 */
export const ERROR_CODE = {
  INTERNAL: 1,
  VALIDATION: 2,
  UNAUTHENTICATED: 3,
  FORBIDDEN: 4,
  NOT_FOUND: 5,
  CONFLICT: 6,
  RATE_LIMITED: 7,
  CSRF_INVALID: 8,
  PAYLOAD_TOO_LARGE: 9,
  BUSINESS_RULE: 10,
  SERVICE_UNAVAILABLE: 11,
  /**
   * Provider staff change a company's or merchant's data without having said why they act for it
   * (issue 18, docs/decisions/027-acting-and-audit.md): the portal asks for the reason first.
   */
  ACTING_REASON_REQUIRED: 12,
  /** Identity (docs/decisions/005-identity-and-sessions.md). */
  INVALID_CREDENTIALS: 20,
  ACCOUNT_LOCKED: 21,
  ACCOUNT_NOT_CONFIRMED: 22,
  TOKEN_INVALID_OR_EXPIRED: 23,
  WEAK_PASSWORD: 24,
  WRONG_CURRENT_PASSWORD: 25,
  INTERACTION_EXPIRED: 26,
  /** Issue 18 §2 (ADR 023): only a provider admin changes an admin or gives admin or staff rights. */
  ADMIN_ONLY: 27,
  /** Issue 18 §2 (ADR 023): provider staff forced a password reset; the emailed link sets a new one. */
  PASSWORD_RESET_REQUIRED: 28,
  /** Issue 21 (ADR 031): the account must sign in with its second factor (or enrol one) first. */
  SECOND_FACTOR_REQUIRED: 31,
  /** Issue 21 (ADR 031): a wrong, expired or already used code of the second factor. */
  SECOND_FACTOR_INVALID: 32,
  /**
   * Issue 21 §2 (ADR 031): this change needs a code of the second factor typed within the last
   * STEP_UP_MINUTES minutes; the portal asks for one and sends the change again.
   */
  STEP_UP_REQUIRED: 33,
  /** Cards and the ledger (docs/decisions/006-cards-and-ledger.md). */
  INSUFFICIENT_BALANCE: 50,
  CARD_NOT_EDITABLE: 51,
  PRODUCT_FAMILY_MISMATCH: 52,
  /** Draft orders (docs/decisions/009-card-issue-and-pricing.md): the company holds over 99 drafts. */
  DRAFT_LIMIT_REACHED: 60,
  /** Orders and payments (docs/decisions/010-orders-payments.md). */
  ORDER_STATE_CONFLICT: 70,
  SELF_APPROVAL: 71,
  PAYMENT_METHOD_UNAVAILABLE: 72,
  /** ADR 032: a second approval must come from a different person. */
  ALREADY_APPROVED: 73,
  /** Bulk imports (docs/decisions/011-bulk-import.md): the uploaded file cannot be used at all. */
  BULK_FILE_REFUSED: 80,
  /** The import is still being read, or was already turned into drafts. */
  BULK_IMPORT_NOT_READY: 81,
  /** No draft orders: ignored by the global error (SPEC §8). */
  NO_DRAFTS: 40,
  /** The session's company is no longer available: modal whose Ok goes home (SPEC §8). */
  COMPANY_UNAVAILABLE: 135,
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODE;
export type ErrorCode = (typeof ERROR_CODE)[ErrorCodeName];

/** Codes the global error handler of the web client never shows (SPEC §8). */
export const SILENT_ERROR_CODES: readonly number[] = [ERROR_CODE.NO_DRAFTS];

export const ERROR_LEVELS = ['error', 'warning', 'info'] as const;
export type ErrorLevel = (typeof ERROR_LEVELS)[number];

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The body of every failed response (SPEC §7–8, ARCHITECTURE §5). */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  errorCode: z.number().int(),
  errorLevel: z.enum(ERROR_LEVELS),
  errorMessage: z.string(),
  requestId: z.string().optional(),
  fields: z.array(FieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ErrorCodeEntrySchema = z.object({
  errorCode: z.number().int(),
  errorCodeMessage: z.string(),
});
export type ErrorCodeEntry = z.infer<typeof ErrorCodeEntrySchema>;
