import { Pagination } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';

/** Lines shown per page: a load of every active card may hold thousands. */
export const LINES_PAGE_SIZE = 50;

/** A client-side page of a long list of lines, with its page buttons. */
export function usePaged<T>(items: readonly T[], pageSize = LINES_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(page, pages);
  const start = (current - 1) * pageSize;
  return {
    pageItems: items.slice(start, start + pageSize),
    /** The index of the first item shown, for numbering. */
    offset: start,
    pages,
    page: current,
    setPage,
    showLast: () => setPage(Math.max(1, Math.ceil((items.length + 1) / pageSize))),
  };
}

export function LinesPagination({
  label,
  page,
  pages,
  onChange,
}: {
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        mt="sm"
        total={pages}
        value={page}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({
          'aria-label': intl.formatMessage({ id: `cardIssue.pagination.${control}` }),
        })}
        getItemProps={(item) => ({
          'aria-label': intl.formatMessage({ id: 'cardIssue.pagination.page' }, { page: item }),
          ...(item === page ? { 'aria-current': 'page' } : {}),
        })}
      />
    </nav>
  );
}
