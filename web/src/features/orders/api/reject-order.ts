import type { OrderResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, useRequestContext } from '../../../lib/request-context';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';

export const REJECT_ORDER_PATH = `${ORDERS_API}/rejectOrder`;

/** `POST rejectOrder` {orderId, reason}: an approver turns down a waiting order, saying why. */
export function useRejectOrder() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: string; reason: string }) => {
      const result = await request<OrderResponse>(REJECT_ORDER_PATH, {
        ...contextOptions(context),
        method: 'POST',
        body: input,
      });
      return result.error ? null : result.data.order;
    },
    onSuccess: async (order) => {
      if (order) await queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT });
    },
  });
}
