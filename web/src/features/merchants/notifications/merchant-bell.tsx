import { Anchor, Button, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { ClickOutside } from '../../../ui/click-outside';
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

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M18 16V11a6 6 0 1 0-12 0v5l-2 2h16l-2-2zM10 20a2 2 0 0 0 4 0"
      />
    </svg>
  );
}

/**
 * A merchant user's bell (issue 16): the unread count of `retrieveMerchantNotifications` (asked
 * again every minute), a dropdown (non-modal dialog: Escape or a click outside closes it) with the
 * latest notifications, "mark all read" and the link to every one.
 */
export function MerchantBell({ viewAllHref }: { viewAllHref: string }) {
  const intl = useIntl();
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const panelId = `${baseId}-panel`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const context = useMerchantContext(null);
  const notifications = useMerchantNotifications(context);
  const markRead = useMarkMerchantNotificationsRead(context);
  const unread = notifications.data?.unread ?? 0;

  useEffect(() => {
    if (isOpen) panelRef.current?.focus();
  }, [isOpen]);

  const label =
    unread > 0
      ? intl.formatMessage({ id: 'notifications.bellUnread' }, { count: unread })
      : intl.formatMessage({ id: 'notifications.bell' });
  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <ClickOutside className="tessera-bell" onClickOutside={() => close(false)} isDisabled={!isOpen}>
      <button
        ref={buttonRef}
        type="button"
        className="tessera-icon-button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((open) => !open)}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="tessera-bell-dot" data-testid="notifications-unread-dot" aria-hidden="true" />
        ) : null}
      </button>
      {isOpen ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a non-modal dialog closes on Escape (WAI-ARIA dialog pattern)
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="tessera-notifications-dropdown"
          onKeyDown={onKeyDown}
        >
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
            <Anchor component={LanguageLink} to={viewAllHref} fw={600} onClick={() => close(false)}>
              {intl.formatMessage({ id: 'merchantDashboard.notifications.viewAll' })}
            </Anchor>
          </div>
        </div>
      ) : null}
    </ClickOutside>
  );
}
