import type { ActivateComplimentResponseSchema } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, useRequestContext } from '../../../lib/request-context';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';

export const ACTIVATE_COMPLIMENT_ORDER_PATH = `${ORDERS_API}/activateComplimentOrder`;

type ActivateComplimentResponse = z.infer<typeof ActivateComplimentResponseSchema>;

/**
 * `POST activateComplimentOrder` {orderId}: a paid complimentary order's cards are made blocked
 * until the company hands them out; this activates them. Answers how many it activated, or null
 * after a failure (shown by the global error).
 */
export function useActivateComplimentOrder() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) => {
      const result = await request<ActivateComplimentResponse>(ACTIVATE_COMPLIMENT_ORDER_PATH, {
        ...contextOptions(context),
        method: 'POST',
        body: { orderId },
      });
      return result.error ? null : result.data.activated;
    },
    onSuccess: async (activated) => {
      if (activated !== null) await queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT });
    },
  });
}
