import { NativeSelect, Pagination, Text } from '@mantine/core';
import { CARD_PAGE_SIZES } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { pageRange, type CardListState, type CardPageSize } from '../model';

type Props = {
  state: CardListState;
  shown: number;
  total: number;
  onChange: (change: Partial<CardListState>) => void;
};

/** Page size, "26–50 of 134" and the page buttons under the table. */
export function CardsPagination({ state, shown, total, onChange }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const range = pageRange(state.page, state.pageSize, shown, total);

  return (
    <div className="tessera-cards-pagination">
      <NativeSelect
        name="pageSize"
        label={intl.formatMessage({ id: 'cards.pagination.pageSize' })}
        value={String(state.pageSize)}
        data={CARD_PAGE_SIZES.map((size) => String(size))}
        onChange={(event) => onChange({ pageSize: Number(event.currentTarget.value) as CardPageSize })}
        className="tessera-cards-pagination__size"
      />
      <Text className="tessera-cards-pagination__range">
        {intl.formatMessage(
          { id: 'cards.pagination.range' },
          {
            from: formatNumber(range.from, locale),
            to: formatNumber(range.to, locale),
            total: formatNumber(range.total, locale),
          },
        )}
      </Text>
      {pages > 1 ? (
        <nav aria-label={intl.formatMessage({ id: 'cards.pagination.label' })}>
          <Pagination
            total={pages}
            value={Math.min(state.page, pages)}
            onChange={(page) => onChange({ page })}
            withEdges
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label': intl.formatMessage({ id: `cards.pagination.${control}` }),
            })}
            getItemProps={(page) => ({
              'aria-label': intl.formatMessage({ id: 'cards.pagination.page' }, { page }),
              ...(page === state.page ? { 'aria-current': 'page' } : {}),
            })}
          />
        </nav>
      ) : null}
    </div>
  );
}
