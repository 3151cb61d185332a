import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CmsLink, cmsLinkTarget } from '../../../ui/cms-link';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import type { PortalNotification } from '../model';
import { NotificationAge } from './notification-age';

type NotificationListProps = {
  items: PortalNotification[];
  now: Date;
  emptyText: string;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Marks the notification read and acts on it (its link proceeds unless prevented). */
  onOpen: (notification: PortalNotification, event: MouseEvent<HTMLElement>) => void;
};

function BellGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
      />
    </svg>
  );
}

/** The notification's logo (decorative), or a bell when it has none or it fails to load. */
function NotificationLogo({ src }: { src: string | null }) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <span className="tessera-notification__logo">
      {src && !hasFailed ? (
        <img src={src} alt="" width={40} height={40} loading="lazy" onError={() => setHasFailed(true)} />
      ) : (
        <BellGlyph />
      )}
    </span>
  );
}

function NotificationBody({ item, now }: { item: PortalNotification; now: Date }) {
  const intl = useIntl();
  return (
    <>
      <NotificationLogo src={item.logo} />
      <span className="tessera-notification__body">
        <span className="tessera-notification__title">{item.title}</span>
        {item.excerpt ? <span className="tessera-notification__excerpt">{item.excerpt}</span> : null}
        <span className="tessera-notification__age">
          <NotificationAge dateTime={item.notificationDateTime} now={now} />
        </span>
      </span>
      {item.read ? null : (
        <>
          <span className="tessera-notification__unread-dot" aria-hidden="true" />
          <VisuallyHidden>{intl.formatMessage({ id: 'notifications.unread' })}</VisuallyHidden>
        </>
      )}
    </>
  );
}

/** A list of notifications with its loading, error and empty states. */
export function NotificationList({
  items,
  now,
  emptyText,
  isPending,
  isError,
  onRetry,
  onOpen,
}: NotificationListProps) {
  if (isPending) return <LoadingState />;
  if (isError) return <ErrorState onRetry={onRetry} />;
  if (items.length === 0) return <EmptyState message={emptyText} />;
  return (
    <ul className="tessera-notification-list">
      {items.map((item) => {
        const className = `tessera-notification${item.read ? '' : ' tessera-notification--unread'}`;
        let content: ReactNode = <NotificationBody item={item} now={now} />;
        content = item.link ? (
          <CmsLink
            link={cmsLinkTarget(item.link)}
            className={className}
            onClick={(event) => onOpen(item, event)}
          >
            {content}
          </CmsLink>
        ) : (
          <UnstyledButton className={className} onClick={(event) => onOpen(item, event)}>
            {content}
          </UnstyledButton>
        );
        return <li key={item.nid}>{content}</li>;
      })}
    </ul>
  );
}
