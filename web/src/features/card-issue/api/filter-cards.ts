import type { CardFilterRequest, CardFilterResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { rememberCards } from '../known-cards';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { cardKeys } from '../../../lib/query-keys';

export const CARD_FILTER_PATH = `${ACCOUNTS_API}/cardFilter`;

/**
 * `POST /api/v1/accounts/cardFilter`: one page of the company's cards of a product and family in
 * one status (the picker), searched on the server (accents and case ignored).
 */
export async function filterCards(input: CardFilterRequest, context: RequestContext, signal?: AbortSignal) {
  const data = await requestOrThrow<CardFilterResponse>(CARD_FILTER_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    signal,
  });
  rememberCards(data.cards);
  return data;
}

export const pickerCardsQueryOptions = (context: RequestContext, input: CardFilterRequest) =>
  queryOptions({
    queryKey: cardKeys.picker(context.companyId, input),
    queryFn: ({ signal }) => filterCards(input, context, signal),
    enabled: context.companyId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function usePickerCards(input: CardFilterRequest | null) {
  const context = useRequestContext();
  const options = pickerCardsQueryOptions(context, input ?? {});
  return useQuery({ ...options, enabled: input !== null && context.companyId !== null });
}

/**
 * Reads the cards the draft's lines name that the page has not seen yet (a `?cardId=` link opened
 * cold, a reload before saving): `cardFilter` by ids, 100 at a time; they land in the known cards.
 */
export function useResolveLineCards(cardIds: readonly string[], known: ReadonlyMap<string, unknown>) {
  const context = useRequestContext();
  const missing = [...new Set(cardIds)]
    .filter((id) => !known.has(id))
    .slice(0, 100)
    .sort();
  return useQuery({
    queryKey: cardKeys.picker(context.companyId, { cardIds: missing, pageSize: 100 }),
    queryFn: ({ signal }) => filterCards({ cardIds: missing, pageSize: 100 }, context, signal),
    enabled: context.companyId !== null && missing.length > 0,
    staleTime: 60_000,
  });
}
