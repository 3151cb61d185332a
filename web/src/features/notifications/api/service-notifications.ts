import type {
  Locale,
  MarkNotificationsReadRequest,
  NotificationsResponse,
  ReadNotificationsResponse,
} from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { logWarning } from '../../../lib/client-log';
import { request, requestOrThrow } from '../../../lib/request';
import { notificationKeys } from '../../../lib/query-keys';

export const SERVICE_NOTIFICATIONS_PATH = '/api/v1/accounts/retrieveNotifications';
export const READ_NOTIFICATIONS_PATH = '/api/v1/accounts/notifications/read';
export const MARK_READ_PATH = '/api/v1/accounts/notifications/mark-read';

/**
 * The company's service-generated notifications (SPEC §3: expiring cards and cards ready to top
 * up). Part of every page's bell, so failures are logged only (SPEC §8) and the bell shows the CMS
 * notifications alone.
 */
export const serviceNotificationsQueryOptions = (companyId: string | null, locale: Locale) =>
  queryOptions({
    queryKey: notificationKeys.service(companyId, locale),
    queryFn: async ({ signal }) => {
      try {
        return await requestOrThrow<NotificationsResponse>(SERVICE_NOTIFICATIONS_PATH, {
          locale,
          signal,
          suppressGlobalError: true,
        });
      } catch (error) {
        if (!signal.aborted) logWarning('there was an error loading data', SERVICE_NOTIFICATIONS_PATH);
        throw error;
      }
    },
    enabled: companyId !== null,
    staleTime: 60_000,
  });

export function useServiceNotifications(companyId: string | null, locale: Locale) {
  return useQuery(serviceNotificationsQueryOptions(companyId, locale));
}

/** The ids this user has read on any browser (the local list stays the fast path). */
export function useServerReadIds(signedIn: boolean) {
  return useQuery({
    queryKey: notificationKeys.read,
    queryFn: async ({ signal }) => {
      const result = await request<ReadNotificationsResponse>(READ_NOTIFICATIONS_PATH, {
        signal,
        suppressGlobalError: true,
      });
      return result.error ? [] : result.data.readIds;
    },
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** Records on the server that the user read `ids`; a failure only logs (the local list has it). */
export async function markNotificationsRead(ids: string[]): Promise<void> {
  const body: MarkNotificationsReadRequest = { ids };
  const result = await request(MARK_READ_PATH, { method: 'POST', body, suppressGlobalError: true });
  if (result.error && !result.aborted) logWarning('there was an error saving data', MARK_READ_PATH);
}
