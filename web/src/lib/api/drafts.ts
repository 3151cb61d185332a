import {
  ERROR_CODE,
  type CompanyMaxDraftOrdersResponse,
  type DraftOrdersResponse,
  type DraftSummary,
  type Locale,
} from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from '../client-log';
import { request, RequestError } from '../request';
import { DRAFT_ORDERS_PATH } from '../company-selection';
import { contextOptions, ORDERS_API, useRequestContext, type RequestContext } from '../request-context';
import { draftTotalOf, writeStore, type DraftTotal } from '../storage';
import { draftKeys } from '../query-keys';

/**
 * The company's draft count (SPEC §4, ADR 009): `GET companyMaxDraftOrders` answers the total, the
 * maximum and whether it is reached. Shared by the home page's quick actions and whoever creates a
 * draft; every answer also goes to the persisted `draftTotal` store so every page agrees.
 */

export const COMPANY_MAX_DRAFT_ORDERS_PATH = '/api/v1/orders/companyMaxDraftOrders';

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
    queryKey: draftKeys.count(companyId),
    queryFn: ({ signal }) => getDraftCount(companyId ?? '', locale, signal),
    enabled: companyId !== null,
    staleTime: 30_000,
  });

export function useDraftCount(companyId: string | null, locale: Locale) {
  return useQuery(draftCountQueryOptions(companyId, locale));
}

export const FINANCE_DRAFT_ORDERS_PATH = `${ORDERS_API}/retrieveDraftOrdersFinanceUser`;

/** Whose list: the finance user reads drafts through its own endpoint (SPEC §7). */
export type DraftListScope = 'company' | 'finance';

const NO_DRAFTS: DraftOrdersResponse = { success: true, draftOrders: [], total: 0, isMaxReached: false };

/**
 * `GET retrieveDraftOrders` (or `retrieveDraftOrdersFinanceUser` for the finance user): the
 * company's drafts with their total and the maximum-reached flag. A 404 with code 40 means there are
 * none (SPEC §7–8: the global error ignores it), so it answers an empty list. Every answer keeps the
 * persisted `draftTotal` in step with the server's count. Read by the drafts page and by the
 * payment manager's and finance user's list of drafts to submit.
 */
export async function getDraftOrders(
  scope: DraftListScope,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<DraftOrdersResponse> {
  const path = scope === 'finance' ? FINANCE_DRAFT_ORDERS_PATH : DRAFT_ORDERS_PATH;
  const result = await request<DraftOrdersResponse>(path, { ...contextOptions(context), signal });
  let data: DraftOrdersResponse;
  if (!result.error) data = result.data;
  else if (result.error !== true && result.error.errorCode === ERROR_CODE.NO_DRAFTS) data = NO_DRAFTS;
  else throw new RequestError(path, result);
  writeStore('draftTotal', { ...draftTotalOf(data.total), isMaxReached: data.isMaxReached });
  return data;
}

export const draftOrdersQueryOptions = (scope: DraftListScope, context: RequestContext) =>
  queryOptions({
    queryKey: draftKeys.list(scope, context.companyId, context.locale),
    queryFn: ({ signal }) => getDraftOrders(scope, context, signal),
    enabled: context.companyId !== null,
    // Drafts change in the flow, in other tabs and by colleagues: read them whenever the page opens.
    staleTime: 0,
  });

/** The drafts of the company acted for, with their total. */
export function useDraftOrders(scope: DraftListScope) {
  return useQuery(draftOrdersQueryOptions(scope, useRequestContext()));
}

const newestFirst = (data: DraftOrdersResponse): DraftSummary[] =>
  [...data.draftOrders].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));

/** The same drafts, newest first: the ones a payment manager or finance user may submit. */
export function useSubmittableDrafts(scope: DraftListScope) {
  return useQuery({ ...draftOrdersQueryOptions(scope, useRequestContext()), select: newestFirst });
}
