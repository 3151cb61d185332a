import { Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { LoadingState } from '../../../ui/state-views';

/**
 * The terminal as it shows while its code, its texts or its stores load (title, introduction, a
 * spinner; the title and introduction are in the merchant home's texts): what the page holds in
 * its place first, so nothing moves when the form arrives (issue 36 §7, ADR 054).
 */
export function VirtualTerminalLoading() {
  const intl = useIntl();
  const ids = useId();
  return (
    <div className="tessera-vt" aria-busy="true">
      <Title order={2} id={`${ids}-title`}>
        {intl.formatMessage({ id: 'merchants.vt.title' })}
      </Title>
      <Text c="dimmed" mb="md">
        {intl.formatMessage({ id: 'merchants.vt.intro' })}
      </Text>
      <LoadingState label={intl.formatMessage({ id: 'merchants.vt.loading' })} />
    </div>
  );
}
