import { Tabs, Title } from '@mantine/core';
import { useStore } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotificationList } from '../components/notification-list';
import { useNotifications } from '../hooks/use-notifications';

/** `/notifications`: every live notification, with the same tabs as the bell (SPEC §2). */
export function NotificationsPage() {
  const { items, expiring, texts, now, isPending, isError, refetch, open } = useNotifications();
  const [pageData, setPageData] = useStore('notificationsPageData');
  const tab = pageData?.tab ?? 'all';
  useDocumentTitle(texts.title);

  const listProps = {
    now,
    isPending,
    isError,
    onRetry: refetch,
    onOpen: open,
  };

  return (
    <section className="tessera-page tessera-page--narrow" aria-labelledby="notifications-title">
      <Title order={1} id="notifications-title" mb="lg">
        {texts.title}
      </Title>
      <Tabs value={tab} onChange={(value) => setPageData({ tab: value === 'expiring' ? 'expiring' : 'all' })}>
        <Tabs.List>
          <Tabs.Tab value="all">{texts.tabAll}</Tabs.Tab>
          <Tabs.Tab value="expiring">{texts.tabExpiring}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all" pt="md">
          <NotificationList items={items} emptyText={texts.empty} {...listProps} />
        </Tabs.Panel>
        <Tabs.Panel value="expiring" pt="md">
          <NotificationList items={expiring} emptyText={texts.emptyExpiring} {...listProps} />
        </Tabs.Panel>
      </Tabs>
    </section>
  );
}
