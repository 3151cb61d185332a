import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { CardholderAppState } from '@tessera/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import type { CardholderAppProps } from '../../../lib/cardholder-app-slot';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { useCardholderApp } from '../api/get-cardholder-app';
import { useInviteCardholder } from '../api/invite-cardholder';

const STATE: Record<CardholderAppState, { label: MessageId; color: string }> = {
  'no-email': { label: 'cardholderCare.app.state.noEmail', color: 'gray' },
  'not-invited': { label: 'cardholderCare.app.state.notInvited', color: 'gray' },
  invited: { label: 'cardholderCare.app.state.invited', color: 'yellow' },
  activated: { label: 'cardholderCare.app.state.activated', color: 'teal' },
};

/**
 * In the company's card panel (issue 35 §8): whether the cardholder uses the cardholder app, and
 * the button that (re)sends the invitation e-mail, held back for 10 minutes after the last one.
 * Space for it is reserved so the panel does not jump when it arrives.
 */
export function CardholderAppStatus({ cardholderId, canInvite }: CardholderAppProps) {
  const intl = useIntl();
  const locale = useLocale();
  const ids = useId();
  const app = useCardholderApp(cardholderId);
  const invite = useInviteCardholder(cardholderId);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  if (app.isError) return null;
  const status = app.data;
  const waitUntil = status?.nextInviteAt ? new Date(status.nextInviteAt) : null;
  const isWaiting = waitUntil !== null && waitUntil.getTime() > Date.now();

  const send = async () => {
    setMessage(null);
    const result = await invite.mutateAsync();
    setMessage(
      result.ok
        ? { kind: 'ok', text: intl.formatMessage({ id: 'cardholderCare.app.sent' }) }
        : { kind: 'error', text: result.message ?? intl.formatMessage({ id: 'cardholderCare.app.failed' }) },
    );
  };

  return (
    <Stack gap={6} mt="sm" style={{ minHeight: 64 }} aria-labelledby={`${ids}-title`} component="section">
      <Group gap="xs">
        <Text fw={600} id={`${ids}-title`} component="h4" m={0} size="sm">
          {intl.formatMessage({ id: 'cardholderCare.app.title' })}
        </Text>
        {status ? (
          <Badge color={STATE[status.state].color} variant="light">
            {intl.formatMessage({ id: STATE[status.state].label })}
          </Badge>
        ) : null}
      </Group>
      {status ? (
        <Text size="sm" c="dimmed">
          {status.state === 'activated' && status.activatedAt
            ? intl.formatMessage(
                { id: 'cardholderCare.app.activatedAt' },
                { at: formatDateTime(status.activatedAt, locale) },
              )
            : status.state === 'invited' && status.invitedAt
              ? intl.formatMessage(
                  { id: 'cardholderCare.app.invitedAt' },
                  { at: formatDateTime(status.invitedAt, locale) },
                )
              : status.state === 'no-email'
                ? intl.formatMessage({ id: 'cardholderCare.app.noEmailHelp' })
                : intl.formatMessage({ id: 'cardholderCare.app.notInvitedHelp' })}
        </Text>
      ) : null}
      {status && canInvite && status.state !== 'no-email' ? (
        <Group gap="sm" align="center">
          <Button
            variant="light"
            size="xs"
            loading={invite.isPending}
            disabled={isWaiting}
            onClick={() => void send()}
          >
            {intl.formatMessage({
              id:
                status.state === 'not-invited' ? 'cardholderCare.app.invite' : 'cardholderCare.app.reinvite',
            })}
          </Button>
          {isWaiting && waitUntil ? (
            <Text size="xs" c="dimmed">
              {intl.formatMessage(
                { id: 'cardholderCare.app.waitUntil' },
                { at: formatDateTime(waitUntil, locale) },
              )}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <div role="status" aria-live="polite">
        {message ? (
          <Text size="sm" c={message.kind === 'ok' ? 'tessera.7' : 'red.8'}>
            {message.text}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
