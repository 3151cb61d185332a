import { Button, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { EmptyStateIllustration, WarningIllustration } from './illustrations';
import { LoadingSpinner } from './loading-spinner';

/** The loading state of a list or page. */
export function LoadingState({ label }: { label?: string }) {
  return (
    <div className="tessera-state">
      <LoadingSpinner label={label} />
    </div>
  );
}

/** The empty state of a list. */
export function EmptyState({ message }: { message: string }) {
  return (
    <div className="tessera-state">
      <EmptyStateIllustration size={96} />
      <Text>{message}</Text>
    </div>
  );
}

/** The error state of a list or page, with an optional retry. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const intl = useIntl();
  return (
    <div className="tessera-state" role="alert">
      <WarningIllustration size={96} />
      <Text>{message ?? intl.formatMessage({ id: 'ui.loadError' })}</Text>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          {intl.formatMessage({ id: 'ui.retry' })}
        </Button>
      ) : null}
    </div>
  );
}
