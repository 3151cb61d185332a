import type { MerchantProfileResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const MERCHANT_PROFILE_PATH = `${MERCHANTS_API}/retrieveRedeemerProfileDetails`;

/** `GET retrieveRedeemerProfileDetails`: the merchant shown and what the user may do there. */
export function getMerchantProfile(context: MerchantContext, signal?: AbortSignal) {
  return requestOrThrow<MerchantProfileResponse>(MERCHANT_PROFILE_PATH, {
    ...merchantOptions(context),
    signal,
  });
}

export const merchantProfileQueryOptions = (context: MerchantContext, isEnabled = true) =>
  queryOptions({
    queryKey: merchantKeys.profile(context.merchantId),
    queryFn: ({ signal }) => getMerchantProfile(context, signal),
    enabled: isEnabled,
  });

export function useMerchantProfile(context: MerchantContext, isEnabled = true) {
  return useQuery(merchantProfileQueryOptions(context, isEnabled));
}
