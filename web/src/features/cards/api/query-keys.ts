import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the card list. Every key carries the company acted for: after choosing another
 * company the cached figures of the previous one must never show.
 */
export const cardKeys = {
  all: ['accounts', 'cards'] as const,
  filter: (companyId: string | null) => [...cardKeys.all, 'cardFilter', companyId] as const,
  kpis: (companyId: string | null) => [...cardKeys.all, 'kpis', companyId] as const,
  summaries: (companyId: string | null) => [...cardKeys.all, 'summaries', companyId] as const,
};

/** After a card or cardholder changed: the pages of cards, the figures and the summaries refetch. */
export function invalidateCardQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cardKeys.all });
}
