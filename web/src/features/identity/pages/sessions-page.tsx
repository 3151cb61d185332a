import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AccountSession } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useAccountSessions, useEndAccountSessions } from '../api/account-sessions';
import { AccountHeader } from '../components/account-header';

/**
 * `/account/sessions` (issue 21, ADR 033): every browser and device where the user is signed in,
 * with its device, system, browser, address, when it signed in and when it was last used, this
 * one marked. Any other can be signed out, one at a time or all at once.
 */
export function SessionsPage() {
  const intl = useIntl();
  const sessions = useAccountSessions();
  const end = useEndAccountSessions();
  const [status, setStatus] = useState('');
  const title = intl.formatMessage({ id: 'pages.accountSessions' });
  useDocumentTitle(title);

  const others = sessions.data?.filter((session) => !session.isCurrent) ?? [];
  const endOthers = () => {
    setStatus('');
    end.mutate('others', {
      onSuccess: ({ endedSessions }) =>
        setStatus(intl.formatMessage({ id: 'identity.sessions.doneOthers' }, { count: endedSessions })),
    });
  };
  const endOne = (session: AccountSession) => {
    setStatus('');
    end.mutate(
      { sessionId: session.sessionId },
      { onSuccess: () => setStatus(intl.formatMessage({ id: 'identity.sessions.doneOne' })) },
    );
  };

  return (
    <section className="tessera-page tessera-account" aria-labelledby="sessions-title">
      <AccountHeader
        title={title}
        id="sessions-title"
        summary={intl.formatMessage({ id: 'identity.sessions.summary' })}
      />
      <Text role="status" c="dimmed" mb={status ? 'sm' : 0}>
        {status}
      </Text>
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <ErrorState onRetry={() => void sessions.refetch()} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text>
              {intl.formatMessage({ id: 'identity.sessions.count' }, { count: sessions.data.length })}
            </Text>
            <Button
              variant="outline"
              color={BADGE_COLOR.red}
              disabled={others.length === 0}
              loading={end.isPending && end.variables === 'others'}
              onClick={endOthers}
            >
              {intl.formatMessage({ id: 'identity.sessions.endOthers' })}
            </Button>
          </Group>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {sessions.data.map((session) => (
              <SessionItem
                key={session.sessionId}
                session={session}
                isEnding={
                  end.isPending &&
                  end.variables !== 'others' &&
                  end.variables?.sessionId === session.sessionId
                }
                onEnd={() => endOne(session)}
              />
            ))}
          </Stack>
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'identity.sessions.notYou' })}
          </Text>
        </Stack>
      )}
    </section>
  );
}

function SessionItem({
  session,
  isEnding,
  onEnd,
}: {
  session: AccountSession;
  isEnding: boolean;
  onEnd: () => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const unknown = intl.formatMessage({ id: 'identity.sessions.unknown' });
  const name = [session.browser, session.os].filter(Boolean).join(' · ') || unknown;
  const deviceType = intl.formatMessage({ id: `identity.sessions.device.${session.deviceType}` });
  const fact = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={`${name}, ${deviceType}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{name}</Text>
            {session.isCurrent ? (
              <Badge color={BADGE_COLOR.green} variant="filled" radius="sm">
                {intl.formatMessage({ id: 'identity.sessions.current' })}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {deviceType}
          </Text>
        </div>
        {session.isCurrent ? null : (
          <Button
            size="xs"
            variant="default"
            loading={isEnding}
            onClick={onEnd}
            aria-label={intl.formatMessage({ id: 'identity.sessions.endOneLabel' }, { name })}
          >
            {intl.formatMessage({ id: 'identity.sessions.endOne' })}
          </Button>
        )}
      </Group>
      <Group component="dl" mt="sm" mb={0} wrap="wrap" style={{ columnGap: 32, rowGap: 8 }}>
        {fact(intl.formatMessage({ id: 'identity.sessions.address' }), session.address ?? unknown)}
        {fact(
          intl.formatMessage({ id: 'identity.sessions.signedIn' }),
          formatDateTime(session.signedInAt, locale),
        )}
        {fact(
          intl.formatMessage({ id: 'identity.sessions.lastUsed' }),
          formatDateTime(session.lastUsedAt, locale),
        )}
      </Group>
    </Paper>
  );
}
