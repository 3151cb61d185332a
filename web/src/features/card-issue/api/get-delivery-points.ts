import type { DeliveryPointsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { issueKeys } from './query-keys';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';

export const COMPANY_DELIVERY_POINTS_PATH = `${ACCOUNTS_API}/getCompanyDeliveryPoints`;
/** The most one page may hold (SearchDeliveryPointsRequestSchema); companies have a handful. */
const PAGE_SIZE = 100;

/** `GET getCompanyDeliveryPoints`: the company's delivery points to choose from. */
export async function getDeliveryPoints(context: RequestContext, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: '1', pageSize: String(PAGE_SIZE) });
  return requestOrThrow<DeliveryPointsResponse>(`${COMPANY_DELIVERY_POINTS_PATH}?${search}`, {
    ...contextOptions(context),
    signal,
  });
}

export const deliveryPointsQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: issueKeys.deliveryPoints(context.companyId),
    queryFn: ({ signal }) => getDeliveryPoints(context, signal),
    enabled: context.companyId !== null,
    staleTime: 60_000,
  });

export function useDeliveryPoints(enabled = true) {
  const options = deliveryPointsQueryOptions(useRequestContext());
  return useQuery({ ...options, enabled: enabled && options.enabled !== false });
}
