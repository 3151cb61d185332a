import type { OrderPriceRequest, OrderPriceResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  contextOptions,
  ORDERS_API,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

export const ORDER_PRICE_CALCULATION_PATH = `${ORDERS_API}/orderPriceCalculation`;

/**
 * `POST orderPriceCalculation`: the server's price of lines not saved yet (ADR 009: the browser's
 * estimate is never what is charged).
 */
export async function calculateOrderPrice(
  input: OrderPriceRequest,
  context: RequestContext,
  signal?: AbortSignal,
) {
  return requestOrThrow<OrderPriceResponse>(ORDER_PRICE_CALCULATION_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    signal,
  });
}

export const orderPriceQueryOptions = (context: RequestContext, input: OrderPriceRequest) =>
  queryOptions({
    queryKey: orderKeys.price(context.companyId, input),
    queryFn: ({ signal }) => calculateOrderPrice(input, context, signal),
    enabled: context.companyId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useOrderPrice(input: OrderPriceRequest | null) {
  const context = useRequestContext();
  const options = orderPriceQueryOptions(context, input ?? { draftId: '' });
  return useQuery({ ...options, enabled: input !== null && context.companyId !== null });
}
