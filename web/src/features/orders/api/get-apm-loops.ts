import type { ApmLoopsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDERS_API, ordersRequestOptions, type OrdersContext } from '../../../lib/placed-orders';
import { requestOrThrow } from '../../../lib/request';
import { useOrdersContext } from '../../../lib/use-orders-context';
import { orderKeys } from './query-keys';

export const RETRIEVE_APM_LOOPS_PATH = `${ORDERS_API}/retrieveApmLoops`;

/** `GET retrieveApmLoops`: RF and IRIS payments the bank has not confirmed yet. */
export const apmLoopsQueryOptions = (context: OrdersContext) =>
  queryOptions({
    queryKey: orderKeys.apmLoops(context.companyId),
    queryFn: async ({ signal }) => {
      const data = await requestOrThrow<ApmLoopsResponse>(RETRIEVE_APM_LOOPS_PATH, {
        ...ordersRequestOptions(context),
        signal,
      });
      return data.loops;
    },
    enabled: context.companyId !== null,
    staleTime: 30_000,
  });

export function useApmLoops() {
  return useQuery(apmLoopsQueryOptions(useOrdersContext()));
}
