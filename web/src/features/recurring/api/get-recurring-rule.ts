import type { RecurringRuleResponseSchema } from '@tessera/domain';
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

export const RECURRING_RULE_PATH = `${ORDERS_API}/retrieveRecurringRule`;

export type RecurringRuleResponse = z.infer<typeof RecurringRuleResponseSchema>;

/** `GET retrieveRecurringRule?ruleId=`: one rule with its card lines, each card as it is now. */
export async function getRecurringRule(context: RequestContext, ruleId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ ruleId });
  return (
    await requestOrThrow<RecurringRuleResponse>(`${RECURRING_RULE_PATH}?${query}`, {
      ...contextOptions(context),
      signal,
    })
  ).rule;
}

export const recurringRuleQueryOptions = (context: RequestContext, ruleId: string) =>
  queryOptions({
    queryKey: recurringKeys.rule(context.companyId, ruleId),
    queryFn: ({ signal }) => getRecurringRule(context, ruleId, signal),
    enabled: context.companyId !== null,
  });

export function useRecurringRule(ruleId: string) {
  return useQuery(recurringRuleQueryOptions(useRequestContext(), ruleId));
}
