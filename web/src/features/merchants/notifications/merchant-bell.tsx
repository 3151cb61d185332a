import { Anchor, Button, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useMessageAreas } from '../../../i18n/use-message-areas';
import { BellMenu } from '../../../ui/bell-menu';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingSpinner } from '../../../ui/loading-spinner';
import {
  useMarkMerchantNotificationsRead,
  useMerchantNotifications,
} from '../api/get-merchant-notifications';
import { useMerchantContext } from '../api/merchant-context';
import { NotificationItems } from './notification-items';
import '../dashboard/dashboard.css';

const SHOWN = 5;

/**
 * A merchant user's bell (issue 16): the unread count of `retrieveMerchantNotifications` (asked
 * again every minute), a dropdown (non-modal dialog: Escape or a click outside closes it) with the
 * latest notifications, "mark all read" and the link to every one.
 */
export function MerchantBell({ viewAllHref }: { viewAllHref: string }) {
  // The header shows it on every page, not only the merchant pages that load these texts.
  const hasTexts = useMessageAreas(['merchantNotifications']);
  const intl = useIntl();
  const context = useMerchantContext(null);
  const notifications = useMerchantNotifications(context);
  const markRead = useMarkMerchantNotificationsRead(context);
  const unread = notifications.data?.unread ?? 0;

  // Its place is kept while its texts load: the header does not move when it shows.
  if (!hasTexts) return <span className="tessera-icon-button" aria-hidden="true" />;
  return (
    <BellMenu unread={unread}>
      {({ titleId, close }) => (
        <>
          <h2 id={titleId} tabIndex={-1} className="tessera-notifications-dropdown__title">
            {intl.formatMessage({ id: 'merchantDashboard.notifications.title' })}
          </h2>
          <div className="tessera-notifications-dropdown__panel">
            {notifications.isPending ? (
              <LoadingSpinner />
            ) : notifications.isError ? (
              <Text role="alert">{intl.formatMessage({ id: 'ui.loadError' })}</Text>
            ) : notifications.data.notifications.length === 0 ? (
              <Text c="dimmed">{intl.formatMessage({ id: 'merchantDashboard.notifications.empty' })}</Text>
            ) : (
              <NotificationItems
                notifications={notifications.data.notifications.slice(0, SHOWN)}
                onMarkRead={(notificationId) => markRead.mutate(notificationId)}
                isCompact
              />
            )}
          </div>
          <div className="tessera-notifications-dropdown__footer">
            {unread > 0 ? (
              <Button variant="subtle" size="compact-sm" onClick={() => markRead.mutate(null)} mr="md">
                {intl.formatMessage({ id: 'merchantDashboard.notifications.markAllRead' })}
              </Button>
            ) : null}
            <Anchor component={LanguageLink} to={viewAllHref} fw={600} onClick={close}>
              {intl.formatMessage({ id: 'merchantDashboard.notifications.viewAll' })}
            </Anchor>
          </div>
        </>
      )}
    </BellMenu>
  );
}
