import {
  mayApprove,
  mayCancel,
  mayPay,
  ROLE,
  timelineOf,
  type Card,
  type OrderCard,
  type OrderDetails,
  type OrderSummary,
  type OrderType,
  type Payment,
  type RoleId,
  type TimelineEntry,
  type TimelineStep,
} from '@tessera/domain';
import type { OrderEventRow, OrderLineRow, OrderRow, PaymentRow } from './placed-repository';

/** User ids to display names (`First Last`), '' for unknown. */
export type Names = Map<string, string>;

const ORDERING_ROLES: readonly RoleId[] = [ROLE.ADMIN, ROLE.CUSTOMER_CARE, ROLE.ORDER_MANAGER];

/** Orders a reorder makes sense for: loads and new cards (a replaced card is not replaced twice). */
const REORDERABLE: readonly string[] = ['NEW', 'NEW_LOAD', 'LOAD', 'READY_TO_TOP_UP', 'BULK_LOAD'];

export function toOrderSummary(row: OrderRow, cards: number, names: Names): OrderSummary {
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
  };
}

export function toPayment(row: PaymentRow): Payment {
  return {
    paymentId: row.id,
    method: row.method,
    status: row.status,
    amountCents: row.amountCents,
    bankReference: row.bankReference,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * The timeline of an order: every step that applies to it, with when and by whom it was reached
 * (the latest event of each step), steps ahead with no time. An order that ended early (rejected,
 * cancelled) shows its steps up to the end and the end itself as a note on the last one.
 */
export function timelineEntries(row: OrderRow, events: OrderEventRow[], names: Names): TimelineEntry[] {
  if (row.orderType === 'UNLOAD') {
    const done = events.find((event) => event.status === 'unloaded');
    return [
      {
        step: 'loaded',
        at: done?.at.toISOString() ?? null,
        byName: done?.by ? (names.get(done.by) ?? '') : '',
        note: done?.note ?? '',
      },
    ];
  }
  const steps = timelineOf({
    orderType: row.orderType as OrderType,
    family: row.family,
    approvalRequired: row.approvalRequired,
  });
  const latest = new Map<string, OrderEventRow>();
  for (const event of events) latest.set(event.status, event);
  const entries = steps.map((step: TimelineStep) => {
    const event = latest.get(step);
    return {
      step,
      at: event?.at.toISOString() ?? null,
      byName: event?.by ? (names.get(event.by) ?? '') : '',
      note: event?.note ?? '',
    };
  });
  const ending = latest.get('rejected') ?? latest.get('cancelled');
  if (ending) {
    const reached = entries.filter((entry) => entry.at !== null).at(-1);
    if (reached) {
      reached.note = [reached.note, `${ending.status}: ${ending.note}`.trim()].filter(Boolean).join(' · ');
    }
  }
  return entries;
}

export function toOrderDetails(
  row: OrderRow,
  cards: number,
  events: OrderEventRow[],
  paymentRows: PaymentRow[],
  names: Names,
  user: { userId: string; roleId: RoleId },
  cardsToActivate = 0,
): OrderDetails {
  const paid = paymentRows.filter((payment) => payment.status === 'succeeded');
  return {
    ...toOrderSummary(row, cards, names),
    invoiceComments: row.invoiceComments,
    deliveryPoint: row.deliveryPoint ?? null,
    price: row.price,
    paidCents: paid.reduce((sum, payment) => sum + payment.amountCents, 0),
    payments: paymentRows.map(toPayment),
    timeline: timelineEntries(row, events, names),
    approval: {
      required: row.approvalRequired,
      thresholdCents: row.approvalThresholdCents,
      decidedByName: row.decidedBy ? (names.get(row.decidedBy) ?? '') : '',
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectedReason: row.rejectedReason,
    },
    trackingNumber: row.trackingNumber,
    actions: {
      approve: mayApprove(row, user),
      pay: mayPay(row, user),
      cancel: mayCancel(row, user),
      reorder: REORDERABLE.includes(row.orderType),
      activate: cardsToActivate > 0 && ORDERING_ROLES.includes(user.roleId),
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
