import type { CardsKpisResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { contextOptions, useRequestContext, type RequestContext } from '../../../lib/request-context';
import { cardKeys } from '../../../lib/query-keys';

export const CARDS_KPIS_PATH = '/api/v1/accounts/retrieveCardsKpis';

/** `GET /api/v1/accounts/retrieveCardsKpis`: the card list's key figures and six months of loads. */
export async function getCardsKpis(context: RequestContext, signal?: AbortSignal) {
  return requestOrThrow<CardsKpisResponse>(CARDS_KPIS_PATH, { ...contextOptions(context), signal });
}

export const cardsKpisQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: cardKeys.kpis(context.companyId),
    queryFn: ({ signal }) => getCardsKpis(context, signal),
    enabled: context.companyId !== null,
    staleTime: 60_000,
  });

export function useCardsKpis() {
  return useQuery(cardsKpisQueryOptions(useRequestContext()));
}
