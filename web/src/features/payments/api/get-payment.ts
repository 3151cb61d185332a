import type { PaymentResultResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { paymentKeys } from '../../../lib/query-keys';

export const RETRIEVE_PAYMENT_PATH = `${ORDERS_API}/retrievePayment`;

/** `GET retrievePayment?paymentId=`: a payment and its order (the success and failure pages). */
export const paymentQueryOptions = (context: RequestContext, paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.payment(context.companyId, paymentId),
    queryFn: ({ signal }) =>
      requestOrThrow<PaymentResultResponse>(
        `${RETRIEVE_PAYMENT_PATH}?${new URLSearchParams({ paymentId })}`,
        { ...contextOptions(context), signal },
      ),
    enabled: context.companyId !== null && paymentId !== '',
    staleTime: 10_000,
  });

export function usePayment(paymentId: string) {
  return useQuery(paymentQueryOptions(useRequestContext(), paymentId));
}
