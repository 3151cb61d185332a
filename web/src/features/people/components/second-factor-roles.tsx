import { Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LoadingButton } from '../../../ui/loading-button';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useSaveSecondFactorRoles, useSecondFactorRoles } from '../api/second-factor-roles';
import { COMPANY_ROLE_GROUPS } from './labels';

/**
 * The company's security setting (issue 21, ADR 031): which of its roles must sign in with two
 * factors. Provider staff always do; a role ticked here is asked to set up an authenticator app at
 * its next sign-in. The change is audited.
 */
export function SecondFactorRoles({ companyId }: { companyId: string }) {
  const intl = useIntl();
  const roles = useSecondFactorRoles(companyId);
  const save = useSaveSecondFactorRoles(companyId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (roles.data) setChosen(roles.data.map(String));
  }, [roles.data]);

  let body;
  if (roles.isPending) body = <LoadingState />;
  else if (roles.isError) body = <ErrorState onRetry={() => void roles.refetch()} />;
  else {
    body = (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setStatus('');
          save.mutate(chosen.map(Number), {
            onSuccess: () => setStatus(intl.formatMessage({ id: 'userAdmin.secondFactor.saved' })),
          });
        }}
      >
        <Checkbox.Group
          label={intl.formatMessage({ id: 'userAdmin.secondFactor.rolesLabel' })}
          value={chosen}
          onChange={setChosen}
        >
          <Stack gap="xs" mt="xs">
            {COMPANY_ROLE_GROUPS.map((group) => (
              <Checkbox
                key={group.roleId}
                value={String(group.roleId)}
                label={intl.formatMessage({ id: group.heading })}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group mt="md" gap="md">
          <LoadingButton type="submit" loading={save.isPending}>
            {intl.formatMessage({ id: 'userAdmin.secondFactor.save' })}
          </LoadingButton>
          <Text role="status" c="dimmed" size="sm">
            {status}
          </Text>
        </Group>
      </form>
    );
  }

  return (
    <Paper withBorder p="md" mt="xl" component="section" aria-labelledby="second-factor-roles-title">
      <Title order={2} size="h3" id="second-factor-roles-title">
        {intl.formatMessage({ id: 'userAdmin.secondFactor.title' })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage({ id: 'userAdmin.secondFactor.summary' })}
      </Text>
      {body}
    </Paper>
  );
}
