import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { ClickOutside } from '../../../ui/click-outside';
import { LoadingSpinner } from '../../../ui/loading-spinner';
import { useNotifications } from '../hooks/use-notifications';

// The dropdown's code loads on first open: the header on every page stays light.
const NotificationsPanel = lazy(() =>
  import('./notifications-panel').then((module) => ({ default: module.NotificationsPanel })),
);

type NotificationsBellProps = {
  /** Path (without locale) of the page listing every notification. */
  viewAllHref: string;
};

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
 * The header's notifications bell (SPEC §2): a red dot while any live notification is unread; a
 * dropdown (non-modal dialog: Escape or a click outside closes it) with the title, "all" and
 * "expiring" tabs and a link to every notification.
 */
export function NotificationsBell({ viewAllHref }: NotificationsBellProps) {
  const intl = useIntl();
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const panelId = `${baseId}-panel`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const state = useNotifications();
  const { unreadCount } = state;

  useEffect(() => {
    if (isOpen) panelRef.current?.focus();
  }, [isOpen]);

  const label =
    unreadCount > 0
      ? intl.formatMessage({ id: 'notifications.bellUnread' }, { count: unreadCount })
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
        {unreadCount > 0 ? (
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
          <Suspense fallback={<LoadingSpinner />}>
            <NotificationsPanel
              state={state}
              titleId={titleId}
              viewAllHref={viewAllHref}
              onClose={() => close(false)}
            />
          </Suspense>
        </div>
      ) : null}
    </ClickOutside>
  );
}
