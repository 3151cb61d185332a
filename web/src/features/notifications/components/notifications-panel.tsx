import { Anchor, Tabs } from '@mantine/core';
import { LanguageLink } from '../../../ui/language-link';
import type { NotificationsState } from '../hooks/use-notifications';
import { NotificationList } from './notification-list';

type NotificationsPanelProps = {
  state: NotificationsState;
  titleId: string;
  viewAllHref: string;
  onClose: () => void;
};

/** The bell's dropdown content: title, "all" and "expiring" tabs, link to every notification. */
export function NotificationsPanel({ state, titleId, viewAllHref, onClose }: NotificationsPanelProps) {
  const { items, expiring, texts, now, isPending, isError, refetch, open } = state;
  const listProps = {
    now,
    isPending,
    isError,
    onRetry: refetch,
    onOpen: (...args: Parameters<typeof open>) => {
      open(...args);
      onClose();
    },
  };
  return (
    <>
      <h2 id={titleId} tabIndex={-1} className="tessera-notifications-dropdown__title">
        {texts.title}
      </h2>
      <Tabs defaultValue="all">
        <Tabs.List grow>
          <Tabs.Tab value="all">{texts.tabAll}</Tabs.Tab>
          <Tabs.Tab value="expiring">{texts.tabExpiring}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all" className="tessera-notifications-dropdown__panel">
          <NotificationList items={items} emptyText={texts.empty} {...listProps} />
        </Tabs.Panel>
        <Tabs.Panel value="expiring" className="tessera-notifications-dropdown__panel">
          <NotificationList items={expiring} emptyText={texts.emptyExpiring} {...listProps} />
        </Tabs.Panel>
      </Tabs>
      <div className="tessera-notifications-dropdown__footer">
        <Anchor component={LanguageLink} to={viewAllHref} fw={600} onClick={onClose}>
          {texts.viewAll}
        </Anchor>
      </div>
    </>
  );
}
