import type { CardSummariesResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { contextOptions, useRequestContext, type RequestContext } from '../../../lib/request-context';
import { cardKeys } from '../../../lib/query-keys';

export const CARD_SUMMARIES_PATH = '/api/v1/accounts/retrieveCardSummaries';

/** `GET /api/v1/accounts/retrieveCardSummaries`: per product and family, counts and balance. */
export async function getCardSummaries(context: RequestContext, signal?: AbortSignal) {
  return requestOrThrow<CardSummariesResponse>(CARD_SUMMARIES_PATH, { ...contextOptions(context), signal });
}

export const cardSummariesQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: cardKeys.summaries(context.companyId),
    queryFn: ({ signal }) => getCardSummaries(context, signal),
    enabled: context.companyId !== null,
    staleTime: 60_000,
  });

export function useCardSummaries() {
  return useQuery(cardSummariesQueryOptions(useRequestContext()));
}
