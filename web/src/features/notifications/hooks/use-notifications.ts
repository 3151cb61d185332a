import { NOTIFICATION_REFRESH_MS, type NotificationTexts } from '@tessera/domain';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from '../../../lib/storage';
import { useNow } from '../../../lib/use-now';
import { useNotificationsContent } from '../api/get-notifications-content';
import { fromCmsNotification, mergeNotifications, type PortalNotification } from '../model';

export type NotificationsState = {
  items: PortalNotification[];
  expiring: PortalNotification[];
  unreadCount: number;
  texts: NotificationTexts;
  now: Date;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  markRead: (nid: string) => void;
};

/**
 * Live notifications with their read state (SPEC §4): read ids persist under `notifications`;
 * ended notifications drop out; ages refresh every 60 s. Service-generated notifications join
 * `mergeNotifications` as another source once the notification status call exists.
 */
export function useNotifications(): NotificationsState {
  const intl = useIntl();
  const content = useNotificationsContent();
  const [readIds, setReadIds] = useStore('notifications');
  const now = useNow(NOTIFICATION_REFRESH_MS);

  const items = useMemo(
    () =>
      mergeNotifications(
        [(content.data?.umbracoNotifications ?? []).map(fromCmsNotification)],
        readIds ?? [],
        now,
      ),
    [content.data, readIds, now],
  );

  const markRead = useCallback(
    (nid: string) => {
      const current = readIds ?? [];
      if (!current.includes(nid)) setReadIds([...current, nid]);
    },
    [readIds, setReadIds],
  );

  const texts: NotificationTexts = content.data?.translations ?? {
    title: intl.formatMessage({ id: 'notifications.title' }),
    tabAll: intl.formatMessage({ id: 'notifications.tabAll' }),
    tabExpiring: intl.formatMessage({ id: 'notifications.tabExpiring' }),
    viewAll: intl.formatMessage({ id: 'notifications.viewAll' }),
    empty: intl.formatMessage({ id: 'notifications.empty' }),
    emptyExpiring: intl.formatMessage({ id: 'notifications.emptyExpiring' }),
  };

  return {
    items,
    expiring: items.filter((item) => item.expiring),
    unreadCount: items.filter((item) => !item.read).length,
    texts,
    now,
    isPending: content.isPending,
    isError: content.isError,
    refetch: () => void content.refetch(),
    markRead,
  };
}
