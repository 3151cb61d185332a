import {
  athensMidnight,
  FULFILMENT_NEXT,
  mayApprove,
  mayCancel,
  OPEN_STATUSES,
  PAID_STATUSES,
  ORDER_STATUSES,
  paymentMethodsFor,
  startOfAthensMonth,
  VISA_MAX_CENTS,
  type ApmLoopsResponse,
  type ImportBankStatementResponse,
  type Locale,
  type OrderCard,
  type OrderDetails,
  type OrderHistoryResponse,
  type OrderStatus,
  type OrderSummary,
  type OrdersOverviewResponse,
  type PaymentInstructions,
  type PaymentKind,
  type PaymentMethodsResponse,
  type PaymentResultResponse,
  type UnloadPriceResponse,
} from '@tessera/domain';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderHistoryRequestSchema } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { idempotent } from '../../platform/idempotency';
import type { IdentityService } from '../identity/service';
import type { LedgerService } from '../ledger/service';
import { ledgerEntries, ledgerTransactions } from '../ledger/schema';
import type { CardsService } from '../cards/service';
import type { DraftContext, IdempotencyOptions } from './draft-context';
import type { GatewayNotice, GatewayReturn, PaymentGateway } from './gateway';
import { toOrderCard, toOrderDetails, toOrderSummary, toPayment, type Names } from './order-views';
import {
  applyCardResult,
  applyStatementLine,
  parseStatement,
  paymentInstructions,
  startPayment,
  type PaymentOutcome,
} from './payments';
import {
  addEvent,
  approvalThreshold,
  countLines,
  eventsOf,
  findOrder,
  findPayment,
  linesOf,
  listOrders,
  openTransfers,
  paymentsOf,
  pendingPayments,
  setApprovalThreshold,
  statusCounts,
  updateOrder,
  updatePayment,
  type OrderRow,
  type PaymentRow,
} from './placed-repository';
import type { Executor } from './repository';
import { prepareSubmission, submitDraft, type OrderActor } from './submit-order';
import { placeUnloadOrder, unloadLines, type UnloadQuery } from './unload';

export type { OrderActor } from './submit-order';

/** A step of an order worth an email (ADR 010), sent after the change commits. */
export type OrderNotice = {
  kind:
    | 'submitted'
    | 'approved'
    | 'rejected'
    | 'paid'
    | 'paymentFailed'
    | 'shipped'
    | 'delivered'
    | 'loaded'
    | 'unloaded'
    | 'cancelled';
  order: OrderRow;
  /** paymentFailed: the attempt, whose reason tells a failure from a charge to refund. */
  payment?: PaymentRow;
};

export type PlacedOrdersDeps = {
  db: Db;
  ctx: DraftContext;
  cards: CardsService;
  ledger: LedgerService;
  identity: IdentityService;
  gateway: PaymentGateway;
  /**
   * The portal's address for the bank's return (PUBLIC_URL), or '' to return to a path on the
   * host the browser used.
   */
  publicUrl: string;
  /** Emails of the timeline; failures are logged by the caller, never undo the change. */
  notify?: (notice: OrderNotice) => Promise<void>;
  now?: () => Date;
};

type HistoryQuery = z.output<typeof OrderHistoryRequestSchema>;

export type SubmissionPath = 'om' | 'finance' | 'pm';

/**
 * Submitted orders, their approval, payment, fulfilment and unloads (SPEC §7 orders service;
 * docs/decisions/010-orders-payments.md). Every read and write is scoped by the company the route
 * resolved; an order of another company is "not found". Money moves only in `fulfilOrder` and
 * `submitUnload`, each in one transaction with the order's status change, and every call that moves
 * money or creates an order accepts an `Idempotency-Key`.
 */
export function createPlacedOrdersService(deps: PlacedOrdersDeps) {
  const { db, ctx } = deps;
  const now = deps.now ?? (() => new Date());
  const fulfilDeps = { cards: deps.cards, ledger: deps.ledger };

  async function namesOf(userIds: (string | null)[]): Promise<Names> {
    const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
    const users = ids.length > 0 ? await deps.identity.usersByIds(ids) : [];
    return new Map(users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`.trim()]));
  }

  async function summaries(rows: OrderRow[]): Promise<OrderSummary[]> {
    const [counts, names] = await Promise.all([
      countLines(
        db,
        rows.map((row) => row.id),
      ),
      namesOf(rows.map((row) => row.submittedBy)),
    ]);
    return rows.map((row) => toOrderSummary(row, counts.get(row.id) ?? 0, names));
  }

  async function summary(row: OrderRow): Promise<OrderSummary> {
    return (await summaries([row]))[0]!;
  }

  function notify(notice: OrderNotice): void {
    if (!deps.notify) return;
    void deps.notify(notice).catch(() => undefined);
  }

  function notifyPayment(outcome: PaymentOutcome): void {
    if (outcome.paid) notify({ kind: 'paid', order: outcome.order });
    if (outcome.failed) notify({ kind: 'paymentFailed', order: outcome.order, payment: outcome.payment });
  }

  async function lockOrder(tx: Executor, companyId: string, orderId: string): Promise<OrderRow> {
    const row = await findOrder(tx, companyId, orderId, { forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', `no order ${orderId} in ${companyId}`);
    return row;
  }

  async function getOrder(companyId: string, orderId: string): Promise<OrderRow> {
    const row = await findOrder(db, companyId, orderId);
    if (!row) throw new AppError('NOT_FOUND', `no order ${orderId} in ${companyId}`);
    return row;
  }

  function returnUrl(locale: Locale): string {
    return `${deps.publicUrl}${locale === 'el' ? '' : `/${locale}`}/orders/payment/result`;
  }

  async function instructionsFor(tx: Executor, order: OrderRow, method: PaymentKind, actor: OrderActor) {
    const payment = await startPayment(tx, order, method, actor);
    const redirectUrl =
      method === 'VISA'
        ? (
            await deps.gateway.createSession({
              paymentId: payment.id,
              amountCents: payment.amountCents,
              description: `Tessera #${order.number}`,
              returnUrl: returnUrl(actor.locale),
            })
          ).redirectUrl
        : null;
    return paymentInstructions(payment, order, redirectUrl, actor.locale);
  }

  function audit(
    tx: Executor,
    actor: OrderActor,
    action: string,
    orderId: string,
    before: unknown,
    after: unknown,
  ) {
    return writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId,
      action,
      entity: 'order',
      entityId: orderId,
      before,
      after,
      requestId: actor.requestId,
    });
  }

  /**
   * An approver's decision on an order waiting for approval (ADR 010): approved, it awaits payment;
   * rejected, it ends with the reason. Never the submitter's own (422, code 71).
   */
  async function decide(
    actor: OrderActor,
    orderId: string,
    decision: { approved: true } | { approved: false; reason: string },
  ): Promise<OrderSummary> {
    const order = await db.transaction(async (tx) => {
      const before = await lockOrder(tx, actor.companyId, orderId);
      if (before.status !== 'awaiting_approval') {
        throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is ${before.status}`);
      }
      if (!mayApprove(before, actor)) {
        throw new AppError('SELF_APPROVAL', `${actor.userId} submitted order ${orderId}`);
      }
      const at = now();
      const status = decision.approved ? ('awaiting_payment' as const) : ('rejected' as const);
      const reason = decision.approved ? '' : decision.reason;
      const after = await updateOrder(tx, orderId, {
        status,
        decidedBy: actor.userId,
        decidedAt: at,
        rejectedReason: reason,
      });
      await addEvent(tx, {
        orderId,
        status,
        by: actor.userId,
        at,
        note: decision.approved
          ? { code: 'approved' as const }
          : { code: 'rejectionReason' as const, reason },
      });
      await audit(
        tx,
        actor,
        decision.approved ? 'order.approve' : 'order.reject',
        orderId,
        { status: before.status },
        { status, ...(decision.approved ? {} : { reason }) },
      );
      return after;
    });
    notify({ kind: decision.approved ? 'approved' : 'rejected', order });
    return summary(order);
  }

  return {
    /**
     * Submits a draft (submitPaymentOm, submitOrderFinanceUser, submitOrderPaymentManager). The
     * order manager's submission also starts the payment with the chosen method unless the order
     * waits for approval.
     */
    async submit(
      actor: OrderActor,
      request: { draftId: string; method?: PaymentKind },
      idempotency: IdempotencyOptions,
    ): Promise<{ order: OrderSummary; payment: PaymentInstructions | null }> {
      let submitted = false;
      const result = await idempotent(
        db,
        {
          userId: actor.userId,
          route: idempotency.route,
          key: idempotency.key,
          companyId: actor.companyId,
          request,
        },
        async (tx, prepared) => {
          const order = await submitDraft(ctx, tx, request.draftId, actor, prepared);
          submitted = true;
          const payment =
            request.method && order.status === 'awaiting_payment'
              ? await instructionsFor(tx, order, request.method, actor)
              : null;
          return { orderId: order.id, payment };
        },
        () => prepareSubmission(ctx, actor.companyId, request.draftId),
      );
      const order = await getOrder(actor.companyId, result.orderId);
      // A replayed request answers the first response and sends nothing again.
      if (submitted) notify({ kind: 'submitted', order });
      return { order: await summary(order), payment: result.payment };
    },

    /** A payment manager (or provider staff) approves an order waiting for approval; never their own. */
    approve(actor: OrderActor, orderId: string): Promise<OrderSummary> {
      return decide(actor, orderId, { approved: true });
    },

    /** An approver turns a waiting order down, saying why. */
    reject(actor: OrderActor, orderId: string, reason: string): Promise<OrderSummary> {
      return decide(actor, orderId, { approved: false, reason });
    },

    /** The submitter or an approver withdraws an order not paid yet; its pending attempts end. */
    async cancel(actor: OrderActor, orderId: string): Promise<OrderSummary> {
      const order = await db.transaction(async (tx) => {
        const before = await lockOrder(tx, actor.companyId, orderId);
        if (!OPEN_STATUSES.includes(before.status)) {
          throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is ${before.status}`);
        }
        if (!mayCancel(before, actor))
          throw new AppError('FORBIDDEN', `${actor.userId} may not cancel ${orderId}`);
        const at = now();
        for (const pending of await pendingPayments(tx, orderId)) {
          await updatePayment(tx, pending.id, {
            status: 'cancelled',
            failureReason: 'orderCancelled',
            completedAt: at,
          });
        }
        const after = await updateOrder(tx, orderId, { status: 'cancelled' });
        await addEvent(tx, { orderId, status: 'cancelled', by: actor.userId, at });
        await audit(tx, actor, 'order.cancel', orderId, { status: before.status }, { status: after.status });
        return after;
      });
      notify({ kind: 'cancelled', order });
      return summary(order);
    },

    async paymentMethods(
      companyId: string,
      orderId: string,
    ): Promise<Omit<PaymentMethodsResponse, 'success'>> {
      const order = await getOrder(companyId, orderId);
      return {
        methods: paymentMethodsFor(order.totalCents).map((entry) => ({
          ...entry,
          maxCents: entry.method === 'VISA' ? VISA_MAX_CENTS : null,
        })),
      };
    },

    /** createPaymentOrder: a new payment attempt of an order awaiting payment. */
    async createPayment(
      actor: OrderActor,
      request: { orderId: string; method: PaymentKind },
      idempotency: IdempotencyOptions,
    ): Promise<PaymentInstructions> {
      return idempotent(
        db,
        {
          userId: actor.userId,
          route: idempotency.route,
          key: idempotency.key,
          companyId: actor.companyId,
          request,
        },
        async (tx) => {
          const order = await lockOrder(tx, actor.companyId, request.orderId);
          return instructionsFor(tx, order, request.method, actor);
        },
      );
    },

    /**
     * submitPaymentOrder: the browser's signed return from the bank. Checked against the bank's
     * signature and the company; recorded once (the bank's callback may have decided it first).
     */
    async submitPaymentReturn(
      actor: OrderActor,
      params: GatewayReturn,
    ): Promise<Omit<PaymentResultResponse, 'success'>> {
      if (!deps.gateway.verifyReturn(params)) {
        throw new AppError('VALIDATION', 'the bank return is not signed by the bank', {
          fields: [{ field: 'signature', key: 'invalidValue' }],
        });
      }
      const owned = await findPayment(db, params.paymentId, { companyId: actor.companyId });
      if (!owned) throw new AppError('NOT_FOUND', `no payment ${params.paymentId} in ${actor.companyId}`);
      const outcome = await db.transaction((tx) =>
        applyCardResult(
          fulfilDeps,
          tx,
          {
            id: `return:${params.paymentId}`,
            paymentId: params.paymentId,
            result: params.result,
            bankReference: params.bankReference,
            amountCents: null,
            payload: params,
          },
          now(),
        ),
      );
      notifyPayment(outcome);
      return { payment: toPayment(outcome.payment), order: await summary(outcome.order) };
    },

    /** The bank's server-to-server notice, signed; each event id is applied once. */
    async bankCallback(notice: GatewayNotice, signature: string): Promise<{ outcome: string }> {
      if (!deps.gateway.verifyNotice(notice, signature)) {
        throw new AppError('FORBIDDEN', 'bank notice signature invalid');
      }
      const outcome = await db.transaction((tx) =>
        applyCardResult(
          fulfilDeps,
          tx,
          { id: `callback:${notice.eventId}`, ...notice, payload: notice },
          now(),
        ),
      );
      notifyPayment(outcome);
      return { outcome: outcome.payment.status };
    },

    async getPayment(companyId: string, paymentId: string): Promise<Omit<PaymentResultResponse, 'success'>> {
      const payment = await findPayment(db, paymentId, { companyId });
      if (!payment) throw new AppError('NOT_FOUND', `no payment ${paymentId} in ${companyId}`);
      return {
        payment: toPayment(payment),
        order: await summary(await getOrder(companyId, payment.orderId)),
      };
    },

    /**
     * importBankStatement (provider staff): each line in its own transaction, so one bad line never
     * holds back the others, and each applied once by its id.
     */
    async importStatement(
      userId: string,
      csv: string,
    ): Promise<Omit<ImportBankStatementResponse, 'success'>> {
      const parsed = parseStatement(csv);
      const lines: ImportBankStatementResponse['lines'] = [];
      for (const line of parsed) {
        const applied = await db.transaction((tx) => applyStatementLine(fulfilDeps, tx, line, userId, now()));
        lines.push(applied.line);
        if (applied.outcome) notifyPayment(applied.outcome);
      }
      const matched = lines.filter((line) => line.outcome === 'matched').length;
      return { lines, matched, unmatched: lines.length - matched };
    },

    async history(companyId: string, query: HistoryQuery): Promise<Omit<OrderHistoryResponse, 'success'>> {
      const { rows, total } = await listOrders(
        db,
        companyId,
        {
          from: query.from ? athensMidnight(query.from) : undefined,
          to: query.to ? athensMidnight(addOneDay(query.to)) : undefined,
          status: query.status,
          product: query.product,
          orderType: query.orderType,
        },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
      );
      return { orders: await summaries(rows), total, page: query.page, pageSize: query.pageSize };
    },

    async details(
      companyId: string,
      orderId: string,
      user: { userId: string; roleId: OrderActor['roleId'] },
    ): Promise<OrderDetails> {
      const row = await getOrder(companyId, orderId);
      const [events, paymentRows, counts] = await Promise.all([
        eventsOf(db, orderId),
        paymentsOf(db, orderId),
        countLines(db, [orderId]),
      ]);
      const names = await namesOf([row.submittedBy, row.decidedBy, ...events.map((event) => event.by)]);
      const waiting = row.product === 'COPMLIMENT' ? await complimentaryWaiting(db, orderId) : 0;
      return toOrderDetails(row, counts.get(orderId) ?? 0, events, paymentRows, names, user, waiting);
    },

    async orderCards(
      companyId: string,
      request: { orderId: string; page: number; pageSize: number },
    ): Promise<{ cards: OrderCard[]; total: number }> {
      await getOrder(companyId, request.orderId);
      const [lines, counts] = await Promise.all([
        linesOf(db, request.orderId, {
          offset: (request.page - 1) * request.pageSize,
          limit: request.pageSize,
        }),
        countLines(db, [request.orderId]),
      ]);
      const cardIds = lines.flatMap((line) =>
        [line.cardId, line.replacedCardId].filter((id): id is string => id !== null),
      );
      const cards = await deps.cards.cardsOfCompany(db, companyId, cardIds);
      const byId = new Map(cards.map((card) => [card.cardId, card]));
      return { cards: lines.map((line) => toOrderCard(line, byId)), total: counts.get(request.orderId) ?? 0 };
    },

    /** Every line of an order, streamed a page at a time (the analysis Excel of a 100,000-card order). */
    async *allOrderCards(companyId: string, orderId: string): AsyncGenerator<OrderCard> {
      const pageSize = 2_000;
      for (let page = 1; ; page += 1) {
        const { cards } = await this.orderCards(companyId, { orderId, page, pageSize });
        yield* cards;
        if (cards.length < pageSize) return;
      }
    },

    async overview(companyId: string): Promise<Omit<OrdersOverviewResponse, 'success'>> {
      const monthStart = startOfAthensMonth(now());
      const [counts, waitingApproval, waitingPayment, recent, threshold, month, funding] = await Promise.all([
        statusCounts(db, companyId),
        listOrders(db, companyId, { status: 'awaiting_approval' }, { offset: 0, limit: 20 }),
        listOrders(db, companyId, { status: 'awaiting_payment' }, { offset: 0, limit: 20 }),
        listOrders(db, companyId, {}, { offset: 0, limit: 10 }),
        approvalThreshold(db, companyId),
        monthFigures(db, companyId, monthStart),
        deps.ledger.companyFundingAccount(db, companyId).then((id) => deps.ledger.balance(db, id)),
      ]);
      const [approval, payment, latest] = await Promise.all([
        summaries(waitingApproval.rows),
        summaries(waitingPayment.rows),
        summaries(recent.rows),
      ]);
      return {
        counts: Object.fromEntries(
          ORDER_STATUSES.map((status) => [status, counts.get(status) ?? 0]),
        ) as Record<OrderStatus, number>,
        awaitingApproval: approval,
        awaitingPayment: payment,
        recent: latest,
        monthLoadedCents: month.loaded,
        monthFeesCents: month.fees,
        companyBalanceCents: funding,
        approvalThresholdCents: threshold,
      };
    },

    /** retrieveApmLoops: RF and IRIS payments of the company still waiting for the bank (ADR 010). */
    async apmLoops(companyId: string): Promise<Omit<ApmLoopsResponse, 'success'>> {
      const rows = await openTransfers(db, companyId);
      return {
        loops: rows.map((row) => ({
          paymentId: row.id,
          orderId: row.orderId,
          orderNumber: row.number,
          method: row.method,
          rfCode: row.rfCode,
          amountCents: row.amountCents,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    approvalThreshold: (companyId: string) => approvalThreshold(db, companyId),

    async setApprovalThreshold(actor: OrderActor, thresholdCents: number | null): Promise<number | null> {
      await db.transaction(async (tx) => {
        const before = await approvalThreshold(tx, actor.companyId);
        await setApprovalThreshold(tx, actor.companyId, thresholdCents);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          companyId: actor.companyId,
          action: 'orders.approval-threshold',
          entity: 'company',
          entityId: actor.companyId,
          before: { thresholdCents: before },
          after: { thresholdCents },
          requestId: actor.requestId,
        });
      });
      return thresholdCents;
    },

    /** Provider staff move a paid order along: production → shipped (tracking) → delivered → loaded. */
    async advance(actor: OrderActor, orderId: string, trackingNumber: string): Promise<OrderSummary> {
      const order = await db.transaction(async (tx) => {
        const before = await lockOrder(tx, actor.companyId, orderId);
        const next = FULFILMENT_NEXT[before.status];
        if (!next) throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is ${before.status}`);
        const at = now();
        const after = await updateOrder(tx, orderId, {
          status: next,
          ...(next === 'shipped' && trackingNumber ? { trackingNumber } : {}),
        });
        await addEvent(tx, {
          orderId,
          status: next,
          by: actor.userId,
          at,
          note:
            next === 'shipped' && trackingNumber ? { code: 'trackingNumber' as const, trackingNumber } : null,
        });
        await audit(tx, actor, 'order.advance', orderId, { status: before.status }, { status: next });
        return after;
      });
      if (order.status === 'shipped' || order.status === 'delivered' || order.status === 'loaded') {
        notify({ kind: order.status, order });
      }
      return summary(order);
    },

    /** reorder: a new draft with the order's lines (loads: the same cards; new cards: the same people). */
    async reorder(
      actor: OrderActor,
      orderId: string,
      idempotency: IdempotencyOptions,
    ): Promise<{ draftId: string }> {
      const order = await getOrder(actor.companyId, orderId);
      if (
        order.orderType === 'UNLOAD' ||
        ['DAMAGED', 'LOST', 'EXPIRED', 'UPGRADE'].includes(order.orderType)
      ) {
        throw new AppError(
          'ORDER_STATE_CONFLICT',
          `order ${orderId} of type ${order.orderType} cannot be reordered`,
        );
      }
      const lines = await linesOf(db, orderId);
      const creates = order.orderType === 'NEW' || order.orderType === 'NEW_LOAD';
      const made = creates
        ? await deps.cards.cardsOfCompany(
            db,
            actor.companyId,
            lines.flatMap((line) => (line.cardId ? [line.cardId] : [])),
          )
        : [];
      const holderOf = new Map(made.map((card) => [card.cardId, card.cardholder.cardholderId]));
      return idempotent(
        db,
        {
          userId: actor.userId,
          route: idempotency.route,
          key: idempotency.key,
          companyId: actor.companyId,
          request: { orderId },
        },
        async (tx) => {
          await ctx.claimDraftSlot(tx, actor.companyId);
          const row = await ctx.insertNewDraft(
            tx,
            {
              reason: order.reason ?? (creates ? 'new-card' : 'load-card'),
              orderType: order.orderType as Exclude<typeof order.orderType, 'UNLOAD'>,
              product: order.product,
              family: order.family,
              draftOrderAlias: order.alias,
              invoiceComments: order.invoiceComments,
              deliveryPointId: order.deliveryPoint?.deliveryPointId ?? null,
              bulkAmountCents: null,
              expiringDate: null,
            },
            lines.map((line) => {
              const holderId =
                creates && line.cardId ? (holderOf.get(line.cardId) ?? null) : line.cardholderId;
              return {
                tempCardId: line.tempCardId,
                cardId: creates ? null : line.cardId,
                cardholderId: holderId,
                cardholder: holderId ? null : line.cardholder,
                cardName: line.cardName,
                amountCents: line.amountCents,
              };
            }),
            actor,
          );
          return { draftId: row.id };
        },
      );
    },

    /** unloadOrderPriceCalculation: what taking money back from the cards gives, card by card. */
    async unloadPrice(
      companyId: string,
      request: UnloadQuery,
    ): Promise<Omit<UnloadPriceResponse, 'success'>> {
      const lines = await unloadLines(db, deps.cards, companyId, request);
      return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
    },

    /**
     * submitUnloadOrder: money back from cards to the company's balance, as one order, in one
     * transaction with its ledger posting; the cards are locked so a balance read is the balance
     * unloaded.
     */
    async submitUnload(
      actor: OrderActor,
      request: UnloadQuery,
      idempotency: IdempotencyOptions,
    ): Promise<OrderSummary> {
      const result = await idempotent(
        db,
        {
          userId: actor.userId,
          route: idempotency.route,
          key: idempotency.key,
          companyId: actor.companyId,
          request,
        },
        async (tx) => {
          const order = await placeUnloadOrder(tx, fulfilDeps, actor, request, now());
          return { orderId: order.id };
        },
      );
      const order = await getOrder(actor.companyId, result.orderId);
      notify({ kind: 'unloaded', order });
      return summary(order);
    },

    /**
     * activateComplimentOrder (SPEC §7): a paid complimentary order's cards, made blocked until the
     * company hands them out, become active. Answers how many were activated (0 on a repeat).
     */
    async activateComplimentOrder(actor: OrderActor, orderId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, actor.companyId, orderId);
        if (order.product !== 'COPMLIMENT' || !PAID_STATUSES.includes(order.status)) {
          throw new AppError('ORDER_STATE_CONFLICT', `order ${orderId} is not a paid complimentary order`);
        }
        const lines = await linesOf(tx, orderId);
        const activated = await deps.cards.activateCards(
          tx,
          actor.companyId,
          lines.flatMap((line) => (line.cardId ? [line.cardId] : [])),
        );
        if (activated > 0) {
          await addEvent(tx, {
            orderId,
            status: 'loaded',
            by: actor.userId,
            at: now(),
            note: { code: 'cardsActivated', count: activated },
          });
          await audit(tx, actor, 'order.activate', orderId, null, { activated });
        }
        return activated;
      });
    },

    getOrder,
  };
}

/** How many cards of a complimentary order still wait for activation. */
async function complimentaryWaiting(db: Db, orderId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from order_lines l join cards c on c.id = l.card_id
     where l.order_id = ${orderId} and c.status = 'blocked'`);
  return Number(result.rows[0]?.n ?? 0);
}

export type PlacedOrdersService = ReturnType<typeof createPlacedOrdersService>;

function addOneDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** This month's loads and fees of the company, from the ledger. */
async function monthFigures(
  db: Db,
  companyId: string,
  since: Date,
): Promise<{ loaded: number; fees: number }> {
  const rows = await db
    .select({
      kind: ledgerTransactions.kind,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} > 0), 0)`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.companyId, companyId),
        inArray(ledgerTransactions.kind, ['load', 'fee']),
        gte(ledgerTransactions.postedAt, since),
      ),
    )
    .groupBy(ledgerTransactions.kind);
  const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.total ?? 0);
  return { loaded: of('load'), fees: of('fee') };
}
