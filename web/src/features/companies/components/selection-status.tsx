import { Alert } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { CompanyData } from '../../../lib/storage';

/** Announces the chosen company during the half second before the portal goes home. */
export function SelectionStatus({ chosen }: { chosen: CompanyData | null }) {
  const intl = useIntl();
  return (
    <div role="status" aria-live="polite">
      {chosen ? (
        <Alert color="tessera" variant="light" mb="lg">
          {intl.formatMessage({ id: 'companies.select.selected' }, { name: chosen.name })}
        </Alert>
      ) : null}
    </div>
  );
}
