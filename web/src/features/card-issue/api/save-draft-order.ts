import type { DraftOrder, DraftOrderResponse, SaveDraftOrderRequest } from '@tessera/domain';
import { request } from '../../../lib/request';
import { rememberDraftLines } from '../known-cards';
import { ORDERS_API, withHeaders, type IssueContext } from './context';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';

export const SAVE_DRAFT_ORDER_PATH = `${ORDERS_API}/saveDraftOrder`;

/**
 * `POST saveDraftOrder`: a new draft with every line. Each attempt carries its own
 * `Idempotency-Key`, so a retried request (a lost answer) cannot make the draft twice.
 */
export async function saveDraftOrder(
  input: SaveDraftOrderRequest,
  context: IssueContext,
): Promise<DraftResult<DraftOrder>> {
  const result = await request<DraftOrderResponse>(SAVE_DRAFT_ORDER_PATH, {
    ...withHeaders(context, { 'Idempotency-Key': crypto.randomUUID() }),
    method: 'POST',
    body: input,
    suppressGlobalError: isHandledDraftFailure,
  });
  if (result.error) return { ok: false, failure: draftFailureOf(result.error) };
  rememberDraftLines(result.data.draftOrder.lines);
  return { ok: true, data: result.data.draftOrder };
}
