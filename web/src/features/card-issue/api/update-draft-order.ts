import type { DraftOrder, DraftOrderResponse, UpdateDraftOrderRequest } from '@tessera/domain';
import { request } from '../../../lib/request';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';
import { contextOptions, ORDERS_API, type RequestContext } from '../../../lib/request-context';

export const UPDATE_DRAFT_ORDER_PATH = `${ORDERS_API}/updateDraftOrder`;

/** `POST updateDraftOrder`: the header of a saved draft (product, delivery point, alias, comments, bulk amount). */
export async function updateDraftOrder(
  input: UpdateDraftOrderRequest,
  context: RequestContext,
): Promise<DraftResult<DraftOrder | null>> {
  const result = await request<DraftOrderResponse>(UPDATE_DRAFT_ORDER_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isHandledDraftFailure,
  });
  if (result.error) return { ok: false, failure: draftFailureOf(result.error) };
  return { ok: true, data: result.data?.draftOrder ?? null };
}
