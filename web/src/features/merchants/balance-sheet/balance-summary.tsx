import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantBalance } from '../api/get-merchant-balance';
import type { MerchantContext } from '../api/merchant-context';
import { PayoutStateBadge } from '../dashboard/payout-state';

/** The balance up top: not settled yet, scheduled to be paid, and the next payout with its state. */
export function BalanceSummary({ context }: { context: MerchantContext }) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  const balance = useMerchantBalance(context);

  let body;
  if (balance.isPending) body = <LoadingState />;
  else if (balance.isError) body = <ErrorState onRetry={() => void balance.refetch()} />;
  else {
    const { unsettledCents, scheduledPayoutCents, nextPayout } = balance.data;
    body = (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure
          label={intl.formatMessage({ id: 'merchantDashboard.balance.unsettled' })}
          value={formatMoney(unsettledCents)}
          note={intl.formatMessage({ id: 'merchantDashboard.balance.unsettledNote' })}
        />
        <Figure
          label={intl.formatMessage({ id: 'merchantDashboard.balance.scheduled' })}
          value={formatMoney(scheduledPayoutCents)}
          note={intl.formatMessage({ id: 'merchantDashboard.balance.scheduledNote' })}
        />
        <Paper withBorder radius="md" p="md">
          <Text size="sm" fw={600} c="dimmed">
            {intl.formatMessage({ id: 'merchantDashboard.kpi.nextPayout' })}
          </Text>
          <Text fz="xl" fw={700}>
            {nextPayout ? formatMoney(nextPayout.amountCents) : '—'}
          </Text>
          {nextPayout ? (
            <Group gap="xs">
              <Text size="sm">
                {intl.formatMessage(
                  { id: 'merchantDashboard.kpi.payoutFor' },
                  { day: formatDate(nextPayout.day, locale) },
                )}
              </Text>
              <PayoutStateBadge state={nextPayout.state} />
            </Group>
          ) : (
            <Text size="sm">{intl.formatMessage({ id: 'merchantDashboard.kpi.noPayoutPending' })}</Text>
          )}
        </Paper>
      </SimpleGrid>
    );
  }

  return (
    <section aria-labelledby={titleId} className="tessera-balance__section">
      <Title order={2} id={titleId} mb="sm">
        {intl.formatMessage({ id: 'merchantDashboard.balance.balanceTitle' })}
      </Title>
      {body}
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      <Text size="sm">{note}</Text>
    </Paper>
  );
}
