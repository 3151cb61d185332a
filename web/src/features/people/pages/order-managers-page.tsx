import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import type { CompanyUser } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useUsers } from '../api/get-users';
import { AccountHeader } from '../../../ui/account-header';
import { COMPANY_ROLE_GROUPS } from '../components/labels';
import { PersonCard } from '../components/person-card';
import { useAccount } from '../../../lib/use-account';
import { PeopleModal, type PeopleModalState } from '../components/people-modal';

type Modal = PeopleModalState<CompanyUser>;

/** A user's state: locked, waiting for the invitation to be accepted, or confirmed. */
function StatusBadge({ user }: { user: CompanyUser }) {
  const intl = useIntl();
  if (user.isLocked) {
    return (
      <Badge color="red" variant="light" radius="sm">
        {intl.formatMessage({ id: 'account.people.status.locked' })}
      </Badge>
    );
  }
  if (!user.isConfirmed) {
    return (
      <Badge color="yellow" variant="light" radius="sm" c="dark">
        {intl.formatMessage({ id: 'account.people.status.pending' })}
      </Badge>
    );
  }
  return (
    <Badge color="tessera" variant="light" radius="sm">
      {intl.formatMessage({ id: 'account.people.status.confirmed' })}
    </Badge>
  );
}

/**
 * `/account/order-managers`: the company's people by role (order managers, finance users, payment
 * managers) with their contact details and account state. The order manager edits a colleague and
 * invites new ones; everyone else reads.
 */
export function OrderManagersPage() {
  const intl = useIntl();
  const { user: me, companyId, isOrderManager } = useAccount();
  const users = useUsers(companyId ?? '');
  const [modal, setModal] = useState<Modal>(null);
  const [status, setStatus] = useState('');
  const title = intl.formatMessage({ id: 'account.people.title' });
  useDocumentTitle(title);
  const close = () => setModal(null);

  let body;
  if (users.isPending) body = <LoadingState />;
  else if (users.isError) body = <ErrorState onRetry={() => void users.refetch()} />;
  else if (users.data.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'account.people.none' })} />;
  else {
    body = (
      <Stack gap="xl">
        {COMPANY_ROLE_GROUPS.map((group) => {
          const members = users.data.filter((user) => user.userRoleId === group.roleId);
          const headingId = `people-group-${group.roleId}`;
          return (
            <section key={group.roleId} aria-labelledby={headingId}>
              <Title order={2} size="h3" id={headingId} mb="sm">
                {intl.formatMessage({ id: group.heading })}{' '}
                <Text component="span" c="dimmed" fw={400} size="md">
                  ({members.length})
                </Text>
              </Title>
              {members.length === 0 ? (
                <Text c="dimmed">{intl.formatMessage({ id: 'account.people.noneInGroup' })}</Text>
              ) : (
                <Stack component="ul" gap="sm" p={0} m={0}>
                  {members.map((user) => {
                    const name = `${user.firstName} ${user.lastName}`.trim();
                    const isMe = me?.userId === user.userId;
                    return (
                      <PersonCard
                        key={user.userId}
                        name={isMe ? intl.formatMessage({ id: 'account.people.me' }, { name }) : name}
                        subtitle={user.jobTitle || undefined}
                        email={user.email}
                        phone={user.phone}
                        badge={<StatusBadge user={user} />}
                        actions={
                          isOrderManager && !isMe ? (
                            <Button
                              variant="light"
                              size="xs"
                              aria-label={intl.formatMessage({ id: 'account.people.editLabel' }, { name })}
                              onClick={() => setModal({ kind: 'edit', user })}
                            >
                              {intl.formatMessage({ id: 'account.people.edit' })}
                            </Button>
                          ) : null
                        }
                      />
                    );
                  })}
                </Stack>
              )}
            </section>
          );
        })}
      </Stack>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="order-managers-title">
      <AccountHeader
        id="order-managers-title"
        title={title}
        summary={intl.formatMessage({ id: 'account.people.summary' })}
        actions={
          isOrderManager ? (
            <Button onClick={() => setModal({ kind: 'invite' })}>
              {intl.formatMessage({ id: 'account.people.invite' })}
            </Button>
          ) : null
        }
      />
      <Text role="status" c="dimmed" mb={status ? 'md' : 0}>
        {status}
      </Text>
      {body}
      <PeopleModal
        modal={modal}
        companyId={companyId ?? ''}
        inviteTitle="account.people.inviteTitle"
        onClose={close}
        onStatus={setStatus}
      />
    </section>
  );
}
