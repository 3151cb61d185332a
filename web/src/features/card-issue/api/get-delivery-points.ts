import type { DeliveryPointsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, contextOptions, useIssueContext, type IssueContext } from './context';
import { issueKeys } from './query-keys';

export const COMPANY_DELIVERY_POINTS_PATH = `${ACCOUNTS_API}/getCompanyDeliveryPoints`;
/** The most one page may hold (SearchDeliveryPointsRequestSchema); companies have a handful. */
const PAGE_SIZE = 100;

/** `GET getCompanyDeliveryPoints`: the company's delivery points to choose from. */
export async function getDeliveryPoints(context: IssueContext, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: '1', pageSize: String(PAGE_SIZE) });
  return requestOrThrow<DeliveryPointsResponse>(`${COMPANY_DELIVERY_POINTS_PATH}?${search}`, {
    ...contextOptions(context),
    signal,
  });
}

export const deliveryPointsQueryOptions = (context: IssueContext) =>
  queryOptions({
    queryKey: issueKeys.deliveryPoints(context.companyId),
    queryFn: ({ signal }) => getDeliveryPoints(context, signal),
    enabled: context.companyId !== null,
    staleTime: 60_000,
  });

export function useDeliveryPoints(enabled = true) {
  const options = deliveryPointsQueryOptions(useIssueContext());
  return useQuery({ ...options, enabled: enabled && options.enabled !== false });
}
