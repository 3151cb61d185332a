import { Image, Stack, Text, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';

/** The secret of a new enrolment: its QR code for the authenticator app and the key to type instead. */
export function TotpEnrolment({ qrDataUrl, secret }: { qrDataUrl: string; secret: string }) {
  const intl = useIntl();
  return (
    <Stack gap="xs">
      <Text>{intl.formatMessage({ id: 'identity.secondFactor.scan' })}</Text>
      <Image
        src={qrDataUrl}
        w={200}
        h={200}
        alt={intl.formatMessage({ id: 'identity.secondFactor.qrAlt' })}
      />
      <TextInput
        readOnly
        label={intl.formatMessage({ id: 'identity.secondFactor.manualKey' })}
        value={secret.replace(/(.{4})/g, '$1 ').trim()}
        styles={{ input: { fontFamily: 'monospace' } }}
        onFocus={(event) => event.currentTarget.select()}
      />
    </Stack>
  );
}
