import type { RecurringPreviewResponseSchema } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { recurringKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import {
  contextOptions,
  ORDERS_API,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';

export const PREVIEW_RECURRING_RULE_PATH = `${ORDERS_API}/previewRecurringRule`;

export type RecurringPreviewResponse = z.infer<typeof RecurringPreviewResponseSchema>;

/** `GET previewRecurringRule?ruleId=`: the saved rule's next three runs, priced as orders are now. */
export async function previewRecurringRule(context: RequestContext, ruleId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ ruleId });
  return (
    await requestOrThrow<RecurringPreviewResponse>(`${PREVIEW_RECURRING_RULE_PATH}?${query}`, {
      ...contextOptions(context),
      signal,
    })
  ).runs;
}

export const recurringPreviewQueryOptions = (context: RequestContext, ruleId: string) =>
  queryOptions({
    queryKey: recurringKeys.preview(context.companyId, ruleId),
    queryFn: ({ signal }) => previewRecurringRule(context, ruleId, signal),
    enabled: context.companyId !== null,
  });

export function useRecurringPreview(ruleId: string) {
  return useQuery(recurringPreviewQueryOptions(useRequestContext(), ruleId));
}
