import type { OrderResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, useRequestContext } from '../../../lib/request-context';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';

export const CANCEL_ORDER_PATH = `${ORDERS_API}/cancelOrder`;

/** `POST cancelOrder` {orderId}: the submitter (or an approver) withdraws an order not paid yet. */
export function useCancelOrder() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) => {
      const result = await request<OrderResponse>(CANCEL_ORDER_PATH, {
        ...contextOptions(context),
        method: 'POST',
        body: { orderId },
      });
      return result.error ? null : result.data.order;
    },
    onSuccess: async (order) => {
      if (order) await queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT });
    },
  });
}
