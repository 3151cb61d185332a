import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { BulkColumnKey, BulkImport, BulkImportRow, BulkProblem } from '@tessera/domain';
import { Fragment, useId } from 'react';
import { useIntl } from 'react-intl';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { namesCards, ROW_STATUS_LABEL } from '../model';
import { MaskedNumber, RowStatus } from './badges';

type Props = {
  item: BulkImport;
  rows: readonly BulkImportRow[];
  caption: string;
  isUpdating: boolean;
  /** The row whose drop or restore is under way. */
  pendingRow: number | null;
  onEdit: (row: BulkImportRow) => void;
  onDrop: (row: BulkImportRow, restore: boolean) => void;
};

/** The header a problem names: the file's own for a column it has, else the template's. */
export function problemHeader(item: BulkImport, problem: BulkProblem): string | null {
  if (problem.column === null) return null;
  return item.columns.find((column) => column.key === problem.column)?.header ?? problem.header;
}

/** A row's problems, each naming its column and why (the server's words, in the page's language). */
export function ProblemList({
  item,
  problems,
  label,
}: {
  item: BulkImport;
  problems: BulkProblem[];
  label: string;
}) {
  const intl = useIntl();
  return (
    <ul className="tessera-bulk-problems" aria-label={label}>
      {problems.map((problem, index) => {
        const header = problemHeader(item, problem);
        return (
          <li key={`${problem.code}-${problem.column ?? ''}-${index}`} data-level={problem.level}>
            <Text span size="xs" fw={700} className="tessera-bulk-problems__level">
              {intl.formatMessage({ id: ROW_STATUS_LABEL[problem.level] })}
            </Text>{' '}
            {header ? (
              <Text span inherit fw={600}>
                {header}:{' '}
              </Text>
            ) : null}
            {problem.message}
          </li>
        );
      })}
    </ul>
  );
}

function cellHasError(row: BulkImportRow, key: BulkColumnKey): boolean {
  return row.problems.some((problem) => problem.column === key && problem.level === 'error');
}

/**
 * The preview's rows: the row number, its status in words, the actions and the card a load names
 * (masked) — before the cells, so that a wide file does not push them out of sight — then the cells
 * under the file's own headers; the problems follow each row, spanning the table. The table scrolls sideways
 * inside its labelled, focusable region.
 */
export function RowsTable({ item, rows, caption, isUpdating, pendingRow, onEdit, onDrop }: Props) {
  const intl = useIntl();
  const idPrefix = useId();
  const isNarrow = useIsNarrowScreen();
  const withCard = namesCards(item.purpose);
  const width = 3 + item.columns.length + (withCard ? 1 : 0);

  const actionsOf = (row: BulkImportRow, problemsId: string) => (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        aria-label={intl.formatMessage({ id: 'bulk.rows.editLabel' }, { row: row.rowNumber })}
        aria-describedby={row.problems.length > 0 ? problemsId : undefined}
        onClick={() => onEdit(row)}
      >
        {intl.formatMessage({ id: 'bulk.rows.edit' })}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color={row.isDropped ? 'teal' : 'gray'}
        loading={pendingRow === row.rowNumber}
        aria-label={intl.formatMessage(
          { id: row.isDropped ? 'bulk.rows.restoreLabel' : 'bulk.rows.dropLabel' },
          { row: row.rowNumber },
        )}
        onClick={() => onDrop(row, row.isDropped)}
      >
        {intl.formatMessage({ id: row.isDropped ? 'bulk.rows.restore' : 'bulk.rows.drop' })}
      </Button>
    </Group>
  );
  const cardOf = (row: BulkImportRow) =>
    row.card ? (
      <>
        <MaskedNumber maskedNumber={row.card.maskedNumber} />
        <Text size="sm">{row.card.cardholderName}</Text>
      </>
    ) : (
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: row.kind === 'new' ? 'bulk.rows.newCard' : 'bulk.rows.noCard' })}
      </Text>
    );
  const cellOf = (row: BulkImportRow, key: BulkColumnKey) => {
    const text = row.cells[key] ?? '';
    return text === '' ? (
      <>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{intl.formatMessage({ id: 'bulk.rows.emptyCell' })}</VisuallyHidden>
      </>
    ) : (
      text
    );
  };
  const problemsOf = (row: BulkImportRow) => (
    <ProblemList
      item={item}
      problems={row.problems}
      label={intl.formatMessage({ id: 'bulk.rows.problemsOf' }, { row: row.rowNumber })}
    />
  );
  const rowClass = (row: BulkImportRow, base: string) =>
    `${base} ${base}--${row.status}${row.isDropped ? ` ${base}--dropped` : ''}${
      row.problems.length > 0 ? ` ${base}--with-problems` : ''
    }`;

  if (isNarrow) {
    // Below the desktop layout each row is a card: status, problems and actions first, then the
    // file's own columns, so nothing hides behind a sideways scroll however wide the file is.
    return (
      <RecordList label={caption} isBusy={isUpdating}>
        {rows.map((row) => {
          const problemsId = `${idPrefix}-${row.rowNumber}`;
          return (
            <RecordItem
              key={row.rowNumber}
              className={rowClass(row, 'tessera-bulk-record')}
              title={intl.formatMessage({ id: 'bulk.rows.rowTitle' }, { row: row.rowNumber })}
              aside={<RowStatus row={row} />}
              fields={[
                withCard && {
                  label: intl.formatMessage({ id: 'bulk.rows.column.card' }),
                  value: cardOf(row),
                  isWide: true,
                },
                ...item.columns.map((column) => ({ label: column.header, value: cellOf(row, column.key) })),
              ]}
              actions={actionsOf(row, problemsId)}
              isActionFirst
            >
              {row.problems.length > 0 ? (
                <div id={problemsId} className="tessera-bulk-record__problems">
                  {problemsOf(row)}
                </div>
              ) : null}
            </RecordItem>
          );
        })}
      </RecordList>
    );
  }

  return (
    <Table.ScrollContainer
      minWidth={Math.max(720, 140 * width)}
      type="native"
      role="region"
      aria-label={caption}
      tabIndex={0}
      aria-busy={isUpdating || undefined}
      className="tessera-bulk-table"
    >
      <Table verticalSpacing="xs">
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage({ id: 'bulk.rows.column.row' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'bulk.rows.column.status' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'bulk.rows.column.actions' })}</Table.Th>
            {withCard ? (
              <Table.Th scope="col">{intl.formatMessage({ id: 'bulk.rows.column.card' })}</Table.Th>
            ) : null}
            {item.columns.map((column) => (
              <Table.Th scope="col" key={column.key}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const problemsId = `${idPrefix}-${row.rowNumber}`;
            return (
              <Fragment key={row.rowNumber}>
                <Table.Tr className={rowClass(row, 'tessera-bulk-row')}>
                  <Table.Th scope="row" className="tessera-bulk-row__number">
                    {row.rowNumber}
                  </Table.Th>
                  <Table.Td>
                    <RowStatus row={row} />
                  </Table.Td>
                  <Table.Td>{actionsOf(row, problemsId)}</Table.Td>
                  {withCard ? <Table.Td>{cardOf(row)}</Table.Td> : null}
                  {item.columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      className={cellHasError(row, column.key) ? 'tessera-bulk-cell--error' : undefined}
                    >
                      {cellOf(row, column.key)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {row.problems.length > 0 ? (
                  <Table.Tr className="tessera-bulk-row__problems">
                    <Table.Td colSpan={width} id={problemsId}>
                      {problemsOf(row)}
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
