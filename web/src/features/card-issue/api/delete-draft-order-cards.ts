import type { DeleteDraftCardsRequest, DraftOrder, DraftOrderResponse } from '@tessera/domain';
import { request } from '../../../lib/request';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';
import { contextOptions, ORDERS_API, type RequestContext } from '../../../lib/request-context';

export const DELETE_DRAFT_ORDER_CARDS_PATH = `${ORDERS_API}/deleteDraftOrderCards`;

/** `POST deleteDraftOrderCards`: the lines removed since the last save (SPEC §3 cardsToDelete). */
export async function deleteDraftOrderCards(
  input: DeleteDraftCardsRequest,
  context: RequestContext,
): Promise<DraftResult<DraftOrder | null>> {
  const result = await request<DraftOrderResponse>(DELETE_DRAFT_ORDER_CARDS_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isHandledDraftFailure,
  });
  if (result.error) return { ok: false, failure: draftFailureOf(result.error) };
  return { ok: true, data: result.data?.draftOrder ?? null };
}
