import {
  athensMidnight,
  type OrderHistoryRequestSchema,
  type OrderHistoryResponse,
  type OrderSummary,
  type PublicOrdersQuery,
} from '@tessera/domain';
import { decodeCursor, encodeCursor } from '../../platform/cursor';
import type { z } from 'zod';
import type { OrderContext } from './order-context';
import { listOrders, listOrdersBefore } from './repository';

type HistoryQuery = z.output<typeof OrderHistoryRequestSchema>;

/** retrieveOrderHistory: the company's orders, newest first, filtered and a page at a time. */
export async function listOrderHistory(
  ctx: OrderContext,
  companyId: string,
  query: HistoryQuery,
): Promise<Omit<OrderHistoryResponse, 'success'>> {
  const { rows, total } = await listOrders(
    ctx.db,
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
  return { orders: await ctx.summaries(rows), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The public API's orders (issue 22 §2, ADR 037): newest first, a keyset page whose cursor is the
 * last order number answered (opaque to the caller).
 */
export async function publicOrdersPage(
  ctx: OrderContext,
  companyId: string,
  query: PublicOrdersQuery,
): Promise<{ data: OrderSummary[]; nextCursor: string | null }> {
  const position = decodeCursor(query.cursor, /^o[1-9]\d{0,15}$/);
  const beforeNumber = position === null ? null : Number(position.slice(1));
  const rows = await listOrdersBefore(
    ctx.db,
    companyId,
    {
      from: query.from ? athensMidnight(query.from) : undefined,
      to: query.to ? athensMidnight(addOneDay(query.to)) : undefined,
      status: query.status,
    },
    { beforeNumber, limit: query.limit + 1 },
  );
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const last = shown[shown.length - 1];
  return {
    data: await ctx.summaries(shown),
    nextCursor: more && last ? encodeCursor(`o${last.number}`) : null,
  };
}

function addOneDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
