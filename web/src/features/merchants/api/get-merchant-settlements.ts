import type { MerchantSettlementsResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { merchantDashboardKeys } from './merchant-dashboard-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const MERCHANT_SETTLEMENTS_PATH = `${MERCHANTS_API}/retrieveSettlements`;
/** The monthly fee invoice (PDF, in Greek). */
export const FEE_INVOICE_PATH = `${MERCHANTS_API}/feeInvoice`;

export type SettlementsInput = { from?: string; to?: string; page: number; pageSize: number };

/**
 * `GET retrieveSettlements`: the merchant's settled days with the fee per product and the payout of
 * each, the sums of the range (the month's fees) and the months with a fee invoice.
 */
export function getMerchantSettlements(
  context: MerchantContext,
  input: SettlementsInput,
  signal?: AbortSignal,
): Promise<MerchantSettlementsResponse> {
  const search = new URLSearchParams({ page: String(input.page), pageSize: String(input.pageSize) });
  if (input.from) search.set('from', input.from);
  if (input.to) search.set('to', input.to);
  return requestOrThrow<MerchantSettlementsResponse>(`${MERCHANT_SETTLEMENTS_PATH}?${search}`, {
    ...merchantOptions(context),
    signal,
  });
}

export const merchantSettlementsQueryOptions = (context: MerchantContext, input: SettlementsInput) =>
  queryOptions({
    queryKey: merchantDashboardKeys.settlements(context.merchantId, input),
    queryFn: ({ signal }) => getMerchantSettlements(context, input, signal),
    placeholderData: keepPreviousData,
  });

export function useMerchantSettlements(context: MerchantContext, input: SettlementsInput) {
  return useQuery(merchantSettlementsQueryOptions(context, input));
}

/** The fee invoice of a month (`YYYY-MM`) as a plain link (provider staff name the merchant in it). */
export function feeInvoiceHref(context: MerchantContext, month: string): string {
  const search = new URLSearchParams({ month });
  if (context.merchantId) search.set('merchantId', context.merchantId);
  return `${FEE_INVOICE_PATH}?${search}`;
}
