import type { ReplaceCardsRequest, ReplaceCardsResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DRAFTS_QUERY_ROOT } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { bulkFailureOf, isBulkCardFailure, type BulkResult } from './bulk-card-failure';

export const REPLACE_CARDS_PATH = `${ORDERS_API}/replaceCards`;

/**
 * `POST replaceCards` (ADR 036): replacement drafts (EXPIRED) for the chosen expiring cards, one
 * per product and family. The `Idempotency-Key` makes a resent request the same drafts.
 */
export async function replaceCards(
  input: ReplaceCardsRequest,
  idempotencyKey: string,
  context: RequestContext,
): Promise<BulkResult<ReplaceCardsResponse['drafts']>> {
  const options = contextOptions(context);
  const result = await request<ReplaceCardsResponse>(REPLACE_CARDS_PATH, {
    ...options,
    headers: { ...options.headers, 'Idempotency-Key': idempotencyKey },
    method: 'POST',
    body: input,
    suppressGlobalError: isBulkCardFailure,
  });
  return result.error ? bulkFailureOf(result.error) : { ok: true, data: result.data.drafts };
}

export function useReplaceCards() {
  const queryClient = useQueryClient();
  const context = useRequestContext();
  return useMutation({
    mutationFn: (input: { request: ReplaceCardsRequest; idempotencyKey: string }) =>
      replaceCards(input.request, input.idempotencyKey, context),
    onSuccess: async (result) => {
      if (result.ok) await queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_ROOT });
    },
  });
}
