import { z } from 'zod';
import { PhoneSchema, TaxIdSchema } from './cards';
import { EXPIRING_WINDOW_DAYS, LoadAmountCentsSchema, type CardFamily } from './products';

/**
 * Card-issue reasons, order types and the local order draft (SPEC §3, §4).
 */

export const CARD_ISSUE_REASONS = [
  'new-card',
  'load-card',
  'damaged-card',
  'expired-card',
  'lost-card',
  'upgrade-card',
  'expiring-trc',
  'expiring-trz',
  'recurring-rule',
] as const;
export type CardIssueReason = (typeof CARD_ISSUE_REASONS)[number];
export const CardIssueReasonSchema = z.enum(CARD_ISSUE_REASONS);

export const ORDER_TYPES = [
  'NEW',
  'LOAD',
  'DAMAGED',
  'EXPIRED',
  'LOST',
  'UPGRADE',
  'BULK_LOAD',
  'READY_TO_TOP_UP',
  'NEW_LOAD',
] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const OrderTypeSchema = z.enum(ORDER_TYPES);

/**
 * SPEC §4: new card → NEW; load → LOAD; damaged and upgrade → DAMAGED; expired and both expiring
 * kinds → EXPIRED; lost → LOST. A recurring rule loads cards on a schedule: LOAD (ADR 009).
 */
export const ORDER_TYPE_OF_REASON: Record<CardIssueReason, OrderType> = {
  'new-card': 'NEW',
  'load-card': 'LOAD',
  'damaged-card': 'DAMAGED',
  'upgrade-card': 'DAMAGED',
  'expired-card': 'EXPIRED',
  'expiring-trc': 'EXPIRED',
  'expiring-trz': 'EXPIRED',
  'lost-card': 'LOST',
  'recurring-rule': 'LOAD',
};

export function orderTypeOfReason(reason: CardIssueReason): OrderType {
  return ORDER_TYPE_OF_REASON[reason];
}

/**
 * The order types a draft of each reason may carry: its SPEC §4 type, plus the further codes that
 * refine it (SPEC §4 "other codes": a load may be a ready-to-top-up or bulk load, a new card may be
 * loaded at once, an upgrade may be sent as UPGRADE). The server refuses any other pair.
 */
export const ORDER_TYPES_OF_REASON: Record<CardIssueReason, readonly OrderType[]> = {
  'new-card': ['NEW', 'NEW_LOAD'],
  'load-card': ['LOAD', 'READY_TO_TOP_UP', 'BULK_LOAD'],
  'damaged-card': ['DAMAGED'],
  'upgrade-card': ['DAMAGED', 'UPGRADE'],
  'expired-card': ['EXPIRED'],
  'expiring-trc': ['EXPIRED'],
  'expiring-trz': ['EXPIRED'],
  'lost-card': ['LOST'],
  'recurring-rule': ['LOAD'],
};

export function isOrderTypeOfReason(reason: CardIssueReason, type: OrderType): boolean {
  return ORDER_TYPES_OF_REASON[reason].includes(type);
}

/** SPEC §4 kinds: single for LOAD and READY_TO_TOP_UP, bulk for BULK_LOAD; the others have none. */
export type OrderKind = 'single' | 'bulk';
export function orderKindOf(type: OrderType): OrderKind | null {
  if (type === 'LOAD' || type === 'READY_TO_TOP_UP') return 'single';
  if (type === 'BULK_LOAD') return 'bulk';
  return null;
}

/** Order types that create cards (new, or replacing an existing one). */
export const CARD_CREATING_TYPES: readonly OrderType[] = [
  'NEW',
  'NEW_LOAD',
  'DAMAGED',
  'EXPIRED',
  'LOST',
  'UPGRADE',
];
/** Order types that replace an existing card. */
export const REPLACING_TYPES: readonly OrderType[] = ['DAMAGED', 'EXPIRED', 'LOST', 'UPGRADE'];
/** Order types that load existing cards only. */
export const LOADING_TYPES: readonly OrderType[] = ['LOAD', 'READY_TO_TOP_UP', 'BULK_LOAD'];

/** Why an order sends nothing by post. */
export const NO_SHIPMENT_REASONS = ['loadsOnly', 'virtualCards', 'unload'] as const;
export type NoShipmentReason = (typeof NO_SHIPMENT_REASONS)[number];
export type Shipment = { ships: true } | { ships: false; reason: NoShipmentReason };

/**
 * What an order sends by post (ADR 009, ADR 010): the plastic cards it makes — new cards and
 * replacements of every family but virtual (Spendeo and MyBenefits cards are plastic too) — go by
 * courier to the order's delivery point. Loads and unloads touch cards the holders already have,
 * and virtual cards are usable once paid: those send nothing. The one rule behind the delivery fee
 * (`priceOrder`), the delivery point a submission needs, the production and courier steps of the
 * timeline, and what the order pages say is shipped.
 */
export function shipmentOf(order: { orderType: OrderType | 'UNLOAD'; family: CardFamily }): Shipment {
  if (order.orderType === 'UNLOAD') return { ships: false, reason: 'unload' };
  if (!CARD_CREATING_TYPES.includes(order.orderType)) return { ships: false, reason: 'loadsOnly' };
  if (order.family === 'virtual') return { ships: false, reason: 'virtualCards' };
  return { ships: true };
}

/** Whether an order's cards go by post (see `shipmentOf`). */
export function shipsCards(order: { orderType: OrderType | 'UNLOAD'; family: CardFamily }): boolean {
  return shipmentOf(order).ships;
}

/** Whether the order's lines name existing cards (load, replacement, upgrade) or new cardholders. */
export function usesExistingCards(type: OrderType): boolean {
  return type !== 'NEW' && type !== 'NEW_LOAD';
}

/** SPEC §4: an expired-card flow stores an expiry date of now + 60 days. */
export function expiredFlowDate(now: Date = new Date()): string {
  return new Date(now.getTime() + EXPIRING_WINDOW_DAYS * 86_400_000).toISOString();
}

/** SPEC §4, §9: the draft total's maximum-reached flag is set when the total is over 99. */
export const MAX_DRAFT_ORDERS = 99;
export function isDraftMaxReached(total: number): boolean {
  return total > MAX_DRAFT_ORDERS;
}

// ---------------------------------------------------------------------------------------------
// Draft lines (cards) and the local draft (SPEC §3 orderDraft).

export const NewCardholderSchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.union([z.literal(''), z.email().max(254)]).default(''),
  phone: PhoneSchema.default(''),
  employeeCode: z.string().trim().max(40).default(''),
  taxId: TaxIdSchema.default(''),
});
export type NewCardholderInput = z.input<typeof NewCardholderSchema>;

/**
 * One line of a draft: an existing card (load, replacement, upgrade) or a new cardholder (new
 * cards), with the amount to load in cents (0: card only). `tempCardId` identifies the line in the
 * browser and on the server alike.
 */
export const DraftCardSchema = z.object({
  tempCardId: z.string().trim().min(1).max(64),
  cardId: z.uuid().nullable().default(null),
  /** The existing cardholder of a new card (a second card for someone), else null. */
  cardholderId: z.uuid().nullable().default(null),
  cardholder: NewCardholderSchema.nullable().default(null),
  cardName: z.string().trim().max(26).default(''),
  amountCents: LoadAmountCentsSchema,
});
export type DraftCard = z.output<typeof DraftCardSchema>;
export type DraftCardInput = z.input<typeof DraftCardSchema>;

export type DraftData = {
  cards: DraftCard[];
  deliveryPoint: { deliveryPointId: string; alias: string } | null;
  bulkAmount: number | null;
  cardsToAdd: DraftCard[];
  cardsToUpdate: DraftCard[];
  cardsToDelete: string[];
};

/** The local draft under `orderDraft` (SPEC §3), plus the product and family it is for. */
export type OrderDraft = {
  id: string | null;
  reason: CardIssueReason;
  orderType: OrderType;
  draftOrderAlias: string;
  invoiceComments: string;
  /** The option chosen on entry: `product:family` of a product page, or an expired-flow choice. */
  selectedOption: string | null;
  isUpdateMode: boolean;
  dataWasChanged: boolean;
  expiringDate: string | null;
  changedData: DraftData;
  defaultData: DraftData;
};

/** The local pointer to the draft being worked on (SPEC §3 draft order pointer). */
export type DraftOrderPointer = { orderType: OrderType; orderId: string };

export function emptyDraftData(): DraftData {
  return {
    cards: [],
    deliveryPoint: null,
    bulkAmount: null,
    cardsToAdd: [],
    cardsToUpdate: [],
    cardsToDelete: [],
  };
}

/** A fresh local draft for a reason (what starting a flow stores). */
export function newOrderDraft(
  reason: CardIssueReason,
  options: { selectedOption?: string | null; expiringDate?: string | null } = {},
): OrderDraft {
  return {
    id: null,
    reason,
    orderType: orderTypeOfReason(reason),
    draftOrderAlias: '',
    invoiceComments: '',
    selectedOption: options.selectedOption ?? null,
    isUpdateMode: false,
    dataWasChanged: false,
    expiringDate: options.expiringDate ?? null,
    changedData: emptyDraftData(),
    defaultData: emptyDraftData(),
  };
}

function sameContent(a: DraftCard, b: DraftCard): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(card: DraftCard): unknown {
  return [
    card.tempCardId,
    card.cardId,
    card.cardholderId,
    card.cardholder
      ? [
          card.cardholder.firstName,
          card.cardholder.lastName,
          card.cardholder.email,
          card.cardholder.phone,
          card.cardholder.employeeCode,
          card.cardholder.taxId,
        ]
      : null,
    card.cardName,
    card.amountCents,
  ];
}

/**
 * SPEC §3 diff rules, by `tempCardId`: added = in the changed list but not the default one;
 * removed = in the default list but not the changed one; updated = in both with differing content.
 */
export function diffDraftCards(
  defaultCards: readonly DraftCard[],
  changedCards: readonly DraftCard[],
): { cardsToAdd: DraftCard[]; cardsToUpdate: DraftCard[]; cardsToDelete: string[] } {
  const before = new Map(defaultCards.map((card) => [card.tempCardId, card]));
  const after = new Map(changedCards.map((card) => [card.tempCardId, card]));
  const cardsToAdd = changedCards.filter((card) => !before.has(card.tempCardId));
  const cardsToDelete = defaultCards
    .filter((card) => !after.has(card.tempCardId))
    .map((card) => card.tempCardId);
  const cardsToUpdate = changedCards.filter((card) => {
    const old = before.get(card.tempCardId);
    return old !== undefined && !sameContent(old, card);
  });
  return { cardsToAdd, cardsToUpdate, cardsToDelete };
}

/** Applies a diff to a list (what the server does with add/update/delete draft order cards). */
export function applyDraftDiff(
  cards: readonly DraftCard[],
  diff: {
    cardsToAdd: readonly DraftCard[];
    cardsToUpdate: readonly DraftCard[];
    cardsToDelete: readonly string[];
  },
): DraftCard[] {
  const removed = new Set(diff.cardsToDelete);
  const updated = new Map(diff.cardsToUpdate.map((card) => [card.tempCardId, card]));
  return [
    ...cards
      .filter((card) => !removed.has(card.tempCardId))
      .map((card) => updated.get(card.tempCardId) ?? card),
    ...diff.cardsToAdd,
  ];
}

/** The draft with its changed data's diff against the default data recomputed. */
export function withDiff(draft: OrderDraft): OrderDraft {
  const diff = diffDraftCards(draft.defaultData.cards, draft.changedData.cards);
  const headerChanged =
    draft.changedData.bulkAmount !== draft.defaultData.bulkAmount ||
    draft.changedData.deliveryPoint?.deliveryPointId !== draft.defaultData.deliveryPoint?.deliveryPointId;
  return {
    ...draft,
    dataWasChanged:
      headerChanged || diff.cardsToAdd.length + diff.cardsToUpdate.length + diff.cardsToDelete.length > 0,
    changedData: { ...draft.changedData, ...diff },
  };
}
