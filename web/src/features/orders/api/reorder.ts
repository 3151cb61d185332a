import type { ReorderResponseSchema } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, useRequestContext } from '../../../lib/request-context';
import { DRAFTS_QUERY_ROOT } from '../../../lib/query-keys';

export const REORDER_PATH = `${ORDERS_API}/reorder`;

type ReorderResponse = z.infer<typeof ReorderResponseSchema>;

/**
 * `POST reorder` {orderId}: a new draft with the order's lines. Answers the draft's id, or null
 * after a failure (the global error says why, e.g. 60: the company already holds 99 drafts).
 */
export function useReorder() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: string; idempotencyKey: string }) => {
      const result = await request<ReorderResponse>(REORDER_PATH, {
        ...contextOptions(context, { 'Idempotency-Key': input.idempotencyKey }),
        method: 'POST',
        body: { orderId: input.orderId },
      });
      return result.error ? null : result.data.draftId;
    },
    onSuccess: async (draftId) => {
      if (draftId) await queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_ROOT });
    },
  });
}
