import type { UnloadPriceResponse, UnloadRequest } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { formFailureOf, isCardFormFailure } from './form-failure';
import { unloadFieldErrorsOf, type UnloadResult } from './unload-fields';
import {
  ORDERS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';

export const UNLOAD_PRICE_PATH = `${ORDERS_API}/unloadOrderPriceCalculation`;

/**
 * `POST unloadOrderPriceCalculation` (order manager, provider staff; ADR 010): what taking money
 * back from the cards gives, card by card, without fees. A 400 naming an amount over the card's
 * balance (`cards.0.amountCents`) comes back for the form to show beside it.
 */
export async function calculateUnloadPrice(
  input: UnloadRequest,
  context: RequestContext,
): Promise<UnloadResult<Omit<UnloadPriceResponse, 'success'>>> {
  const result = await request<UnloadPriceResponse>(UNLOAD_PRICE_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isCardFormFailure,
  });
  if (!result.error) {
    const { success: _success, ...price } = result.data;
    return { ok: true, data: price };
  }
  return formFailureOf({ ...result, path: UNLOAD_PRICE_PATH }, unloadFieldErrorsOf(result.error));
}

export function useCalculateUnloadPrice() {
  const context = useRequestContext();
  return useMutation({ mutationFn: (input: UnloadRequest) => calculateUnloadPrice(input, context) });
}
