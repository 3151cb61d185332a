import type { PaymentResultResponse, SubmitPaymentOrderRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, useRequestContext } from '../../../lib/request-context';
import { PLACED_ORDERS_QUERY_ROOT, paymentKeys } from '../../../lib/query-keys';

export const SUBMIT_PAYMENT_ORDER_PATH = `${ORDERS_API}/submitPaymentOrder`;

/**
 * `POST submitPaymentOrder` {paymentId, result, bankReference, signature}: hands the bank's signed
 * answer to the server, which records it once (whichever of this and the bank's callback comes
 * first). Answers the payment and its order, or null after a failure (shown by the global error).
 */
export function useSubmitPaymentResult() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SubmitPaymentOrderRequest): Promise<PaymentResultResponse | null> => {
      const result = await request<PaymentResultResponse>(SUBMIT_PAYMENT_ORDER_PATH, {
        // The bank's signature names this one answer: a reload of the page sends the same request.
        ...contextOptions(context, { 'Idempotency-Key': `payment-result-${input.signature}` }),
        method: 'POST',
        body: input,
      });
      return result.error ? null : result.data;
    },
    onSuccess: async (data) => {
      if (!data) return;
      queryClient.setQueryData(paymentKeys.payment(context.companyId, data.payment.paymentId), data);
      await queryClient.invalidateQueries({
        queryKey: PLACED_ORDERS_QUERY_ROOT,
        predicate: (query) => query.queryKey[2] !== 'payment',
      });
    },
  });
}
