import { isNotificationLive, type CmsNotification, type Link } from '@tessera/domain';

/**
 * The portal's notification (SPEC §3): one model for CMS notifications and, later, the ones the
 * services generate from the notification status (expiring cards, cards ready to top up).
 */
export type PortalNotification = {
  /** Unique across sources: the CMS `notificationId`, or a service id such as `expTrc`. */
  nid: string;
  source: 'cms' | 'service';
  /** Shown under the "expiring" tab (service notifications about expiring cards). */
  expiring: boolean;
  logo: string | null;
  title: string;
  excerpt: string;
  link: Link | null;
  read: boolean;
  notificationDateTime: string;
  /** Dropped once passed (SPEC §4); `null` means no end. */
  notificationEndDateTime: string | null;
};

/** Ids of the notifications the services generate (SPEC §3). */
export const SERVICE_NOTIFICATION_IDS = [
  'expTrc',
  'expTrz',
  'expSpendeo',
  'expMybenefits',
  'topUpTrc',
  'topUpSpendeo',
  'topUpMybenefits',
  'topUpTrz',
] as const;
export type ServiceNotificationId = (typeof SERVICE_NOTIFICATION_IDS)[number];

export function fromCmsNotification(notification: CmsNotification): PortalNotification {
  return {
    nid: notification.notificationId,
    source: 'cms',
    expiring: false,
    logo: notification.logo,
    title: notification.title,
    excerpt: notification.excerpt,
    link: notification.link,
    read: false,
    notificationDateTime: notification.notificationDateTime,
    notificationEndDateTime: notification.notificationEndDateTime,
  };
}

/**
 * Merges notifications from every source: drops the ended ones, keeps the first of duplicate ids,
 * applies the stored read ids, newest first.
 */
export function mergeNotifications(
  sources: readonly (readonly PortalNotification[])[],
  readIds: readonly string[],
  now: Date,
): PortalNotification[] {
  const read = new Set(readIds);
  const seen = new Set<string>();
  const merged: PortalNotification[] = [];
  for (const notification of sources.flat()) {
    if (seen.has(notification.nid) || !isNotificationLive(notification.notificationEndDateTime, now))
      continue;
    seen.add(notification.nid);
    merged.push({ ...notification, read: notification.read || read.has(notification.nid) });
  }
  return merged.sort(
    (a, b) => new Date(b.notificationDateTime).getTime() - new Date(a.notificationDateTime).getTime(),
  );
}
