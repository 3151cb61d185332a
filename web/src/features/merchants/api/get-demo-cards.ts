import type { DemoCard } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const DEMO_CARDS_PATH = `${MERCHANTS_API}/virtualTerminal/demoCards`;

/**
 * `GET virtualTerminal/demoCards`: cards with money to try the terminal with (demo data only: without
 * it the server answers 404, and the terminal offers the card token field alone, quietly).
 */
export async function getDemoCards(context: MerchantContext, signal?: AbortSignal): Promise<DemoCard[]> {
  const body = await requestOrThrow<{ cards: DemoCard[] }>(DEMO_CARDS_PATH, {
    ...merchantOptions(context),
    signal,
    suppressGlobalError: (failure) => failure.status === 404,
  });
  return body.cards;
}

export const demoCardsQueryOptions = (context: MerchantContext, isEnabled: boolean) =>
  queryOptions({
    queryKey: merchantKeys.demoCards(context.merchantId),
    queryFn: ({ signal }) => getDemoCards(context, signal),
    enabled: isEnabled,
    // Balances change with every purchase: read again after each (the terminal invalidates).
    staleTime: 0,
  });

export function useDemoCards(context: MerchantContext, isEnabled: boolean) {
  return useQuery(demoCardsQueryOptions(context, isEnabled));
}
