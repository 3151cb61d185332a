import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import type { MerchantPaymentStatus } from './merchant-billing';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const VALIDATE_MERCHANT_PAYMENT_PATH = `${MERCHANTS_API}/validateMerchantPayment`;

export type MerchantPaymentResult = { status: MerchantPaymentStatus; amountCents: number };

/**
 * `POST validateMerchantPayment {paymentId}`: asks the server what the bank answered for a card
 * payment (the server asks the bank itself, so the address the browser came back on proves
 * nothing). Safe to repeat: a paid payment stays paid.
 */
export async function validateMerchantPayment(
  context: MerchantContext,
  paymentId: string,
): Promise<MerchantPaymentResult> {
  return requestOrThrow<MerchantPaymentResult>(VALIDATE_MERCHANT_PAYMENT_PATH, {
    method: 'POST',
    body: { paymentId },
    ...merchantOptions(context),
  });
}

export const merchantPaymentQueryOptions = (context: MerchantContext, paymentId: string) =>
  queryOptions({
    queryKey: merchantAdminKeys.payment(context.merchantId, paymentId),
    queryFn: () => validateMerchantPayment(context, paymentId),
    enabled: paymentId !== '',
    retry: false,
    // While the bank has not answered, ask again every few seconds.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  });

export function useMerchantPayment(context: MerchantContext, paymentId: string) {
  return useQuery(merchantPaymentQueryOptions(context, paymentId));
}
