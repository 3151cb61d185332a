import { Pagination, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/** "21–40 of 134" and the page buttons under a server-paged list. */
export function OrdersPagination({
  label,
  page,
  pageSize,
  shown,
  total,
  onChange,
}: {
  label: string;
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = total === 0 ? 0 : from + shown - 1;
  return (
    <div className="tessera-orders-pagination">
      <Text size="sm">
        {intl.formatMessage(
          { id: 'orders.pagination.range' },
          {
            from: formatNumber(from, locale),
            to: formatNumber(to, locale),
            total: formatNumber(total, locale),
          },
        )}
      </Text>
      {pages > 1 ? (
        <nav aria-label={label}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            withEdges
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label': intl.formatMessage({ id: `orders.pagination.${control}` }),
            })}
            getItemProps={(item) => ({
              'aria-label': intl.formatMessage({ id: 'orders.pagination.page' }, { page: item }),
              ...(item === page ? { 'aria-current': 'page' } : {}),
            })}
          />
        </nav>
      ) : null}
    </div>
  );
}
