import type { Locale, MenuResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from '../../../lib/client-log';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { contentKeys } from '../../../lib/query-keys';

export type ShellVariant = 'customer' | 'merchant';

/**
 * `GET /api/content/menu` (or `/merchant-menu`): main menu, phone link and profile-menu texts.
 * The shell still works without it, so a failure is logged only (SPEC §8), never a global error.
 */
export async function getMenu(
  variant: ShellVariant,
  locale: Locale,
  signal?: AbortSignal,
): Promise<MenuResponse> {
  const path = variant === 'merchant' ? '/api/content/merchant-menu' : '/api/content/menu';
  try {
    return await requestOrThrow<MenuResponse>(path, { locale, signal, suppressGlobalError: true });
  } catch (error) {
    if (!signal?.aborted) logWarning('there was an error loading data', path);
    throw error;
  }
}

export const menuQueryOptions = (variant: ShellVariant, locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.menu(variant, locale),
    queryFn: ({ signal }) => getMenu(variant, locale, signal),
    staleTime: 10 * 60_000,
  });

export function useMenu(variant: ShellVariant) {
  return useQuery(menuQueryOptions(variant, useLocale()));
}
