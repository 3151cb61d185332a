import type { DraftOrder, DraftOrderResponse, SaveDraftOrderRequest } from '@tessera/domain';
import { request } from '../../../lib/request';
import { rememberDraftLines } from '../known-cards';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';
import { ORDERS_API, contextOptions, type RequestContext } from '../../../lib/request-context';

export const SAVE_DRAFT_ORDER_PATH = `${ORDERS_API}/saveDraftOrder`;

/**
 * `POST saveDraftOrder`: a new draft with every line. Each attempt carries its own
 * `Idempotency-Key`, so a retried request (a lost answer) cannot make the draft twice.
 */
export async function saveDraftOrder(
  input: SaveDraftOrderRequest,
  context: RequestContext,
): Promise<DraftResult<DraftOrder>> {
  const result = await request<DraftOrderResponse>(SAVE_DRAFT_ORDER_PATH, {
    ...contextOptions(context, { 'Idempotency-Key': crypto.randomUUID() }),
    method: 'POST',
    body: input,
    suppressGlobalError: isHandledDraftFailure,
  });
  if (result.error) return { ok: false, failure: draftFailureOf(result.error) };
  rememberDraftLines(result.data.draftOrder.lines);
  return { ok: true, data: result.data.draftOrder };
}
