import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { BulkColumnKey, BulkImport, BulkImportRow } from '@tessera/domain';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { registerText, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { useUpdateBulkImportRow } from '../api/update-bulk-import-row';
import { changedCells, MAX_CELL } from '../model';
import { ProblemList } from './rows-table';

type Props = {
  item: BulkImport;
  /** The row being fixed; null closes the dialog. */
  row: BulkImportRow | null;
  onClose: () => void;
  /** The row after a save that left it without errors. */
  onSaved: (row: BulkImportRow) => void;
};

/**
 * Fixing a row in place: one field per column the file has, under the file's own header, each with
 * its problems beside it. Saving sends only the cells that changed; the server judges the row again
 * at once. A row that still has errors stays open with its new problems; otherwise the dialog
 * closes and the table shows the row as it is now.
 */
export function RowEditor({ item, row, onClose, onSaved }: Props) {
  const intl = useIntl();
  return (
    <AppModal
      opened={row !== null}
      onClose={onClose}
      title={row ? intl.formatMessage({ id: 'bulk.edit.title' }, { row: row.rowNumber }) : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'bulk.dialog.close' }) }}
    >
      {row ? (
        <RowEditorForm key={row.rowNumber} item={item} row={row} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </AppModal>
  );
}

type Values = Record<string, string>;

function valuesOf(item: BulkImport, row: BulkImportRow): Values {
  return Object.fromEntries(item.columns.map((column) => [column.key, row.cells[column.key] ?? '']));
}

function RowEditorForm({ item, row: initial, onClose, onSaved }: Required<Props> & { row: BulkImportRow }) {
  const intl = useIntl();
  const [row, setRow] = useState(initial);
  const [note, setNote] = useState<string | null>(null);
  const update = useUpdateBulkImportRow();
  const columnKeys = item.columns.map((column) => column.key).join(',');
  const schema = useMemo(
    () => z.object(Object.fromEntries(columnKeys.split(',').map((key) => [key, z.string().max(MAX_CELL)]))),
    [columnKeys],
  );
  const form = useForm<Values>({ resolver: useZodResolver(schema), defaultValues: valuesOf(item, row) });
  const { errors } = form.formState;

  const known = new Set<string>(item.columns.map((column) => column.key));
  const rowProblems = row.problems.filter((problem) => problem.column === null || !known.has(problem.column));
  const messagesOf = (key: BulkColumnKey, level: 'error' | 'warning') =>
    row.problems
      .filter((problem) => problem.column === key && problem.level === level)
      .map((problem) => problem.message)
      .join(' ');

  const onSubmit = form.handleSubmit(async (values) => {
    const cells = changedCells(row, values as Partial<Record<BulkColumnKey, string>>);
    if (!cells) {
      setNote(intl.formatMessage({ id: 'bulk.edit.unchanged' }));
      return;
    }
    setNote(null);
    const result = await update.mutateAsync({ importId: item.importId, rowNumber: row.rowNumber, cells });
    if (!result.ok) {
      // A 400 names the cells (`cells.amount`): their messages go beside the fields.
      if (result.error !== true) {
        for (const field of result.error.fields ?? []) {
          const key = field.field.replace(/^cells\./, '');
          if (known.has(key)) form.setError(key, { type: 'server', message: field.message });
        }
      }
      return;
    }
    const next = result.data.row;
    if (next.status === 'error') {
      setRow(next);
      form.reset(valuesOf(item, next));
      setNote(intl.formatMessage({ id: 'bulk.edit.stillErrors' }));
      return;
    }
    onSaved(next);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack gap="md">
        <Text size="sm">{intl.formatMessage({ id: 'bulk.edit.text' })}</Text>
        {rowProblems.length > 0 ? (
          <Alert
            color={rowProblems.some((problem) => problem.level === 'error') ? 'red' : 'yellow'}
            variant="light"
          >
            <ProblemList
              item={item}
              problems={rowProblems}
              label={intl.formatMessage({ id: 'bulk.edit.rowProblems' })}
            />
          </Alert>
        ) : null}
        {item.columns.map((column) => {
          const warning = messagesOf(column.key, 'warning');
          return (
            <TextInput
              key={column.key}
              label={column.header}
              {...registerText(form.register, column.key)}
              error={errors[column.key]?.message || messagesOf(column.key, 'error') || undefined}
              description={warning || undefined}
              classNames={warning ? { description: 'tessera-bulk-warning-text' } : undefined}
            />
          );
        })}
        <Text role="status" size="sm" fw={600} c={note ? 'red.8' : undefined}>
          {note ?? ''}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {intl.formatMessage({ id: 'bulk.edit.cancel' })}
          </Button>
          <LoadingButton type="submit" isLoading={update.isPending}>
            {intl.formatMessage({ id: 'bulk.edit.save' })}
          </LoadingButton>
        </Group>
      </Stack>
    </form>
  );
}
