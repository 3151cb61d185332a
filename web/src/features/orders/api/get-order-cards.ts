import type { OrderCardsResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

export const RETRIEVE_ORDER_CARDS_PATH = `${ORDERS_API}/retrieveOrderCards`;
export const ORDER_CARDS_PAGE_SIZE = 50;

/** `GET retrieveOrderCards?orderId&page&pageSize`: one page of the order's lines. */
export async function getOrderCards(
  orderId: string,
  page: number,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<OrderCardsResponse> {
  const search = new URLSearchParams({
    orderId,
    page: String(page),
    pageSize: String(ORDER_CARDS_PAGE_SIZE),
  });
  return requestOrThrow<OrderCardsResponse>(`${RETRIEVE_ORDER_CARDS_PATH}?${search}`, {
    ...contextOptions(context),
    signal,
  });
}

export const orderCardsQueryOptions = (context: RequestContext, orderId: string, page: number) =>
  queryOptions({
    queryKey: orderKeys.cards(context.companyId, orderId, page),
    queryFn: ({ signal }) => getOrderCards(orderId, page, context, signal),
    enabled: context.companyId !== null && orderId !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useOrderCards(orderId: string, page: number) {
  return useQuery(orderCardsQueryOptions(useRequestContext(), orderId, page));
}
