import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import {
  useMarkMerchantNotificationsRead,
  useMerchantNotifications,
} from '../api/get-merchant-notifications';
import type { MerchantContext } from '../api/merchant-context';
import { MerchantScope } from '../dashboard/merchant-scope';
import { NotificationItems } from './notification-items';
import '../dashboard/dashboard.css';
import '../merchants.css';

/**
 * `/merchant/notifications` (issue 16): the merchant's notifications (payouts sent, MIDs enrolled,
 * decline spikes, IBAN changes), newest first; one or all marked read. Merchant users and provider
 * staff naming a merchant.
 */
export function MerchantNotificationsPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'merchantDashboard.notifications.title' });
  useDocumentTitle(title);
  return (
    <article className="tessera-page tessera-page--narrow">
      <PageHeader
        title={title}
        summary={intl.formatMessage({ id: 'merchantDashboard.notifications.summary' })}
      />
      <MerchantScope>{(context) => <NotificationsList context={context} />}</MerchantScope>
    </article>
  );
}

/** How many notifications show at first, and how many more each "show more" adds. */
const STEP = 20;

function NotificationsList({ context }: { context: MerchantContext }) {
  const intl = useIntl();
  const [shown, setShown] = useState(STEP);
  const notifications = useMerchantNotifications(context);
  const markRead = useMarkMerchantNotificationsRead(context);

  if (notifications.isPending) return <LoadingState />;
  if (notifications.isError) return <ErrorState onRetry={() => void notifications.refetch()} />;
  const { unread } = notifications.data;
  return (
    <section aria-label={intl.formatMessage({ id: 'merchantDashboard.notifications.title' })}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text role="status">
          {intl.formatMessage({ id: 'merchantDashboard.notifications.unreadCount' }, { count: unread })}
        </Text>
        <Button
          variant="outline"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(null)}
        >
          {intl.formatMessage({ id: 'merchantDashboard.notifications.markAllRead' })}
        </Button>
      </Group>
      {notifications.data.notifications.length === 0 ? (
        <EmptyState message={intl.formatMessage({ id: 'merchantDashboard.notifications.empty' })} />
      ) : (
        <>
          <NotificationItems
            notifications={notifications.data.notifications.slice(0, shown)}
            onMarkRead={(notificationId) => markRead.mutate(notificationId)}
          />
          {notifications.data.notifications.length > shown ? (
            <Group justify="center" mt="md">
              <Button variant="default" onClick={() => setShown((count) => count + STEP)}>
                {intl.formatMessage(
                  { id: 'merchantDashboard.notifications.showMore' },
                  { count: notifications.data.notifications.length - shown },
                )}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </section>
  );
}
