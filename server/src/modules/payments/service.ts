import {
  paymentMethodsFor,
  VISA_MAX_CENTS,
  type ApmLoopsResponse,
  type ImportBankStatementResponse,
  type PaymentInstructions,
  type PaymentKind,
  type PaymentMethodsResponse,
  type PaymentResultResponse,
} from '@tessera/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { companyScope, idempotent } from '../../platform/idempotency';
import type { BusinessMetrics } from '../../platform/metrics';
import type { IdempotencyOptions } from '../drafts';
import type { OrderActor, OrderPayments, OrdersService } from '../orders';
import { applyCardResult, type PaymentOutcome } from './apply-card-result';
import type { CardPaymentHandler, GatewayNotice, GatewayReturn, PaymentGateway } from './gateway';
import { applyStatementLine, parseStatement } from './import-statement';
import { toPayment } from './payment-view';
import { findPayment, openTransfers } from './repository';

export type PaymentsDeps = {
  db: Db;
  orders: OrdersService;
  /** The port the orders module starts payments through (the same object it was given). */
  orderPayments: OrderPayments;
  gateway: PaymentGateway;
  /** Card payments of other modules through the same gateway (merchants' fees). */
  otherCardPayments?: CardPaymentHandler[];
  /** Counts paid orders and the cards they credited (none when absent). */
  metrics?: Pick<BusinessMetrics, 'orderPaid' | 'cardsLoaded'>;
  now?: () => Date;
};

/**
 * Payments of orders (SPEC §7 payments calls; docs/decisions/010-orders-payments.md): the methods an
 * order may use, attempts, the bank's signed return and notices, statements and open transfers. An
 * order is paid at most once: each notice is applied once by its id, in one transaction with the
 * order's fulfilment.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, orders } = deps;
  const now = deps.now ?? (() => new Date());

  /** What follows a notice once its transaction committed: the metrics and the emails. */
  function notifyPayment(outcome: PaymentOutcome): void {
    if (outcome.paid) {
      deps.metrics?.orderPaid();
      deps.metrics?.cardsLoaded(outcome.cardsLoaded);
      orders.notify({ kind: 'paid', order: outcome.order });
    }
    if (outcome.failed) {
      orders.notify({ kind: 'paymentFailed', order: outcome.order, payment: toPayment(outcome.payment) });
    }
  }

  return {
    /** retrievePaymentMethods: what may pay the order's total (VISA up to its limit, RF, IRIS). */
    async paymentMethods(
      companyId: string,
      orderId: string,
    ): Promise<Omit<PaymentMethodsResponse, 'success'>> {
      const order = await orders.getOrder(companyId, orderId);
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
      return idempotent(db, companyScope(actor, idempotency, request), async (tx) => {
        const order = await orders.lockOrder(tx, actor.companyId, request.orderId);
        // Through the orders module: paying moves money, so the person may need a fresh code (ADR 040).
        return orders.startPaymentIn(tx, order, request.method, actor);
      });
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
          orders,
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
      return { payment: toPayment(outcome.payment), order: await orders.summary(outcome.order) };
    },

    /** The bank's server-to-server notice, signed; each event id is applied once. */
    async bankCallback(notice: GatewayNotice, signature: string): Promise<{ outcome: string }> {
      if (!deps.gateway.verifyNotice(notice, signature)) {
        throw new AppError('FORBIDDEN', 'bank notice signature invalid');
      }
      if (!(await findPayment(db, notice.paymentId))) {
        for (const handler of deps.otherCardPayments ?? []) {
          if (await handler.owns(notice.paymentId)) {
            return handler.applyNotice({ id: `callback:${notice.eventId}`, ...notice, payload: notice });
          }
        }
      }
      const outcome = await db.transaction((tx) =>
        applyCardResult(orders, tx, { id: `callback:${notice.eventId}`, ...notice, payload: notice }, now()),
      );
      notifyPayment(outcome);
      return { outcome: outcome.payment.status };
    },

    /** retrievePaymentResult: an attempt of the company and its order. */
    async getPayment(companyId: string, paymentId: string): Promise<Omit<PaymentResultResponse, 'success'>> {
      const payment = await findPayment(db, paymentId, { companyId });
      if (!payment) throw new AppError('NOT_FOUND', `no payment ${paymentId} in ${companyId}`);
      return {
        payment: toPayment(payment),
        order: await orders.summary(await orders.getOrder(companyId, payment.orderId)),
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
        const applied = await db.transaction((tx) => applyStatementLine(orders, tx, line, userId, now()));
        lines.push(applied.line);
        if (applied.outcome) notifyPayment(applied.outcome);
      }
      const matched = lines.filter((line) => line.outcome === 'matched').length;
      return { lines, matched, unmatched: lines.length - matched };
    },

    /** retrieveApmLoops: RF and IRIS payments of the company still waiting for the bank (ADR 010). */
    async apmLoops(companyId: string): Promise<Omit<ApmLoopsResponse, 'success'>> {
      const rows = await openTransfers(db, companyId);
      const ordersOf = new Map(
        await Promise.all(
          [...new Set(rows.map((row) => row.orderId))].map(
            async (orderId) => [orderId, await orders.getOrder(companyId, orderId)] as const,
          ),
        ),
      );
      return {
        loops: rows.map((row) => {
          const order = ordersOf.get(row.orderId)!;
          return {
            paymentId: row.id,
            orderId: row.orderId,
            orderNumber: order.number,
            method: row.method,
            rfCode: order.rfCode,
            amountCents: row.amountCents,
            createdAt: row.createdAt.toISOString(),
          };
        }),
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
