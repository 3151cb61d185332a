import type { Locale, NotificationsContentResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from '../../../lib/client-log';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { contentKeys } from '../../../lib/query-keys';

export const NOTIFICATIONS_CONTENT_PATH = '/api/content/notifications';

/** Whose CMS notifications: the company portal's or the merchant portal's (each has its own). */
export type NotificationsAudience = 'company' | 'merchant';

/**
 * `GET /api/content/notifications?audience=`: CMS notifications and the widget's texts (SPEC §7).
 * The bell is part of every page, so a failure is logged only and shown as the list's error state.
 */
export async function getNotificationsContent(
  audience: NotificationsAudience,
  locale: Locale,
  signal?: AbortSignal,
): Promise<NotificationsContentResponse> {
  try {
    return await requestOrThrow<NotificationsContentResponse>(
      `${NOTIFICATIONS_CONTENT_PATH}?${new URLSearchParams({ audience })}`,
      { locale, signal, suppressGlobalError: true },
    );
  } catch (error) {
    if (!signal?.aborted) logWarning('there was an error loading data', NOTIFICATIONS_CONTENT_PATH);
    throw error;
  }
}

/**
 * `audience` null (not known yet: the session is loading) asks for nothing. The server answers
 * each user the announcements aimed at them (ADR 025: one company's reach its users only), so the
 * company acted for is part of the key: choosing another company asks again.
 */
export const notificationsContentQueryOptions = (
  audience: NotificationsAudience | null,
  locale: Locale,
  companyId: string | null = null,
) =>
  queryOptions({
    queryKey: [...contentKeys.notifications(audience, locale), companyId] as const,
    queryFn: ({ signal }) => getNotificationsContent(audience ?? 'company', locale, signal),
    enabled: audience !== null,
    staleTime: 5 * 60_000,
  });

export function useNotificationsContent(
  audience: NotificationsAudience | null,
  companyId: string | null = null,
) {
  return useQuery(notificationsContentQueryOptions(audience, useLocale(), companyId));
}
