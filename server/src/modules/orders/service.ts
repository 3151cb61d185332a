import type {
  ApprovalSettings,
  OrderMoneySettings,
  OrderSummary,
  PaymentInstructions,
  PaymentKind,
  PublicOrdersQuery,
} from '@tessera/domain';
import type { Jobs } from '../../platform/jobs';
import type { IdempotencyOptions, PreparedSubmission } from '../drafts';
import { activateComplimentOrder } from './activate-compliment-order';
import { advanceOrder } from './advance-order';
import { setApprovalSettings, setOrderApprovalThreshold } from './approval-threshold';
import { EXPIRE_APPROVALS_CRON, EXPIRE_APPROVALS_JOB, expireApprovals } from './expire-approvals';
import { cancelOrder } from './cancel-order';
import { decideOrder } from './decide-order';
import { fulfilOrder } from './fulfil-order';
import { allOrderCards, getOrderCards, getOrderDetails } from './get-order';
import { listOrderHistory, publicOrdersPage } from './list-orders';
import { createOrderContext, type OrdersDeps } from './order-context';
import { ordersOverview } from './orders-overview';
import { reorderOrder } from './reorder-order';
import { approvalThreshold, moneySettingsOf, orderNumbersOf, type OrderRow } from './repository';
import type { OrderActor } from './order-context';
import { createShipping } from './ship-order';
import { startOrderPayment, submitDraft, submitOrder } from './submit-order';
import { submitUnload, unloadPrice, type UnloadQuery } from './unload';
import { blockAndUnloadCards, type BlockAndUnload } from './block-and-unload';
import type { Executor } from '../../platform/db';

export type { OrderActor } from './order-context';
export type { OrderNotice, OrderPayments, OrdersDeps } from './order-context';

/**
 * Submitted orders: their approval, fulfilment and unloads (SPEC §7 orders service;
 * docs/decisions/010-orders-payments.md). Every read and write is scoped by the company the route
 * resolved; an order of another company is "not found". Money moves only in `fulfil` (called by
 * the payments module when an order is paid) and `submitUnload`, each in one transaction with the
 * order's status change, and every call that moves money or creates an order accepts an
 * `Idempotency-Key`. Each operation is its own file; this assembles them.
 */
export function createOrdersService(deps: OrdersDeps & { jobs?: Jobs }) {
  const ctx = createOrderContext(deps);
  if (deps.jobs) {
    deps.jobs.define<object>(EXPIRE_APPROVALS_JOB, {
      cron: EXPIRE_APPROVALS_CRON,
      retryLimit: 2,
      handler: async () => {
        await expireApprovals(ctx);
      },
    });
  }
  return {
    submit: (
      actor: OrderActor,
      request: { draftId: string; method?: PaymentKind },
      idempotency: IdempotencyOptions,
    ): Promise<{ order: OrderSummary; payment: PaymentInstructions | null }> =>
      submitOrder(ctx, actor, request, idempotency),
    /**
     * submitOrderPaymentManager: a payment manager approves an order waiting for approval (the
     * request names an `orderId`) or submits a draft (it names a `draftId`).
     */
    async submitAsPaymentManager(
      actor: OrderActor,
      request: { orderId: string; comment?: string } | { draftId: string; method?: PaymentKind },
      idempotency: IdempotencyOptions,
    ): Promise<{ order: OrderSummary; payment: PaymentInstructions | null }> {
      if ('orderId' in request) {
        const decision = { approved: true as const, comment: request.comment ?? '' };
        return { order: await decideOrder(ctx, actor, request.orderId, decision), payment: null };
      }
      return submitOrder(ctx, actor, request, idempotency);
    },
    /**
     * A payment manager (or provider staff) approves an order waiting for approval, with an optional
     * comment; never their own, never twice (ADR 032).
     */
    approve: (actor: OrderActor, orderId: string, comment = '') =>
      decideOrder(ctx, actor, orderId, { approved: true, comment }),
    /** An approver turns a waiting order down, saying why. */
    reject: (actor: OrderActor, orderId: string, reason: string) =>
      decideOrder(ctx, actor, orderId, { approved: false, reason }),
    cancel: (actor: OrderActor, orderId: string) => cancelOrder(ctx, actor, orderId),
    /** The public API's keyset page of orders (ADR 037). */
    publicPage: (companyId: string, query: PublicOrdersQuery) => publicOrdersPage(ctx, companyId, query),
    history: (companyId: string, query: Parameters<typeof listOrderHistory>[2]) =>
      listOrderHistory(ctx, companyId, query),
    details: (companyId: string, orderId: string, user: Parameters<typeof getOrderDetails>[3]) =>
      getOrderDetails(ctx, companyId, orderId, user),
    orderCards: (companyId: string, request: Parameters<typeof getOrderCards>[2]) =>
      getOrderCards(ctx, companyId, request),
    allOrderCards: (companyId: string, orderId: string) => allOrderCards(ctx, companyId, orderId),
    overview: (companyId: string) => ordersOverview(ctx, companyId),
    approvalThreshold: (companyId: string) => approvalThreshold(ctx.db, companyId),
    setApprovalThreshold: (actor: OrderActor, thresholdCents: number | null) =>
      setOrderApprovalThreshold(ctx, actor, thresholdCents),
    /** The company's approval rule: switch and thresholds, expiry days (ADR 032), step-up minimum (ADR 040). */
    approvalSettings: (companyId: string): Promise<OrderMoneySettings> => moneySettingsOf(ctx.db, companyId),
    setApprovalSettings: (actor: OrderActor, settings: ApprovalSettings) =>
      setApprovalSettings(ctx, actor, settings),
    /** Expires the orders nobody decided in time (the hourly job; tests pass their clock). */
    expireApprovals: (now?: Date) => expireApprovals(ctx, now),
    advance: (actor: OrderActor, orderId: string, trackingNumber: string) =>
      advanceOrder(ctx, actor, orderId, trackingNumber),
    reorder: (actor: OrderActor, orderId: string, idempotency: IdempotencyOptions) =>
      reorderOrder(ctx, actor, orderId, idempotency),
    unloadPrice: (companyId: string, request: UnloadQuery) => unloadPrice(ctx, companyId, request),
    submitUnload: (actor: OrderActor, request: UnloadQuery, idempotency: IdempotencyOptions) =>
      submitUnload(ctx, actor, request, idempotency),
    /** Blocks cards and unloads their balances to the company, all or nothing (ADR 036). */
    blockAndUnloadCards: (actor: OrderActor, request: BlockAndUnload, idempotency: IdempotencyOptions) =>
      blockAndUnloadCards(ctx, actor, request, idempotency),
    activateComplimentOrder: (actor: OrderActor, orderId: string) =>
      activateComplimentOrder(ctx, actor, orderId),

    /** The courier steps, in the fulfilment module's transactions (ADR 026). */
    shipping: createShipping(ctx),

    /** The numbers of the company's orders among `orderIds` (the invoices lists name their order). */
    orderNumbers: (companyId: string, orderIds: readonly string[]) =>
      orderNumbersOf(ctx.db, companyId, orderIds),
    // What the payments module uses (through `index.ts`).
    getOrder: ctx.getOrder,
    lockOrder: ctx.lockOrder,
    lockPaidOrder: ctx.lockPaidOrder,
    lockOrderByNumber: ctx.lockOrderByNumber,
    summary: ctx.summary,
    notify: ctx.notify,
    /**
     * Turns a draft into an order in the caller's transaction (a recurring run, ADR 028): the same
     * checks, pricing and approval rule as a submission from the browser. The caller notifies.
     */
    submitDraftIn: (tx: Executor, draftId: string, actor: OrderActor, prepared: PreparedSubmission) =>
      submitDraft(ctx, tx, draftId, actor, prepared),
    /**
     * Starts the payment of an order awaiting it, in the caller's transaction, once the person may
     * move its money (step-up, ADR 040): the payments module's createPaymentOrder, the public API
     * and recurring runs pay through it.
     */
    startPaymentIn: (tx: Executor, order: OrderRow, method: PaymentKind, actor: OrderActor) =>
      startOrderPayment(ctx, tx, order, method, actor),
    /**
     * Moves an order's money once it is paid, in the payment's transaction (ADR 010); answers the
     * order and how many cards were credited.
     */
    fulfil: (tx: Executor, order: OrderRow, paidBy: string | null, at: Date) =>
      fulfilOrder(ctx.fulfilDeps, tx, order, paidBy, at),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
