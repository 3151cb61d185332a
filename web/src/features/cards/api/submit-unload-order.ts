import type { OrderResponse, OrderSummary, UnloadRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { formFailureOf, isCardFormFailure } from './form-failure';
import { invalidateCardQueries } from './invalidate-cards';
import { unloadFieldErrorsOf, type UnloadResult } from './unload-fields';
import {
  ORDERS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';

export const SUBMIT_UNLOAD_ORDER_PATH = `${ORDERS_API}/submitUnloadOrder`;

/**
 * `POST submitUnloadOrder` (order manager, provider staff; ADR 010): the money goes back from the
 * cards to the company's balance as one order (`UNLOAD`, already `unloaded`), in one transaction.
 * The `Idempotency-Key` makes a resent request (a lost answer, a second click) the same unload.
 */
export async function submitUnloadOrder(
  input: UnloadRequest,
  idempotencyKey: string,
  context: RequestContext,
): Promise<UnloadResult<OrderSummary>> {
  const options = contextOptions(context);
  const result = await request<OrderResponse>(SUBMIT_UNLOAD_ORDER_PATH, {
    ...options,
    headers: { ...options.headers, 'Idempotency-Key': idempotencyKey },
    method: 'POST',
    body: input,
    suppressGlobalError: isCardFormFailure,
  });
  if (!result.error) return { ok: true, data: result.data.order };
  return formFailureOf({ ...result, path: SUBMIT_UNLOAD_ORDER_PATH }, unloadFieldErrorsOf(result.error));
}

export function useSubmitUnloadOrder() {
  const queryClient = useQueryClient();
  const context = useRequestContext();
  return useMutation({
    mutationFn: (input: { request: UnloadRequest; idempotencyKey: string }) =>
      submitUnloadOrder(input.request, input.idempotencyKey, context),
    onSuccess: async (result) => {
      if (!result.ok) return;
      // The card's balance, the list's figures, and the company's orders and balance.
      await Promise.all([
        invalidateCardQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT }),
      ]);
    },
  });
}
