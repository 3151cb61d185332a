import type { RecurringRulesResponseSchema } from '@tessera/domain';
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

export const RECURRING_RULES_PATH = `${ORDERS_API}/retrieveRecurringRules`;

export type RecurringRulesResponse = z.infer<typeof RecurringRulesResponseSchema>;

/** `GET retrieveRecurringRules`: the company's rules (without their cards) and its reminder setting. */
export async function getRecurringRules(context: RequestContext, signal?: AbortSignal) {
  return requestOrThrow<RecurringRulesResponse>(RECURRING_RULES_PATH, { ...contextOptions(context), signal });
}

export const recurringRulesQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: recurringKeys.list(context.companyId),
    queryFn: ({ signal }) => getRecurringRules(context, signal),
    enabled: context.companyId !== null,
  });

export function useRecurringRules() {
  return useQuery(recurringRulesQueryOptions(useRequestContext()));
}
