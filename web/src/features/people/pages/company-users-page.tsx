import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ManagedCompanyUser, UserStatus } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { useAccount } from '../../../lib/use-account';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountHeader } from '../../../ui/account-header';
import { LoadingButton } from '../../../ui/loading-button';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useCompanyUserAction, useCompanyUsers, type CompanyUserAction } from '../api/company-users';
import { COMPANY_ROLE_GROUPS } from '../components/labels';
import { PeopleModal, type PeopleModalState } from '../components/people-modal';
import { SecondFactorRoles } from '../components/second-factor-roles';

/** Filled badges in the dark shades that pass WCAG AA (`lib/badge-colors.ts`). */
const STATUS_LABELS: Record<UserStatus, { id: MessageId; color: string }> = {
  active: { id: 'userAdmin.status.active', color: BADGE_COLOR.green },
  locked: { id: 'userAdmin.status.locked', color: BADGE_COLOR.red },
  unconfirmed: { id: 'userAdmin.status.unconfirmed', color: BADGE_COLOR.amber },
};

const ACTION_DONE: Record<CompanyUserAction, MessageId> = {
  lock: 'userAdmin.done.lock',
  unlock: 'userAdmin.done.unlock',
  requestConfirmation: 'userAdmin.done.requestConfirmation',
};

type Modal = PeopleModalState<ManagedCompanyUser>;

/**
 * `/account/users` (issue 18 §2, the specification's user-permission page; ADR 023): the company's
 * order manager (or provider staff acting for the company) lists the company's users with their
 * state, invites finance users, payment managers and order managers, changes a colleague's role
 * among them, locks, unlocks and re-sends an invitation. A colleague who also works for a company
 * the manager is not related to, and the manager themself, are shown without actions (the server
 * refuses them too).
 */
export function CompanyUsersPage() {
  const intl = useIntl();
  const { user: me, companyId } = useAccount();
  const users = useCompanyUsers(companyId ?? '');
  const action = useCompanyUserAction(companyId ?? '');
  const [modal, setModal] = useState<Modal>(null);
  const [status, setStatus] = useState('');
  const title = intl.formatMessage({ id: 'pages.accountUsers' });
  useDocumentTitle(title);
  const close = () => setModal(null);

  const run = (user: ManagedCompanyUser, kind: CompanyUserAction) => {
    setStatus('');
    action.mutate(
      { userId: user.userId, action: kind },
      {
        onSuccess: () =>
          setStatus(
            intl.formatMessage({ id: ACTION_DONE[kind] }, { name: `${user.firstName} ${user.lastName}` }),
          ),
      },
    );
  };
  const isRunning = (user: ManagedCompanyUser, kind: CompanyUserAction) =>
    action.isPending && action.variables?.userId === user.userId && action.variables.action === kind;

  let body;
  if (users.isPending) body = <LoadingState />;
  else if (users.isError) body = <ErrorState onRetry={() => void users.refetch()} />;
  else if (users.data.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'userAdmin.company.none' })} />;
  else {
    body = (
      <Table.ScrollContainer minWidth={720} type="native" role="region" aria-label={title} tabIndex={0}>
        <Table striped verticalSpacing="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.name' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.email' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.role' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.status' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'userAdmin.col.actions' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((user) => {
              const name = `${user.firstName} ${user.lastName}`.trim();
              const role = COMPANY_ROLE_GROUPS.find((group) => group.roleId === user.userRoleId);
              const label = STATUS_LABELS[user.status];
              return (
                <Table.Tr key={user.userId}>
                  <Table.Td>
                    {me?.userId === user.userId
                      ? intl.formatMessage({ id: 'account.people.me' }, { name })
                      : name}
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{role ? intl.formatMessage({ id: role.name }) : user.userRoleId}</Table.Td>
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
                  <Table.Td>
                    {user.isManageable ? (
                      <Group gap="xs" wrap="wrap">
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={intl.formatMessage({ id: 'userAdmin.action.editOf' }, { name })}
                          onClick={() => setModal({ kind: 'edit', user })}
                        >
                          {intl.formatMessage({ id: 'userAdmin.action.edit' })}
                        </Button>
                        {user.isLocked ? (
                          <LoadingButton
                            size="xs"
                            variant="light"
                            isLoading={isRunning(user, 'unlock')}
                            aria-label={intl.formatMessage({ id: 'userAdmin.action.unlockOf' }, { name })}
                            onClick={() => run(user, 'unlock')}
                          >
                            {intl.formatMessage({ id: 'userAdmin.action.unlock' })}
                          </LoadingButton>
                        ) : (
                          <LoadingButton
                            size="xs"
                            variant="light"
                            color="red"
                            isLoading={isRunning(user, 'lock')}
                            aria-label={intl.formatMessage({ id: 'userAdmin.action.lockOf' }, { name })}
                            onClick={() => run(user, 'lock')}
                          >
                            {intl.formatMessage({ id: 'userAdmin.action.lock' })}
                          </LoadingButton>
                        )}
                        {user.status === 'unconfirmed' ? (
                          <LoadingButton
                            size="xs"
                            variant="light"
                            isLoading={isRunning(user, 'requestConfirmation')}
                            aria-label={intl.formatMessage(
                              { id: 'userAdmin.action.requestConfirmationOf' },
                              { name },
                            )}
                            onClick={() => run(user, 'requestConfirmation')}
                          >
                            {intl.formatMessage({ id: 'userAdmin.action.requestConfirmation' })}
                          </LoadingButton>
                        ) : null}
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {intl.formatMessage({
                          id:
                            me?.userId === user.userId
                              ? 'userAdmin.company.notYourself'
                              : 'userAdmin.company.otherCompanies',
                        })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="company-users-title">
      <AccountHeader
        id="company-users-title"
        title={title}
        summary={intl.formatMessage({ id: 'userAdmin.company.summary' })}
        actions={
          <Button onClick={() => setModal({ kind: 'invite' })}>
            {intl.formatMessage({ id: 'userAdmin.company.invite' })}
          </Button>
        }
      />
      <Text role="status" c="dimmed" mb={status ? 'md' : 0}>
        {status}
      </Text>
      {body}
      {companyId ? <SecondFactorRoles companyId={companyId} /> : null}
      <PeopleModal
        modal={modal}
        companyId={companyId ?? ''}
        inviteTitle="userAdmin.company.invite"
        onClose={close}
        onStatus={setStatus}
      />
    </section>
  );
}
