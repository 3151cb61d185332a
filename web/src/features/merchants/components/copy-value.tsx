import { Button, CopyButton, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';

/** A value to copy (an RF code, a client secret), with a button that copies it and says it did. */
export function CopyValue({ value, label, copyText }: { value: string; label: string; copyText?: string }) {
  const intl = useIntl();
  return (
    <span className="tessera-copy-value">
      <span className="tessera-copy-value__text">{value}</span>
      <CopyButton value={copyText ?? value} timeout={2000}>
        {({ copied, copy }) => (
          <>
            <Button
              size="compact-sm"
              variant="light"
              onClick={copy}
              aria-label={intl.formatMessage({ id: 'merchantAdmin.copyLabel' }, { label })}
            >
              {intl.formatMessage({ id: copied ? 'merchantAdmin.copied' : 'merchantAdmin.copy' })}
            </Button>
            <VisuallyHidden role="status">
              {copied ? intl.formatMessage({ id: 'merchantAdmin.copiedLabel' }, { label }) : ''}
            </VisuallyHidden>
          </>
        )}
      </CopyButton>
    </span>
  );
}
