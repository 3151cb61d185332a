import { athensMidnight, type OrderHistoryRequestSchema, type OrderHistoryResponse } from '@tessera/domain';
import type { z } from 'zod';
import type { OrderContext } from './order-context';
import { listOrders } from './repository';

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

function addOneDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
