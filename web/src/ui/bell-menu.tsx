import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ClickOutside } from './click-outside';

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

/** What the dropdown's content gets: the id its title must carry, and how to close it. */
export type BellPanelProps = { titleId: string; close: () => void };

/**
 * A header bell (SPEC §2): a dot while anything is unread, and a dropdown — a non-modal dialog that
 * Escape or a click outside closes, focus moving into it on open and back to the bell on Escape —
 * whose content is the caller's. The company's and the merchant's bells differ only in content.
 */
export function BellMenu({
  unread,
  children,
}: {
  unread: number;
  children: (panel: BellPanelProps) => ReactNode;
}) {
  const intl = useIntl();
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const panelId = `${baseId}-panel`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [isOpen, setIsOpen] = useState(false);

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
          {children({ titleId, close: () => close(false) })}
        </div>
      ) : null}
    </ClickOutside>
  );
}
