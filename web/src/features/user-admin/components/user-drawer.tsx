import { Alert, Badge, Button, Drawer, Group, Stack, Text, Textarea } from '@mantine/core';
import { EndUserSessionsRequestSchema, ROLE, type AdminUser, type RoleId } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useAdminUser } from '../api/get-user';
import { useUserAction, type UserAction } from '../api/user-actions';
import { AdminUserForm } from './admin-user-form';
import { roleLabelOf, STATUS_LABELS } from './labels';

const DONE: Record<UserAction, MessageId> = {
  lock: 'userAdmin.done.lock',
  unlock: 'userAdmin.done.unlock',
  requestConfirmation: 'userAdmin.done.requestConfirmation',
  requestPasswordReset: 'userAdmin.done.requestPasswordReset',
  endSessions: 'userAdmin.done.endSessions',
  resetSecondFactor: 'userAdmin.done.resetSecondFactor',
};

/** Actions that cannot be taken back: asked again before they run. */
type ConfirmedAction = 'requestPasswordReset' | 'endSessions' | 'resetSecondFactor';
const isConfirmed = (kind: UserAction): kind is ConfirmedAction =>
  kind === 'requestPasswordReset' || kind === 'endSessions' || kind === 'resetSecondFactor';
/** Actions whose reason goes to the audit log (issue 21). */
const needsReason = (kind: UserAction) => kind === 'endSessions' || kind === 'resetSecondFactor';

/**
 * One user in a drawer beside the list (provider staff, ADR 023): details, then edit, lock or
 * unlock, resend the confirmation, force a password reset, end every session. Customer care sees
 * an admin's account without these (only an admin changes an admin; the server refuses it too),
 * and nobody locks themself.
 */
export function UserDrawer({
  userId,
  viewer,
  onClose,
}: {
  userId: string | null;
  viewer: { userId: string; roleId: RoleId };
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={intl.formatMessage({ id: 'userAdmin.drawer.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'userAdmin.drawer.close' }) }}
    >
      {userId ? <UserDetails key={userId} userId={userId} viewer={viewer} /> : null}
    </Drawer>
  );
}

function UserDetails({ userId, viewer }: { userId: string; viewer: { userId: string; roleId: RoleId } }) {
  const intl = useIntl();
  const user = useAdminUser(userId);
  const action = useUserAction();
  const [isEditing, setIsEditing] = useState(false);
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState onRetry={() => void user.refetch()} />;
  const data: AdminUser = user.data;
  const name = `${data.firstName} ${data.lastName}`.trim();
  const isAdminOnly = data.userRoleId === ROLE.ADMIN && viewer.roleId !== ROLE.ADMIN;
  const isSelf = data.userId === viewer.userId;

  const run = (kind: UserAction) => {
    // Ending every session of a user, or resetting their second factor, needs a reason (issue
    // 21): it goes to the audit log.
    if (needsReason(kind) && !EndUserSessionsRequestSchema.safeParse({ reason }).success) {
      setReasonError(intl.formatMessage({ id: 'userAdmin.endSessions.reasonRequired' }));
      return;
    }
    setConfirming(null);
    setStatus('');
    setReasonError(undefined);
    action.mutate(
      { userId: data.userId, action: kind, ...(needsReason(kind) ? { reason: reason.trim() } : {}) },
      { onSuccess: () => setStatus(intl.formatMessage({ id: DONE[kind] }, { name })) },
    );
  };
  const ask = (kind: UserAction) => {
    if (!isConfirmed(kind)) return run(kind);
    // Each action is asked with its own reason, never the last one's.
    setReason('');
    setReasonError(undefined);
    setConfirming(kind);
  };
  const button = (kind: UserAction, color?: string) => (
    <Button
      key={kind}
      size="xs"
      variant="light"
      color={color}
      loading={action.isPending && action.variables?.action === kind}
      onClick={() => ask(kind)}
    >
      {intl.formatMessage({ id: `userAdmin.action.${kind}` })}
    </Button>
  );

  const fact = (label: MessageId, value: string) => (
    <div>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: label })}
      </Text>
      <Text>{value}</Text>
    </div>
  );

  if (isEditing) {
    return (
      <AdminUserForm
        user={data}
        canGrantStaff={viewer.roleId === ROLE.ADMIN}
        onCancel={() => setIsEditing(false)}
        onDone={() => {
          setIsEditing(false);
          setStatus(intl.formatMessage({ id: 'userAdmin.done.update' }, { name }));
        }}
      />
    );
  }

  const statusLabel = STATUS_LABELS[data.status];
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={700} size="lg" component="h3" m={0}>
          {name}
        </Text>
        <Badge color={statusLabel.color} variant="filled" radius="sm">
          {intl.formatMessage({ id: statusLabel.id })}
        </Badge>
      </Group>
      <Text role="status" c="dimmed">
        {status}
      </Text>
      {fact('userAdmin.col.email', data.email)}
      {fact('userAdmin.col.role', intl.formatMessage({ id: roleLabelOf(data.userRoleId) }))}
      {data.companies.length > 0
        ? fact(
            'userAdmin.col.companies',
            data.companies.map((company) => `${company.name} (${company.companyId})`).join(', '),
          )
        : null}
      {data.merchant
        ? fact(
            'userAdmin.col.merchant',
            `${data.merchant.name} (${data.merchant.merchantId}) · ${intl.formatMessage({
              id: `userAdmin.merchantRole.${data.merchant.merchantRole}`,
            })}`,
          )
        : null}
      {data.phone ? fact('userAdmin.field.phone', data.phone) : null}
      {fact(
        'userAdmin.field.preferredLanguage',
        intl.formatMessage({ id: `languages.${data.preferredLanguage}` }),
      )}

      {isAdminOnly ? (
        <Alert color="gray">{intl.formatMessage({ id: 'userAdmin.drawer.adminOnly' })}</Alert>
      ) : (
        <Group
          gap="xs"
          wrap="wrap"
          role="group"
          aria-label={intl.formatMessage({ id: 'userAdmin.col.actions' })}
        >
          <Button size="xs" onClick={() => setIsEditing(true)}>
            {intl.formatMessage({ id: 'userAdmin.action.edit' })}
          </Button>
          {isSelf ? null : data.isLocked ? button('unlock') : button('lock', 'red')}
          {data.status === 'unconfirmed' ? button('requestConfirmation') : null}
          {button('requestPasswordReset')}
          {button('endSessions')}
          {button('resetSecondFactor')}
        </Group>
      )}
      {confirming ? (
        <Alert color="gray" title={intl.formatMessage({ id: `userAdmin.confirm.${confirming}` }, { name })}>
          {needsReason(confirming) ? (
            <Textarea
              mt="xs"
              label={intl.formatMessage({ id: 'userAdmin.endSessions.reason' })}
              description={intl.formatMessage({
                id:
                  confirming === 'resetSecondFactor'
                    ? 'userAdmin.resetSecondFactor.reasonHint'
                    : 'userAdmin.endSessions.reasonHint',
              })}
              withAsterisk
              aria-required
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              error={reasonError}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          ) : null}
          <Group gap="sm" mt="xs">
            <Button size="xs" color={BADGE_COLOR.amber} onClick={() => run(confirming)}>
              {intl.formatMessage({ id: 'userAdmin.confirm.yes' })}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
              {intl.formatMessage({ id: 'userAdmin.confirm.no' })}
            </Button>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
