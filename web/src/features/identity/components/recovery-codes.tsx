import { Code, List, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { FormAlert } from './form-alert';

/** The ten recovery codes, shown once after an enrolment or regeneration (issue 21). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const intl = useIntl();
  return (
    <Stack gap="sm">
      <FormAlert kind="success" title={intl.formatMessage({ id: 'identity.secondFactor.recoveryTitle' })}>
        {intl.formatMessage({ id: 'identity.secondFactor.recoveryHelp' })}
      </FormAlert>
      <List
        listStyleType="none"
        spacing={4}
        aria-label={intl.formatMessage({ id: 'identity.secondFactor.recoveryTitle' })}
        styles={{ root: { columns: 2 } }}
      >
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'identity.secondFactor.recoveryOnce' })}
      </Text>
    </Stack>
  );
}
