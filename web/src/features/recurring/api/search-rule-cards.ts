import type { CardFilterRequest, CardFilterResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { recurringKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';

export const CARD_FILTER_PATH = `${ACCOUNTS_API}/cardFilter`;

/**
 * `POST /api/v1/accounts/cardFilter` for the rule's card picker: one page of the company's active
 * cards of the rule's product (every family), searched on the server (accents and case ignored).
 */
export async function searchRuleCards(
  context: RequestContext,
  input: CardFilterRequest,
  signal?: AbortSignal,
): Promise<CardFilterResponse> {
  return requestOrThrow<CardFilterResponse>(CARD_FILTER_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    signal,
  });
}

export const ruleCardsQueryOptions = (context: RequestContext, input: CardFilterRequest) =>
  queryOptions({
    queryKey: recurringKeys.cards(context.companyId, input),
    queryFn: ({ signal }) => searchRuleCards(context, input, signal),
    enabled: context.companyId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useRuleCards(input: CardFilterRequest) {
  return useQuery(ruleCardsQueryOptions(useRequestContext(), input));
}
