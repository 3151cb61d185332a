import { ERROR_CODE, type DraftOrdersResponse, type DraftSummary } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DRAFTS_QUERY_ROOT } from '../../../lib/draft-orders';
import { request, RequestError } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';

export const RETRIEVE_DRAFT_ORDERS_PATH = `${ORDERS_API}/retrieveDraftOrders`;
export const RETRIEVE_DRAFT_ORDERS_FINANCE_PATH = `${ORDERS_API}/retrieveDraftOrdersFinanceUser`;

/** Whose list: the finance user reads drafts through its own endpoint (SPEC §7). */
export type DraftsScope = 'company' | 'finance';

/**
 * The drafts a payment manager or finance user may submit, newest first. A 404 with code 40 means
 * there are none (SPEC §7–8: the global error ignores it), so it answers an empty list.
 */
export async function getSubmittableDrafts(
  scope: DraftsScope,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<DraftSummary[]> {
  const path = scope === 'finance' ? RETRIEVE_DRAFT_ORDERS_FINANCE_PATH : RETRIEVE_DRAFT_ORDERS_PATH;
  const result = await request<DraftOrdersResponse>(path, { ...contextOptions(context), signal });
  if (!result.error) {
    return [...result.data.draftOrders].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
  }
  if (result.error !== true && result.error.errorCode === ERROR_CODE.NO_DRAFTS) return [];
  throw new RequestError(path, result);
}

export const submittableDraftsQueryOptions = (scope: DraftsScope, context: RequestContext) =>
  queryOptions({
    // Under the drafts root: saving, deleting or submitting a draft anywhere refreshes it.
    queryKey: [...DRAFTS_QUERY_ROOT, 'submittable', scope, context.companyId, context.locale],
    queryFn: ({ signal }) => getSubmittableDrafts(scope, context, signal),
    enabled: context.companyId !== null,
    staleTime: 0,
  });

export function useSubmittableDrafts(scope: DraftsScope) {
  return useQuery(submittableDraftsQueryOptions(scope, useRequestContext()));
}
