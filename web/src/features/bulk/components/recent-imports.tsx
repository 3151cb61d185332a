import { Anchor, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BulkImport } from '@tessera/domain';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { paths } from '../../../app/paths';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { useBulkImports } from '../api/get-bulk-imports';
import { PURPOSE_MESSAGES } from '../model';
import { StateBadge } from './badges';

/**
 * The company's files of the last 30 days, to come back to one: a file being read, a preview left
 * half-fixed, the drafts a file made. Nothing shows until there is a file (or when the list fails:
 * it is a convenience, the upload above works without it).
 */
export function RecentImports() {
  const intl = useIntl();
  const locale = useLocale();
  const imports = useBulkImports();
  const isNarrow = useIsNarrowScreen();
  const items = imports.data ?? [];
  if (items.length === 0) return null;
  const caption = intl.formatMessage({ id: 'bulk.recent.title' });
  const column = (id: MessageId) => intl.formatMessage({ id });
  const fileLink = (item: BulkImport) => (
    <Anchor component={LanguageLink} to={paths.bulkUpload.href({ importId: item.importId })}>
      {item.fileName}
    </Anchor>
  );
  const uploaded = (item: BulkImport) => (
    <>
      <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, locale)}</time>
      {item.createdByName ? (
        <Text size="xs" c="dimmed">
          {item.createdByName}
        </Text>
      ) : null}
    </>
  );
  const problems = (item: BulkImport) =>
    intl.formatMessage(
      { id: 'bulk.problemCounts' },
      {
        errors: item.rowsError,
        errorsText: formatNumber(item.rowsError, locale),
        warnings: item.rowsWarning,
        warningsText: formatNumber(item.rowsWarning, locale),
      },
    );

  return (
    // A plain block: the table's scrolling region below already carries the name as a landmark.
    <div className="tessera-bulk-section">
      <Title order={2} mb={4}>
        {caption}
      </Title>
      <Text mb="sm">{intl.formatMessage({ id: 'bulk.recent.summary' })}</Text>
      {isNarrow ? (
        // Below the desktop layout each file is a card: its state and problems in view.
        <RecordList label={caption}>
          {items.map((item) => (
            <RecordItem
              key={item.importId}
              title={fileLink(item)}
              aside={<StateBadge state={item.state} />}
              fields={[
                { label: column('bulk.recent.column.problems'), value: problems(item), isWide: true },
                {
                  label: column('bulk.recent.column.purpose'),
                  value: intl.formatMessage({ id: PURPOSE_MESSAGES[item.purpose].short }),
                },
                { label: column('bulk.recent.column.rows'), value: formatNumber(item.rowsRead, locale) },
                { label: column('bulk.recent.column.uploaded'), value: uploaded(item), isWide: true },
              ]}
            />
          ))}
        </RecordList>
      ) : (
        <Table.ScrollContainer
          minWidth={760}
          type="native"
          role="region"
          aria-label={caption}
          tabIndex={0}
          className="tessera-bulk-table"
        >
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Caption>
              <VisuallyHidden>{caption}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{column('bulk.recent.column.file')}</Table.Th>
                <Table.Th scope="col">{column('bulk.recent.column.purpose')}</Table.Th>
                <Table.Th scope="col">{column('bulk.recent.column.state')}</Table.Th>
                <Table.Th scope="col">{column('bulk.recent.column.uploaded')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {column('bulk.recent.column.rows')}
                </Table.Th>
                <Table.Th scope="col">{column('bulk.recent.column.problems')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.importId}>
                  <Table.Th scope="row" className="tessera-bulk-table__file">
                    {fileLink(item)}
                  </Table.Th>
                  <Table.Td>{intl.formatMessage({ id: PURPOSE_MESSAGES[item.purpose].short })}</Table.Td>
                  <Table.Td>
                    <StateBadge state={item.state} />
                  </Table.Td>
                  <Table.Td>{uploaded(item)}</Table.Td>
                  <Table.Td ta="end">{formatNumber(item.rowsRead, locale)}</Table.Td>
                  <Table.Td>{problems(item)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
