import { Badge, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { LocaleSchema, MERCHANT_USER_ROLES } from '@tessera/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { useSession } from '../../../lib/session';
import { useLocale } from '../../../lib/use-locale';
import { registerText } from '../../../lib/zod-form';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantUsers, type MerchantUser } from '../api/get-merchant-users';
import { useInviteMerchantUser, type InviteField } from '../api/invite-merchant-user';
import { useLockMerchantUser } from '../api/lock-merchant-user';
import type { MerchantContext } from '../api/merchant-context';
import { showServerProblems, useMerchantFormResolver } from '../components/merchant-form-resolver';

/** The server's rules of an invitation (`inviteMerchantUser`). */
const InviteFormSchema = z.object({
  email: z.email().max(200),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  role: z.enum(MERCHANT_USER_ROLES),
  preferredLanguage: LocaleSchema,
});

function StateBadge({ user }: { user: MerchantUser }) {
  const intl = useIntl();
  const [id, color] = user.isLocked
    ? (['merchantAdmin.users.locked', BADGE_COLOR.red] as const)
    : user.isConfirmed
      ? (['merchantAdmin.users.active', BADGE_COLOR.green] as const)
      : (['merchantAdmin.users.pending', BADGE_COLOR.amber] as const);
  return (
    <Badge color={color} radius="sm">
      {intl.formatMessage({ id })}
    </Badge>
  );
}

/** Invites an administrator or a view-only user; they get the mail to set their password. */
function InviteForm({
  context,
  onDone,
  onCancel,
}: {
  context: MerchantContext;
  onDone: (email: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const invite = useInviteMerchantUser(context);
  const [failure, setFailure] = useState<string | null>(null);
  const label = (field: InviteField) => intl.formatMessage({ id: `merchantAdmin.users.field.${field}` });
  const labels: Record<InviteField, string> = {
    email: label('email'),
    firstName: label('firstName'),
    lastName: label('lastName'),
    role: label('role'),
    preferredLanguage: label('preferredLanguage'),
  };
  const form = useForm<z.input<typeof InviteFormSchema>, unknown, z.output<typeof InviteFormSchema>>({
    resolver: useMerchantFormResolver(InviteFormSchema, labels),
    defaultValues: { email: '', firstName: '', lastName: '', role: 'viewer', preferredLanguage: locale },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await invite.mutateAsync(values);
    if (result.ok) return onDone(result.data.user.email);
    showServerProblems(intl, result, labels, form.setError, setFailure);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <Stack gap="md">
        <TextInput
          label={labels.email}
          type="email"
          withAsterisk
          aria-required
          autoComplete="off"
          {...registerText(form.register, 'email')}
          error={errors.email?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={labels.firstName}
            withAsterisk
            aria-required
            autoComplete="off"
            {...registerText(form.register, 'firstName')}
            error={errors.firstName?.message}
          />
          <TextInput
            label={labels.lastName}
            withAsterisk
            aria-required
            autoComplete="off"
            {...registerText(form.register, 'lastName')}
            error={errors.lastName?.message}
          />
        </SimpleGrid>
        <NativeSelect
          label={labels.role}
          description={intl.formatMessage({ id: 'merchantAdmin.users.roleHint' })}
          data={MERCHANT_USER_ROLES.map((role) => ({
            value: role,
            label: intl.formatMessage({ id: `merchantAdmin.users.role.${role}` }),
          }))}
          {...form.register('role')}
          error={errors.role?.message}
        />
        <NativeSelect
          label={labels.preferredLanguage}
          data={[
            { value: 'el', label: intl.formatMessage({ id: 'languages.el' }) },
            { value: 'en', label: intl.formatMessage({ id: 'languages.en' }) },
          ]}
          {...form.register('preferredLanguage')}
          error={errors.preferredLanguage?.message}
        />
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {intl.formatMessage({ id: 'merchantAdmin.cancel' })}
        </Button>
        <LoadingButton type="submit" isLoading={invite.isPending}>
          {intl.formatMessage({ id: 'merchantAdmin.users.inviteSubmit' })}
        </LoadingButton>
      </Group>
    </form>
  );
}

/**
 * The merchant's users (issue 16, "Merchant users"): everyone sees who has access; the
 * administrator (and provider staff) invite an administrator or a view-only user and lock or unlock
 * them. Nobody locks themselves out.
 */
export function MerchantUsers({ context, canEdit }: { context: MerchantContext; canEdit: boolean }) {
  const intl = useIntl();
  const session = useSession();
  const users = useMerchantUsers(context);
  const lock = useLockMerchantUser(context);
  const [isInviting, setIsInviting] = useState(false);
  const [status, setStatus] = useState('');
  const myId = session.data?.user.userId;

  const toggle = async (user: MerchantUser) => {
    const name = `${user.firstName} ${user.lastName}`;
    const changed = await lock.mutateAsync({ userId: user.userId, locked: !user.isLocked });
    if (changed) {
      setStatus(
        intl.formatMessage(
          {
            id: changed.isLocked ? 'merchantAdmin.users.lockedStatus' : 'merchantAdmin.users.unlockedStatus',
          },
          { name },
        ),
      );
    }
  };

  let body;
  if (users.isPending) body = <LoadingState />;
  else if (users.isError) body = <ErrorState onRetry={() => void users.refetch()} />;
  else {
    body = (
      <ul className="tessera-merchant-users">
        {users.data.map((user) => {
          const name = `${user.firstName} ${user.lastName}`;
          const isMe = user.userId === myId;
          return (
            <li key={user.userId}>
              <div className="tessera-merchant-users__who">
                <Text fw={600}>
                  {isMe ? intl.formatMessage({ id: 'merchantAdmin.users.me' }, { name }) : name}
                </Text>
                <Text size="sm" c="dimmed" className="tessera-merchant-users__email">
                  {user.email}
                </Text>
              </div>
              <Group gap="xs" wrap="wrap">
                <Badge variant="outline" color="gray.8" radius="sm">
                  {intl.formatMessage({ id: `merchantAdmin.users.role.${user.merchantRole}` })}
                </Badge>
                <StateBadge user={user} />
                {canEdit && !isMe ? (
                  <Button
                    size="xs"
                    variant={user.isLocked ? 'light' : 'default'}
                    disabled={lock.isPending}
                    onClick={() => void toggle(user)}
                    aria-label={intl.formatMessage(
                      {
                        id: user.isLocked
                          ? 'merchantAdmin.users.unlockLabel'
                          : 'merchantAdmin.users.lockLabel',
                      },
                      { name },
                    )}
                  >
                    {intl.formatMessage({
                      id: user.isLocked ? 'merchantAdmin.users.unlock' : 'merchantAdmin.users.lock',
                    })}
                  </Button>
                ) : null}
              </Group>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="merchant-users-title" className="tessera-merchant-card">
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Title order={2} size="h3" id="merchant-users-title">
          {intl.formatMessage({ id: 'merchantAdmin.users.title' })}
        </Title>
        {canEdit ? (
          <Button size="sm" onClick={() => setIsInviting(true)}>
            {intl.formatMessage({ id: 'merchantAdmin.users.invite' })}
          </Button>
        ) : null}
      </Group>
      <Text mb="md">{intl.formatMessage({ id: 'merchantAdmin.users.intro' })}</Text>
      <Text role="status" fw={600} c="teal.9">
        {status}
      </Text>
      {body}
      <AppModal
        opened={isInviting}
        onClose={() => setIsInviting(false)}
        isDismissable={false}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'merchantAdmin.close' }) }}
        size="lg"
        title={intl.formatMessage({ id: 'merchantAdmin.users.inviteTitle' })}
      >
        {isInviting ? (
          <InviteForm
            context={context}
            onCancel={() => setIsInviting(false)}
            onDone={(email) => {
              setIsInviting(false);
              setStatus(intl.formatMessage({ id: 'merchantAdmin.users.invited' }, { email }));
            }}
          />
        ) : null}
      </AppModal>
    </section>
  );
}
