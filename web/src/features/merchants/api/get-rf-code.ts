import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import type { MerchantRfCode } from './merchant-billing';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const RF_CODE_PATH = `${MERCHANTS_API}/retrieveRfCode`;

/**
 * `GET retrieveRfCode`: the ISO 11649 reference for a bank transfer of everything open, with the
 * amount and the provider's account.
 */
export function getRfCode(context: MerchantContext, signal?: AbortSignal): Promise<MerchantRfCode> {
  return requestOrThrow<MerchantRfCode>(RF_CODE_PATH, { ...merchantOptions(context), signal });
}

export const rfCodeQueryOptions = (context: MerchantContext, isEnabled: boolean) =>
  queryOptions({
    queryKey: merchantAdminKeys.rfCode(context.merchantId),
    queryFn: ({ signal }) => getRfCode(context, signal),
    enabled: isEnabled,
    staleTime: 0,
  });

export function useRfCode(context: MerchantContext, isEnabled: boolean) {
  return useQuery(rfCodeQueryOptions(context, isEnabled));
}
