import type { CardFilterRequest, CardFilterResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { contextOptions, useRequestContext, type RequestContext } from '../../../lib/request-context';
import { cardKeys } from '../../../lib/query-keys';

export const CARD_FILTER_PATH = '/api/v1/accounts/cardFilter';

/**
 * `POST /api/v1/accounts/cardFilter`: one page of the company's cards. Filtering, search (accents
 * and case ignored), sorting and paging all happen on the server; the company may hold thousands.
 */
export async function filterCards(input: CardFilterRequest, context: RequestContext, signal?: AbortSignal) {
  return requestOrThrow<CardFilterResponse>(CARD_FILTER_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    signal,
  });
}

export const filterCardsQueryOptions = (context: RequestContext, input: CardFilterRequest) =>
  queryOptions({
    queryKey: [...cardKeys.filter(context.companyId), input],
    queryFn: ({ signal }) => filterCards(input, context, signal),
    enabled: context.companyId !== null,
    // The previous page stays on screen while the next one loads: no flashing table.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useFilterCards(input: CardFilterRequest) {
  return useQuery(filterCardsQueryOptions(useRequestContext(), input));
}
