import type { ReadyToTopUpRequest, ReadyToTopUpResponse } from '@tessera/domain';
import { request } from '../../../lib/request';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';
import { contextOptions, ORDERS_API, type RequestContext } from '../../../lib/request-context';

export const READY_TO_TOP_UP_PATH = `${ORDERS_API}/readyToTopUp`;

/**
 * `POST readyToTopUp` {product, family}: a draft loading every card of the product and family not
 * loaded this month (ADR 006); answers its id, which the page opens.
 */
export async function createReadyToTopUpDraft(
  input: ReadyToTopUpRequest,
  context: RequestContext,
): Promise<DraftResult<string>> {
  const result = await request<ReadyToTopUpResponse>(READY_TO_TOP_UP_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isHandledDraftFailure,
  });
  if (result.error) return { ok: false, failure: draftFailureOf(result.error) };
  return { ok: true, data: result.data.draftId };
}
