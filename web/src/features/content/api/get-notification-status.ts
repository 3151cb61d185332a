import type { Locale, NotificationStatusResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from '../../../lib/client-log';
import { request } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { notificationKeys } from '../../../lib/query-keys';

export const NOTIFICATION_STATUS_PATH = '/api/v1/accounts/notificationStatus';

/**
 * `GET /api/v1/accounts/notificationStatus` (SPEC §3, §7): how many of the company's cards expire
 * soon and how many are ready to top up, per family. The home page's quick actions only add to the
 * page, so a failure is logged (SPEC §8) and answers null: the top-up actions stay hidden.
 */
export async function getNotificationStatus(
  companyId: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<NotificationStatusResponse | null> {
  const result = await request<NotificationStatusResponse>(NOTIFICATION_STATUS_PATH, {
    locale,
    signal,
    headers: { companyId },
    suppressGlobalError: true,
  });
  if (result.error) {
    if (!result.aborted) logWarning('there was an error loading data', NOTIFICATION_STATUS_PATH);
    return null;
  }
  return result.data;
}

export const notificationStatusQueryOptions = (companyId: string | null, locale: Locale) =>
  queryOptions({
    queryKey: notificationKeys.status(companyId),
    queryFn: ({ signal }) => getNotificationStatus(companyId ?? '', locale, signal),
    enabled: companyId !== null,
    staleTime: 60_000,
  });

export function useNotificationStatus(companyId: string | null) {
  return useQuery(notificationStatusQueryOptions(companyId, useLocale()));
}
