import type { CardMovementsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';

export const CARD_MOVEMENTS_PATH = `${ACCOUNTS_API}/cardMovements`;

/** `GET /api/v1/accounts/cardMovements?cardId=`: the card's latest movements and its balance. */
export async function getCardMovements(context: RequestContext, cardId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ cardId });
  return requestOrThrow<CardMovementsResponse>(`${CARD_MOVEMENTS_PATH}?${query.toString()}`, {
    ...contextOptions(context),
    signal,
  });
}

export const cardMovementsQueryOptions = (context: RequestContext, cardId: string) =>
  queryOptions({
    queryKey: cardKeys.movements(context.companyId, cardId),
    queryFn: ({ signal }) => getCardMovements(context, cardId, signal),
    enabled: context.companyId !== null,
    // Purchases at merchants happen elsewhere: each opening of the panel reads them again.
    staleTime: 0,
  });

export function useCardMovements(cardId: string) {
  return useQuery(cardMovementsQueryOptions(useRequestContext(), cardId));
}
