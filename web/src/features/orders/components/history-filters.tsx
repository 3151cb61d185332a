import { Button, NativeSelect, TextInput } from '@mantine/core';
import { CARD_CATEGORIES, ORDER_STATUSES, PlacedOrderTypeSchema } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../lib/use-locale';
import { hasHistoryFilters, isRangeReversed, type HistoryFilters as Filters } from '../model';
import { ORDER_STATUS_MESSAGE, ORDER_TYPE_MESSAGE, productName } from '../../../lib/labels';

type Props = {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
  onReset: () => void;
};

/**
 * The history's filters: a date range (two dates, from and to, inclusive), status, product and
 * type. Each applies at once and goes to the address (a history entry, so Back undoes it).
 */
export function HistoryFilters({ filters, onChange, onReset }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const all = (id: 'orders.filter.allStatuses' | 'orders.filter.allProducts' | 'orders.filter.allTypes') => ({
    value: '',
    label: intl.formatMessage({ id }),
  });
  const isReversed = isRangeReversed(filters);

  return (
    <form
      role="search"
      aria-label={intl.formatMessage({ id: 'orders.filter.label' })}
      className="tessera-orders-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <TextInput
        type="date"
        name="from"
        label={intl.formatMessage({ id: 'orders.filter.from' })}
        value={filters.from ?? ''}
        max={filters.to ?? undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
      />
      <TextInput
        type="date"
        name="to"
        label={intl.formatMessage({ id: 'orders.filter.to' })}
        value={filters.to ?? ''}
        min={filters.from ?? undefined}
        error={isReversed ? intl.formatMessage({ id: 'orders.filter.reversed' }) : undefined}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
      />
      <NativeSelect
        name="status"
        label={intl.formatMessage({ id: 'orders.filter.status' })}
        value={filters.status ?? ''}
        data={[
          all('orders.filter.allStatuses'),
          ...ORDER_STATUSES.map((status) => ({
            value: status,
            label: intl.formatMessage({ id: ORDER_STATUS_MESSAGE[status] }),
          })),
        ]}
        onChange={(event) => onChange({ status: (event.currentTarget.value || null) as Filters['status'] })}
      />
      <NativeSelect
        name="product"
        label={intl.formatMessage({ id: 'orders.filter.product' })}
        value={filters.product ?? ''}
        data={[
          all('orders.filter.allProducts'),
          ...CARD_CATEGORIES.map((product) => ({ value: product, label: productName(product, locale) })),
        ]}
        onChange={(event) => onChange({ product: (event.currentTarget.value || null) as Filters['product'] })}
      />
      <NativeSelect
        name="orderType"
        label={intl.formatMessage({ id: 'orders.filter.type' })}
        value={filters.orderType ?? ''}
        data={[
          all('orders.filter.allTypes'),
          ...PlacedOrderTypeSchema.options.map((type) => ({
            value: type,
            label: intl.formatMessage({ id: ORDER_TYPE_MESSAGE[type] }),
          })),
        ]}
        onChange={(event) =>
          onChange({ orderType: (event.currentTarget.value || null) as Filters['orderType'] })
        }
      />
      {hasHistoryFilters(filters) ? (
        <Button variant="subtle" onClick={onReset} className="tessera-orders-filters__reset">
          {intl.formatMessage({ id: 'orders.filter.reset' })}
        </Button>
      ) : null}
    </form>
  );
}
