import type { MerchantBalance } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { merchantDashboardKeys } from './merchant-dashboard-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const MERCHANT_BALANCE_PATH = `${MERCHANTS_API}/retrieveBalance`;

/** `GET retrieveBalance`: sales not settled yet, payouts scheduled, the next payout and the last five. */
export function getMerchantBalance(context: MerchantContext, signal?: AbortSignal): Promise<MerchantBalance> {
  return requestOrThrow<MerchantBalance>(MERCHANT_BALANCE_PATH, { ...merchantOptions(context), signal });
}

export const merchantBalanceQueryOptions = (context: MerchantContext) =>
  queryOptions({
    queryKey: merchantDashboardKeys.balance(context.merchantId),
    queryFn: ({ signal }) => getMerchantBalance(context, signal),
  });

export function useMerchantBalance(context: MerchantContext) {
  return useQuery(merchantBalanceQueryOptions(context));
}
