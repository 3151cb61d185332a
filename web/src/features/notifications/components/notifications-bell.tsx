import { lazy, Suspense } from 'react';
import { BellMenu } from '../../../ui/bell-menu';
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

/**
 * The header's notifications bell (SPEC §2): a red dot while any live notification is unread; a
 * dropdown (non-modal dialog: Escape or a click outside closes it) with the title, "all" and
 * "expiring" tabs and a link to every notification.
 */
export function NotificationsBell({ viewAllHref }: NotificationsBellProps) {
  const state = useNotifications();
  return (
    <BellMenu unread={state.unreadCount}>
      {({ titleId, close }) => (
        <Suspense fallback={<LoadingSpinner />}>
          <NotificationsPanel state={state} titleId={titleId} viewAllHref={viewAllHref} onClose={close} />
        </Suspense>
      )}
    </BellMenu>
  );
}
