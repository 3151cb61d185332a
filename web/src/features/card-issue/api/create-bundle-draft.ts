import type { CreateBundleDraftRequest, ReadyToTopUpResponse } from '@tessera/domain';
import { request } from '../../../lib/request';
import { draftFailureOf, isHandledDraftFailure, type DraftResult } from './draft-failure';
import { contextOptions, ORDERS_API, type RequestContext } from '../../../lib/request-context';

export const CREATE_BUNDLE_DRAFT_PATH = `${ORDERS_API}/createBundleDraftOrder`;

/** `POST createBundleDraftOrder`: a NEW draft of `quantity` bundles' cards; answers its id. */
export async function createBundleDraft(
  input: CreateBundleDraftRequest,
  context: RequestContext,
): Promise<DraftResult<string>> {
  const result = await request<ReadyToTopUpResponse>(CREATE_BUNDLE_DRAFT_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isHandledDraftFailure,
  });
  if (result.error) return { ok: false, failure: draftFailureOf(result.error) };
  return { ok: true, data: result.data.draftId };
}
