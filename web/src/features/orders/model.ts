import {
  CardCategorySchema,
  OrderStatusSchema,
  PlacedOrderTypeSchema,
  PRODUCTS,
  type CardCategory,
  type CardFamily,
  type Locale,
  type NoShipmentReason,
  type OrderEventKind,
  type OrderEventNote,
  type OrderHistoryRequest,
  type OrderStatus,
  type OrderSummary,
  type PaymentFailureReason,
  type PaymentStatus,
  type PlacedOrderType,
} from '@tessera/domain';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/messages';

/**
 * The rules of the orders pages that need no React: labels of statuses, types and steps, the
 * history's filters as they live in the address, and what happens after a payment.
 */

export const ORDER_STATUS_MESSAGE: Record<OrderStatus, MessageId> = {
  awaiting_approval: 'orders.status.awaitingApproval',
  awaiting_payment: 'orders.status.awaitingPayment',
  paid: 'orders.status.paid',
  in_production: 'orders.status.inProduction',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  loaded: 'orders.status.loaded',
  unloaded: 'orders.status.unloaded',
  rejected: 'orders.status.rejected',
  cancelled: 'orders.status.cancelled',
};

/**
 * Badge colours: each passes WCAG AA as white text on it. The colour only groups statuses; the
 * badge's text says the status.
 */
export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  awaiting_approval: '#8a4b00',
  awaiting_payment: '#a61e4d',
  paid: '#1864ab',
  in_production: '#1864ab',
  shipped: '#1864ab',
  delivered: '#0b5f5a',
  loaded: '#0b5f5a',
  unloaded: '#5c5f66',
  rejected: '#b02525',
  cancelled: '#495057',
};

export const ORDER_TYPE_MESSAGE: Record<PlacedOrderType, MessageId> = {
  NEW: 'orders.type.new',
  LOAD: 'orders.type.load',
  DAMAGED: 'orders.type.damaged',
  EXPIRED: 'orders.type.expired',
  LOST: 'orders.type.lost',
  UPGRADE: 'orders.type.upgrade',
  BULK_LOAD: 'orders.type.bulkLoad',
  READY_TO_TOP_UP: 'orders.type.readyToTopUp',
  NEW_LOAD: 'orders.type.newLoad',
  UNLOAD: 'orders.type.unload',
};

/** The title of each timeline entry: the steps, and the ends an order may come to. */
export const TIMELINE_STEP_MESSAGE: Record<OrderEventKind, MessageId> = {
  draft: 'orders.step.draft',
  awaiting_approval: 'orders.step.awaitingApproval',
  awaiting_payment: 'orders.step.awaitingPayment',
  paid: 'orders.step.paid',
  in_production: 'orders.step.inProduction',
  shipped: 'orders.step.shipped',
  delivered: 'orders.step.delivered',
  loaded: 'orders.step.loaded',
  unloaded: 'orders.step.unloaded',
  rejected: 'orders.step.rejected',
  cancelled: 'orders.step.cancelled',
};

/**
 * A timeline note in words (ADR 013): the server sends a code and its values, the page says it in
 * the reader's language. The approver's reason is their own words, quoted as typed.
 */
export function timelineNoteText(intl: IntlShape, note: OrderEventNote): string {
  switch (note.code) {
    case 'approved':
      return intl.formatMessage({ id: 'orders.timeline.note.approved' });
    case 'rejectionReason':
      return intl.formatMessage({ id: 'orders.timeline.note.rejectionReason' }, { reason: note.reason });
    case 'trackingNumber':
      return intl.formatMessage(
        { id: 'orders.timeline.note.trackingNumber' },
        { trackingNumber: note.trackingNumber },
      );
    case 'linesNotLoaded':
      return intl.formatMessage(
        { id: 'orders.timeline.note.linesNotLoaded' },
        {
          count: note.lines.length,
          lines: intl.formatList(note.lines.map(String), { type: 'conjunction' }),
        },
      );
    case 'cardsActivated':
      return intl.formatMessage({ id: 'orders.timeline.note.cardsActivated' }, { count: note.count });
  }
}

/** Why a payment attempt did not succeed, in words. */
export const PAYMENT_FAILURE_MESSAGE: Record<PaymentFailureReason, MessageId> = {
  declined: 'orders.paymentFailure.declined',
  cancelledByPayer: 'orders.paymentFailure.cancelledByPayer',
  replaced: 'orders.paymentFailure.replaced',
  paidByTransfer: 'orders.paymentFailure.paidByTransfer',
  orderCancelled: 'orders.paymentFailure.orderCancelled',
  amountMismatch: 'orders.paymentFailure.amountMismatch',
  orderNotAwaitingPayment: 'orders.paymentFailure.orderNotAwaitingPayment',
};

/** Why an order ships nothing, in words (the rule is the domain's `shipmentOf`). */
export const NO_SHIPMENT_MESSAGE: Record<NoShipmentReason, MessageId> = {
  loadsOnly: 'orders.details.noDelivery.loadsOnly',
  virtualCards: 'orders.details.noDelivery.virtualCards',
  unload: 'orders.details.noDelivery.unload',
};

export const PAYMENT_STATUS_MESSAGE: Record<PaymentStatus, MessageId> = {
  pending: 'orders.paymentStatus.pending',
  succeeded: 'orders.paymentStatus.succeeded',
  failed: 'orders.paymentStatus.failed',
  cancelled: 'orders.paymentStatus.cancelled',
};

const FAMILY_MESSAGE: Record<CardFamily, MessageId> = {
  plastic: 'orders.family.plastic',
  virtual: 'orders.family.virtual',
  spendeo: 'orders.family.spendeo',
  mybenefits: 'orders.family.mybenefits',
};

/** Product names are bilingual data (ARCHITECTURE §4): they come from `PRODUCTS`, per culture. */
export function productName(product: CardCategory, locale: Locale): string {
  return PRODUCTS[product].name[locale];
}

/** `Ticket Restaurant · Πλαστική`; a product with one family only is just its name. */
export function productFamilyName(
  intl: IntlShape,
  locale: Locale,
  product: CardCategory,
  family: CardFamily,
): string {
  const name = productName(product, locale);
  if (PRODUCTS[product].families.length === 1) return name;
  return `${name} · ${intl.formatMessage({ id: FAMILY_MESSAGE[family] })}`;
}

/** `#1042`: how people name an order. */
export function orderNumberText(order: Pick<OrderSummary, 'orderNumber'>): string {
  return `#${order.orderNumber}`;
}

// ---------------------------------------------------------------------------------------------
// Order history: the filters live in the address (`?status=loaded&from=2026-03-01&page=2`), so a
// reload, back and forward and a shared link all show the same list.

export const HISTORY_PAGE_SIZE = 20;

/** The most a waiting list (/paymentManager, /finance) shows; the history pages through the rest. */
export const WAITING_LIST_SIZE = 100;

export type HistoryFilters = {
  from: string | null;
  to: string | null;
  status: OrderStatus | null;
  product: CardCategory | null;
  orderType: PlacedOrderType | null;
  page: number;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateParam(value: string | null): string | null {
  return value !== null && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** Reads the filters of the address; anything unknown is ignored (an old or mistyped link). */
export function parseHistoryParams(params: URLSearchParams): HistoryFilters {
  const page = Number(params.get('page'));
  return {
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
    status: OrderStatusSchema.safeParse(params.get('status')).data ?? null,
    product: CardCategorySchema.safeParse(params.get('product')).data ?? null,
    orderType: PlacedOrderTypeSchema.safeParse(params.get('orderType')).data ?? null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a set of filters: only what is set, the first page implied. */
export function historyParams(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.status) params.set('status', filters.status);
  if (filters.product) params.set('product', filters.product);
  if (filters.orderType) params.set('orderType', filters.orderType);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A change of filters; any change but the page's goes back to the first page. */
export function applyHistoryChange(filters: HistoryFilters, change: Partial<HistoryFilters>): HistoryFilters {
  const next = { ...filters, ...change };
  return 'page' in change ? next : { ...next, page: 1 };
}

export function hasHistoryFilters(filters: HistoryFilters): boolean {
  return Boolean(filters.from || filters.to || filters.status || filters.product || filters.orderType);
}

/** The `retrieveOrderHistory` request of the filters. */
export function historyRequest(filters: HistoryFilters): OrderHistoryRequest {
  return {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.product ? { product: filters.product } : {}),
    ...(filters.orderType ? { orderType: filters.orderType } : {}),
    page: filters.page,
    pageSize: HISTORY_PAGE_SIZE,
  };
}

/** Whether a date range reads backwards (then the list would be empty for no visible reason). */
export function isRangeReversed(filters: Pick<HistoryFilters, 'from' | 'to'>): boolean {
  return filters.from !== null && filters.to !== null && filters.from > filters.to;
}

// ---------------------------------------------------------------------------------------------
// After a payment.

/** What happens next, by where the paid order is (the success page). */
export function nextStepMessage(status: OrderStatus): MessageId {
  switch (status) {
    case 'loaded':
      return 'orders.success.next.loaded';
    case 'in_production':
      return 'orders.success.next.inProduction';
    case 'shipped':
      return 'orders.success.next.shipped';
    case 'delivered':
      return 'orders.success.next.delivered';
    default:
      return 'orders.success.next.paid';
  }
}
