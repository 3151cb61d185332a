import type { MerchantNotification } from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestOrThrow } from '../../../lib/request';
import { merchantDashboardKeys } from './merchant-dashboard-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const MERCHANT_NOTIFICATIONS_PATH = `${MERCHANTS_API}/retrieveMerchantNotifications`;
export const UPDATE_MERCHANT_NOTIFICATION_PATH = `${MERCHANTS_API}/updateMerchantNotification`;
/** How often the bell asks again (a payout sent overnight shows without a reload). */
export const MERCHANT_NOTIFICATIONS_REFRESH_MS = 60_000;

export type MerchantNotifications = { notifications: MerchantNotification[]; unread: number };

/** `GET retrieveMerchantNotifications`: payouts sent, MIDs enrolled, decline spikes…, newest first. */
export function getMerchantNotifications(
  context: MerchantContext,
  signal?: AbortSignal,
): Promise<MerchantNotifications> {
  return requestOrThrow<MerchantNotifications>(MERCHANT_NOTIFICATIONS_PATH, {
    ...merchantOptions(context),
    signal,
  });
}

export const merchantNotificationsQueryOptions = (context: MerchantContext, isEnabled = true) =>
  queryOptions({
    queryKey: [...merchantDashboardKeys.notifications(context.merchantId), context.locale] as const,
    queryFn: ({ signal }) => getMerchantNotifications(context, signal),
    refetchInterval: MERCHANT_NOTIFICATIONS_REFRESH_MS,
    enabled: isEnabled,
  });

export function useMerchantNotifications(context: MerchantContext, isEnabled = true) {
  return useQuery(merchantNotificationsQueryOptions(context, isEnabled));
}

/** `POST updateMerchantNotification`: one notification read, or every one without an id. */
export async function markMerchantNotificationsRead(
  context: MerchantContext,
  notificationId: string | null,
): Promise<boolean> {
  const result = await request<{ success: true }>(UPDATE_MERCHANT_NOTIFICATION_PATH, {
    method: 'POST',
    body: notificationId ? { notificationId } : {},
    ...merchantOptions(context),
  });
  return !result.error;
}

/** Marks read and refreshes the list and the bell (both read the same key). */
export function useMarkMerchantNotificationsRead(context: MerchantContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string | null) => markMerchantNotificationsRead(context, notificationId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: merchantDashboardKeys.notifications(context.merchantId) }),
  });
}
