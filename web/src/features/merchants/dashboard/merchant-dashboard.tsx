import { Anchor, Title } from '@mantine/core';
import { addDays, athensDate } from '@tessera/domain';
import { lazy, Suspense, useId } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { LanguageLink } from '../../../ui/language-link';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantBalance } from '../api/get-merchant-balance';
import { useMerchantKpis } from '../api/get-merchant-kpis';
import { useMerchantSettlements } from '../api/get-merchant-settlements';
import type { MerchantContext } from '../api/merchant-context';
import { ChartsLoading } from './charts-loading';
import { KpiCards } from './kpi-cards';
import { LatestDeclines } from './latest-declines';
import { merchantHref } from './merchant-scope';
import './dashboard.css';

// The chart library is most of the dashboard's code: the figures and the declines do not wait for it.
const DashboardCharts = lazy(() =>
  import('./dashboard-charts').then((module) => ({ default: module.DashboardCharts })),
);

/** The first Athens day of this month (`YYYY-MM-01`). */
export function monthStart(today: string = athensDate()): string {
  return `${today.slice(0, 7)}-01`;
}

/**
 * The merchant's dashboard (issue 16; research pain 10: opaque fees, slow payouts, unexplained
 * declines, invisible transactions): today's and this month's sales, the month's fees and the next
 * payout up top, then the charts (sales per day, per store, per product, peak hours), then the
 * latest declines with their reason and what to do about it.
 */
export function MerchantDashboard({ context }: { context: MerchantContext }) {
  const intl = useIntl();
  const titleId = useId();
  const kpis = useMerchantKpis(context);
  const balance = useMerchantBalance(context);
  const today = athensDate();
  // A month's fees are settled the day after: yesterday's settlement is this month's too.
  const month = useMerchantSettlements(context, {
    from: monthStart(addDays(today, -1)),
    to: today,
    page: 1,
    pageSize: 1,
  });
  const balanceSheetHref = merchantHref(paths.merchantBalanceSheet.href(), context.merchantId);

  let body;
  if (kpis.isPending) {
    // A window tall while the figures load: the terminal below starts under the first screen and
    // stays there when they arrive (issue 36 §7, ADR 054).
    body = (
      <div className="tessera-dashboard__loading">
        <LoadingState label={intl.formatMessage({ id: 'merchantDashboard.loading' })} />
      </div>
    );
  } else if (kpis.isError) {
    body = (
      <ErrorState
        message={intl.formatMessage({ id: 'merchantDashboard.error' })}
        onRetry={() => void kpis.refetch()}
      />
    );
  } else {
    body = (
      <>
        <KpiCards kpis={kpis.data} balance={balance.data} monthTotals={month.data?.totals} />
        <Suspense fallback={<ChartsLoading />}>
          <DashboardCharts kpis={kpis.data} />
        </Suspense>
        <LatestDeclines declines={kpis.data.latestDeclines} context={context} />
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="tessera-dashboard">
      <div className="tessera-dashboard__head">
        <Title order={2} id={titleId}>
          {intl.formatMessage({ id: 'merchantDashboard.title' })}
        </Title>
        <Anchor component={LanguageLink} to={balanceSheetHref} fw={600}>
          {intl.formatMessage({ id: 'merchantDashboard.toBalanceSheet' })}
        </Anchor>
      </div>
      {body}
    </section>
  );
}
