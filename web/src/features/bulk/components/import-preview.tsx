import { Alert, Button, Chip, Group, Pagination, Text, Title } from '@mantine/core';
import type { BulkImport, BulkImportRow } from '@tessera/domain';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { useActingCompanyId } from '../../../lib/use-acting-company';
import { LoadingButton } from '../../../ui/loading-button';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useDropBulkImportRows } from '../api/drop-bulk-import-rows';
import { problemRowsHref } from '../api/files';
import { useBulkImportRows } from '../api/get-bulk-import-rows';
import {
  filterCount,
  ROW_FILTER_LABEL,
  ROW_FILTERS,
  ROW_STATUS_LABEL,
  ROWS_PAGE_SIZE,
  type RowFilter,
} from '../model';
import { RowEditor } from './row-editor';
import { RowsTable } from './rows-table';

type Props = {
  item: BulkImport;
  /** Says something in the page's live region (a row saved, rows left out). */
  announce: (text: string) => void;
};

/**
 * Step 3: every row of the file with its problems, to fix in place or leave out. Opens on the rows
 * with problems when there are any. Counters come from the import (the server's, refreshed by every
 * change); the table is paged by the server.
 */
export function ImportPreview({ item, announce }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const companyId = useActingCompanyId();
  const ids = { title: useId(), counts: useId(), filter: useId() };
  const [filter, setFilter] = useState<RowFilter>(item.rowsError + item.rowsWarning > 0 ? 'problems' : 'all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BulkImportRow | null>(null);
  const [pendingRow, setPendingRow] = useState<number | null>(null);
  const rows = useBulkImportRows(item.importId, { filter, page }, true);
  const drop = useDropBulkImportRows();

  const total = rows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ROWS_PAGE_SIZE));
  const count = (value: number) => formatNumber(value, locale);
  const hasProblems = item.rowsError + item.rowsWarning > 0;
  // Rows left out or fixed can shorten the list under the page shown: go to its last page.
  useEffect(() => {
    if (rows.data && !rows.isPlaceholderData && page > pages) setPage(pages);
  }, [rows.data, rows.isPlaceholderData, page, pages]);

  const dropRow = async (row: BulkImportRow, restore: boolean) => {
    setPendingRow(row.rowNumber);
    const updated = await drop.mutateAsync({ importId: item.importId, rowNumbers: [row.rowNumber], restore });
    setPendingRow(null);
    if (updated) {
      announce(
        intl.formatMessage(
          { id: restore ? 'bulk.rows.restored' : 'bulk.rows.dropped' },
          { row: row.rowNumber },
        ),
      );
    }
  };

  const dropErrors = async () => {
    const errors = item.rowsError;
    const updated = await drop.mutateAsync({ importId: item.importId, status: 'error' });
    if (updated) {
      setPage(1);
      announce(
        intl.formatMessage({ id: 'bulk.actions.droppedErrors' }, { count: errors, formatted: count(errors) }),
      );
    }
  };

  const counters = [
    { id: 'bulk.counts.ok', value: item.rowsOk, tone: 'ok' },
    { id: 'bulk.counts.warning', value: item.rowsWarning, tone: 'warning' },
    { id: 'bulk.counts.error', value: item.rowsError, tone: 'error' },
    { id: 'bulk.counts.dropped', value: item.rowsDropped, tone: 'dropped' },
  ] as const;

  let table;
  if (rows.isError && !rows.data) {
    table = <ErrorState onRetry={() => void rows.refetch()} />;
  } else if (!rows.data) {
    table = <LoadingState label={intl.formatMessage({ id: 'bulk.rows.loading' })} />;
  } else if (rows.data.rows.length === 0) {
    table = <EmptyState message={intl.formatMessage({ id: 'bulk.rows.empty' })} />;
  } else {
    table = (
      <RowsTable
        item={item}
        rows={rows.data.rows}
        caption={intl.formatMessage(
          { id: 'bulk.rows.caption' },
          {
            name: item.fileName,
            filter: intl.formatMessage(
              { id: ROW_FILTER_LABEL[filter] },
              { count: filterCount(item, filter), formatted: count(filterCount(item, filter)) },
            ),
          },
        )}
        isUpdating={rows.isFetching}
        pendingRow={pendingRow}
        onEdit={setEditing}
        onDrop={(row, restore) => void dropRow(row, restore)}
      />
    );
  }

  return (
    <section aria-labelledby={ids.title} className="tessera-bulk-section">
      <Title order={2} id={ids.title} mb={4}>
        {intl.formatMessage({ id: 'bulk.preview.title' })}
      </Title>
      <Text mb="md">{intl.formatMessage({ id: 'bulk.preview.summary' })}</Text>

      <div role="group" aria-label={intl.formatMessage({ id: 'bulk.counts.label' })}>
        <dl className="tessera-bulk-counts">
          {counters.map((counter) => (
            <div
              key={counter.id}
              className={`tessera-bulk-counts__item tessera-bulk-counts__item--${counter.tone}`}
            >
              <dt>{intl.formatMessage({ id: counter.id })}</dt>
              <dd>{count(counter.value)}</dd>
            </div>
          ))}
        </dl>
      </div>

      {item.ignoredColumns.length > 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          {intl.formatMessage({ id: 'bulk.preview.ignored' }, { columns: item.ignoredColumns.join(', ') })}
        </Text>
      ) : null}

      <Group gap="sm" mb="md" wrap="wrap">
        {item.rowsError > 0 ? (
          <LoadingButton
            variant="light"
            color="red"
            className="tessera-bulk-wrap-button"
            isLoading={drop.isPending && pendingRow === null}
            onClick={() => void dropErrors()}
          >
            {intl.formatMessage({ id: 'bulk.actions.dropErrors' })}
          </LoadingButton>
        ) : null}
        {hasProblems ? (
          <Button
            component="a"
            variant="default"
            className="tessera-bulk-wrap-button"
            href={problemRowsHref(item.importId, companyId, locale)}
            download
          >
            {intl.formatMessage({ id: 'bulk.actions.problemRows' })}
          </Button>
        ) : null}
      </Group>

      <fieldset className="tessera-bulk-filter">
        <legend id={ids.filter}>{intl.formatMessage({ id: 'bulk.filter.label' })}</legend>
        <Chip.Group
          multiple={false}
          value={filter}
          onChange={(value) => {
            setFilter(value as RowFilter);
            setPage(1);
          }}
        >
          <Group gap="xs" wrap="wrap">
            {ROW_FILTERS.map((value) => (
              <Chip key={value} value={value} variant="outline" radius="sm">
                {intl.formatMessage(
                  { id: ROW_FILTER_LABEL[value] },
                  { count: filterCount(item, value), formatted: count(filterCount(item, value)) },
                )}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </fieldset>

      {table}

      {rows.data && pages > 1 ? (
        <nav
          aria-label={intl.formatMessage({ id: 'bulk.pagination.label' })}
          className="tessera-bulk-pagination"
        >
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            withEdges
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label': intl.formatMessage({ id: `bulk.pagination.${control}` }),
            })}
            getItemProps={(pageNumber) => ({
              'aria-label': intl.formatMessage({ id: 'bulk.pagination.page' }, { page: pageNumber }),
              ...(pageNumber === page ? { 'aria-current': 'page' } : {}),
            })}
          />
        </nav>
      ) : null}

      <RowEditor
        item={item}
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={(row) => {
          setEditing(null);
          announce(
            intl.formatMessage(
              { id: 'bulk.edit.saved' },
              { row: row.rowNumber, status: intl.formatMessage({ id: ROW_STATUS_LABEL[row.status] }) },
            ),
          );
        }}
      />
      {item.rowsError === 0 && hasProblems ? (
        <Alert role="note" color="yellow" variant="light" mt="md">
          {intl.formatMessage({ id: 'bulk.preview.onlyWarnings' })}
        </Alert>
      ) : null}
    </section>
  );
}
