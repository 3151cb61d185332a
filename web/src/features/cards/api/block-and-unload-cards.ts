import type { BlockAndUnloadRequest, BlockAndUnloadResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { bulkFailureOf, isBulkCardFailure, type BulkResult } from './bulk-card-failure';
import { invalidateCardQueries } from './invalidate-cards';

export const BLOCK_AND_UNLOAD_PATH = `${ORDERS_API}/blockAndUnloadCards`;

/**
 * `POST blockAndUnloadCards` (ADR 036): block the cards and return their balances to the company,
 * all or nothing. The `Idempotency-Key` makes a resent request (a lost answer, a second click) the
 * same block and unload: no money moves twice.
 */
export async function blockAndUnloadCards(
  input: BlockAndUnloadRequest,
  idempotencyKey: string,
  context: RequestContext,
): Promise<BulkResult<Omit<BlockAndUnloadResponse, 'success'>>> {
  const options = contextOptions(context);
  const result = await request<BlockAndUnloadResponse>(BLOCK_AND_UNLOAD_PATH, {
    ...options,
    headers: { ...options.headers, 'Idempotency-Key': idempotencyKey },
    method: 'POST',
    body: input,
    suppressGlobalError: isBulkCardFailure,
  });
  if (result.error) return bulkFailureOf(result.error);
  const { success: _success, ...data } = result.data;
  return { ok: true, data };
}

export function useBlockAndUnloadCards() {
  const queryClient = useQueryClient();
  const context = useRequestContext();
  return useMutation({
    mutationFn: (input: { request: BlockAndUnloadRequest; idempotencyKey: string }) =>
      blockAndUnloadCards(input.request, input.idempotencyKey, context),
    onSuccess: async (result) => {
      if (!result.ok) return;
      await Promise.all([
        invalidateCardQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT }),
      ]);
    },
  });
}
