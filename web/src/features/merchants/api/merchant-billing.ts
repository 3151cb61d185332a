import { BAG_PACK_CENTS, MAX_BAG_PACKS, MAX_STICKER_PACKS, STICKER_PACK_CENTS } from '@tessera/domain';

/**
 * The wire shapes of what the merchant owes the provider (issue 16: `merchantCharges`,
 * `retrieveRfCode`, `createMerchantPayment`, `validateMerchantPayment`, `bagsTrvStickers`), as the
 * server's contract states them. Declared here while the server side is being built in parallel;
 * once `domain/` exports its schemas these types should become `z.infer` of them.
 */

export const CHARGE_KINDS = ['terminalRental', 'supplies'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export type MerchantCharge = {
  chargeId: string;
  kind: ChargeKind;
  description: string;
  /** What is owed, VAT included. */
  amountCents: number;
  vatCents: number;
  /** The month or period charged (`2026-03`), as the server names it. */
  period: string;
  status: 'open' | 'paid';
  createdAt: string;
  paidAt: string | null;
};

export type MerchantRfCode = {
  rfCode: string;
  amountCents: number;
  charges: MerchantCharge[];
  bank: { beneficiary: string; iban: string; bic: string; bankName: string };
};

export type MerchantPaymentStatus = 'paid' | 'failed' | 'pending';

export type SupplyOrder = {
  orderId: string;
  storeId: string;
  bags: number;
  stickers: number;
  notes: string;
  createdAt: string;
};

/** Packs per order (the server checks the same bounds). */
export { MAX_BAG_PACKS, MAX_STICKER_PACKS };

/**
 * Prices per pack, net of VAT, to show the merchant what an order will cost before sending it. The
 * charge the server answers (and lists among the open charges) is what is owed; these only
 * preview it and must stay equal to the server's price list.
 */
export const SUPPLY_PACK_PRICE_CENTS = { bags: BAG_PACK_CENTS, stickers: STICKER_PACK_CENTS } as const;
