import { Text } from '@mantine/core';
import type { MerchantBalance, MerchantKpis, MerchantSettlementsResponse } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { useLocale } from '../../../lib/use-locale';
import { SolidBadge } from '../../../ui/solid-badge';
import { PayoutStateBadge } from './payout-state';

type Props = {
  kpis: MerchantKpis;
  /** Undefined while it loads or when it failed (the tile says so). */
  balance: MerchantBalance | undefined;
  monthTotals: MerchantSettlementsResponse['totals'] | undefined;
};

/**
 * The dashboard's key figures: sales, transactions, average ticket, the month's fees, the next
 * payout; and, under them, the basis the first three share.
 */
export function KpiCards({ kpis, balance, monthTotals }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const unknown = t('merchantDashboard.kpi.unknown');

  return (
    <>
      {/* Two columns, three from 62em (`dashboard.css`): a CSS grid, not SimpleGrid's code. */}
      <div className="tessera-dashboard__kpis">
        <KpiTile label={t('merchantDashboard.kpi.salesToday')} value={formatMoney(kpis.today.salesCents)}>
          {t('merchantDashboard.kpi.transactions', { count: kpis.today.count })}
        </KpiTile>
        <KpiTile label={t('merchantDashboard.kpi.salesMonth')} value={formatMoney(kpis.month.salesCents)}>
          {t('merchantDashboard.kpi.transactions', { count: kpis.month.count })}
        </KpiTile>
        <KpiTile
          label={t('merchantDashboard.kpi.transactionsToday')}
          value={formatNumber(kpis.today.count, locale)}
        >
          {kpis.declinesToday > 0 ? (
            <SolidBadge color={BADGE_COLOR.red}>
              {t('merchantDashboard.kpi.declinesToday', { count: kpis.declinesToday })}
            </SolidBadge>
          ) : (
            t('merchantDashboard.kpi.noDeclinesToday')
          )}
        </KpiTile>
        <KpiTile
          label={t('merchantDashboard.kpi.averageTicket')}
          value={formatMoney(kpis.month.averageTicketCents)}
        >
          {t('merchantDashboard.kpi.averageToday', { amount: formatMoney(kpis.today.averageTicketCents) })}
        </KpiTile>
        <KpiTile
          label={t('merchantDashboard.kpi.feesMonth')}
          value={monthTotals ? formatMoney(monthTotals.feeCents + monthTotals.vatCents) : unknown}
        >
          {monthTotals
            ? t('merchantDashboard.kpi.feesDetail', {
                fee: formatMoney(monthTotals.feeCents),
                vat: formatMoney(monthTotals.vatCents),
              })
            : null}
        </KpiTile>
        <KpiTile
          label={t('merchantDashboard.kpi.nextPayout')}
          value={balance ? (balance.nextPayout ? formatMoney(balance.nextPayout.amountCents) : '—') : unknown}
        >
          {balance?.nextPayout ? (
            <>
              {t('merchantDashboard.kpi.payoutFor', { day: formatDate(balance.nextPayout.day, locale) })}{' '}
              <PayoutStateBadge state={balance.nextPayout.state} />
            </>
          ) : balance ? (
            t('merchantDashboard.kpi.noPayoutScheduled')
          ) : null}
          {balance && balance.onTheWayCents > 0 ? (
            <div>{t('merchantDashboard.kpi.onTheWay', { amount: formatMoney(balance.onTheWayCents) })}</div>
          ) : null}
        </KpiTile>
      </div>
      {/* One basis for sales, transactions and the average ticket, said (issue 34 §2 item 5, ADR 044). */}
      <Text size="sm" c="dimmed" mb="lg">
        {t('merchantDashboard.kpi.basis')}
      </Text>
    </>
  );
}

function KpiTile({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    // A bordered card (`tessera-card`, as Mantine's Paper with a border, radius and padding md).
    <div className="tessera-card tessera-card--md tessera-dashboard__kpi">
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      {children ? (
        <Text size="sm" component="div">
          {children}
        </Text>
      ) : null}
    </div>
  );
}
