import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { MerchantBalance } from '@tessera/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantBalance } from '../api/get-merchant-balance';
import type { MerchantContext } from '../api/merchant-context';
import { PayoutStateBadge } from '../dashboard/payout-state';

/**
 * The balance up top: not settled yet, scheduled to be paid, the next scheduled payout (or that none
 * is), and the payouts on their way to the bank account.
 */
export function BalanceSummary({ context }: { context: MerchantContext }) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  const balance = useMerchantBalance(context);

  let body;
  if (balance.isPending) body = <LoadingState />;
  else if (balance.isError) body = <ErrorState onRetry={() => void balance.refetch()} />;
  else {
    const {
      unsettledCents,
      scheduledPayoutCents,
      scheduledPayoutCount,
      nextPayout,
      onTheWay,
      onTheWayCents,
    } = balance.data;
    body = (
      <>
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
              <>
                <Group gap="xs">
                  <Text size="sm">
                    {intl.formatMessage(
                      { id: 'merchantDashboard.kpi.payoutFor' },
                      { day: formatDate(nextPayout.day, locale) },
                    )}
                  </Text>
                  <PayoutStateBadge state={nextPayout.state} />
                </Group>
                {scheduledPayoutCount > 1 ? (
                  <Text size="sm">
                    {intl.formatMessage(
                      { id: 'merchantDashboard.balance.moreScheduled' },
                      { count: scheduledPayoutCount - 1 },
                    )}
                  </Text>
                ) : null}
              </>
            ) : (
              <Text size="sm">{intl.formatMessage({ id: 'merchantDashboard.kpi.noPayoutScheduled' })}</Text>
            )}
          </Paper>
        </SimpleGrid>
        <OnTheWay payouts={onTheWay} totalCents={onTheWayCents} />
      </>
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

/**
 * The payouts sent to the bank and not yet confirmed paid (issue 34 §2 item 2): what is on its way
 * to the merchant's account, oldest first, beside the next scheduled payout.
 */
function OnTheWay({ payouts, totalCents }: { payouts: MerchantBalance['onTheWay']; totalCents: number }) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="tessera-balance__on-the-way">
      <Title order={3} id={titleId} size="h4" mt="md" mb="xs">
        {intl.formatMessage({ id: 'merchantDashboard.balance.onTheWayTitle' })}
      </Title>
      {payouts.length === 0 ? (
        <Text size="sm">{intl.formatMessage({ id: 'merchantDashboard.balance.onTheWayNone' })}</Text>
      ) : (
        <>
          <Text size="sm" mb="xs">
            {intl.formatMessage(
              { id: 'merchantDashboard.balance.onTheWayNote' },
              { amount: formatMoney(totalCents) },
            )}
          </Text>
          <ul className="tessera-balance__payouts">
            {payouts.map((payout) => (
              <li key={payout.payoutId}>
                <Text span size="sm">
                  {intl.formatMessage(
                    { id: 'merchantDashboard.kpi.payoutFor' },
                    { day: formatDate(payout.day, locale) },
                  )}
                </Text>
                <Text span fw={700}>
                  {formatMoney(payout.amountCents)}
                </Text>
                {payout.sentAt ? (
                  <Text span size="sm" c="dimmed">
                    {intl.formatMessage(
                      { id: 'merchantDashboard.balance.sentOn' },
                      { date: formatDate(payout.sentAt, locale) },
                    )}
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
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
