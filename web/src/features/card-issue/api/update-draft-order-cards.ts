import type { DraftCardsRequest, DraftOrder, DraftOrderResponse } from '@tessera/domain';
import { request } from '../../../lib/request';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';
import { contextOptions, ORDERS_API, type RequestContext } from '../../../lib/request-context';

export const UPDATE_DRAFT_ORDER_CARDS_PATH = `${ORDERS_API}/updateDraftOrderCards`;

/** `POST updateDraftOrderCards`: the lines changed since the last save (SPEC §3 cardsToUpdate). */
export async function updateDraftOrderCards(
  input: DraftCardsRequest,
  context: RequestContext,
): Promise<DraftResult<DraftOrder | null>> {
  const result = await request<DraftOrderResponse>(UPDATE_DRAFT_ORDER_CARDS_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isHandledDraftFailure,
  });
  if (result.error) return { ok: false, failure: draftFailureOf(result.error) };
  return { ok: true, data: result.data?.draftOrder ?? null };
}
