import type { RecurringRunsResponseSchema } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { recurringKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import {
  contextOptions,
  ORDERS_API,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';

export const RECURRING_RUNS_PATH = `${ORDERS_API}/retrieveRecurringRuns`;
/** Runs a page (the server's default). */
export const RUNS_PAGE_SIZE = 12;

export type RecurringRunsResponse = z.infer<typeof RecurringRunsResponseSchema>;

/** `GET retrieveRecurringRuns?ruleId=&page=&pageSize=`: a rule's past runs, newest first. */
export async function getRecurringRuns(
  context: RequestContext,
  ruleId: string,
  page: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ ruleId, page: String(page), pageSize: String(RUNS_PAGE_SIZE) });
  return requestOrThrow<RecurringRunsResponse>(`${RECURRING_RUNS_PATH}?${query}`, {
    ...contextOptions(context),
    signal,
  });
}

export const recurringRunsQueryOptions = (context: RequestContext, ruleId: string, page: number) =>
  queryOptions({
    queryKey: recurringKeys.runs(context.companyId, ruleId, page),
    queryFn: ({ signal }) => getRecurringRuns(context, ruleId, page, signal),
    enabled: context.companyId !== null,
    placeholderData: keepPreviousData,
  });

export function useRecurringRuns(ruleId: string, page: number) {
  return useQuery(recurringRunsQueryOptions(useRequestContext(), ruleId, page));
}
