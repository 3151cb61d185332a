import {
  priceOrder,
  priceTotals,
  type Card,
  type DeliveryPoint,
  type DraftCard,
  type DraftOrder,
  type PricingTerms,
} from '@tessera/domain';
import type { DraftCardRow, DraftRow } from './repository';

/** A stored line as the browser knows it (SPEC §3: identified by `tempCardId`). */
export function toDraftCard(row: DraftCardRow): DraftCard {
  return {
    tempCardId: row.tempCardId,
    cardId: row.cardId,
    cardholderId: row.cardholderId,
    cardholder: row.cardholder,
    cardName: row.cardName,
    amountCents: row.amountCents,
  };
}

/** The header of a draft, for the audit log. */
export function headerOf(row: DraftRow) {
  return {
    reason: row.reason,
    orderType: row.orderType,
    product: row.product,
    family: row.family,
    draftOrderAlias: row.alias,
    invoiceComments: row.invoiceComments,
    deliveryPointId: row.deliveryPointId,
    bulkAmountCents: row.bulkAmountCents,
    expiringDate: row.expiringDate,
  };
}

/**
 * A draft as the API returns it: each line with the masked card it names (existing cards only) and
 * its fees, and the whole priced with `priceOrder` under the company's terms (ADR 009: drafts store
 * lines, the price is computed on every read).
 */
export function toDraftOrder(
  row: DraftRow,
  lines: readonly DraftCard[],
  cards: ReadonlyMap<string, Card>,
  deliveryPoint: DeliveryPoint | null,
  terms: PricingTerms,
): DraftOrder {
  const price = priceOrder(
    {
      orderType: row.orderType,
      family: row.family,
      lines: lines.map((line) => ({ tempCardId: line.tempCardId, amountCents: line.amountCents })),
    },
    terms,
  );
  return {
    draftId: row.id,
    companyId: row.companyId,
    reason: row.reason,
    orderType: row.orderType,
    product: row.product,
    family: row.family,
    draftOrderAlias: row.alias,
    invoiceComments: row.invoiceComments,
    deliveryPoint,
    bulkAmountCents: row.bulkAmountCents,
    expiringDate: row.expiringDate,
    lines: lines.map((line, index) => {
      const card = line.cardId ? cards.get(line.cardId) : undefined;
      const priced = price.lines[index]!;
      return {
        ...line,
        card: card
          ? {
              cardId: card.cardId,
              maskedNumber: card.maskedNumber,
              cardName: card.cardName,
              status: card.status,
              expiryDate: card.expiryDate,
              balanceCents: card.balanceCents,
              cardholder: card.cardholder,
            }
          : null,
        cardFeeCents: priced.cardFeeCents,
        replacementFeeCents: priced.replacementFeeCents,
        serviceFeeCents: priced.serviceFeeCents,
      };
    }),
    price: priceTotals(price),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
