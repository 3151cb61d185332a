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

/** The header of a rules table's column of actions (delete), named for screen readers only. */
export function ActionsColumnHeader() {
  const intl = useIntl();
  return (
    <Table.Th scope="col">
      <VisuallyHidden>{intl.formatMessage({ id: 'account.spendRules.col.actions' })}</VisuallyHidden>
    </Table.Th>
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
