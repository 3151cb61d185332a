import type { DraftCardsRequest, DraftOrder, DraftOrderResponse } from '@tessera/domain';
import { request } from '../../../lib/request';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';
import { contextOptions, ORDERS_API, type RequestContext } from '../../../lib/request-context';

export const ADD_DRAFT_ORDER_CARDS_PATH = `${ORDERS_API}/addDraftOrderCards`;

/** `POST addDraftOrderCards`: the lines added since the last save (SPEC §3 cardsToAdd). */
export async function addDraftOrderCards(
  input: DraftCardsRequest,
  context: RequestContext,
): Promise<DraftResult<DraftOrder | null>> {
  const result = await request<DraftOrderResponse>(ADD_DRAFT_ORDER_CARDS_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isHandledDraftFailure,
  });
  if (result.error) return { ok: false, failure: draftFailureOf(result.error) };
  return { ok: true, data: result.data?.draftOrder ?? null };
}
