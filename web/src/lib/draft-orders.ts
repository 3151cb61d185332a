import type { CompanyMaxDraftOrdersResponse, Locale } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from './client-log';
import { request } from './request';
import { draftTotalOf, writeStore, type DraftTotal } from './storage';

/**
 * The company's draft count (SPEC §4, ADR 009): `GET companyMaxDraftOrders` answers the total, the
 * maximum and whether it is reached. Shared by the home page's quick actions and whoever creates a
 * draft; every answer also goes to the persisted `draftTotal` store so every page agrees.
 */

export const COMPANY_MAX_DRAFT_ORDERS_PATH = '/api/v1/orders/companyMaxDraftOrders';

/** Every query about drafts starts with this key, so one invalidation refreshes them all. */
export const DRAFTS_QUERY_ROOT = ['orders', 'drafts'] as const;

export type DraftCount = DraftTotal & { max: number };

/** Where a draft is resumed (without locale; `paths.cardIssueInfoDraft` in the route table). */
export function draftHref(draftId: string): string {
  return `/card-issue/info/${encodeURIComponent(draftId)}`;
}

/**
 * Reads the count and stores it. A failure is logged only (SPEC §8: failed lookups are logged) and
 * answers null: the caller keeps showing the stored total.
 */
export async function getDraftCount(
  companyId: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<DraftCount | null> {
  const result = await request<CompanyMaxDraftOrdersResponse>(COMPANY_MAX_DRAFT_ORDERS_PATH, {
    locale,
    signal,
    headers: { companyId },
    suppressGlobalError: true,
  });
  if (result.error) {
    if (!result.aborted) logWarning('there was an error loading data', COMPANY_MAX_DRAFT_ORDERS_PATH);
    return null;
  }
  const { total, max, isMaxReached } = result.data;
  writeStore('draftTotal', { ...draftTotalOf(total), isMaxReached });
  return { total, max, isMaxReached };
}

export const draftCountQueryOptions = (companyId: string | null, locale: Locale) =>
  queryOptions({
    queryKey: [...DRAFTS_QUERY_ROOT, 'count', companyId],
    queryFn: ({ signal }) => getDraftCount(companyId ?? '', locale, signal),
    enabled: companyId !== null,
    staleTime: 30_000,
  });

export function useDraftCount(companyId: string | null, locale: Locale) {
  return useQuery(draftCountQueryOptions(companyId, locale));
}
