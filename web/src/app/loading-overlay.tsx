import { Loader, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useGlobalLoading } from '../lib/loading';

/**
 * The loading overlay (SPEC §1): shown while a long operation registered with
 * `withLoadingOverlay` runs, or while the next page's code loads. It fades in after a short delay
 * (CSS) so quick navigations do not flash.
 */
export function GlobalLoadingOverlay({ isNavigating }: { isNavigating: boolean }) {
  const intl = useIntl();
  const isLoading = useGlobalLoading();
  if (!isLoading && !isNavigating) return null;
  return (
    <div className="tessera-loading-overlay" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{intl.formatMessage({ id: 'ui.loading' })}</VisuallyHidden>
    </div>
  );
}
