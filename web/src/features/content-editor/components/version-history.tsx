import { Badge, Button, Code, Group, Modal, Table, Text, Title } from '@mantine/core';
import type { ContentVersion, Locale } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useContentVersion, useContentVersions, useRestoreContentVersion } from '../api/content-editor';

const STATUS_COLOR: Record<ContentVersion['status'], string> = {
  draft: BADGE_COLOR.amber,
  published: BADGE_COLOR.green,
  superseded: BADGE_COLOR.grey,
};

/** One old version as it was saved (no diff): its value, read-only. */
function VersionView({ id, onClose }: { id: string; onClose: () => void }) {
  const intl = useIntl();
  const version = useContentVersion(id);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        version.data
          ? intl.formatMessage({ id: 'contentEditor.history.viewTitle' }, { n: version.data.version.version })
          : intl.formatMessage({ id: 'contentEditor.history.title' })
      }
    >
      {version.isPending ? (
        <LoadingState />
      ) : version.isError ? (
        <ErrorState onRetry={() => void version.refetch()} />
      ) : (
        <Code block className="tessera-content-version-value">
          {JSON.stringify(version.data.version.value, null, 2)}
        </Code>
      )}
    </Modal>
  );
}

/** The history of one key in one culture: who saved each version and when; view, and restore as a new draft. */
export function VersionHistory({
  entryKey,
  locale,
  canEdit,
  onRestored,
}: {
  entryKey: string;
  locale: Locale;
  canEdit: boolean;
  onRestored: () => void;
}) {
  const intl = useIntl();
  const versions = useContentVersions(entryKey, locale);
  const restore = useRestoreContentVersion();
  const [viewing, setViewing] = useState<string | null>(null);
  const language = intl.formatMessage({
    id: locale === 'el' ? 'contentEditor.greek' : 'contentEditor.english',
  });
  const when = (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'short' }) : '—';

  let body;
  if (versions.isPending) body = <LoadingState />;
  else if (versions.isError) body = <ErrorState onRetry={() => void versions.refetch()} />;
  else if (versions.data.versions.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'contentEditor.history.empty' })} />;
  else
    // Six columns and two buttons a row are wider than a phone (issue 34 §3 item 4): the table
    // scrolls inside its own region, the page does not.
    body = (
      <Table.ScrollContainer
        minWidth={720}
        type="native"
        role="region"
        aria-label={intl.formatMessage({ id: 'contentEditor.history.table' }, { language })}
        tabIndex={0}
      >
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'contentEditor.history.version' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'contentEditor.history.status' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'contentEditor.history.author' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'contentEditor.history.saved' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'contentEditor.history.published' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'contentEditor.history.actions' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.versions.map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>
                  {version.version}
                  {version.restoredFrom !== null ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {intl.formatMessage(
                        { id: 'contentEditor.history.restoredFrom' },
                        { n: version.restoredFrom },
                      )}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[version.status]}>
                    {intl.formatMessage({ id: `contentEditor.status.${version.status}` })}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {version.author?.name ?? intl.formatMessage({ id: 'contentEditor.history.shipped' })}
                </Table.Td>
                <Table.Td>{when(version.createdAt)}</Table.Td>
                <Table.Td>{when(version.publishedAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="subtle" onClick={() => setViewing(version.id)}>
                      {intl.formatMessage({ id: 'contentEditor.history.view' }, { n: version.version })}
                    </Button>
                    {canEdit && version.status !== 'draft' ? (
                      <Button
                        size="xs"
                        variant="light"
                        loading={restore.isPending && restore.variables === version.id}
                        onClick={() => restore.mutate(version.id, { onSuccess: onRestored })}
                      >
                        {intl.formatMessage({ id: 'contentEditor.history.restore' }, { n: version.version })}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <section aria-label={intl.formatMessage({ id: 'contentEditor.history.of' }, { language })}>
      <Title order={2} size="h4" mb="sm">
        {intl.formatMessage({ id: 'contentEditor.history.of' }, { language })}
      </Title>
      {body}
      {viewing ? <VersionView id={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
