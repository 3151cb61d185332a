import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import type { MerchantCharge } from './merchant-billing';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const MERCHANT_CHARGES_PATH = `${MERCHANTS_API}/merchantCharges`;

/** `GET merchantCharges?status=open|paid`: what the merchant owes the provider, or has paid. */
export async function getMerchantCharges(
  context: MerchantContext,
  status: 'open' | 'paid',
  signal?: AbortSignal,
): Promise<MerchantCharge[]> {
  const body = await requestOrThrow<{ charges: MerchantCharge[] }>(
    `${MERCHANT_CHARGES_PATH}?${new URLSearchParams({ status })}`,
    { ...merchantOptions(context), signal },
  );
  return body.charges;
}

export const merchantChargesQueryOptions = (context: MerchantContext, status: 'open' | 'paid') =>
  queryOptions({
    queryKey: merchantAdminKeys.charges(context.merchantId, status),
    queryFn: ({ signal }) => getMerchantCharges(context, status, signal),
    // A payment or an order changes them: read again on every visit.
    staleTime: 0,
  });

export function useMerchantCharges(context: MerchantContext, status: 'open' | 'paid') {
  return useQuery(merchantChargesQueryOptions(context, status));
}
