import {
  CARD_CREATING_TYPES,
  daysUntilExpiry,
  formatAmount,
  isFamilyOfProduct,
  isOrderTypeOfReason,
  LOADING_TYPES,
  PRODUCTS,
  REPLACING_TYPES,
  usesExistingCards,
  type Card,
  type CardCategory,
  type CardFamily,
  type CardIssueReason,
  type DraftCard,
  type OrderType,
} from '@tessera/domain';
import { AppError, type FieldProblem } from '../../platform/errors';

/**
 * The rules a draft's lines obey (issue 5: amounts within each product's limits, required
 * cardholder fields, a card cannot appear twice in one draft, a blocked or replaced card cannot be
 * loaded; every error names the card and the field, in the user's language). Pure: the service
 * reads the cards and cardholders the lines name, in its transaction, and passes them in.
 */

export type DraftHeaderFacts = {
  orderType: OrderType;
  product: CardCategory;
  family: CardFamily;
};

/** A line to check: where it came from in the request (`cards.3`) and its 1-based place in the draft. */
export type LineToCheck = { card: DraftCard; field: string; line: number };

/**
 * The header's own rules: the order type must be one of the reason's (SPEC §4, ADR 009), the
 * family one of the product's (422, code 52), and a bulk amount within the product's limits.
 */
export function checkHeader(header: {
  reason?: CardIssueReason;
  orderType: OrderType;
  product: CardCategory;
  family: CardFamily;
  bulkAmountCents: number | null;
}): void {
  if (!isFamilyOfProduct(header.product, header.family)) {
    throw new AppError('PRODUCT_FAMILY_MISMATCH', `${header.family} is not a family of ${header.product}`, {
      fields: [{ field: 'family', key: 'invalidChoice' }],
    });
  }
  const problems: FieldProblem[] = [];
  if (header.reason && !isOrderTypeOfReason(header.reason, header.orderType)) {
    problems.push({ field: 'orderType', key: 'invalidChoice' });
  }
  if (header.bulkAmountCents !== null && !isAmountAllowed(header, header.bulkAmountCents)) {
    problems.push({ field: 'bulkAmountCents', key: 'amountOutOfRange', params: limitsOf(header.product) });
  }
  if (problems.length > 0) throw new AppError('VALIDATION', 'draft header refused', { fields: problems });
}

function limitsOf(product: CardCategory): { min: string; max: string } {
  return {
    min: formatAmount(PRODUCTS[product].minLoadCents),
    max: formatAmount(PRODUCTS[product].maxLoadCents),
  };
}

/** 0 (card only) for orders that create cards; otherwise within the product's load limits. */
function isAmountAllowed(header: DraftHeaderFacts, amountCents: number): boolean {
  if (amountCents === 0 && CARD_CREATING_TYPES.includes(header.orderType)) return true;
  const { minLoadCents, maxLoadCents } = PRODUCTS[header.product];
  return amountCents >= minLoadCents && amountCents <= maxLoadCents;
}

/**
 * The problems of `checked` lines, given the draft's whole list of lines once the change is made
 * (`all`, for duplicates), the company's cards they name (`cards`: others are absent) and the
 * company's cardholders among those named (`cardholderIds`). A card named twice is reported on the
 * line that repeats it: an added or updated line rather than one already saved, else the later.
 */
export function lineProblems(
  header: DraftHeaderFacts,
  checked: readonly LineToCheck[],
  all: readonly DraftCard[],
  cards: ReadonlyMap<string, Card>,
  cardholderIds: ReadonlySet<string>,
  now: Date = new Date(),
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const checkedIds = new Set(checked.map((entry) => entry.card.tempCardId));
  const owner = new Map<string, string>();
  for (const pass of [false, true]) {
    for (const line of all) {
      if (line.cardId && checkedIds.has(line.tempCardId) === pass && !owner.has(line.cardId)) {
        owner.set(line.cardId, line.tempCardId);
      }
    }
  }

  for (const { card: line, field, line: number } of checked) {
    if (usesExistingCards(header.orderType)) {
      const card = line.cardId ? cards.get(line.cardId) : undefined;
      if (!card || card.product !== header.product) {
        problems.push({ field: `${field}.cardId`, key: 'cardNotOfCompany', params: { line: number } });
      } else {
        const named = { line: number, card: card.maskedNumber };
        if (owner.get(card.cardId) !== line.tempCardId) {
          problems.push({ field: `${field}.cardId`, key: 'duplicateCard', params: named });
        } else if (
          LOADING_TYPES.includes(header.orderType) &&
          (card.status !== 'active' || daysUntilExpiry(card.expiryDate, now) < 0)
        ) {
          problems.push({ field: `${field}.cardId`, key: 'cardNotLoadable', params: named });
        } else if (
          REPLACING_TYPES.includes(header.orderType) &&
          (card.status === 'replaced' || card.replacedByCardId !== null)
        ) {
          problems.push({ field: `${field}.cardId`, key: 'cardAlreadyReplaced', params: named });
        }
      }
    } else if (line.cardholderId !== null) {
      if (!cardholderIds.has(line.cardholderId)) {
        problems.push({
          field: `${field}.cardholderId`,
          key: 'cardholderNotOfCompany',
          params: { line: number },
        });
      }
    } else if (line.cardholder === null) {
      problems.push({ field: `${field}.cardholder`, key: 'cardholderRequired', params: { line: number } });
    }
    if (!isAmountAllowed(header, line.amountCents)) {
      problems.push({
        field: `${field}.amountCents`,
        key: 'lineAmountOutOfRange',
        params: { line: number, ...limitsOf(header.product) },
      });
    }
  }
  return problems;
}
