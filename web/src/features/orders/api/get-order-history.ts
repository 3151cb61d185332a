import type { OrderHistoryRequest, OrderHistoryResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

export const RETRIEVE_ORDER_HISTORY_PATH = `${ORDERS_API}/retrieveOrderHistory`;

/** `GET retrieveOrderHistory?from&to&status&product&orderType&page&pageSize`: the company's orders. */
export async function getOrderHistory(
  input: OrderHistoryRequest,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<OrderHistoryResponse> {
  const search = new URLSearchParams(
    Object.entries(input).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  return requestOrThrow<OrderHistoryResponse>(`${RETRIEVE_ORDER_HISTORY_PATH}?${search}`, {
    ...contextOptions(context),
    signal,
  });
}

export const orderHistoryQueryOptions = (context: RequestContext, input: OrderHistoryRequest) =>
  queryOptions({
    queryKey: orderKeys.history(context.companyId, input),
    queryFn: ({ signal }) => getOrderHistory(input, context, signal),
    enabled: context.companyId !== null,
    // A new page or filter keeps the rows shown until the next ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function useOrderHistory(input: OrderHistoryRequest) {
  return useQuery(orderHistoryQueryOptions(useRequestContext(), input));
}
