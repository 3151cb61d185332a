import type { OrderDetails, OrderDetailsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

export const RETRIEVE_ORDER_DETAILS_PATH = `${ORDERS_API}/retrieveOrderDetails`;

/** `GET retrieveOrderDetails?orderId=`: the order, its price, payments, timeline and what the user may do. */
export async function getOrderDetails(
  orderId: string,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<OrderDetails> {
  const search = new URLSearchParams({ orderId });
  const data = await requestOrThrow<OrderDetailsResponse>(`${RETRIEVE_ORDER_DETAILS_PATH}?${search}`, {
    ...contextOptions(context),
    signal,
  });
  return data.order;
}

export const orderDetailsQueryOptions = (context: RequestContext, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.details(context.companyId, orderId),
    queryFn: ({ signal }) => getOrderDetails(orderId, context, signal),
    enabled: context.companyId !== null && orderId !== '',
    staleTime: 10_000,
  });

export function useOrderDetails(orderId: string) {
  return useQuery(orderDetailsQueryOptions(useRequestContext(), orderId));
}
