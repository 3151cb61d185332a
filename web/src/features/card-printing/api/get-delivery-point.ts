import type { DeliveryPointResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { deliveryPointKeys } from '../../../lib/query-keys';

export const DELIVERY_POINT_BY_ID_PATH = `${ACCOUNTS_API}/retrieveDeliveryPointById`;

/** `POST retrieveDeliveryPointById`: one delivery point of the company. */
export async function getDeliveryPoint(companyId: string, deliveryPointId: string, signal?: AbortSignal) {
  const result = await requestOrThrow<DeliveryPointResponse>(DELIVERY_POINT_BY_ID_PATH, {
    method: 'POST',
    body: { deliveryPointId },
    headers: companyHeaders(companyId),
    signal,
  });
  return result.deliveryPoint;
}

export const deliveryPointQueryOptions = (companyId: string, deliveryPointId: string) =>
  queryOptions({
    queryKey: deliveryPointKeys.byId(companyId, deliveryPointId),
    queryFn: ({ signal }) => getDeliveryPoint(companyId, deliveryPointId, signal),
  });

export function useDeliveryPoint(companyId: string, deliveryPointId: string | null) {
  return useQuery({
    ...deliveryPointQueryOptions(companyId, deliveryPointId ?? ''),
    enabled: deliveryPointId !== null,
  });
}
