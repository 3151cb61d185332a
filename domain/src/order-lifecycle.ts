import { approvalRefusal, approvalsRequired, type ApprovableOrder } from './approval-rule';
import { roleMay } from './policies';
import type { RoleId } from './roles';
import { shipsCards, type OrderType } from './orders';
import type { CardFamily } from './products';

/**
 * Submitted orders: their states, the timeline shown on the order page, who approves and who pays
 * (SPEC §3 payment kinds, §7 orders service; docs/decisions/010-orders-payments.md).
 */

/**
 * Where an order is. `paid` is passed through in the transaction that pays: the order then waits
 * in production (cards to make and ship) or is `loaded` at once (loads and virtual cards).
 * `unloaded` ends an unload order; `rejected` and `cancelled` end an order that was never paid.
 */
export const ORDER_STATUSES = [
  'awaiting_approval',
  'awaiting_payment',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'loaded',
  'unloaded',
  'rejected',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The steps of the order timeline, in order; an order skips the steps that do not apply to it. */
export const TIMELINE_STEPS = [
  'draft',
  'awaiting_approval',
  'awaiting_payment',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'loaded',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

/**
 * What an order event records (`order_events.status`): reaching a step of the timeline, or the end
 * an order came to (`rejected`, `cancelled`, `unloaded`). The timeline on the order page is made of
 * these, each named by its own translated text.
 */
export const ORDER_EVENT_KINDS = ['draft', ...ORDER_STATUSES] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** The ends an order may come to before it is paid; its timeline stops there. */
export const ORDER_ENDINGS = ['rejected', 'cancelled'] as const satisfies readonly OrderEventKind[];

/** Orders that still wait for someone in the company: approval or payment. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['awaiting_approval', 'awaiting_payment'];
/** Orders whose money has moved. */
export const PAID_STATUSES: readonly OrderStatus[] = [
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'loaded',
];

/** The moves the provider's staff make after payment: production, courier, delivery, activation. */
export const FULFILMENT_NEXT: Partial<Record<OrderStatus, OrderStatus>> = {
  in_production: 'shipped',
  shipped: 'delivered',
  delivered: 'loaded',
};

/** The timeline steps that apply to an order (the ones its card list shows). */
export function timelineOf(order: {
  orderType: OrderType;
  family: CardFamily;
  approvalRequired: boolean;
}): TimelineStep[] {
  return TIMELINE_STEPS.filter((step) => {
    if (step === 'awaiting_approval') return order.approvalRequired;
    if (step === 'in_production' || step === 'shipped' || step === 'delivered') return shipsCards(order);
    return true;
  });
}

/** The company's approval rule as ADR 010 had it (the first threshold only). */
export type ApprovalPolicy = {
  /** Null: no order waits for approval. */
  thresholdCents: number | null;
};

/**
 * Whether an order waits for approval at all (ADR 010, ADR 032): see `approvalsRequired`, of which
 * this is the one-threshold case.
 */
export function needsApproval(policy: ApprovalPolicy, submitterRole: RoleId, totalCents: number): boolean {
  return approvalsRequired({ ...policy, secondThresholdCents: null }, submitterRole, totalCents) > 0;
}

/**
 * Whether a user may approve an order now (`approvalRefusal` says why not): the order waiting, a
 * role the policy table lets approve, not its submitter nor its draft's maker, not approved by them
 * already.
 */
export function mayApprove(order: ApprovableOrder, user: { userId: string; roleId: RoleId }): boolean {
  return approvalRefusal(order, user) === null;
}

/** Whether a user may pay an order now. */
export function mayPay(order: { status: OrderStatus }, user: { roleId: RoleId }): boolean {
  return order.status === 'awaiting_payment' && roleMay(user.roleId, 'orders.pay');
}

/** Whether a user may cancel an order not paid yet: its submitter, or an approver. */
export function mayCancel(
  order: { status: OrderStatus; submittedBy: string },
  user: { userId: string; roleId: RoleId },
): boolean {
  return (
    OPEN_STATUSES.includes(order.status) &&
    (order.submittedBy === user.userId || roleMay(user.roleId, 'orders.reject'))
  );
}
