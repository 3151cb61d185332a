import type { DraftIdRequestSchema } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { DRAFTS_QUERY_ROOT } from '../../../lib/query-keys';

export const DELETE_DRAFT_ORDER_PATH = '/api/v1/orders/deleteDraftOrder';

type DeleteDraftOrderRequest = z.infer<typeof DraftIdRequestSchema>;

/**
 * `POST deleteDraftOrder` {draftId} (order manager, provider staff). A failure shows the global
 * error; the mutation resolves to whether the draft is gone. Afterwards every drafts query is
 * refreshed, and with the list the stored draft total.
 */
export function useDeleteDraftOrder(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draftId: string) => {
      const body: DeleteDraftOrderRequest = { draftId };
      const result = await request<{ success: true }>(DELETE_DRAFT_ORDER_PATH, {
        method: 'POST',
        body,
        locale,
        headers: { companyId },
      });
      return !result.error;
    },
    onSuccess: async (isDeleted) => {
      if (isDeleted) await queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_ROOT });
    },
  });
}
