import type { MerchantSummary } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import { MERCHANTS_API } from './merchant-context';

export const MERCHANT_LIST_PATH = `${MERCHANTS_API}/merchants`;

/** `GET merchants`: every merchant, for provider staff choosing one to act for. */
export async function getMerchants(signal?: AbortSignal): Promise<MerchantSummary[]> {
  const body = await requestOrThrow<{ merchants: MerchantSummary[] }>(MERCHANT_LIST_PATH, { signal });
  return body.merchants;
}

export const merchantsQueryOptions = (isEnabled: boolean) =>
  queryOptions({
    queryKey: merchantKeys.list,
    queryFn: ({ signal }) => getMerchants(signal),
    enabled: isEnabled,
  });

export function useMerchants(isEnabled: boolean) {
  return useQuery(merchantsQueryOptions(isEnabled));
}
