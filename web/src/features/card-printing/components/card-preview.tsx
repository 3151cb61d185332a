import { Text } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';

/**
 * A plastic card drawn from the card-printing settings: the cardholder's name and, under it, the
 * company's emboss line as the machine prints it (monospace capitals). Updates as the user types.
 */
export function CardPreview({ embossLine, printLogo }: { embossLine: string; printLogo: boolean }) {
  const intl = useIntl();
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} style={{ margin: 0, maxWidth: '22rem', width: '100%' }}>
      <div
        style={{
          aspectRatio: '85.6 / 54',
          borderRadius: '0.875rem',
          padding: '1rem 1.25rem',
          color: '#ffffff',
          background: 'linear-gradient(135deg, #0a3b38 0%, #0b5f5a 60%, #13726c 100%)',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          boxShadow: '0 0.5rem 1.25rem rgba(10, 59, 56, 0.25)',
        }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <span style={{ fontWeight: 700, letterSpacing: '0.08em' }}>TESSERA</span>
          {printLogo ? (
            <span
              style={{
                border: '1px dashed rgba(255, 255, 255, 0.8)',
                borderRadius: '0.375rem',
                padding: '0.125rem 0.5rem',
                fontSize: '0.75rem',
              }}
            >
              {intl.formatMessage({ id: 'account.cardPrinting.preview.logo' })}
            </span>
          ) : null}
        </div>
        <div style={{ fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' }}>
          <div style={{ letterSpacing: '0.12em', marginBottom: '0.5rem' }} aria-hidden="true">
            5347 11•• •••• 1234
          </div>
          <div style={{ letterSpacing: '0.06em' }}>
            {intl.formatMessage({ id: 'account.cardPrinting.preview.sampleName' })}
          </div>
          <div style={{ letterSpacing: '0.06em', minHeight: '1.5em' }}>{embossLine}</div>
        </div>
      </div>
      <Text component="figcaption" id={captionId} size="sm" c="dimmed" mt="xs">
        {intl.formatMessage({ id: 'account.cardPrinting.preview.caption' })}
      </Text>
    </figure>
  );
}
