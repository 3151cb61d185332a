import type { Locale, Page, PageResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { contentKeys } from '../../../lib/query-keys';

/**
 * `GET /api/content/pages/{slug}`: a content page (home, contact, not-found, terms…). A missing page
 * is the caller's to show (the not-found page), so a 404 does not raise the global error; other
 * failures do (a 500 shows the system-problem page).
 */
export async function getPage(slug: string, locale: Locale, signal?: AbortSignal): Promise<Page> {
  const response = await requestOrThrow<PageResponse>(`/api/content/pages/${encodeURIComponent(slug)}`, {
    locale,
    signal,
    suppressGlobalError: (failure) => failure.status === 404,
  });
  return response.page;
}

export const pageQueryOptions = (slug: string, locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.page(slug, locale),
    queryFn: ({ signal }) => getPage(slug, locale, signal),
  });

export function usePage(slug: string) {
  return useQuery(pageQueryOptions(slug, useLocale()));
}
