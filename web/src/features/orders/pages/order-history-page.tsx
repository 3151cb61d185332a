import { Title, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useOrderHistory } from '../api/get-order-history';
import { HistoryFilters } from '../components/history-filters';
import { OrdersPagination } from '../components/orders-pagination';
import { OrdersTable } from '../components/orders-table';
import {
  applyHistoryChange,
  HISTORY_PAGE_SIZE,
  hasHistoryFilters,
  historyParams,
  historyRequest,
  parseHistoryParams,
  type HistoryFilters as Filters,
} from '../model';
import '../orders.css';

/**
 * `/orders/order-history` (SPEC §2): the company's orders, newest first, filtered by dates, status,
 * product and type, 20 to a page. The filters and the page live in the address.
 */
export function OrderHistoryPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseHistoryParams(params), [params]);
  const history = useOrderHistory(historyRequest(filters));
  const title = intl.formatMessage({ id: 'orders.history.title' });
  useDocumentTitle(title);

  const change = useCallback(
    (patch: Partial<Filters>) =>
      setParams((current) => historyParams(applyHistoryChange(parseHistoryParams(current), patch)), {
        preventScrollReset: true,
      }),
    [setParams],
  );
  const reset = useCallback(
    () => setParams(new URLSearchParams(), { preventScrollReset: true }),
    [setParams],
  );

  let content;
  if (history.isPending) {
    content = <LoadingState label={intl.formatMessage({ id: 'orders.history.loading' })} />;
  } else if (history.isError) {
    content = (
      <ErrorState
        message={intl.formatMessage({ id: 'orders.history.error' })}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (history.data.orders.length === 0) {
    content = (
      <EmptyState
        message={intl.formatMessage({
          id: hasHistoryFilters(filters) ? 'orders.history.emptyFiltered' : 'orders.history.empty',
        })}
      />
    );
  } else {
    content = (
      <>
        <OrdersTable
          orders={history.data.orders}
          caption={intl.formatMessage({ id: 'orders.history.caption' })}
          isUpdating={history.isPlaceholderData}
        />
        <OrdersPagination
          label={intl.formatMessage({ id: 'orders.history.pagination' })}
          page={filters.page}
          pageSize={HISTORY_PAGE_SIZE}
          shown={history.data.orders.length}
          total={history.data.total}
          onChange={(page) => change({ page })}
        />
      </>
    );
  }

  return (
    <section className="tessera-page tessera-orders" aria-labelledby="order-history-title">
      <div className="tessera-page-header">
        <Title order={1} id="order-history-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: 'orders.history.summary' })}
        </Text>
      </div>
      <HistoryFilters filters={filters} onChange={change} onReset={reset} />
      {content}
    </section>
  );
}
