import { Loader, VisuallyHidden, type MantineSize } from '@mantine/core';
import { useIntl } from 'react-intl';

type LoadingSpinnerProps = { label?: string; size?: MantineSize; className?: string };

/** A spinner announced to screen readers ("Φόρτωση…" / "Loading…" unless labelled otherwise). */
export function LoadingSpinner({ label, size = 'md', className }: LoadingSpinnerProps) {
  const intl = useIntl();
  return (
    <div role="status" className={['tessera-spinner', className].filter(Boolean).join(' ')}>
      <Loader size={size} aria-hidden="true" />
      <VisuallyHidden>{label ?? intl.formatMessage({ id: 'ui.loading' })}</VisuallyHidden>
    </div>
  );
}
