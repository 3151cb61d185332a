import {
  COURIER_NAMES,
  CardCategorySchema,
  OrderStatusSchema,
  PlacedOrderTypeSchema,
  type CardCategory,
  type NoShipmentReason,
  type OrderEventKind,
  type OrderEventNote,
  type OrderHistoryRequest,
  type OrderStatus,
  type OrderSummary,
  type PlacedOrderType,
} from '@tessera/domain';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import { BADGE_COLOR } from '../../lib/badge-colors';

/**
 * Badge colours (lib/badge-colors.ts): the colour only groups statuses; the badge's text says the
 * status.
 */
export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  awaiting_approval: BADGE_COLOR.amber,
  awaiting_payment: BADGE_COLOR.crimson,
  paid: BADGE_COLOR.blue,
  in_production: BADGE_COLOR.blue,
  shipped: BADGE_COLOR.blue,
  delivered: BADGE_COLOR.teal,
  loaded: BADGE_COLOR.teal,
  unloaded: BADGE_COLOR.slate,
  rejected: BADGE_COLOR.red,
  cancelled: BADGE_COLOR.grey,
};

/** The title of each timeline entry: the steps, and the ends an order may come to. */
export const TIMELINE_STEP_MESSAGE: Record<OrderEventKind, MessageId> = {
  draft: 'orders.step.draft',
  awaiting_approval: 'orders.status.awaitingApproval',
  awaiting_payment: 'orders.status.awaitingPayment',
  paid: 'orders.status.paid',
  in_production: 'orders.status.inProduction',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  loaded: 'orders.status.loaded',
  unloaded: 'orders.step.unloaded',
  rejected: 'orders.status.rejected',
  cancelled: 'orders.status.cancelled',
};

/** A courier's own name (ADR 026); a code the portal does not know is shown as it is. */
function courierName(code: string): string {
  return (COURIER_NAMES as Record<string, string>)[code] ?? code;
}

/**
 * A timeline note in words (ADR 013): the server sends a code and its values, the page says it in
 * the reader's language. The approver's reason is their own words, quoted as typed.
 */
export function timelineNoteText(intl: IntlShape, note: OrderEventNote): string {
  switch (note.code) {
    case 'approved': {
      // ADR 032: who approved, as which of how many, their comment, and whether one more is needed.
      const name = note.approverName ?? '';
      const parts = [
        note.count !== undefined && note.of !== undefined
          ? intl.formatMessage(
              { id: 'orders.timeline.note.approvedOf' },
              { count: note.count, of: note.of, name },
            )
          : name
            ? intl.formatMessage({ id: 'orders.timeline.note.approvedBy' }, { name })
            : intl.formatMessage({ id: 'orders.timeline.note.approved' }),
      ];
      if (note.comment)
        parts.push(intl.formatMessage({ id: 'orders.timeline.note.comment' }, { comment: note.comment }));
      if (note.count !== undefined && note.of !== undefined && note.count < note.of)
        parts.push(intl.formatMessage({ id: 'orders.timeline.note.oneMoreNeeded' }));
      return parts.join(' ');
    }
    case 'rejectionReason':
      return note.approverName
        ? intl.formatMessage(
            { id: 'orders.timeline.note.rejectedBy' },
            { name: note.approverName, reason: note.reason },
          )
        : intl.formatMessage({ id: 'orders.timeline.note.rejectionReason' }, { reason: note.reason });
    case 'approvalExpired':
      return intl.formatMessage({ id: 'orders.timeline.note.approvalExpired' }, { days: note.days });
    case 'trackingNumber':
      return note.courier
        ? intl.formatMessage(
            { id: 'orders.timeline.note.shipment' },
            { trackingNumber: note.trackingNumber, courier: courierName(note.courier) },
          )
        : intl.formatMessage(
            { id: 'orders.timeline.note.trackingNumber' },
            { trackingNumber: note.trackingNumber },
          );
    case 'shipmentReturned':
      return intl.formatMessage(
        { id: 'orders.timeline.note.shipmentReturned' },
        { trackingNumber: note.trackingNumber, courier: courierName(note.courier), reason: note.reason },
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

/** Why an order ships nothing, in words (the rule is the domain's `shipmentOf`). */
export const NO_SHIPMENT_MESSAGE: Record<NoShipmentReason, MessageId> = {
  loadsOnly: 'orders.details.noDelivery.loadsOnly',
  virtualCards: 'orders.details.noDelivery.virtualCards',
  unload: 'orders.details.noDelivery.unload',
};

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
