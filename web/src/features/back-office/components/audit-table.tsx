import { Code, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { ROLE, type AuditEntry, type AuditListResponse } from '@tessera/domain';
import { Fragment, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { PagePagination } from '../../../ui/page-pagination';

const ROLE_LABEL: Record<number, MessageId> = {
  [ROLE.ADMIN]: 'backOffice.audit.role.admin',
  [ROLE.CUSTOMER_CARE]: 'backOffice.audit.role.care',
  [ROLE.ORDER_MANAGER]: 'backOffice.audit.role.orderManager',
  [ROLE.FINANCE_USER]: 'backOffice.audit.role.finance',
  [ROLE.PAYMENT_MANAGER]: 'backOffice.audit.role.payment',
  [ROLE.MERCHANT]: 'backOffice.audit.role.merchant',
};

/** A before/after value as indented JSON (an empty dash when there is none). */
function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Text c="dimmed">—</Text>;
  return (
    <Code block className="tessera-audit-json">
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

/**
 * The audit log's entries: when, who (and their role), acting for which company, what was done to
 * which entity, and the reason staff gave; each row opens to show the entity before and after.
 */
export function AuditTable({
  data,
  onPage,
  showCompany = true,
}: {
  data: AuditListResponse;
  onPage: (page: number) => void;
  showCompany?: boolean;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [open, setOpen] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const who = (entry: AuditEntry) =>
    entry.actorName ?? entry.actorEmail ?? intl.formatMessage({ id: 'backOffice.audit.system' });

  return (
    <>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        {intl.formatMessage({ id: 'backOffice.audit.count' }, { count: data.total })}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage({ id: 'backOffice.audit.col.at' })}</Table.Th>
              <Table.Th>{intl.formatMessage({ id: 'backOffice.audit.col.who' })}</Table.Th>
              {showCompany ? (
                <Table.Th>{intl.formatMessage({ id: 'backOffice.audit.col.company' })}</Table.Th>
              ) : null}
              <Table.Th>{intl.formatMessage({ id: 'backOffice.audit.col.action' })}</Table.Th>
              <Table.Th>{intl.formatMessage({ id: 'backOffice.audit.col.entity' })}</Table.Th>
              <Table.Th>{intl.formatMessage({ id: 'backOffice.audit.col.reason' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.entries.map((entry) => {
              const isOpen = open === entry.id;
              return (
                <Fragment key={entry.id}>
                  <Table.Tr>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <UnstyledButton
                        onClick={() => setOpen(isOpen ? null : entry.id)}
                        aria-expanded={isOpen}
                        aria-label={intl.formatMessage({ id: 'backOffice.audit.details' }, { id: entry.id })}
                        className="tessera-audit-toggle"
                      >
                        {isOpen ? '▾' : '▸'} {formatDateTime(entry.at, locale)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {who(entry)}
                      </Text>
                      {entry.actorRoleId !== null ? (
                        <Text size="xs" c="dimmed">
                          {intl.formatMessage({ id: ROLE_LABEL[entry.actorRoleId]! })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    {showCompany ? (
                      <Table.Td>
                        {entry.companyId ? (
                          <Text size="sm">
                            {entry.companyName ?? ''} ({entry.companyId})
                          </Text>
                        ) : entry.merchantId ? (
                          <Text size="sm">
                            {intl.formatMessage(
                              { id: 'backOffice.audit.merchant' },
                              { id: entry.merchantId },
                            )}
                          </Text>
                        ) : (
                          <Text c="dimmed">—</Text>
                        )}
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {entry.entity}
                        {entry.entityId ? (
                          <Text span c="dimmed" size="xs">
                            {' '}
                            {entry.entityId}
                          </Text>
                        ) : null}
                      </Text>
                    </Table.Td>
                    <Table.Td>{entry.actingReason ?? <Text c="dimmed">—</Text>}</Table.Td>
                  </Table.Tr>
                  {isOpen ? (
                    <Table.Tr>
                      <Table.Td colSpan={showCompany ? 6 : 5}>
                        <Group align="flex-start" grow wrap="wrap">
                          <div>
                            <Text fw={600} size="sm">
                              {intl.formatMessage({ id: 'backOffice.audit.before' })}
                            </Text>
                            <Json value={entry.before} />
                          </div>
                          <div>
                            <Text fw={600} size="sm">
                              {intl.formatMessage({ id: 'backOffice.audit.after' })}
                            </Text>
                            <Json value={entry.after} />
                          </div>
                        </Group>
                        {entry.requestId ? (
                          <Text size="xs" c="dimmed" mt="xs">
                            {intl.formatMessage({ id: 'backOffice.audit.request' }, { id: entry.requestId })}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagePagination pages={pages} page={data.page} onChange={onPage} />
    </>
  );
}
