import type { ApmLoopsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

export const RETRIEVE_APM_LOOPS_PATH = `${ORDERS_API}/retrieveApmLoops`;

/** `GET retrieveApmLoops`: RF and IRIS payments the bank has not confirmed yet. */
export const apmLoopsQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: orderKeys.apmLoops(context.companyId),
    queryFn: async ({ signal }) => {
      const data = await requestOrThrow<ApmLoopsResponse>(RETRIEVE_APM_LOOPS_PATH, {
        ...contextOptions(context),
        signal,
      });
      return data.loops;
    },
    enabled: context.companyId !== null,
    staleTime: 30_000,
  });

export function useApmLoops() {
  return useQuery(apmLoopsQueryOptions(useRequestContext()));
}
