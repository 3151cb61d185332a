/**
 * Notification rules (SPEC §4, §9): age in minutes under 60, hours under 1440 minutes, else days;
 * the display refreshes every 60 seconds; a notification is dropped after its end date.
 */
export const NOTIFICATION_REFRESH_MS = 60_000;

export type NotificationAge = { unit: 'minutes' | 'hours' | 'days'; value: number };

export function notificationAge(createdAt: Date | string, now: Date = new Date()): NotificationAge {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  if (minutes < 1440) return { unit: 'hours', value: Math.floor(minutes / 60) };
  return { unit: 'days', value: Math.floor(minutes / 1440) };
}

/** A notification whose end date has passed is no longer shown. */
export function isNotificationLive(
  endsAt: Date | string | null | undefined,
  now: Date = new Date(),
): boolean {
  if (endsAt === null || endsAt === undefined || endsAt === '') return true;
  return new Date(endsAt).getTime() > now.getTime();
}
