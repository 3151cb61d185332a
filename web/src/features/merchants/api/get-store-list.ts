import type { StoreView } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const STORE_LIST_PATH = `${MERCHANTS_API}/retrieveStoreList`;

/** `GET retrieveStoreList`: the merchant's stores with their terminals and enrolment states. */
export async function getStoreList(context: MerchantContext, signal?: AbortSignal): Promise<StoreView[]> {
  const body = await requestOrThrow<{ stores: StoreView[] }>(STORE_LIST_PATH, {
    ...merchantOptions(context),
    signal,
  });
  return body.stores;
}

export const storeListQueryOptions = (context: MerchantContext) =>
  queryOptions({
    queryKey: merchantKeys.stores(context.merchantId),
    queryFn: ({ signal }) => getStoreList(context, signal),
  });

export function useStoreList(context: MerchantContext) {
  return useQuery(storeListQueryOptions(context));
}
