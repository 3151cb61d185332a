import { Anchor, Card, Text, Title } from '@mantine/core';
import { ORDER_STATUSES, type OrdersOverviewResponse } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import type { MessageId } from '../../../i18n/messages';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useOrdersOverview } from '../api/get-orders-overview';
import { ApmLoops } from '../components/apm-loops';
import { OrderListSection } from '../components/order-list-section';
import { RowActions } from '../components/row-actions';
import { historyParams, parseHistoryParams } from '../model';
import '../orders.css';
import { ORDER_STATUS_MESSAGE } from '../../../lib/labels';

/** The counts per status, each a link to the history filtered by it. */
function StatusCounts({ counts }: { counts: OrdersOverviewResponse['counts'] }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <ul className="tessera-orders-counts" aria-label={intl.formatMessage({ id: 'orders.overview.counts' })}>
      {ORDER_STATUSES.map((status) => {
        const search = historyParams({ ...parseHistoryParams(new URLSearchParams()), status });
        const label = intl.formatMessage({ id: ORDER_STATUS_MESSAGE[status] });
        return (
          <li key={status}>
            <Anchor component={LanguageLink} to={`${paths.orderHistory.href()}?${search}`} underline="never">
              <Card withBorder padding="md" radius="md" className="tessera-orders-counts__card">
                <Text className="tessera-orders-counts__value">
                  {formatNumber(counts[status] ?? 0, locale)}
                </Text>
                <Text size="sm">{label}</Text>
              </Card>
            </Anchor>
          </li>
        );
      })}
    </ul>
  );
}

function Figures({ overview }: { overview: OrdersOverviewResponse }) {
  const intl = useIntl();
  const figure = (id: MessageId, value: string) => (
    <div className="tessera-orders-figure">
      <dt>{intl.formatMessage({ id })}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="tessera-orders-figures">
      {figure('orders.overview.monthLoaded', formatMoney(overview.monthLoadedCents))}
      {figure('orders.overview.monthFees', formatMoney(overview.monthFeesCents))}
      {figure('orders.overview.balance', formatMoney(overview.companyBalanceCents))}
      {figure(
        'orders.overview.threshold',
        overview.approvalThresholdCents === null
          ? intl.formatMessage({ id: 'orders.overview.noThreshold' })
          : formatMoney(overview.approvalThresholdCents),
      )}
    </dl>
  );
}

/**
 * `/orders-overview` (SPEC §2): how many orders are in each state, what waits for approval or
 * payment (with the shortcut to do it), the latest orders, this month's figures, the company's
 * balance from unloaded cards, and transfers still waiting for the bank.
 */
export function OrdersOverviewPage() {
  const intl = useIntl();
  const overview = useOrdersOverview();
  const [announcement, setAnnouncement] = useState('');
  const title = intl.formatMessage({ id: 'orders.overview.title' });
  useDocumentTitle(title);
  const list = {
    isPending: overview.isPending,
    isError: overview.isError,
    onRetry: () => void overview.refetch(),
    loadingLabel: intl.formatMessage({ id: 'orders.overview.loading' }),
  };
  const actions = (order: Parameters<typeof RowActions>[0]['order']) => (
    <RowActions order={order} onDone={setAnnouncement} />
  );

  return (
    <section className="tessera-page tessera-orders" aria-labelledby="orders-overview-title">
      <div className="tessera-page-header">
        <Title order={1} id="orders-overview-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: 'orders.overview.summary' })}
        </Text>
      </div>
      <Text role="status" c="teal.9" fw={600} mb={announcement ? 'md' : 0}>
        {announcement}
      </Text>
      {overview.isPending ? (
        <LoadingState label={list.loadingLabel} />
      ) : overview.isError ? (
        <ErrorState onRetry={list.onRetry} />
      ) : (
        <>
          <StatusCounts counts={overview.data.counts} />
          <section className="tessera-order-section" aria-labelledby="orders-figures-title">
            <Title order={2} size="h3" id="orders-figures-title" mb="sm">
              {intl.formatMessage({ id: 'orders.overview.figures' })}
            </Title>
            <Figures overview={overview.data} />
          </section>
          <OrderListSection
            id="overview-approval-title"
            title={intl.formatMessage({ id: 'orders.overview.awaitingApproval' })}
            orders={overview.data.awaitingApproval}
            emptyText={intl.formatMessage({ id: 'orders.overview.noneAwaitingApproval' })}
            actions={actions}
            {...list}
          />
          <OrderListSection
            id="overview-payment-title"
            title={intl.formatMessage({ id: 'orders.overview.awaitingPayment' })}
            orders={overview.data.awaitingPayment}
            emptyText={intl.formatMessage({ id: 'orders.overview.noneAwaitingPayment' })}
            actions={actions}
            {...list}
          />
          <ApmLoops />
          <OrderListSection
            id="overview-recent-title"
            title={intl.formatMessage({ id: 'orders.overview.recent' })}
            orders={overview.data.recent}
            emptyText={intl.formatMessage({ id: 'orders.overview.noneRecent' })}
            {...list}
          />
        </>
      )}
      <Anchor component={LanguageLink} to={paths.orderHistory.href()} fw={600}>
        {intl.formatMessage({ id: 'orders.overview.toHistory' })}
      </Anchor>
    </section>
  );
}
