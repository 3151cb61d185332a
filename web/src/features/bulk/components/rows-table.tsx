import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { BulkColumnKey, BulkImport, BulkImportRow, BulkProblem } from '@tessera/domain';
import { Fragment, useId } from 'react';
import { useIntl } from 'react-intl';
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
  const withCard = namesCards(item.purpose);
  const width = 3 + item.columns.length + (withCard ? 1 : 0);

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
                <Table.Tr
                  className={`tessera-bulk-row tessera-bulk-row--${row.status}${
                    row.isDropped ? ' tessera-bulk-row--dropped' : ''
                  }${row.problems.length > 0 ? ' tessera-bulk-row--with-problems' : ''}`}
                >
                  <Table.Th scope="row" className="tessera-bulk-row__number">
                    {row.rowNumber}
                  </Table.Th>
                  <Table.Td>
                    <RowStatus row={row} />
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                  {withCard ? (
                    <Table.Td>
                      {row.card ? (
                        <>
                          <MaskedNumber maskedNumber={row.card.maskedNumber} />
                          <Text size="sm">{row.card.cardholderName}</Text>
                        </>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {intl.formatMessage({
                            id: row.kind === 'new' ? 'bulk.rows.newCard' : 'bulk.rows.noCard',
                          })}
                        </Text>
                      )}
                    </Table.Td>
                  ) : null}
                  {item.columns.map((column) => {
                    const text = row.cells[column.key] ?? '';
                    return (
                      <Table.Td
                        key={column.key}
                        className={cellHasError(row, column.key) ? 'tessera-bulk-cell--error' : undefined}
                      >
                        {text === '' ? (
                          <>
                            <span aria-hidden="true">—</span>
                            <VisuallyHidden>
                              {intl.formatMessage({ id: 'bulk.rows.emptyCell' })}
                            </VisuallyHidden>
                          </>
                        ) : (
                          text
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
                {row.problems.length > 0 ? (
                  <Table.Tr className="tessera-bulk-row__problems">
                    <Table.Td colSpan={width} id={problemsId}>
                      <ProblemList
                        item={item}
                        problems={row.problems}
                        label={intl.formatMessage({ id: 'bulk.rows.problemsOf' }, { row: row.rowNumber })}
                      />
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
