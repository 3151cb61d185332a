import type { FaqsResponse, Locale } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { contentKeys } from '../../../lib/query-keys';

export type FaqAudience = 'company' | 'merchant';

/** `GET /api/content/faqs?q=&audience=`: FAQ groups; the server filters by `q` ignoring accents. */
export async function getFaqs(
  params: { q: string; audience: FaqAudience },
  locale: Locale,
  signal?: AbortSignal,
): Promise<FaqsResponse['groups']> {
  const query = new URLSearchParams({ audience: params.audience });
  if (params.q.trim() !== '') query.set('q', params.q.trim());
  const response = await requestOrThrow<FaqsResponse>(`/api/content/faqs?${query.toString()}`, {
    locale,
    signal,
  });
  return response.groups;
}

export const faqsQueryOptions = (params: { q: string; audience: FaqAudience }, locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.faqs(params.audience, params.q.trim(), locale),
    queryFn: ({ signal }) => getFaqs(params, locale, signal),
    // Keep the previous answers on screen while the next search runs.
    placeholderData: keepPreviousData,
  });

export function useFaqs(params: { q: string; audience: FaqAudience }) {
  return useQuery(faqsQueryOptions(params, useLocale()));
}
