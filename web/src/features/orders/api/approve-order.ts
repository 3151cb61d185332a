import type { SubmitOrderResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, useRequestContext } from '../../../lib/request-context';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';

export const APPROVE_ORDER_PATH = `${ORDERS_API}/submitOrderPaymentManager`;

/**
 * `POST submitOrderPaymentManager` {orderId, comment}: a payment manager (or provider staff)
 * approves an order waiting for approval, with an optional comment; it then awaits payment, or,
 * needing two approvals (ADR 032), waits for a second person. Answers the order, or null after a failure
 * (the global error says why: 71, no one approves their own order).
 */
export function useApproveOrder() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: string; idempotencyKey: string; comment?: string }) => {
      const result = await request<SubmitOrderResponse>(APPROVE_ORDER_PATH, {
        ...contextOptions(context, { 'Idempotency-Key': input.idempotencyKey }),
        method: 'POST',
        body: { orderId: input.orderId, comment: input.comment ?? '' },
      });
      return result.error ? null : result.data.order;
    },
    onSuccess: async (order) => {
      if (order) await queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT });
    },
  });
}
