import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { MerchantNotification } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

type Props = {
  notifications: MerchantNotification[];
  onMarkRead: (notificationId: string) => void;
  /** Smaller text (the bell's dropdown). */
  isCompact?: boolean;
};

/** Merchant notifications, newest first: unread ones marked (in words too) and each markable read. */
export function NotificationItems({ notifications, onMarkRead, isCompact = false }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <ul className="tessera-merchant-notifications">
      {notifications.map((notification) => (
        <li key={notification.notificationId} data-unread={!notification.read || undefined}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <div className="tessera-merchant-notifications__text">
              <Text fw={notification.read ? 500 : 700} size={isCompact ? 'sm' : 'md'}>
                {notification.read ? null : (
                  <>
                    <span className="tessera-merchant-notifications__unread" aria-hidden="true" />
                    <VisuallyHidden>
                      {intl.formatMessage({ id: 'merchantDashboard.notifications.unreadMark' })}
                    </VisuallyHidden>
                  </>
                )}
                {notification.title}
              </Text>
              <Text size="sm">{notification.body}</Text>
              <Text size="xs" c="dimmed">
                <time dateTime={notification.createdAt}>
                  {formatDateTime(notification.createdAt, locale)}
                </time>
              </Text>
            </div>
            {notification.read ? null : (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => onMarkRead(notification.notificationId)}
                aria-label={intl.formatMessage(
                  { id: 'merchantDashboard.notifications.markReadOf' },
                  { title: notification.title },
                )}
              >
                {intl.formatMessage({ id: 'merchantDashboard.notifications.markRead' })}
              </Button>
            )}
          </Group>
        </li>
      ))}
    </ul>
  );
}
