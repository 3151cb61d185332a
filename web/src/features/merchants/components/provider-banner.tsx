import { Alert, Button, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';

/** Says that provider staff see someone else's portal, with the way to another merchant. */
export function ProviderBanner({ name, onChange }: { name: string; onChange: () => void }) {
  const intl = useIntl();
  return (
    <Alert color="orange" variant="light" className="tessera-vt__banner">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600}>{intl.formatMessage({ id: 'merchants.portal.providerBanner' }, { name })}</Text>
        <Button variant="default" size="xs" onClick={onChange}>
          {intl.formatMessage({ id: 'merchants.portal.changeMerchant' })}
        </Button>
      </Group>
    </Alert>
  );
}
