import type { StoreView } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const STORE_DETAILS_PATH = `${MERCHANTS_API}/retrieveStoreDetails`;

/** `GET retrieveStoreDetails?storeId=`: one store of the merchant, as its edit form starts from. */
export async function getStoreDetails(
  context: MerchantContext,
  storeId: string,
  signal?: AbortSignal,
): Promise<StoreView> {
  const query = new URLSearchParams({ storeId });
  const body = await requestOrThrow<{ store: StoreView }>(`${STORE_DETAILS_PATH}?${query}`, {
    ...merchantOptions(context),
    signal,
  });
  return body.store;
}

export const storeDetailsQueryOptions = (context: MerchantContext, storeId: string) =>
  queryOptions({
    queryKey: merchantAdminKeys.storeDetails(context.merchantId, storeId),
    queryFn: ({ signal }) => getStoreDetails(context, storeId, signal),
    // The form starts from what the store is now, not from a copy read minutes ago.
    staleTime: 0,
  });

export function useStoreDetails(context: MerchantContext, storeId: string) {
  return useQuery(storeDetailsQueryOptions(context, storeId));
}
