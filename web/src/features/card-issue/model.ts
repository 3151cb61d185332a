import {
  CARD_CATEGORIES,
  CARD_CREATING_TYPES,
  CARD_ISSUE_REASONS,
  formatAmount,
  NewCardholderSchema,
  parseAmount,
  PRODUCTS,
  shipmentOf,
  usesExistingCards,
  type Card,
  type CardCategory,
  type CardFamily,
  type CardFilterRequest,
  type CardIssueReason,
  type DraftCard,
  type DraftLine,
  type DraftOrder,
  type NewCardholderInput,
  type OrderDraft,
  type OrderType,
  type SaveDraftOrderRequest,
  type UpdateDraftOrderRequest,
} from '@tessera/domain';
import type { MessageId } from '../../i18n/messages';
import { issueMessage, type FormIssue } from '../../lib/zod-form';

/**
 * The card-issue flow's rules that need no React (SPEC §3–4, ADR 009): which product and family a
 * draft is for, which cards a reason may pick, the limits of an amount, what a draft must hold
 * before it is saved or paid, and how a local draft and a server draft become each other.
 */

// ---------------------------------------------------------------------------------------------
// Product and family: kept in the draft's `selectedOption` as `PRODUCT:family` (the option chosen
// on a product page, the bell or the card list).

export type ProductChoice = { product: CardCategory; family: CardFamily };

export function parseSelectedOption(option: string | null | undefined): ProductChoice | null {
  if (!option) return null;
  const [product, family] = option.split(':');
  if (!(CARD_CATEGORIES as readonly string[]).includes(product ?? '')) return null;
  const definition = PRODUCTS[product as CardCategory];
  if (!(definition.families as readonly string[]).includes(family ?? '')) return null;
  return { product: definition.category, family: family as CardFamily };
}

export function selectedOptionOf(choice: ProductChoice): string {
  return `${choice.product}:${choice.family}`;
}

/** A product's first family is the obvious choice when it has one only (Spendeo, MyBenefits). */
export function choiceOfProduct(product: CardCategory, reason: CardIssueReason): ProductChoice | null {
  const families = familiesFor(reason, product);
  return families.length === 1 && families[0] ? { product, family: families[0] } : null;
}

/**
 * An upgrade turns a virtual card into a plastic one (SPEC §4: upgrade-card is a DAMAGED order):
 * the draft is for the plastic family, the cards picked are virtual ones of the same product.
 */
export function isUpgrade(reason: CardIssueReason): boolean {
  return reason === 'upgrade-card';
}

/** The products a reason may be for: an upgrade needs a product with both a virtual and a plastic card. */
export function productsFor(reason: CardIssueReason): CardCategory[] {
  return CARD_CATEGORIES.filter((product) => {
    const families = PRODUCTS[product].families;
    return !isUpgrade(reason) || (families.includes('virtual') && families.includes('plastic'));
  });
}

/** The families a draft of this reason and product may be for. */
export function familiesFor(reason: CardIssueReason, product: CardCategory): CardFamily[] {
  const families = [...PRODUCTS[product].families];
  return isUpgrade(reason) ? families.filter((family) => family === 'plastic') : families;
}

/** The product and family of the draft for a card picked on the card list. */
export function choiceForCard(
  reason: CardIssueReason,
  card: Pick<Card, 'product' | 'family'>,
): ProductChoice {
  return {
    product: card.product,
    family: isUpgrade(reason) && card.family === 'virtual' ? 'plastic' : card.family,
  };
}

// ---------------------------------------------------------------------------------------------
// Which cards a reason picks (cardFilter takes one status at a time: the picker offers the
// statuses of the reason as a choice).

export const PICKER_FILTERS = ['active', 'blocked', 'damaged', 'lost', 'expired', 'expiringSoon'] as const;
export type PickerFilter = (typeof PICKER_FILTERS)[number];

/**
 * Loads take active cards only; replacements take live cards (and a card already reported damaged
 * or lost, as the card list offers it); the expired flow takes expired cards or live ones expiring
 * within 60 days. The first is the default.
 */
export function pickerFiltersOf(reason: CardIssueReason, orderType: OrderType): PickerFilter[] {
  if (orderType === 'LOAD' || orderType === 'READY_TO_TOP_UP' || orderType === 'BULK_LOAD') return ['active'];
  switch (reason) {
    case 'damaged-card':
      return ['active', 'blocked', 'damaged'];
    case 'lost-card':
      return ['active', 'blocked', 'lost'];
    case 'upgrade-card':
      return ['active', 'blocked'];
    case 'expired-card':
      return ['expired', 'expiringSoon'];
    case 'expiring-trc':
    case 'expiring-trz':
      return ['expiringSoon', 'expired'];
    default:
      return ['active'];
  }
}

/** The cardFilter request of the picker. */
export function pickerRequest(
  reason: CardIssueReason,
  choice: ProductChoice,
  filter: PickerFilter,
  search: string,
  page: number,
  pageSize: number,
): CardFilterRequest {
  return {
    product: choice.product,
    family: isUpgrade(reason) ? 'virtual' : choice.family,
    ...(filter === 'expiringSoon' ? { expiringSoon: true } : { status: filter }),
    search: search.trim(),
    sort: 'cardholder',
    direction: 'asc',
    page,
    pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// Order types.

export function createsCards(orderType: OrderType): boolean {
  return CARD_CREATING_TYPES.includes(orderType);
}

/**
 * Physical cards go by post to a delivery point: the domain's one rule (`shipmentOf`), which also
 * decides the delivery fee; no family chosen yet ships nothing yet.
 */
export function shipsCards(orderType: OrderType, family: CardFamily | null): boolean {
  return family !== null && shipmentOf({ orderType, family }).ships;
}

export { usesExistingCards };

/** The reasons offered when a flow starts from /card-issue/info itself. */
export const STARTABLE_REASONS: readonly CardIssueReason[] = [
  'new-card',
  'load-card',
  'damaged-card',
  'lost-card',
  'expired-card',
  'upgrade-card',
];

export function isCardIssueReason(value: string | null): value is CardIssueReason {
  return value !== null && (CARD_ISSUE_REASONS as readonly string[]).includes(value);
}

/** Message-id segment of a reason (`new-card` → `newCard`). */
export function reasonKey(reason: CardIssueReason): string {
  return reason.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// Amounts.

export type Problem = { id: MessageId; values?: Record<string, string | number> };

/** Euros for an input: `1.234,56` (no currency sign). */
export function eurosText(cents: number): string {
  return formatAmount(cents).replace(/\u00a0€$/, '');
}

/**
 * The bounds of one card's amount: the product's load limits; 0 (the card only, no load) is allowed
 * when the order creates cards — a load without money is no load.
 */
export function amountProblem(cents: number, product: CardCategory, orderType: OrderType): Problem | null {
  const { minLoadCents, maxLoadCents } = PRODUCTS[product];
  if (cents === 0 && createsCards(orderType)) return null;
  if (cents >= minLoadCents && cents <= maxLoadCents) return null;
  const values = { min: formatAmount(minLoadCents), max: formatAmount(maxLoadCents) };
  return createsCards(orderType)
    ? { id: 'cardIssue.amount.rangeOrZero', values }
    : { id: 'form.issue.amountRange', values };
}

/** Parses an amount as typed; a problem when it is no amount at all. */
export function parseEurosText(text: string): { cents: number } | { problem: Problem } {
  if (text.trim() === '') return { problem: { id: 'form.issue.required' } };
  const cents = parseAmount(text);
  if (cents === null || cents > 10_000_000) return { problem: { id: 'form.issue.amount' } };
  return { cents };
}

// ---------------------------------------------------------------------------------------------
// Lines.

export function newTempCardId(): string {
  return crypto.randomUUID();
}

export const EMPTY_CARDHOLDER: Required<NewCardholderInput> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  employeeCode: '',
  taxId: '',
};

export function existingCardLine(cardId: string, amountCents: number): DraftCard {
  return {
    tempCardId: newTempCardId(),
    cardId,
    cardholderId: null,
    cardholder: null,
    cardName: '',
    amountCents,
  };
}

export function newCardholderLine(amountCents: number): DraftCard {
  return {
    tempCardId: newTempCardId(),
    cardId: null,
    cardholderId: null,
    cardholder: { ...EMPTY_CARDHOLDER },
    cardName: '',
    amountCents,
  };
}

/** The amount a new line starts with: the bulk amount, else nothing (0). */
export function startingAmount(draft: OrderDraft): number {
  return draft.changedData.bulkAmount ?? 0;
}

export const CARDHOLDER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'employeeCode',
  'taxId',
] as const;
export type CardholderField = (typeof CARDHOLDER_FIELDS)[number];
export type LineField = CardholderField | 'amountCents' | 'cardId';

export type DraftProblems = {
  product: Problem | null;
  lines: Map<string, Partial<Record<LineField, Problem>>>;
  noLines: Problem | null;
  bulkAmount: Problem | null;
  deliveryPoint: Problem | null;
  /** How many problems in all (for the summary above the buttons). */
  count: number;
};

/**
 * What keeps a draft from being saved (`forPayment`: from going on to pay): a product, at least one
 * line, every new cardholder valid (`NewCardholderSchema`), every amount within the product's limits
 * and, for payment, a delivery point when cards are posted.
 */
export function draftProblems(draft: OrderDraft, options: { forPayment: boolean }): DraftProblems {
  const choice = parseSelectedOption(draft.selectedOption);
  const lines = new Map<string, Partial<Record<LineField, Problem>>>();
  let count = 0;
  const product: Problem | null = choice ? null : { id: 'cardIssue.product.required' };
  if (product) count += 1;
  const cards = draft.changedData.cards;
  const noLines: Problem | null =
    cards.length === 0
      ? {
          id: usesExistingCards(draft.orderType)
            ? 'cardIssue.lines.noCards'
            : 'cardIssue.lines.noCardholders',
        }
      : null;
  if (noLines) count += 1;
  for (const line of cards) {
    const problems: Partial<Record<LineField, Problem>> = {};
    if (line.cardholder !== null && line.cardholderId === null) {
      const parsed = NewCardholderSchema.safeParse(line.cardholder, { reportInput: true });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (typeof field === 'string' && (CARDHOLDER_FIELDS as readonly string[]).includes(field)) {
            problems[field as CardholderField] ??= issueMessage(issue as FormIssue);
          }
        }
      }
    }
    if (choice) {
      const amount = amountProblem(line.amountCents, choice.product, draft.orderType);
      if (amount && draft.changedData.bulkAmount === null) problems.amountCents = amount;
    }
    const found = Object.keys(problems).length;
    if (found > 0) {
      lines.set(line.tempCardId, problems);
      count += found;
    }
  }
  const bulk = draft.changedData.bulkAmount;
  const bulkAmount =
    bulk !== null && choice && cards.length > 0 ? amountProblem(bulk, choice.product, draft.orderType) : null;
  if (bulkAmount) count += 1;
  const deliveryPoint: Problem | null =
    options.forPayment &&
    shipsCards(draft.orderType, choice?.family ?? null) &&
    !draft.changedData.deliveryPoint
      ? { id: 'cardIssue.delivery.required' }
      : null;
  if (deliveryPoint) count += 1;
  return { product, lines, noLines, bulkAmount, deliveryPoint, count };
}

/** One amount for every line (bulk) or each its own (null). */
export function withBulkAmount(draft: OrderDraft, bulkAmount: number | null): OrderDraft {
  return {
    ...draft,
    changedData: {
      ...draft.changedData,
      bulkAmount,
      cards:
        bulkAmount === null
          ? draft.changedData.cards
          : draft.changedData.cards.map((line) =>
              line.amountCents === bulkAmount ? line : { ...line, amountCents: bulkAmount },
            ),
    },
  };
}

export function withCards(draft: OrderDraft, cards: DraftCard[]): OrderDraft {
  return { ...draft, changedData: { ...draft.changedData, cards } };
}

// ---------------------------------------------------------------------------------------------
// Local draft ↔ server draft.

/** A line as sent: only the fields of `DraftCardSchema`. */
export function draftCardOf(line: DraftCard | DraftLine): DraftCard {
  return {
    tempCardId: line.tempCardId,
    cardId: line.cardId,
    cardholderId: line.cardholderId,
    cardholder: line.cardholder,
    cardName: line.cardName,
    amountCents: line.amountCents,
  };
}

/** The header fields of a draft as the server takes them. */
export function headerOf(draft: OrderDraft): Omit<UpdateDraftOrderRequest, 'draftId'> {
  const choice = parseSelectedOption(draft.selectedOption);
  if (!choice) throw new Error('A draft without a product cannot be saved');
  return {
    product: choice.product,
    family: choice.family,
    draftOrderAlias: draft.draftOrderAlias.trim(),
    invoiceComments: draft.invoiceComments.trim(),
    deliveryPointId: draft.changedData.deliveryPoint?.deliveryPointId ?? null,
    bulkAmountCents: draft.changedData.bulkAmount,
    expiringDate: draft.expiringDate,
  };
}

export function saveRequestOf(draft: OrderDraft): SaveDraftOrderRequest {
  return {
    reason: draft.reason,
    orderType: draft.orderType,
    ...headerOf(draft),
    cards: draft.changedData.cards.map(draftCardOf),
  };
}

/** Whether the header differs from the server's copy (alias and comments are not in the diff). */
export function headerChanged(draft: OrderDraft, saved: DraftOrder | null | undefined): boolean {
  if (!saved) return false;
  const header = headerOf(draft);
  return (
    header.product !== saved.product ||
    header.family !== saved.family ||
    header.draftOrderAlias !== saved.draftOrderAlias ||
    header.invoiceComments !== saved.invoiceComments ||
    (header.deliveryPointId ?? null) !== (saved.deliveryPoint?.deliveryPointId ?? null) ||
    (header.bulkAmountCents ?? null) !== saved.bulkAmountCents
  );
}

/**
 * A server draft as the local draft (SPEC §3): the saved lines are both the default and the
 * changed data, in update mode.
 */
export function localDraftOf(saved: DraftOrder): OrderDraft {
  const data = () => ({
    cards: saved.lines.map(draftCardOf),
    deliveryPoint: saved.deliveryPoint
      ? { deliveryPointId: saved.deliveryPoint.deliveryPointId, alias: saved.deliveryPoint.alias }
      : null,
    bulkAmount: saved.bulkAmountCents,
    cardsToAdd: [],
    cardsToUpdate: [],
    cardsToDelete: [],
  });
  return {
    id: saved.draftId,
    reason: saved.reason,
    orderType: saved.orderType,
    draftOrderAlias: saved.draftOrderAlias,
    invoiceComments: saved.invoiceComments,
    selectedOption: selectedOptionOf({ product: saved.product, family: saved.family }),
    isUpdateMode: true,
    dataWasChanged: false,
    expiringDate: saved.expiringDate,
    changedData: data(),
    defaultData: data(),
  };
}

/** Whether the local draft holds work the server does not have. */
export function hasUnsavedWork(draft: OrderDraft | null): boolean {
  if (!draft) return false;
  return draft.id === null ? draft.changedData.cards.length > 0 : draft.dataWasChanged;
}

// ---------------------------------------------------------------------------------------------
// Steps (SPEC §4: info, overview, payment), kept in the address as `?step=`.

export const STEPS = ['info', 'overview', 'payment'] as const;
export type Step = (typeof STEPS)[number];

export function parseStep(value: string | null): Step {
  return (STEPS as readonly string[]).includes(value ?? '') ? (value as Step) : 'info';
}

/** Loads above this many cards get a warning: a bulk file is the better tool. */
export const MANY_CARDS = 500;
/** The most lines a draft may hold (SaveDraftOrderRequestSchema). */
export const MAX_LINES = 10_000;
