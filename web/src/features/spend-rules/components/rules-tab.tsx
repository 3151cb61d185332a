import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * What a rules tab announces (a rule saved, created or deleted), read out by its status line;
 * `announceDeleted` is what a delete button calls once its rule is gone.
 */
export function useRulesStatus() {
  const intl = useIntl();
  const [status, setStatus] = useState('');
  const announceDeleted = (name: string) =>
    setStatus(intl.formatMessage({ id: 'account.spendRules.deleted' }, { name }));
  return { status, setStatus, announceDeleted };
}

/**
 * A product's rules as a table named `label`: the column headers, then (for those who may change the
 * rules) a column of actions named for screen readers only; the rows are the children.
 */
export function RulesTable({
  label,
  minWidth,
  columns,
  canEdit,
  children,
}: {
  label: string;
  minWidth: number;
  columns: readonly string[];
  canEdit: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
            {canEdit ? (
              <Table.Th scope="col">
                <VisuallyHidden>
                  {intl.formatMessage({ id: 'account.spendRules.col.actions' })}
                </VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A product's rules tab: the status line, the list, then (for those who may change the rules) a
 * section with the form of a new rule, titled `form.title`.
 */
export function RulesTab({
  status,
  list,
  form,
}: {
  status: string;
  list: ReactNode;
  form: { id: string; title: string; content: ReactNode } | null;
}) {
  return (
    <>
      <Text role="status" c="dimmed" mb={status ? 'sm' : 0}>
        {status}
      </Text>
      {list}
      {form ? (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          mt="xl"
          component="section"
          aria-labelledby={form.id}
        >
          <Title order={2} size="h3" id={form.id} mb="md">
            {form.title}
          </Title>
          {form.content}
        </Paper>
      ) : null}
    </>
  );
}
