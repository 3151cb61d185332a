import type { Locale, Page, PageResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from '../../../lib/client-log';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { contentKeys } from '../../../lib/query-keys';

/**
 * `GET /api/content/pages/login`: the sign-in page's CMS texts (title, summary, `texts.emailLabel`,
 * `passwordLabel`, `submit`, `forgot`, `help`). The page has its own texts, so a failure is logged only.
 */
export async function getLoginPage(locale: Locale, signal?: AbortSignal): Promise<Page> {
  try {
    return (
      await requestOrThrow<PageResponse>('/api/content/pages/login', {
        locale,
        signal,
        suppressGlobalError: true,
      })
    ).page;
  } catch (error) {
    if (!signal?.aborted) logWarning('there was an error loading data', '/api/content/pages/login');
    throw error;
  }
}

export const loginPageQueryOptions = (locale: Locale) =>
  queryOptions({
    // The content feature reads pages under the same key: one cache entry for both.
    queryKey: contentKeys.page('login', locale),
    queryFn: ({ signal }) => getLoginPage(locale, signal),
  });

export function useLoginPage() {
  return useQuery(loginPageQueryOptions(useLocale()));
}
