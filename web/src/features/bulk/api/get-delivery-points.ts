import type { DeliveryPointsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { bulkKeys } from './query-keys';
import { contextOptions, type RequestContext, useRequestContext } from '../../../lib/request-context';

export const COMPANY_DELIVERY_POINTS_PATH = '/api/v1/accounts/getCompanyDeliveryPoints';
/** The most one page may hold (SearchDeliveryPointsRequestSchema); companies have a handful. */
const PAGE_SIZE = 100;

/** `GET getCompanyDeliveryPoints`: where the new cards of the drafts may go. */
export async function getDeliveryPoints(context: RequestContext, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: '1', pageSize: String(PAGE_SIZE) });
  const data = await requestOrThrow<DeliveryPointsResponse>(`${COMPANY_DELIVERY_POINTS_PATH}?${search}`, {
    ...contextOptions(context),
    signal,
  });
  return data.deliveryPoints;
}

export function useDeliveryPoints(enabled: boolean) {
  const context = useRequestContext();
  return useQuery(
    queryOptions({
      queryKey: bulkKeys.deliveryPoints(context.companyId),
      queryFn: ({ signal }) => getDeliveryPoints(context, signal),
      enabled: enabled && context.companyId !== null,
      staleTime: 60_000,
    }),
  );
}
