import type { QueryClient } from '@tanstack/react-query';
import { cardKeys } from '../../../lib/query-keys';

/** After a card or cardholder changed: the pages of cards, the figures and the summaries refetch. */
export function invalidateCardQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cardKeys.all });
}
