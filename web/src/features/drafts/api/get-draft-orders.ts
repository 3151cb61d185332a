import { ERROR_CODE, type DraftOrdersResponse, type Locale } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DRAFT_ORDERS_PATH } from '../../../lib/company-selection';
import { DRAFTS_QUERY_ROOT } from '../../../lib/draft-orders';
import { request, RequestError } from '../../../lib/request';
import { draftTotalOf, writeStore } from '../../../lib/storage';
import { useLocale } from '../../../lib/use-locale';
import type { DraftListScope } from '../model';

export { DRAFT_ORDERS_PATH };
export const FINANCE_DRAFT_ORDERS_PATH = '/api/v1/orders/retrieveDraftOrdersFinanceUser';

const NO_DRAFTS: DraftOrdersResponse = { success: true, draftOrders: [], total: 0, isMaxReached: false };

/**
 * `GET retrieveDraftOrders` (or `retrieveDraftOrdersFinanceUser` for the finance user): the
 * company's drafts with their total and the maximum-reached flag. A 404 with code 40 means there are
 * none (SPEC §7–8: the global error ignores it), so it answers an empty list. Every answer keeps the
 * persisted `draftTotal` in step with the server's count.
 */
export async function getDraftOrders(
  scope: DraftListScope,
  companyId: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<DraftOrdersResponse> {
  const path = scope === 'finance' ? FINANCE_DRAFT_ORDERS_PATH : DRAFT_ORDERS_PATH;
  const result = await request<DraftOrdersResponse>(path, { locale, signal, headers: { companyId } });
  let data: DraftOrdersResponse;
  if (!result.error) data = result.data;
  else if (result.error !== true && result.error.errorCode === ERROR_CODE.NO_DRAFTS) data = NO_DRAFTS;
  else throw new RequestError(path, result);
  writeStore('draftTotal', { ...draftTotalOf(data.total), isMaxReached: data.isMaxReached });
  return data;
}

export const draftOrdersQueryOptions = (scope: DraftListScope, companyId: string, locale: Locale) =>
  queryOptions({
    queryKey: [...DRAFTS_QUERY_ROOT, 'list', scope, companyId, locale],
    queryFn: ({ signal }) => getDraftOrders(scope, companyId, locale, signal),
    // Drafts change in the flow, in other tabs and by colleagues: read them whenever the page opens.
    staleTime: 0,
  });

export function useDraftOrders(scope: DraftListScope, companyId: string) {
  return useQuery(draftOrdersQueryOptions(scope, companyId, useLocale()));
}
