import type { PaymentMethodsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ORDERS_API, contextOptions, type RequestContext } from '../../../lib/request-context';
import { paymentKeys } from '../../../lib/query-keys';

export const RETRIEVE_PAYMENT_METHODS_PATH = `${ORDERS_API}/retrievePaymentMethods`;

export type PaymentMethodOption = PaymentMethodsResponse['methods'][number];

/** `GET retrievePaymentMethods?orderId=`: the methods an order may be paid with now (VISA has a cap). */
export const paymentMethodsQueryOptions = (context: RequestContext, orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.methods(context.companyId, orderId),
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams({ orderId });
      const data = await requestOrThrow<PaymentMethodsResponse>(
        `${RETRIEVE_PAYMENT_METHODS_PATH}?${search}`,
        { ...contextOptions(context), signal },
      );
      return data.methods;
    },
    enabled: context.companyId !== null,
    staleTime: 30_000,
  });

export function usePaymentMethods(context: RequestContext, orderId: string) {
  return useQuery(paymentMethodsQueryOptions(context, orderId));
}
