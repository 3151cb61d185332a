import { NOTIFICATION_REFRESH_MS, splitLocalePath, type NotificationTexts } from '@tessera/domain';
import { useCallback, useMemo, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { canOpenPath } from '../../../app/route-access';
import { useStartTopUp } from '../../../lib/ready-to-top-up';
import { startNotificationIssueFlow } from '../../../lib/service-notification-actions';
import { useSession } from '../../../lib/session';
import { useStore } from '../../../lib/storage';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../lib/use-now';
import { useNotificationsContent } from '../api/get-notifications-content';
import {
  markNotificationsRead,
  useServerReadIds,
  useServiceNotifications,
} from '../api/service-notifications';
import {
  fromCmsNotification,
  fromServiceNotification,
  mergeNotifications,
  notificationsAudienceOf,
  reachableAction,
  serviceReadKey,
  withReachableLink,
  type PortalNotification,
} from '../model';
import { useActingCompanyId } from '../../../lib/use-acting-company';

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
  /**
   * A click on a notification: marks it read, then does what it is for (service notifications
   * start an issue flow or a top-up, SPEC §7); otherwise its link proceeds.
   */
  open: (notification: PortalNotification, event?: MouseEvent<HTMLElement>) => void;
};

/** A click that opens a new tab or window is left to the browser (the link's own address). */
const isPlainClick = (event: MouseEvent<HTMLElement>) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Live notifications with their read state (SPEC §4): the CMS notifications of the user's portal
 * (company or merchant, `notificationsAudienceOf`) and, for a signed-in company user, the
 * service-generated ones of the company (expiring cards, cards ready to top up).
 * Read ids persist locally under `notifications` (the fast path) and on the server per user, so
 * the read state follows the user to another browser; ended notifications drop out; ages refresh
 * every 60 s.
 */
export function useNotifications(): NotificationsState {
  const intl = useIntl();
  const locale = useLocale();
  const session = useSession();
  const user = session.data?.user;
  const companyId = useActingCompanyId();
  const audience = notificationsAudienceOf(
    session.status === 'loading' ? undefined : (user ?? null),
    splitLocalePath(useLocation().pathname).path,
  );
  const content = useNotificationsContent(audience ?? null, companyId ?? null);
  const service = useServiceNotifications(companyId, locale);
  const serverReadIds = useServerReadIds(user !== undefined);
  const [readIds, setReadIds] = useStore('notifications');
  const now = useNow(NOTIFICATION_REFRESH_MS);

  // Nothing on offer ends in the 403 page: links and flows follow the route table (issue 13).
  const canOpen = useCallback((href: string) => canOpenPath(href, user ?? null), [user]);
  const items = useMemo(
    () =>
      mergeNotifications(
        [
          (service.data?.notifications ?? []).map((notification) =>
            fromServiceNotification(notification, reachableAction(notification.nid, canOpen)),
          ),
          (content.data?.umbracoNotifications ?? []).map(fromCmsNotification),
        ],
        [...(readIds ?? []), ...(serverReadIds.data ?? [])],
        now,
      ).map((notification) => withReachableLink(notification, canOpen)),
    [content.data, service.data, readIds, serverReadIds.data, now, canOpen],
  );

  const markRead = useCallback(
    (nid: string) => {
      const current = readIds ?? [];
      const item = items.find((candidate) => candidate.nid === nid);
      const key = item?.source === 'service' ? serviceReadKey(item) : nid;
      if (!current.includes(key)) setReadIds([...current, key]);
      if (user && !item?.read) void markNotificationsRead([nid]);
    },
    [readIds, setReadIds, items, user],
  );

  const { startTopUp } = useStartTopUp(companyId);
  const open = useCallback(
    (notification: PortalNotification, event?: MouseEvent<HTMLElement>) => {
      markRead(notification.nid);
      if (notification.source !== 'service') return;
      const action = reachableAction(notification.nid, canOpen);
      if (action?.kind === 'issue') {
        // The link itself goes to the flow; the draft is ready before it opens.
        startNotificationIssueFlow(action);
      } else if (action?.kind === 'topUp' && (!event || isPlainClick(event))) {
        // In a new tab the link shows the cards to top up; here the draft is made and opened.
        event?.preventDefault();
        void startTopUp({ product: action.product, family: action.family });
      }
    },
    [markRead, startTopUp, canOpen],
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
    open,
  };
}
