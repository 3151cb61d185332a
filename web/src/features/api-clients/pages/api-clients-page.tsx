import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Paper,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { API_SCOPES, API_SECRET_DEFAULT_OVERLAP_HOURS, type ApiClient, type ApiScope } from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { formatDateTime } from '../../../lib/format';
import { useAccount } from '../../../lib/use-account';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { AccountHeader } from '../../../ui/account-header';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import {
  useApiClients,
  useCreateApiClient,
  useRevokeApiClient,
  useRotateApiClientSecret,
} from '../api/api-clients';
import { useCompanyVoice } from '../../../lib/company-voice';

const SCOPE_LABELS: Record<ApiScope, MessageId> = {
  'cards:read': 'apiClients.scope.cardsRead',
  'cards:write': 'apiClients.scope.cardsWrite',
  'orders:read': 'apiClients.scope.ordersRead',
  'orders:write': 'apiClients.scope.ordersWrite',
  webhooks: 'apiClients.scope.webhooks',
};

/** The overlaps offered when rotating: none, an hour, a day (the default), three days, a week. */
const OVERLAP_HOURS = [0, 1, 24, 72, 168] as const;

type Secret = { clientId: string; name: string; clientSecret: string; isRotation: boolean };

/**
 * `/account/api-clients` (issue 22 §1, ADR 034): the company's order manager (or provider staff
 * acting for it) lists the company's API clients, creates one with its scopes, rotates a secret
 * with an overlap and revokes a client. A secret is shown once, right after it was made.
 */
export function ApiClientsPage() {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const locale = useLocale();
  const { companyId } = useAccount();
  const company = companyId ?? '';
  const clients = useApiClients(company);
  const create = useCreateApiClient(company);
  const rotate = useRotateApiClientSecret(company);
  const revoke = useRevokeApiClient(company);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [secret, setSecret] = useState<Secret | null>(null);
  const [rotating, setRotating] = useState<ApiClient | null>(null);
  const [overlap, setOverlap] = useState(String(API_SECRET_DEFAULT_OVERLAP_HOURS));
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const [status, setStatus] = useState('');
  const title = intl.formatMessage({ id: 'pages.accountApiClients' });
  useDocumentTitle(title);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(name.trim() ? {} : { name: t('apiClients.form.nameRequired') }),
      ...(scopes.length > 0 ? {} : { scopes: t('apiClients.form.scopesRequired') }),
    };
    setErrors(next);
    if (next.name || next.scopes) return;
    setStatus('');
    create.mutate(
      { name: name.trim(), scopes: scopes as ApiScope[] },
      {
        onSuccess: (answer) => {
          setSecret({ ...answer.client, clientSecret: answer.clientSecret, isRotation: false });
          setName('');
          setScopes([]);
        },
      },
    );
  };

  const confirmRotate = () => {
    if (!rotating) return;
    rotate.mutate(
      { clientId: rotating.clientId, overlapHours: Number(overlap) },
      {
        onSuccess: (answer) => {
          setRotating(null);
          setSecret({ ...answer.client, clientSecret: answer.clientSecret, isRotation: true });
        },
      },
    );
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { clientId: revoking.clientId },
      {
        onSuccess: () => {
          setStatus(t('apiClients.revoke.done', { name: revoking.name }));
          setRevoking(null);
        },
      },
    );
  };

  let body;
  if (!companyId || clients.isPending) body = <LoadingState />;
  else if (clients.isError) body = <ErrorState onRetry={() => void clients.refetch()} />;
  else if (clients.data.length === 0) body = <EmptyState message={t('apiClients.none')} />;
  else {
    body = (
      <Table.ScrollContainer minWidth={760} type="native" role="region" aria-label={title} tabIndex={0}>
        <Table striped verticalSpacing="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('apiClients.col.name')}</Table.Th>
              <Table.Th scope="col">{t('apiClients.col.clientId')}</Table.Th>
              <Table.Th scope="col">{t('apiClients.col.scopes')}</Table.Th>
              <Table.Th scope="col">{t('apiClients.col.created')}</Table.Th>
              <Table.Th scope="col">{t('apiClients.col.lastUsed')}</Table.Th>
              <Table.Th scope="col">{t('apiClients.col.status')}</Table.Th>
              <Table.Th scope="col">{t('apiClients.col.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.data.map((client) => (
              <Table.Tr key={client.clientId}>
                <Table.Td>{client.name}</Table.Td>
                <Table.Td>
                  <Text component="code" size="sm" ff="monospace">
                    {client.clientId}
                  </Text>
                </Table.Td>
                <Table.Td>{client.scopes.join(', ')}</Table.Td>
                <Table.Td>{formatDateTime(client.createdAt, locale)}</Table.Td>
                <Table.Td>
                  {client.lastUsedAt ? formatDateTime(client.lastUsedAt, locale) : t('apiClients.neverUsed')}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={client.status === 'active' ? BADGE_COLOR.green : BADGE_COLOR.red}
                    variant="filled"
                    radius="sm"
                  >
                    {t(client.status === 'active' ? 'apiClients.status.active' : 'apiClients.status.revoked')}
                  </Badge>
                  {client.previousSecretExpiresAt ? (
                    <Text size="xs" c="dimmed">
                      {t('apiClients.previousSecretUntil', {
                        at: formatDateTime(client.previousSecretExpiresAt, locale),
                      })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {client.status === 'active' ? (
                    <Group gap="xs" wrap="wrap">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={t('apiClients.rotate.actionOf', { name: client.name })}
                        onClick={() => {
                          setOverlap(String(API_SECRET_DEFAULT_OVERLAP_HOURS));
                          setRotating(client);
                        }}
                      >
                        {t('apiClients.rotate.action')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={t('apiClients.revoke.actionOf', { name: client.name })}
                        onClick={() => setRevoking(client)}
                      >
                        {t('apiClients.revoke.action')}
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="api-clients-title">
      <AccountHeader id="api-clients-title" title={title} summary={t('apiClients.summary', voice)} />
      <Text role="status" c="dimmed" mb={status ? 'md' : 0}>
        {status}
      </Text>
      {secret ? (
        <section aria-label={t('apiClients.secret.label')}>
          <Alert
            color="yellow"
            variant="light"
            mb="lg"
            title={t(
              secret.isRotation ? 'apiClients.secret.rotatedTitle' : 'apiClients.secret.createdTitle',
              {
                name: secret.name,
              },
            )}
          >
            <Stack gap="sm">
              <Text fw={700}>{t('apiClients.secret.once')}</Text>
              <TextInput label={t('apiClients.col.clientId')} value={secret.clientId} readOnly />
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label={t('apiClients.secret.label')}
                  value={secret.clientSecret}
                  readOnly
                  style={{ flex: 1 }}
                  styles={{ input: { fontFamily: 'monospace' } }}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton value={secret.clientSecret}>
                  {({ copied, copy }) => (
                    <Button variant="light" onClick={copy}>
                      {t(copied ? 'apiClients.secret.copied' : 'apiClients.secret.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Group>
                <Button variant="default" onClick={() => setSecret(null)}>
                  {t('apiClients.secret.done')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        </section>
      ) : null}
      {body}
      <Paper
        withBorder
        p="md"
        mt="xl"
        component="form"
        onSubmit={submit}
        noValidate
        aria-labelledby="api-clients-new"
      >
        <Title order={2} size="h3" id="api-clients-new" mb="sm">
          {t('apiClients.form.title')}
        </Title>
        <Stack gap="md" maw={520}>
          <TextInput
            label={t('apiClients.form.name')}
            value={name}
            maxLength={100}
            required
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Checkbox.Group
            label={t('apiClients.form.scopes')}
            value={scopes}
            onChange={setScopes}
            required
            error={errors.scopes}
          >
            <Stack gap="xs" mt="xs">
              {API_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={`${scope}: ${t(SCOPE_LABELS[scope])}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <LoadingButton type="submit" isLoading={create.isPending}>
              {t('apiClients.form.submit')}
            </LoadingButton>
          </Group>
        </Stack>
      </Paper>

      <AppModal
        opened={rotating !== null}
        onClose={() => setRotating(null)}
        title={t('apiClients.rotate.title', { name: rotating?.name ?? '' })}
      >
        <Stack gap="md">
          <Text>{t('apiClients.rotate.text')}</Text>
          <NativeSelect
            label={t('apiClients.rotate.overlap')}
            value={overlap}
            onChange={(event) => setOverlap(event.currentTarget.value)}
            data={OVERLAP_HOURS.map((hours) => ({
              value: String(hours),
              label: t('apiClients.rotate.hours', { hours }),
            }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRotating(null)}>
              {t('apiClients.cancel')}
            </Button>
            <LoadingButton isLoading={rotate.isPending} onClick={confirmRotate}>
              {t('apiClients.rotate.confirm')}
            </LoadingButton>
          </Group>
        </Stack>
      </AppModal>

      <AppModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('apiClients.revoke.title', { name: revoking?.name ?? '' })}
      >
        <Stack gap="md">
          <Text>{t('apiClients.revoke.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t('apiClients.cancel')}
            </Button>
            <LoadingButton color="red" isLoading={revoke.isPending} onClick={confirmRevoke}>
              {t('apiClients.revoke.confirm')}
            </LoadingButton>
          </Group>
        </Stack>
      </AppModal>
    </section>
  );
}
