import { z } from 'zod';
import type { Cents } from './money';
import { FEE_VAT_BASIS_POINTS } from './merchants';
import { basisPointsOf } from './pricing';
import type { Locale } from './locale';

/**
 * What a merchant owes the provider (issue 16, merchant payment page): the monthly rental of each
 * enrolled terminal and the bags and TRV stickers it orders for its stores. Prices are net; VAT at
 * the standard rate (24%) is added. Charges are paid by RF transfer or by card through the same bank
 * gateway the orders use. Money is integer cents.
 */

/** Monthly rental of one enrolled terminal, before VAT. */
export const TERMINAL_RENTAL_CENTS = 990;
/** One pack of 100 carrier bags with the product logos, before VAT. */
export const BAG_PACK_CENTS = 450;
/** One pack of 10 TRV acceptance stickers for doors and tills, before VAT. */
export const STICKER_PACK_CENTS = 300;
export const MAX_BAG_PACKS = 50;
export const MAX_STICKER_PACKS = 20;

/** A net amount with its VAT (24%) and the gross the merchant pays. */
export function withVat(netCents: Cents): { netCents: Cents; vatCents: Cents; grossCents: Cents } {
  const vatCents = basisPointsOf(netCents, FEE_VAT_BASIS_POINTS);
  return { netCents, vatCents, grossCents: netCents + vatCents };
}

/** The price of a supply order: packs of bags and packs of stickers. */
export function supplyPriceOf(bags: number, stickers: number) {
  return withVat(bags * BAG_PACK_CENTS + stickers * STICKER_PACK_CENTS);
}

export const MERCHANT_CHARGE_KINDS = ['terminalRental', 'supplies'] as const;
export type MerchantChargeKind = (typeof MERCHANT_CHARGE_KINDS)[number];
export const MERCHANT_CHARGE_STATUSES = ['open', 'paid'] as const;
export type MerchantChargeStatus = (typeof MERCHANT_CHARGE_STATUSES)[number];
export const SUPPLY_ORDER_STATUSES = ['ordered', 'shipped'] as const;
export type SupplyOrderStatus = (typeof SUPPLY_ORDER_STATUSES)[number];

/** `YYYY-MM`, a calendar month (Athens). */
export const BillingMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month is YYYY-MM')
  .refine((month) => Number(month.slice(0, 4)) >= 2000, 'a month is YYYY-MM');

/** What a charge's description is made of: its kind and the facts stored with it. */
export type ChargeParams = {
  period?: string;
  mid?: string;
  label?: string;
  bags?: number;
  stickers?: number;
};

/** A charge's description in `locale`. */
export function chargeDescription(kind: MerchantChargeKind, params: ChargeParams, locale: Locale): string {
  if (kind === 'terminalRental') {
    return locale === 'el'
      ? `Μίσθωση τερματικού ${params.label ?? ''} (MID ${params.mid ?? ''}), ${params.period ?? ''}`
      : `Terminal rental ${params.label ?? ''} (MID ${params.mid ?? ''}), ${params.period ?? ''}`;
  }
  const parts: string[] = [];
  if (params.bags) {
    parts.push(locale === 'el' ? `${params.bags} × 100 σακούλες` : `${params.bags} × 100 bags`);
  }
  if (params.stickers) {
    parts.push(
      locale === 'el' ? `${params.stickers} × 10 αυτοκόλλητα TRV` : `${params.stickers} × 10 TRV stickers`,
    );
  }
  return `${locale === 'el' ? 'Παραγγελία υλικών' : 'Supplies order'}: ${parts.join(', ')}`;
}

export const MerchantChargeSchema = z.object({
  chargeId: z.uuid(),
  kind: z.enum(MERCHANT_CHARGE_KINDS),
  /** In the request's language. */
  description: z.string(),
  /** What the merchant pays, VAT included. */
  amountCents: z.number().int(),
  vatCents: z.number().int(),
  /** The month a rental is for; null for supplies. */
  period: z.string().nullable(),
  status: z.enum(MERCHANT_CHARGE_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type MerchantCharge = z.infer<typeof MerchantChargeSchema>;

export const MerchantChargesQuerySchema = z.object({
  status: z.enum(MERCHANT_CHARGE_STATUSES).optional(),
});

export const MerchantChargesResponseSchema = z.object({
  success: z.literal(true),
  charges: z.array(MerchantChargeSchema),
});

/** `POST bagsTrvStickers`: packs for one of the merchant's stores; at least one pack. */
export const BagsTrvStickersRequestSchema = z
  .object({
    storeId: z.uuid(),
    /** Packs of 100 bags. */
    bags: z.number().int().min(0).max(MAX_BAG_PACKS).default(0),
    /** Packs of 10 stickers. */
    stickers: z.number().int().min(0).max(MAX_STICKER_PACKS).default(0),
    notes: z.string().trim().max(300).default(''),
  })
  .refine((body) => body.bags > 0 || body.stickers > 0, {
    path: ['bags'],
    message: 'order at least one pack of bags or stickers',
  });
export type BagsTrvStickersRequest = z.infer<typeof BagsTrvStickersRequestSchema>;

export const SupplyOrderSchema = z.object({
  orderId: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  bags: z.number().int(),
  stickers: z.number().int(),
  notes: z.string(),
  amountCents: z.number().int(),
  vatCents: z.number().int(),
  status: z.enum(SUPPLY_ORDER_STATUSES),
  chargeId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type SupplyOrder = z.infer<typeof SupplyOrderSchema>;

export const BagsTrvStickersResponseSchema = z.object({
  success: z.literal(true),
  order: SupplyOrderSchema,
  charge: MerchantChargeSchema,
});
export const SupplyOrdersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(SupplyOrderSchema),
});

export const RetrieveRfCodeResponseSchema = z.object({
  success: z.literal(true),
  /** Null when nothing is open. */
  rfCode: z.string().nullable(),
  amountCents: z.number().int(),
  charges: z.array(MerchantChargeSchema),
  bank: z.object({ beneficiary: z.string(), iban: z.string(), bic: z.string(), bankName: z.string() }),
});

export const CreateMerchantPaymentRequestSchema = z.object({
  /** The charges to pay; all open ones when left out. */
  chargeIds: z.array(z.uuid()).min(1).max(200).optional(),
});
export const CreateMerchantPaymentResponseSchema = z.object({
  success: z.literal(true),
  paymentId: z.uuid(),
  amountCents: z.number().int(),
  redirectUrl: z.string(),
});

/**
 * `validateMerchantPayment`: the payment id, and optionally the bank's signed return parameters the
 * result page received (`result`, `bankReference`, `signature`); without them the answer is the
 * state the bank's server-to-server notice left.
 */
export const ValidateMerchantPaymentRequestSchema = z.object({
  paymentId: z.uuid(),
  result: z.enum(['approved', 'declined', 'cancelled']).optional(),
  bankReference: z.string().max(64).optional(),
  signature: z.string().max(128).optional(),
});
export const MERCHANT_PAYMENT_RESULTS = ['paid', 'failed', 'pending'] as const;
export const ValidateMerchantPaymentResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(MERCHANT_PAYMENT_RESULTS),
  amountCents: z.number().int(),
});

export const FeeInvoiceQuerySchema = z.object({ month: BillingMonthSchema });
