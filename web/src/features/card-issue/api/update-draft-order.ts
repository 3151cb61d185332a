import type { DraftOrder, DraftOrderResponse, UpdateDraftOrderRequest } from '@tessera/domain';
import { request } from '../../../lib/request';
import { contextOptions, ORDERS_API, type IssueContext } from './context';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';

export const UPDATE_DRAFT_ORDER_PATH = `${ORDERS_API}/updateDraftOrder`;

/** `POST updateDraftOrder`: the header of a saved draft (product, delivery point, alias, comments, bulk amount). */
export async function updateDraftOrder(
  input: UpdateDraftOrderRequest,
  context: IssueContext,
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
