import type { OrderCard, OrderDetails } from '@tessera/domain';
import type { OrderContext } from './order-context';
import { toOrderCard, toOrderDetails } from './order-views';
import { approvalsOf, complimentaryWaiting, countLines, eventsOf, linesOf } from './repository';
import type { OrderActor } from './order-context';

/** retrieveOrderDetails: an order with its timeline, payments, approval and what the user may do. */
export async function getOrderDetails(
  ctx: OrderContext,
  companyId: string,
  orderId: string,
  user: { userId: string; roleId: OrderActor['roleId'] },
): Promise<OrderDetails> {
  const { db } = ctx;
  const row = await ctx.getOrder(companyId, orderId);
  const [events, payments, counts, approvals] = await Promise.all([
    eventsOf(db, orderId),
    ctx.deps.payments.ofOrder(db, orderId),
    countLines(db, [orderId]),
    approvalsOf(db, [orderId]),
  ]);
  const names = await ctx.namesOf([
    row.submittedBy,
    row.decidedBy,
    ...events.map((event) => event.by),
    ...approvals.map((approval) => approval.approverId),
  ]);
  const waiting = row.product === 'COPMLIMENT' ? await complimentaryWaiting(db, orderId) : 0;
  return toOrderDetails(row, counts.get(orderId) ?? 0, events, payments, names, user, waiting, approvals);
}

/** The lines of an order, a page at a time, each with its card as it is now. */
export async function getOrderCards(
  ctx: OrderContext,
  companyId: string,
  request: { orderId: string; page: number; pageSize: number },
): Promise<{ cards: OrderCard[]; total: number }> {
  const { db } = ctx;
  await ctx.getOrder(companyId, request.orderId);
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
  const cards = await ctx.deps.cards.cardsOfCompany(db, companyId, cardIds);
  const byId = new Map(cards.map((card) => [card.cardId, card]));
  return { cards: lines.map((line) => toOrderCard(line, byId)), total: counts.get(request.orderId) ?? 0 };
}

/** Every line of an order, streamed a page at a time (the analysis Excel of a 100,000-card order). */
export async function* allOrderCards(
  ctx: OrderContext,
  companyId: string,
  orderId: string,
): AsyncGenerator<OrderCard> {
  const pageSize = 2_000;
  for (let page = 1; ; page += 1) {
    const { cards } = await getOrderCards(ctx, companyId, { orderId, page, pageSize });
    yield* cards;
    if (cards.length < pageSize) return;
  }
}
