import type { FooterResponse, Locale } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from '../../../lib/client-log';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import type { ShellVariant } from './get-menu';
import { contentKeys } from '../../../lib/query-keys';

/** `GET /api/content/footer` (or `/merchant-footer`); failures are logged only (SPEC §8). */
export async function getFooter(
  variant: ShellVariant,
  locale: Locale,
  signal?: AbortSignal,
): Promise<FooterResponse> {
  const path = variant === 'merchant' ? '/api/content/merchant-footer' : '/api/content/footer';
  try {
    return await requestOrThrow<FooterResponse>(path, { locale, signal, suppressGlobalError: true });
  } catch (error) {
    if (!signal?.aborted) logWarning('there was an error loading data', path);
    throw error;
  }
}

export const footerQueryOptions = (variant: ShellVariant, locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.footer(variant, locale),
    queryFn: ({ signal }) => getFooter(variant, locale, signal),
    staleTime: 10 * 60_000,
  });

export function useFooter(variant: ShellVariant) {
  return useQuery(footerQueryOptions(variant, useLocale()));
}
