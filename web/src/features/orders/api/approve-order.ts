import type { SubmitOrderResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, useRequestContext } from '../../../lib/request-context';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';

export const APPROVE_ORDER_PATH = `${ORDERS_API}/submitOrderPaymentManager`;

/**
 * `POST submitOrderPaymentManager` {orderId}: a payment manager (or provider staff) approves an
 * order waiting for approval; it then awaits payment. Answers the order, or null after a failure
 * (the global error says why: 71, no one approves their own order).
 */
export function useApproveOrder() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: string; idempotencyKey: string }) => {
      const result = await request<SubmitOrderResponse>(APPROVE_ORDER_PATH, {
        ...contextOptions(context, { 'Idempotency-Key': input.idempotencyKey }),
        method: 'POST',
        body: { orderId: input.orderId },
      });
      return result.error ? null : result.data.order;
    },
    onSuccess: async (order) => {
      if (order) await queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT });
    },
  });
}
