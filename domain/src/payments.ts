import { z } from 'zod';

/**
 * Payments of orders (SPEC §3 payment kinds, §7 payments calls; docs/decisions/010-orders-payments.md):
 * the methods, an attempt's states and failure reasons, the instructions a payer follows, the bank's
 * return, statements and open transfers. What joins a payment to its order (the result pages'
 * answer) is in `order-api.ts`.
 */

/** SPEC §3 payment kinds. */
export const PAYMENT_KINDS = ['IRIS', 'VISA', 'RF'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PaymentKindSchema = z.enum(PAYMENT_KINDS);

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * Why a payment attempt did not succeed, as a code stored with the attempt and translated where it
 * is shown (ADR 013): the bank declined it, the payer cancelled it at the bank, a newer attempt or a
 * bank transfer took its place, the order was cancelled, or the bank charged an amount that could
 * not be credited (another amount, or an order no longer awaiting payment: a refund is due).
 */
export const PAYMENT_FAILURE_REASONS = [
  'declined',
  'cancelledByPayer',
  'replaced',
  'paidByTransfer',
  'orderCancelled',
  'amountMismatch',
  'orderNotAwaitingPayment',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** Failures after which the bank holds the company's money: it is owed back (ADR 010, "refund due"). */
export function isRefundDue(reason: PaymentFailureReason | null): boolean {
  return reason === 'amountMismatch' || reason === 'orderNotAwaitingPayment';
}

/** The most a card payment through the bank may be (a card's usual limit); above it, RF or IRIS. */
export const VISA_MAX_CENTS = 2_000_000;

/** Which payment methods an amount may use. */
export function paymentMethodsFor(totalCents: number): { method: PaymentKind; available: boolean }[] {
  return PAYMENT_KINDS.map((method) => ({
    method,
    available: method !== 'VISA' || totalCents <= VISA_MAX_CENTS,
  }));
}

export const PaymentFailureReasonSchema = z.enum(PAYMENT_FAILURE_REASONS);

export const PaymentSchema = z.object({
  paymentId: z.uuid(),
  method: PaymentKindSchema,
  status: PaymentStatusSchema,
  amountCents: z.number().int(),
  /** The bank's reference of the result, when there is one. */
  bankReference: z.string(),
  /** Why a failed or cancelled attempt did not succeed, as a code the page translates; else null. */
  failureReason: PaymentFailureReasonSchema.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** Payment instructions: where to send the browser (VISA), or what to transfer (RF, IRIS). */
export const PaymentInstructionsSchema = z.object({
  paymentId: z.uuid(),
  orderId: z.uuid(),
  method: PaymentKindSchema,
  amountCents: z.number().int(),
  rfCode: z.string(),
  /** VISA: the bank's hosted payment page. */
  redirectUrl: z.string().nullable(),
  /** IRIS: an SVG QR code carrying the amount and the reference, and the text it encodes. */
  iris: z.object({ qrSvg: z.string(), payload: z.string() }).nullable(),
  bank: z.object({ beneficiary: z.string(), iban: z.string(), bic: z.string(), bankName: z.string() }),
});
export type PaymentInstructions = z.infer<typeof PaymentInstructionsSchema>;

// Payments ---------------------------------------------------------------------------------

/** `GET retrievePaymentMethods?orderId=`. */
export const PaymentMethodsResponseSchema = z.object({
  success: z.literal(true),
  methods: z.array(
    z.object({ method: PaymentKindSchema, available: z.boolean(), maxCents: z.number().int().nullable() }),
  ),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponseSchema>;
/** `POST createPaymentOrder`: starts a payment of an order awaiting payment. */
export const CreatePaymentOrderRequestSchema = z.object({ orderId: z.uuid(), method: PaymentKindSchema });
export type CreatePaymentOrderRequest = z.infer<typeof CreatePaymentOrderRequestSchema>;
export const PaymentInstructionsResponseSchema = z.object({
  success: z.literal(true),
  payment: PaymentInstructionsSchema,
});
export type PaymentInstructionsResponse = z.infer<typeof PaymentInstructionsResponseSchema>;
/**
 * `POST submitPaymentOrder`: the browser hands over what the bank returned it with (signed); the
 * server checks the signature and records the result once, whichever of it and the bank's own
 * callback arrives first.
 */
export const SubmitPaymentOrderRequestSchema = z.object({
  paymentId: z.uuid(),
  result: z.enum(['approved', 'declined', 'cancelled']),
  bankReference: z.string().max(64),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SubmitPaymentOrderRequest = z.infer<typeof SubmitPaymentOrderRequestSchema>;

/** `GET retrievePayment?paymentId=`: a payment and its order (the result pages poll it). */
export const PaymentIdRequestSchema = z.object({ paymentId: z.uuid() });

/**
 * `GET retrieveApmLoops`: the company's alternative-payment (RF, IRIS) payments still open, waiting
 * for the bank to confirm them — the loop between a transfer and its matching (ADR 010).
 */
export const ApmLoopsResponseSchema = z.object({
  success: z.literal(true),
  loops: z.array(
    z.object({
      paymentId: z.uuid(),
      orderId: z.uuid(),
      orderNumber: z.number().int(),
      method: PaymentKindSchema,
      rfCode: z.string(),
      amountCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type ApmLoopsResponse = z.infer<typeof ApmLoopsResponseSchema>;

/** `POST importBankStatement` (provider staff): a bank statement as CSV text. */
export const ImportBankStatementRequestSchema = z.object({ csv: z.string().min(1).max(5_000_000) });
export const STATEMENT_OUTCOMES = [
  'matched',
  'duplicate',
  'unknownReference',
  'amountMismatch',
  'alreadyPaid',
  'invalid',
] as const;
export const ImportBankStatementResponseSchema = z.object({
  success: z.literal(true),
  lines: z.array(
    z.object({
      row: z.number().int(),
      lineId: z.string(),
      amountCents: z.number().int().nullable(),
      rfCode: z.string(),
      outcome: z.enum(STATEMENT_OUTCOMES),
      orderNumber: z.number().int().nullable(),
    }),
  ),
  matched: z.number().int(),
  unmatched: z.number().int(),
});
export type ImportBankStatementResponse = z.infer<typeof ImportBankStatementResponseSchema>;
