import type { BundlesResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  contextOptions,
  ORDERS_API,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

export type BundleKind = 'voucher' | 'complimentary';

export const BUNDLES_PATHS: Record<BundleKind, string> = {
  voucher: `${ORDERS_API}/retrieveVoucherBundles`,
  complimentary: `${ORDERS_API}/retrieveComplimentaryBundles`,
};

/** `GET retrieveVoucherBundles` / `retrieveComplimentaryBundles`: ready-made sets of gift cards. */
export async function getBundles(kind: BundleKind, context: RequestContext, signal?: AbortSignal) {
  return requestOrThrow<BundlesResponse>(BUNDLES_PATHS[kind], { ...contextOptions(context), signal });
}

export const bundlesQueryOptions = (context: RequestContext, kind: BundleKind) =>
  queryOptions({
    queryKey: orderKeys.bundles(context.companyId, kind),
    queryFn: ({ signal }) => getBundles(kind, context, signal),
    enabled: context.companyId !== null,
    staleTime: 5 * 60_000,
  });

export function useBundles(kind: BundleKind) {
  return useQuery(bundlesQueryOptions(useRequestContext(), kind));
}
