import { Table, Text } from '@mantine/core';
import type { RecurringRunView } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { PagePagination } from '../../../ui/page-pagination';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { RUNS_PAGE_SIZE, useRecurringRuns } from '../api/get-recurring-runs';
import { CardNotes } from './card-notes';
import { FAILURE_MESSAGE, formatDay, RUN_STATUS_BADGE } from './labels';
import { RunOrders } from './last-run';
import { StatusBadge } from './status-badge';

/**
 * A rule's past runs, newest first, a page at a time: the day, what the run did (or why it created
 * nothing), its cards and total, the orders or drafts it created, and the cards it left out or
 * moved to their replacement.
 */
export function RunHistory({ ruleId, labelledBy }: { ruleId: string; labelledBy: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const [page, setPage] = useState(1);
  const runs = useRecurringRuns(ruleId, page);

  if (runs.isPending) return <LoadingState label={intl.formatMessage({ id: 'recurring.runs.loading' })} />;
  if (runs.isError) return <ErrorState onRetry={() => void runs.refetch()} />;
  if (runs.data.runs.length === 0) {
    return <EmptyState message={intl.formatMessage({ id: 'recurring.runs.empty' })} />;
  }
  const pages = Math.max(1, Math.ceil(runs.data.total / RUNS_PAGE_SIZE));
  const reasonOf = (run: RecurringRunView) =>
    run.failure ? intl.formatMessage({ id: FAILURE_MESSAGE[run.failure] }) : '—';
  const notesOf = (run: RecurringRunView) =>
    run.notes.length === 0 ? (
      '—'
    ) : (
      <CardNotes
        notes={run.notes}
        label={intl.formatMessage({ id: 'recurring.runs.notesOf' }, { day: formatDay(run.runDay, locale) })}
      />
    );
  const t = (id: MessageId) => intl.formatMessage({ id });

  return (
    <>
      {isNarrow ? (
        <RecordList labelledBy={labelledBy} isBusy={runs.isPlaceholderData}>
          {runs.data.runs.map((run) => (
            <RecordItem
              key={run.runId}
              title={<Text fw={600}>{formatDay(run.runDay, locale)}</Text>}
              aside={<StatusBadge badge={RUN_STATUS_BADGE[run.status]} />}
              fields={[
                run.failure
                  ? { label: t('recurring.runs.col.reason'), value: reasonOf(run), isWide: true }
                  : null,
                { label: t('recurring.runs.col.cards'), value: formatNumber(run.cardCount, locale) },
                { label: t('recurring.runs.col.total'), value: formatMoney(run.totalCents), isKey: true },
                {
                  label: t('recurring.runs.col.orders'),
                  value: <RunOrders orders={run.orders} />,
                  isWide: true,
                },
                run.notes.length > 0
                  ? { label: t('recurring.runs.col.notes'), value: notesOf(run), isWide: true }
                  : null,
              ]}
            />
          ))}
        </RecordList>
      ) : (
        <Table.ScrollContainer minWidth={880} type="native">
          <Table
            striped
            verticalSpacing="sm"
            aria-labelledby={labelledBy}
            aria-busy={runs.isPlaceholderData || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                {(
                  [
                    'recurring.runs.col.day',
                    'recurring.runs.col.status',
                    'recurring.runs.col.reason',
                    'recurring.runs.col.cards',
                    'recurring.runs.col.total',
                    'recurring.runs.col.orders',
                    'recurring.runs.col.notes',
                  ] as const
                ).map((id) => (
                  <Table.Th key={id} scope="col">
                    {t(id)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.runs.map((run) => (
                <Table.Tr key={run.runId}>
                  <Table.Td>{formatDay(run.runDay, locale)}</Table.Td>
                  <Table.Td>
                    <StatusBadge badge={RUN_STATUS_BADGE[run.status]} />
                  </Table.Td>
                  <Table.Td>{reasonOf(run)}</Table.Td>
                  <Table.Td>{formatNumber(run.cardCount, locale)}</Table.Td>
                  <Table.Td>{formatMoney(run.totalCents)}</Table.Td>
                  <Table.Td>
                    <RunOrders orders={run.orders} />
                  </Table.Td>
                  <Table.Td>{notesOf(run)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PagePagination pages={pages} page={Math.min(page, pages)} onChange={setPage} />
    </>
  );
}
