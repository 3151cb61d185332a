import type { CardSummariesResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { cardKeys } from '../../../lib/query-keys';

export const CARD_SUMMARIES_PATH = `${ACCOUNTS_API}/retrieveCardSummaries`;

/**
 * `GET retrieveCardSummaries`: per product and family, how many cards are active and ready to top
 * up. Only a hint beside the load choices: a failure is quiet (the buttons still work).
 */
export async function getCardSummaries(context: RequestContext, signal?: AbortSignal) {
  const result = await request<CardSummariesResponse>(CARD_SUMMARIES_PATH, {
    ...contextOptions(context),
    signal,
    suppressGlobalError: true,
  });
  return result.error ? null : result.data.summaries;
}

export const cardSummariesQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: cardKeys.issueSummaries(context.companyId),
    queryFn: ({ signal }) => getCardSummaries(context, signal),
    enabled: context.companyId !== null,
    staleTime: 60_000,
  });

export function useCardSummaries() {
  return useQuery(cardSummariesQueryOptions(useRequestContext()));
}
