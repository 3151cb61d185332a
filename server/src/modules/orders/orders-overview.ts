import {
  ORDER_STATUSES,
  startOfAthensMonth,
  type OrderStatus,
  type OrdersOverviewResponse,
} from '@tessera/domain';
import type { OrderContext } from './order-context';
import { approvalThreshold, listOrders, statusCounts } from './repository';

/** The orders home: counts by status, what waits for approval or payment, the latest, this month. */
export async function ordersOverview(
  ctx: OrderContext,
  companyId: string,
): Promise<Omit<OrdersOverviewResponse, 'success'>> {
  const { db, deps } = ctx;
  const monthStart = startOfAthensMonth(ctx.now());
  const [counts, waitingApproval, waitingPayment, recent, threshold, month, funding] = await Promise.all([
    statusCounts(db, companyId),
    listOrders(db, companyId, { status: 'awaiting_approval' }, { offset: 0, limit: 20 }),
    listOrders(db, companyId, { status: 'awaiting_payment' }, { offset: 0, limit: 20 }),
    listOrders(db, companyId, {}, { offset: 0, limit: 10 }),
    approvalThreshold(db, companyId),
    deps.ledger.monthFigures(db, companyId, monthStart),
    deps.ledger.prepaidBalance(db, companyId),
  ]);
  const [approval, payment, latest] = await Promise.all([
    ctx.summaries(waitingApproval.rows),
    ctx.summaries(waitingPayment.rows),
    ctx.summaries(recent.rows),
  ]);
  return {
    counts: Object.fromEntries(ORDER_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as Record<
      OrderStatus,
      number
    >,
    awaitingApproval: approval,
    awaitingPayment: payment,
    recent: latest,
    monthLoadedCents: month.loaded,
    monthFeesCents: month.fees,
    companyBalanceCents: funding,
    approvalThresholdCents: threshold,
  };
}
