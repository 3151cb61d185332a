import type { SetCardsRenewalRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { bulkFailureOf, isBulkCardFailure, type BulkResult } from './bulk-card-failure';
import { invalidateCardQueries } from './invalidate-cards';

export const SET_CARDS_RENEWAL_PATH = `${ACCOUNTS_API}/setCardsRenewal`;

/** `POST setCardsRenewal` (ADR 036): mark cards "do not renew", or renew them again. */
export async function setCardsRenewal(
  input: SetCardsRenewalRequest,
  context: RequestContext,
): Promise<BulkResult<{ changed: number }>> {
  const result = await request<{ success: true; changed: number }>(SET_CARDS_RENEWAL_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isBulkCardFailure,
  });
  return result.error ? bulkFailureOf(result.error) : { ok: true, data: { changed: result.data.changed } };
}

export function useSetCardsRenewal() {
  const queryClient = useQueryClient();
  const context = useRequestContext();
  return useMutation({
    mutationFn: (input: SetCardsRenewalRequest) => setCardsRenewal(input, context),
    onSuccess: async (result) => {
      if (result.ok) await invalidateCardQueries(queryClient);
    },
  });
}
