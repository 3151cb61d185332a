import type { Locale, NotificationsContentResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from '../../../lib/client-log';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';

export const NOTIFICATIONS_CONTENT_PATH = '/api/content/notifications';

/**
 * `GET /api/content/notifications`: CMS notifications and the widget's texts (SPEC §7). The bell is
 * part of every page, so a failure is logged only and shown as the list's error state.
 */
export async function getNotificationsContent(
  locale: Locale,
  signal?: AbortSignal,
): Promise<NotificationsContentResponse> {
  try {
    return await requestOrThrow<NotificationsContentResponse>(NOTIFICATIONS_CONTENT_PATH, {
      locale,
      signal,
      suppressGlobalError: true,
    });
  } catch (error) {
    if (!signal?.aborted) logWarning('there was an error loading data', NOTIFICATIONS_CONTENT_PATH);
    throw error;
  }
}

export const notificationsContentQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'notifications', locale],
    queryFn: ({ signal }) => getNotificationsContent(locale, signal),
    staleTime: 5 * 60_000,
  });

export function useNotificationsContent() {
  return useQuery(notificationsContentQueryOptions(useLocale()));
}
