import type { OrdersOverviewResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDERS_API, ordersRequestOptions, type OrdersContext } from '../../../lib/placed-orders';
import { requestOrThrow } from '../../../lib/request';
import { useOrdersContext } from '../../../lib/use-orders-context';
import { orderKeys } from './query-keys';

export const RETRIEVE_ORDERS_OVERVIEW_PATH = `${ORDERS_API}/retrieveOrdersOverview`;

/** `GET retrieveOrdersOverview`: counts per status, what waits for whom, this month's figures. */
export const ordersOverviewQueryOptions = (context: OrdersContext) =>
  queryOptions({
    queryKey: orderKeys.overview(context.companyId),
    queryFn: ({ signal }) =>
      requestOrThrow<OrdersOverviewResponse>(RETRIEVE_ORDERS_OVERVIEW_PATH, {
        ...ordersRequestOptions(context),
        signal,
      }),
    enabled: context.companyId !== null,
    staleTime: 15_000,
  });

export function useOrdersOverview() {
  return useQuery(ordersOverviewQueryOptions(useOrdersContext()));
}
