import type { OrdersOverviewResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

export const RETRIEVE_ORDERS_OVERVIEW_PATH = `${ORDERS_API}/retrieveOrdersOverview`;

/** `GET retrieveOrdersOverview`: counts per status, what waits for whom, this month's figures. */
export const ordersOverviewQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: orderKeys.overview(context.companyId),
    queryFn: ({ signal }) =>
      requestOrThrow<OrdersOverviewResponse>(RETRIEVE_ORDERS_OVERVIEW_PATH, {
        ...contextOptions(context),
        signal,
      }),
    enabled: context.companyId !== null,
    staleTime: 15_000,
  });

export function useOrdersOverview() {
  return useQuery(ordersOverviewQueryOptions(useRequestContext()));
}
