import {
  athensDate,
  checkDraftLines,
  draftLineError,
  formatAmount,
  isDraftLineError,
  isFamilyOfProduct,
  isLineAmountAllowed,
  isOrderTypeOfReason,
  PRODUCTS,
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
 * loaded; every error names the card and the field, in the user's language) are the domain's
 * `checkDraftLines`, shared with the bulk preview; here they become the drafts' field problems.
 * Pure: the service reads the cards and cardholders the lines name, in its transaction, and passes
 * them in.
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
  if (
    header.bulkAmountCents !== null &&
    !isLineAmountAllowed(header.orderType, header.product, header.bulkAmountCents)
  ) {
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

/**
 * The problems of `checked` lines (`checkDraftLines`), given the draft's whole list of lines once
 * the change is made (`all`, for duplicates), the company's cards they name (`cards`: others are
 * absent) and the company's cardholders among those named (`cardholderIds`), each at
 * `<field>.<line's field>` with the line's number.
 */
export function lineProblems(
  header: DraftHeaderFacts,
  checked: readonly LineToCheck[],
  all: readonly DraftCard[],
  cards: ReadonlyMap<string, Card>,
  cardholderIds: ReadonlySet<string>,
  now: Date = new Date(),
): FieldProblem[] {
  const problems = checkDraftLines(
    checked.map(({ card }) => ({ ...card, orderType: header.orderType, product: header.product })),
    { today: athensDate(now), cards, cardholderIds, draftLines: all },
  );
  return problems.filter(isDraftLineError).map((problem) => {
    const { field, line } = checked[problem.line]!;
    return { field: `${field}.${problem.field}`, ...draftLineError(problem, line) };
  });
}
