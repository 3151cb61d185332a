import type { CardPrintingResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { cardPrintingKeys } from '../../../lib/query-keys';

export const CARD_PRINTING_PATH = `${ACCOUNTS_API}/retrieveCardPrinting`;

/** `GET retrieveCardPrinting`: what the company's plastic cards carry. */
export async function getCardPrinting(companyId: string, signal?: AbortSignal) {
  return (
    await requestOrThrow<CardPrintingResponse>(CARD_PRINTING_PATH, {
      headers: companyHeaders(companyId),
      signal,
    })
  ).cardPrinting;
}

export const cardPrintingQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: cardPrintingKeys.settings(companyId),
    queryFn: ({ signal }) => getCardPrinting(companyId, signal),
  });

export function useCardPrinting(companyId: string) {
  return useQuery(cardPrintingQueryOptions(companyId));
}
