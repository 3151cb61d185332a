import {
  mayApprove,
  mayCancel,
  mayPay,
  roleMay,
  ORDER_ENDINGS,
  timelineOf,
  type Card,
  type OrderCard,
  type OrderDetails,
  type OrderSummary,
  type OrderType,
  type Payment,
  type RoleId,
  type OrderEventKind,
  type TimelineEntry,
} from '@tessera/domain';
import type { OrderApprovalRow, OrderEventRow, OrderLineRow, OrderRow } from './repository';

/** User ids to display names (`First Last`), '' for unknown. */
export type Names = Map<string, string>;

/** Orders a reorder makes sense for: loads and new cards (a replaced card is not replaced twice). */
const REORDERABLE: readonly string[] = ['NEW', 'NEW_LOAD', 'LOAD', 'READY_TO_TOP_UP', 'BULK_LOAD'];

export function toOrderSummary(
  row: OrderRow,
  cards: number,
  names: Names,
  approvedBy: string[] = [],
): OrderSummary {
  return {
    orderId: row.id,
    orderNumber: row.number,
    companyId: row.companyId,
    reason: row.reason,
    orderType: row.orderType,
    product: row.product,
    family: row.family,
    draftOrderAlias: row.alias,
    status: row.status,
    cards,
    totalCents: row.totalCents,
    rfCode: row.rfCode,
    submittedBy: row.submittedBy,
    submittedByName: names.get(row.submittedBy) ?? '',
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    draftedBy: row.draftedBy,
    approvalsRequired: row.approvalsRequired,
    approvedBy,
  };
}

/**
 * The timeline of an order (ADR 010, ADR 013): every step that applies to it, with when and by whom
 * it was first reached and the notes of its events (codes the page translates), the steps ahead
 * with no time. An order that ended before payment (rejected, cancelled) shows the steps it reached
 * and then its end: nothing is pending after it. An unload order has one step, the unload.
 */
export function timelineEntries(row: OrderRow, events: OrderEventRow[], names: Names): TimelineEntry[] {
  const byName = (event: OrderEventRow | undefined) => (event?.by ? (names.get(event.by) ?? '') : '');
  const entryOf = (step: OrderEventKind, stepEvents: OrderEventRow[]): TimelineEntry => ({
    step,
    at: stepEvents[0]?.at.toISOString() ?? null,
    byName: byName(stepEvents[0]),
    notes: stepEvents.flatMap((event) => (event.note ? [event.note] : [])),
  });
  const eventsOfKind = (kind: OrderEventKind) => events.filter((event) => event.status === kind);
  if (row.orderType === 'UNLOAD') return [entryOf('unloaded', eventsOfKind('unloaded'))];
  const steps = timelineOf({
    orderType: row.orderType as OrderType,
    family: row.family,
    approvalRequired: row.approvalRequired,
  });
  const entries = steps.map((step) => entryOf(step, eventsOfKind(step)));
  const ending = events.find((event) => (ORDER_ENDINGS as readonly string[]).includes(event.status));
  if (!ending) return entries;
  return [...entries.filter((entry) => entry.at !== null), entryOf(ending.status, [ending])];
}

export function toOrderDetails(
  row: OrderRow,
  cards: number,
  events: OrderEventRow[],
  payments: Payment[],
  names: Names,
  user: { userId: string; roleId: RoleId },
  cardsToActivate = 0,
  approvals: OrderApprovalRow[] = [],
): OrderDetails {
  const paid = payments.filter((payment) => payment.status === 'succeeded');
  const approvedBy = approvals.map((approval) => approval.approverId);
  const approvable = { ...row, approvedBy };
  return {
    ...toOrderSummary(row, cards, names, approvedBy),
    invoiceComments: row.invoiceComments,
    deliveryPoint: row.deliveryPoint ?? null,
    price: row.price,
    paidCents: paid.reduce((sum, payment) => sum + payment.amountCents, 0),
    payments,
    timeline: timelineEntries(row, events, names),
    approval: {
      required: row.approvalRequired,
      thresholdCents: row.approvalThresholdCents,
      decidedByName: row.decidedBy ? (names.get(row.decidedBy) ?? '') : '',
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectedReason: row.rejectedReason,
      approvalsRequired: row.approvalsRequired,
      approvals: approvals.map((approval) => ({
        byName: names.get(approval.approverId) ?? '',
        at: approval.at.toISOString(),
        comment: approval.comment,
      })),
      expiresAt: row.status === 'awaiting_approval' ? (row.approvalExpiresAt?.toISOString() ?? null) : null,
    },
    trackingNumber: row.trackingNumber,
    actions: {
      approve: mayApprove(approvable, user),
      pay: mayPay(row, user),
      cancel: mayCancel(row, user),
      reorder: REORDERABLE.includes(row.orderType),
      activate: cardsToActivate > 0 && roleMay(user.roleId, 'orders.activate'),
    },
  };
}

function cardRef(card: Card | undefined) {
  if (!card) return null;
  return {
    cardId: card.cardId,
    maskedNumber: card.maskedNumber,
    cardName: card.cardName,
    status: card.status,
    balanceCents: card.balanceCents,
  };
}

/** A line with its cards as they are now; the cardholder from the card, else as the order named them. */
export function toOrderCard(line: OrderLineRow, cards: Map<string, Card>): OrderCard {
  const card = line.cardId ? cards.get(line.cardId) : undefined;
  const replaced = line.replacedCardId ? cards.get(line.replacedCardId) : undefined;
  const holder = card?.cardholder ?? replaced?.cardholder ?? line.cardholder;
  return {
    position: line.position + 1,
    tempCardId: line.tempCardId,
    cardholder: {
      firstName: holder?.firstName ?? '',
      lastName: holder?.lastName ?? '',
      email: holder?.email ?? '',
      employeeCode: holder?.employeeCode ?? '',
    },
    card: cardRef(card),
    replacedCard: cardRef(replaced),
    amountCents: line.amountCents,
    cardFeeCents: line.cardFeeCents,
    replacementFeeCents: line.replacementFeeCents,
    serviceFeeCents: line.serviceFeeCents,
  };
}
