import { Badge, Button, Group, NativeSelect, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import {
  ROLE,
  stripLeadingWhitespace,
  USER_STATUSES,
  type AdminSearchUsersRequest,
  type RoleId,
  type UserStatus,
} from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AppModal } from '../../../ui/modal';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { USERS_PAGE_SIZE, useSearchUsers } from '../api/search-users';
import { AdminUserForm } from '../components/admin-user-form';
import { ROLE_LABELS, roleLabelOf, STATUS_LABELS } from '../components/labels';
import { UserDrawer } from '../components/user-drawer';
import { PagePagination } from '../../../ui/page-pagination';

const FILTERS = ['q', 'company', 'role', 'status'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * `/back-office/users` (roles 1 and 2; issue 18 §2, ADR 023): every user of every company and
 * merchant, searched by name or email, company or merchant (id or name), role and status, a page at
 * a time; a user opens in a drawer to be changed, locked, re-invited, made to reset their password
 * or signed out everywhere. "New user" creates one, whose confirmation mail goes out in their
 * language. The filters live in the address, so a search can be shared and survives a reload.
 */
export function BackOfficeUsersPage() {
  const intl = useIntl();
  const session = useSession();
  const viewer = session.data?.user;
  const [params, setParams] = useSearchParams();
  const value = (filter: Filter) => params.get(filter) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<Record<Filter, string>>({
    q: value('q'),
    company: value('company'),
    role: value('role'),
    status: value('status'),
  });
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [status, setStatus] = useState('');
  const filter: AdminSearchUsersRequest = {
    query: value('q'),
    company: value('company'),
    ...(value('role') ? { userRoleId: Number(value('role')) as RoleId } : {}),
    ...((USER_STATUSES as readonly string[]).includes(value('status'))
      ? { status: value('status') as UserStatus }
      : {}),
    page,
  };
  const search = useSearchUsers(filter);
  const title = intl.formatMessage({ id: 'pages.backOfficeUsers' });
  useDocumentTitle(title);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTERS) if (draft[key].trim()) next.set(key, draft[key].trim());
    setParams(next);
  };
  const goToPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('page', String(next));
    setParams(nextParams);
  };
  const setDraftOf = (key: Filter) => (event: { currentTarget: { value: string } }) => {
    const text = stripLeadingWhitespace(event.currentTarget.value);
    setDraft((current) => ({ ...current, [key]: text }));
  };

  let results;
  if (search.isPending) results = <LoadingState />;
  else if (search.isError) results = <ErrorState onRetry={() => void search.refetch()} />;
  else if (search.data.users.length === 0) {
    results = <EmptyState message={intl.formatMessage({ id: 'userAdmin.search.empty' })} />;
  } else {
    const pages = Math.max(1, Math.ceil(search.data.total / USERS_PAGE_SIZE));
    results = (
      <>
        <Text mb="sm" c="dimmed" aria-live="polite">
          {intl.formatMessage({ id: 'userAdmin.search.results' }, { count: search.data.total })}
        </Text>
        <Table.ScrollContainer minWidth={760} type="native" role="region" aria-label={title} tabIndex={0}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.name' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.email' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.role' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.companies' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.status' })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {search.data.users.map((user) => {
                const name = `${user.firstName} ${user.lastName}`.trim();
                const label = STATUS_LABELS[user.status];
                const places = user.merchant
                  ? `${user.merchant.name} (${user.merchant.merchantId})`
                  : user.companies.map((company) => `${company.name} (${company.companyId})`).join(', ');
                return (
                  <Table.Tr key={user.userId}>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={0}
                        aria-label={intl.formatMessage({ id: 'userAdmin.search.open' }, { name })}
                        onClick={() => setOpenUserId(user.userId)}
                      >
                        {name}
                      </Button>
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{intl.formatMessage({ id: roleLabelOf(user.userRoleId) })}</Table.Td>
                    <Table.Td>{places || '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge
                        color={label.color}
                        variant="filled"
                        radius="sm"
                        style={{ minWidth: 'max-content' }}
                      >
                        {intl.formatMessage({ id: label.id })}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PagePagination pages={pages} page={page} onChange={goToPage} />
      </>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="back-office-users-title">
      <PageHeader
        id="back-office-users-title"
        title={title}
        summary={intl.formatMessage({ id: 'userAdmin.search.summary' })}
      />
      <Group justify="flex-end" mb="md">
        <Button onClick={() => setIsCreating(true)}>{intl.formatMessage({ id: 'userAdmin.create' })}</Button>
      </Group>
      <form role="search" onSubmit={onSubmit}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" mb="md">
          <TextInput
            type="search"
            label={intl.formatMessage({ id: 'userAdmin.search.query' })}
            value={draft.q}
            onChange={setDraftOf('q')}
          />
          <TextInput
            type="search"
            label={intl.formatMessage({ id: 'userAdmin.search.company' })}
            value={draft.company}
            onChange={setDraftOf('company')}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'userAdmin.search.role' })}
            data={[
              { value: '', label: intl.formatMessage({ id: 'userAdmin.search.anyRole' }) },
              ...ROLE_LABELS.map((entry) => ({
                value: String(entry.roleId),
                label: intl.formatMessage({ id: entry.label }),
              })),
            ]}
            value={draft.role}
            onChange={setDraftOf('role')}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'userAdmin.search.status' })}
            data={[
              { value: '', label: intl.formatMessage({ id: 'userAdmin.search.anyStatus' }) },
              ...USER_STATUSES.map((key) => ({
                value: key,
                label: intl.formatMessage({ id: STATUS_LABELS[key].id }),
              })),
            ]}
            value={draft.status}
            onChange={setDraftOf('status')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mb="lg">
          <Button type="submit">{intl.formatMessage({ id: 'userAdmin.search.submit' })}</Button>
        </Group>
      </form>
      <Text role="status" c="dimmed" mb={status ? 'md' : 0}>
        {status}
      </Text>
      {results}
      {viewer ? (
        <UserDrawer
          userId={openUserId}
          viewer={{ userId: viewer.userId, roleId: viewer.userRoleId }}
          onClose={() => setOpenUserId(null)}
        />
      ) : null}
      <AppModal
        opened={isCreating}
        onClose={() => setIsCreating(false)}
        isDismissable={false}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'userAdmin.drawer.close' }) }}
        size="lg"
        title={intl.formatMessage({ id: 'userAdmin.create' })}
      >
        {isCreating ? (
          <AdminUserForm
            canGrantStaff={viewer?.userRoleId === ROLE.ADMIN}
            onCancel={() => setIsCreating(false)}
            onDone={(user) => {
              setIsCreating(false);
              setStatus(intl.formatMessage({ id: 'userAdmin.done.create' }, { email: user.email }));
            }}
          />
        ) : null}
      </AppModal>
    </section>
  );
}
