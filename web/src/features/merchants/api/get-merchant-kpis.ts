import type { MerchantKpis } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { merchantDashboardKeys } from './merchant-dashboard-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const MERCHANT_KPIS_PATH = `${MERCHANTS_API}/retrieveKpis`;

/** `GET retrieveKpis`: the dashboard's figures, charts and latest declines (one request). */
export async function getMerchantKpis(context: MerchantContext, signal?: AbortSignal): Promise<MerchantKpis> {
  const body = await requestOrThrow<{ kpis: MerchantKpis }>(MERCHANT_KPIS_PATH, {
    ...merchantOptions(context),
    signal,
  });
  return body.kpis;
}

export const merchantKpisQueryOptions = (context: MerchantContext) =>
  queryOptions({
    queryKey: merchantDashboardKeys.kpis(context.merchantId),
    queryFn: ({ signal }) => getMerchantKpis(context, signal),
  });

export function useMerchantKpis(context: MerchantContext) {
  return useQuery(merchantKpisQueryOptions(context));
}
