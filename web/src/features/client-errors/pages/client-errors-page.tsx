import { Badge, Button, Code, Group, Table, Text } from '@mantine/core';
import type { ClientLogLevel } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useClientErrors } from '../api/client-errors';

const LEVEL_COLOR: Record<ClientLogLevel, string> = { error: 'red', warn: 'yellow', info: 'gray' };

/**
 * `/back-office/client-errors` (role 1; issue 18 §8, ADR 026): what browsers sent to the log beacon
 * in the last 24 hours, one row per message (already redacted by the server), the most frequent first.
 */
export function ClientErrorsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const title = intl.formatMessage({ id: 'clientErrors.title' });
  useDocumentTitle(title);
  const errors = useClientErrors();

  let body;
  if (errors.isPending) body = <LoadingState />;
  else if (errors.isError) body = <ErrorState onRetry={() => void errors.refetch()} />;
  else if (errors.data.groups.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'clientErrors.empty' })} />;
  else
    body = (
      <>
        <Text role="status" c="dimmed" mb="sm">
          {intl.formatMessage(
            { id: 'clientErrors.total' },
            { total: errors.data.total, since: formatDateTime(errors.data.since, locale) },
          )}
        </Text>
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage({ id: 'clientErrors.col.message' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'clientErrors.col.level' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'clientErrors.col.count' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'clientErrors.col.firstSeen' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'clientErrors.col.lastSeen' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'clientErrors.col.paths' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'clientErrors.col.userAgent' })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.data.groups.map((group) => (
                <Table.Tr key={`${group.level}:${group.message}`}>
                  <Table.Td maw={360}>
                    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {group.message}
                    </Code>
                    {group.sampleRequestId ? (
                      <Text size="xs" c="dimmed">
                        {intl.formatMessage({ id: 'clientErrors.requestId' }, { id: group.sampleRequestId })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={LEVEL_COLOR[group.level]}
                      variant="light"
                      // The light shades' own text (yellow above all) is too pale on their background.
                      styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}
                    >
                      {intl.formatMessage({ id: `clientErrors.level.${group.level}` })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{intl.formatNumber(group.count)}</Table.Td>
                  <Table.Td>{formatDateTime(group.firstSeen, locale)}</Table.Td>
                  <Table.Td>{formatDateTime(group.lastSeen, locale)}</Table.Td>
                  <Table.Td>{group.paths.join(', ')}</Table.Td>
                  <Table.Td maw={240}>
                    <Text size="xs" style={{ wordBreak: 'break-word' }}>
                      {group.sampleUserAgent}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </>
    );

  return (
    <>
      <PageHeader title={title} summary={intl.formatMessage({ id: 'clientErrors.summary' })} />
      <Group justify="flex-end" mb="sm">
        <Button variant="light" onClick={() => void errors.refetch()} loading={errors.isFetching}>
          {intl.formatMessage({ id: 'clientErrors.refresh' })}
        </Button>
      </Group>
      {body}
    </>
  );
}
