import type { PaymentResultResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDERS_API, ordersRequestOptions, type OrdersContext } from '../../../lib/placed-orders';
import { requestOrThrow } from '../../../lib/request';
import { useOrdersContext } from '../../../lib/use-orders-context';
import { orderKeys } from './query-keys';

export const RETRIEVE_PAYMENT_PATH = `${ORDERS_API}/retrievePayment`;

/** `GET retrievePayment?paymentId=`: a payment and its order (the success and failure pages). */
export const paymentQueryOptions = (context: OrdersContext, paymentId: string) =>
  queryOptions({
    queryKey: orderKeys.payment(context.companyId, paymentId),
    queryFn: ({ signal }) =>
      requestOrThrow<PaymentResultResponse>(
        `${RETRIEVE_PAYMENT_PATH}?${new URLSearchParams({ paymentId })}`,
        { ...ordersRequestOptions(context), signal },
      ),
    enabled: context.companyId !== null && paymentId !== '',
    staleTime: 10_000,
  });

export function usePayment(paymentId: string) {
  return useQuery(paymentQueryOptions(useOrdersContext(), paymentId));
}
