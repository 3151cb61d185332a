import type { Cents } from './money';
import type { CardFamily } from './products';
import { shipsCards, type OrderType } from './orders';

/**
 * Order pricing (docs/decisions/009-card-issue-and-pricing.md). Everything is integer cents; VAT is
 * charged on the provider's fees only — money loaded onto cards carries none.
 */

export type PricingTerms = {
  /** Issuing a new card, per family. */
  cardFeeCents: Record<CardFamily, Cents>;
  /** Replacing a card, per replacement order type (an expired card is renewed free of charge). */
  replacementFeeCents: Record<'DAMAGED' | 'LOST' | 'EXPIRED' | 'UPGRADE', Cents>;
  /** The service fee on loaded amounts, in basis points (150 = 1.5%). */
  serviceFeeBasisPoints: number;
  /** Shipping plastic cards to one delivery point. */
  deliveryFeeCents: Cents;
  /** VAT on fees, in basis points (2400 = 24%, the Greek standard rate). */
  vatBasisPoints: number;
};

export const DEFAULT_PRICING: PricingTerms = {
  cardFeeCents: { plastic: 350, virtual: 100, spendeo: 500, mybenefits: 450 },
  replacementFeeCents: { DAMAGED: 300, LOST: 500, EXPIRED: 0, UPGRADE: 200 },
  serviceFeeBasisPoints: 150,
  deliveryFeeCents: 600,
  vatBasisPoints: 2400,
};

/** Per-company terms from its contract for the product: the card fee and the service fee. */
export function termsWithContract(
  family: CardFamily,
  contract: { cardFeeCents: Cents; loadFeeBasisPoints: number } | null,
  base: PricingTerms = DEFAULT_PRICING,
): PricingTerms {
  if (!contract) return base;
  return {
    ...base,
    cardFeeCents: { ...base.cardFeeCents, [family]: contract.cardFeeCents },
    serviceFeeBasisPoints: contract.loadFeeBasisPoints,
  };
}

/** `amount × basisPoints / 10 000`, rounded half up, in integer arithmetic. */
export function basisPointsOf(amount: Cents, basisPoints: number): Cents {
  return Math.floor((amount * basisPoints + 5_000) / 10_000);
}

export type PricedLine = {
  tempCardId: string;
  loadCents: Cents;
  cardFeeCents: Cents;
  replacementFeeCents: Cents;
  serviceFeeCents: Cents;
};

export type OrderPrice = {
  lines: PricedLine[];
  loadCents: Cents;
  cardFeesCents: Cents;
  replacementFeesCents: Cents;
  serviceFeesCents: Cents;
  deliveryFeeCents: Cents;
  /** All fees before VAT. */
  feesNetCents: Cents;
  vatCents: Cents;
  /** What the company pays: loads + fees + VAT on fees. */
  totalCents: Cents;
};

/**
 * Prices an order: per line the load, the card fee (new cards), the replacement fee (replacing
 * orders) and the service fee on the load; the delivery fee once when physical cards are shipped;
 * VAT on the fees. Whether anything is shipped is `shipmentOf`'s rule. The server recomputes
 * this on every save and on submission.
 */
export function priceOrder(
  order: { orderType: OrderType; family: CardFamily; lines: { tempCardId: string; amountCents: Cents }[] },
  terms: PricingTerms = DEFAULT_PRICING,
): OrderPrice {
  const creates = order.orderType === 'NEW' || order.orderType === 'NEW_LOAD';
  const replaces =
    order.orderType === 'DAMAGED' ||
    order.orderType === 'LOST' ||
    order.orderType === 'EXPIRED' ||
    order.orderType === 'UPGRADE';
  const lines = order.lines.map((line) => ({
    tempCardId: line.tempCardId,
    loadCents: line.amountCents,
    cardFeeCents: creates ? terms.cardFeeCents[order.family] : 0,
    replacementFeeCents: replaces
      ? terms.replacementFeeCents[order.orderType as keyof PricingTerms['replacementFeeCents']]
      : 0,
    serviceFeeCents: basisPointsOf(line.amountCents, terms.serviceFeeBasisPoints),
  }));
  const sum = (pick: (line: PricedLine) => Cents) => lines.reduce((total, line) => total + pick(line), 0);
  // The delivery fee follows what is shipped, by the same rule the order page says it with.
  const shipsPlastic = shipsCards(order) && lines.length > 0;
  const loadCents = sum((line) => line.loadCents);
  const cardFeesCents = sum((line) => line.cardFeeCents);
  const replacementFeesCents = sum((line) => line.replacementFeeCents);
  const serviceFeesCents = sum((line) => line.serviceFeeCents);
  const deliveryFeeCents = shipsPlastic ? terms.deliveryFeeCents : 0;
  const feesNetCents = cardFeesCents + replacementFeesCents + serviceFeesCents + deliveryFeeCents;
  const vatCents = basisPointsOf(feesNetCents, terms.vatBasisPoints);
  return {
    lines,
    loadCents,
    cardFeesCents,
    replacementFeesCents,
    serviceFeesCents,
    deliveryFeeCents,
    feesNetCents,
    vatCents,
    totalCents: loadCents + feesNetCents + vatCents,
  };
}

/** The totals of a price, without its lines (what an order keeps and a draft's response shows). */
export function priceTotals(price: OrderPrice): Omit<OrderPrice, 'lines'> {
  return {
    loadCents: price.loadCents,
    cardFeesCents: price.cardFeesCents,
    replacementFeesCents: price.replacementFeesCents,
    serviceFeesCents: price.serviceFeesCents,
    deliveryFeeCents: price.deliveryFeeCents,
    feesNetCents: price.feesNetCents,
    vatCents: price.vatCents,
    totalCents: price.totalCents,
  };
}

/** An order's totals when nothing is charged: what sums of totals start from. */
export const ZERO_PRICE_TOTALS: Readonly<Omit<OrderPrice, 'lines'>> = Object.freeze({
  loadCents: 0,
  cardFeesCents: 0,
  replacementFeesCents: 0,
  serviceFeesCents: 0,
  deliveryFeeCents: 0,
  feesNetCents: 0,
  vatCents: 0,
  totalCents: 0,
});

/** Two orders' totals added part by part (one run's orders of several card families). */
export function addPriceTotals(
  a: Omit<OrderPrice, 'lines'>,
  b: Omit<OrderPrice, 'lines'>,
): Omit<OrderPrice, 'lines'> {
  return {
    loadCents: a.loadCents + b.loadCents,
    cardFeesCents: a.cardFeesCents + b.cardFeesCents,
    replacementFeesCents: a.replacementFeesCents + b.replacementFeesCents,
    serviceFeesCents: a.serviceFeesCents + b.serviceFeesCents,
    deliveryFeeCents: a.deliveryFeeCents + b.deliveryFeeCents,
    feesNetCents: a.feesNetCents + b.feesNetCents,
    vatCents: a.vatCents + b.vatCents,
    totalCents: a.totalCents + b.totalCents,
  };
}
