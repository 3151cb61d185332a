import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_VERIFICATION_SNIPPET,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@tessera/domain';
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
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useReplayWebhookDelivery,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';
import { useCompanyVoice } from '../../../lib/company-voice';

const EVENT_LABELS: Record<WebhookEventType, MessageId> = {
  'order.status_changed': 'webhooks.event.orderStatusChanged',
  'payment.received': 'webhooks.event.paymentReceived',
  'cards.loaded': 'webhooks.event.cardsLoaded',
  'card.expiring': 'webhooks.event.cardExpiring',
  'card.blocked': 'webhooks.event.cardBlocked',
  'bulk_import.finished': 'webhooks.event.bulkImportFinished',
  'recurring_run.created': 'webhooks.event.recurringRunCreated',
  'invoice.issued': 'webhooks.event.invoiceIssued',
};

const DELIVERY_STATE: Record<'pending' | 'succeeded' | 'failed', MessageId> = {
  pending: 'webhooks.delivery.pending',
  succeeded: 'webhooks.delivery.succeeded',
  failed: 'webhooks.delivery.failed',
};

/** A pending delivery due within this much is queued: the dispatcher takes it now (a replay). */
const QUEUED_WITHIN_MS = 60_000;

/**
 * What the log says of a delivery: "queued" when it waits to be sent now (just replayed, or new),
 * else its state, with the time of the next attempt of one waiting to be retried.
 */
function deliveryState(delivery: WebhookDelivery, now: number): { label: MessageId; next: string | null } {
  if (delivery.state !== 'pending') return { label: DELIVERY_STATE[delivery.state], next: null };
  const due = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) : now;
  if (due <= now + QUEUED_WITHIN_MS) return { label: 'webhooks.delivery.queued', next: null };
  return { label: DELIVERY_STATE.pending, next: delivery.nextAttemptAt };
}

function DeliveryStateText({ delivery }: { delivery: WebhookDelivery }) {
  const intl = useIntl();
  const locale = useLocale();
  const shown = deliveryState(delivery, Date.now());
  return (
    <>
      <Text size="sm">{intl.formatMessage({ id: shown.label })}</Text>
      {shown.next ? (
        <Text size="xs" c="dimmed">
          {intl.formatMessage(
            { id: 'webhooks.delivery.nextAttempt' },
            { time: formatDateTime(shown.next, locale) },
          )}
        </Text>
      ) : null}
    </>
  );
}

/** The delivery log of one endpoint: time, event, attempts, last answer; replay per delivery. */
function DeliveryLog({ companyId, endpoint }: { companyId: string; endpoint: WebhookEndpoint }) {
  const intl = useIntl();
  const locale = useLocale();
  const deliveries = useWebhookDeliveries(companyId, endpoint.endpointId);
  const replay = useReplayWebhookDelivery(companyId, endpoint.endpointId);
  const [status, setStatus] = useState('');
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const label = t('webhooks.log.title', { url: endpoint.url });

  let body;
  if (deliveries.isPending) body = <LoadingState />;
  else if (deliveries.isError) body = <ErrorState onRetry={() => void deliveries.refetch()} />;
  else if (deliveries.data.length === 0) body = <EmptyState message={t('webhooks.log.none')} />;
  else {
    body = (
      <Table.ScrollContainer minWidth={760} type="native" role="region" aria-label={label} tabIndex={0}>
        <Table striped verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('webhooks.log.time')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.log.event')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.log.state')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.log.attempts')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.log.code')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.log.answer')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.col.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data.map((delivery) => (
              <Table.Tr key={delivery.deliveryId}>
                <Table.Td>{formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt, locale)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{delivery.eventType}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {delivery.eventId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DeliveryStateText delivery={delivery} />
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>{delivery.lastStatusCode ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {(delivery.lastResponseExcerpt ?? delivery.lastError ?? '').slice(0, 120)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('webhooks.replay.actionOf', { event: delivery.eventId })}
                    loading={replay.isPending && replay.variables.deliveryId === delivery.deliveryId}
                    onClick={() =>
                      replay.mutate(
                        { deliveryId: delivery.deliveryId },
                        { onSuccess: () => setStatus(t('webhooks.replay.done')) },
                      )
                    }
                  >
                    {t('webhooks.replay.action')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <section aria-label={label}>
      <Title order={2} size="h4" mt="lg" mb="xs">
        {label}
      </Title>
      <Text role="status" c="dimmed">
        {status}
      </Text>
      {body}
    </section>
  );
}

/**
 * `/account/webhooks` (issue 22 §3, ADR 035): the company's order manager (or provider staff acting
 * for it) lists the company's webhook endpoints, creates one with its events (the signing secret
 * shown once), enables, disables or deletes one, reads an endpoint's delivery log and replays a
 * delivery. The page shows how a receiver verifies a signature.
 */
export function WebhooksPage() {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const locale = useLocale();
  const { companyId } = useAccount();
  const company = companyId ?? '';
  const endpoints = useWebhookEndpoints(company);
  const create = useCreateWebhookEndpoint(company);
  const update = useUpdateWebhookEndpoint(company);
  const remove = useDeleteWebhookEndpoint(company);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; eventTypes?: string }>({});
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [showing, setShowing] = useState<WebhookEndpoint | null>(null);
  const [status, setStatus] = useState('');
  const title = intl.formatMessage({ id: 'pages.accountWebhooks' });
  useDocumentTitle(title);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  // The hint says what the server accepts: https only, or also http to this machine (development).
  const allowsHttp = endpoints.data?.allowsHttpToLoopback === true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(/^https?:\/\/\S+$/i.test(url.trim())
        ? {}
        : { url: t(allowsHttp ? 'webhooks.form.urlRequiredLoopback' : 'webhooks.form.urlRequired') }),
      ...(eventTypes.length > 0 ? {} : { eventTypes: t('webhooks.form.eventsRequired') }),
    };
    setErrors(next);
    if (next.url || next.eventTypes) return;
    setStatus('');
    create.mutate(
      { url: url.trim(), description: description.trim(), eventTypes: eventTypes as WebhookEventType[] },
      {
        onSuccess: (answer) => {
          setSecret({ url: answer.endpoint.url, secret: answer.secret });
          setUrl('');
          setDescription('');
          setEventTypes([]);
        },
      },
    );
  };

  const toggle = (endpoint: WebhookEndpoint) =>
    update.mutate(
      { endpointId: endpoint.endpointId, isEnabled: endpoint.status !== 'enabled' },
      {
        onSuccess: (answer) =>
          setStatus(
            t(answer.endpoint.status === 'enabled' ? 'webhooks.enable.done' : 'webhooks.disable.done', {
              url: endpoint.url,
            }),
          ),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { endpointId: deleting.endpointId },
      {
        onSuccess: () => {
          setStatus(t('webhooks.delete.done', { url: deleting.url }));
          if (showing?.endpointId === deleting.endpointId) setShowing(null);
          setDeleting(null);
        },
      },
    );
  };

  let body;
  if (!companyId || endpoints.isPending) body = <LoadingState />;
  else if (endpoints.isError) body = <ErrorState onRetry={() => void endpoints.refetch()} />;
  else if (endpoints.data.endpoints.length === 0) body = <EmptyState message={t('webhooks.none')} />;
  else {
    body = (
      <Table.ScrollContainer minWidth={760} type="native" role="region" aria-label={title} tabIndex={0}>
        <Table striped verticalSpacing="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('webhooks.col.url')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.col.events')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.col.created')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.col.status')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.col.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {endpoints.data.endpoints.map((endpoint) => (
              <Table.Tr key={endpoint.endpointId}>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {endpoint.url}
                  </Text>
                  {endpoint.description ? (
                    <Text size="xs" c="dimmed">
                      {endpoint.description}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{endpoint.eventTypes.join(', ')}</Table.Td>
                <Table.Td>{formatDateTime(endpoint.createdAt, locale)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={endpoint.status === 'enabled' ? BADGE_COLOR.green : BADGE_COLOR.red}
                    variant="filled"
                    radius="sm"
                  >
                    {t(
                      endpoint.status === 'enabled' ? 'webhooks.status.enabled' : 'webhooks.status.disabled',
                    )}
                  </Badge>
                  {endpoint.disabledReason === 'failures' ? (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.disabledForFailures')}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('webhooks.log.actionOf', { url: endpoint.url })}
                      onClick={() => setShowing(endpoint)}
                    >
                      {t('webhooks.log.action')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t(
                        endpoint.status === 'enabled'
                          ? 'webhooks.disable.actionOf'
                          : 'webhooks.enable.actionOf',
                        { url: endpoint.url },
                      )}
                      onClick={() => toggle(endpoint)}
                    >
                      {t(
                        endpoint.status === 'enabled' ? 'webhooks.disable.action' : 'webhooks.enable.action',
                      )}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={t('webhooks.delete.actionOf', { url: endpoint.url })}
                      onClick={() => setDeleting(endpoint)}
                    >
                      {t('webhooks.delete.action')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="webhooks-title">
      <AccountHeader id="webhooks-title" title={title} summary={t('webhooks.summary', voice)} />
      <Text role="status" c="dimmed" mb={status ? 'md' : 0}>
        {status}
      </Text>
      {secret ? (
        <section aria-label={t('webhooks.secret.label')}>
          <Alert
            color="yellow"
            variant="light"
            mb="lg"
            title={t('webhooks.secret.title', { url: secret.url })}
          >
            <Stack gap="sm">
              <Text fw={700}>{t('webhooks.secret.once')}</Text>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label={t('webhooks.secret.label')}
                  value={secret.secret}
                  readOnly
                  style={{ flex: 1 }}
                  styles={{ input: { fontFamily: 'monospace' } }}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton value={secret.secret}>
                  {({ copied, copy }) => (
                    <Button variant="light" onClick={copy}>
                      {t(copied ? 'webhooks.secret.copied' : 'webhooks.secret.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Group>
                <Button variant="default" onClick={() => setSecret(null)}>
                  {t('webhooks.secret.done')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        </section>
      ) : null}
      {body}
      {showing && companyId ? <DeliveryLog companyId={companyId} endpoint={showing} /> : null}
      <Paper
        withBorder
        p="md"
        mt="xl"
        component="form"
        onSubmit={submit}
        noValidate
        aria-labelledby="webhooks-new"
      >
        <Title order={2} size="h3" id="webhooks-new" mb="sm">
          {t('webhooks.form.title')}
        </Title>
        <Stack gap="md" maw={560}>
          <TextInput
            label={t('webhooks.form.url')}
            description={t(allowsHttp ? 'webhooks.form.urlHintLoopback' : 'webhooks.form.urlHint')}
            value={url}
            maxLength={500}
            required
            error={errors.url}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <TextInput
            label={t('webhooks.form.description')}
            value={description}
            maxLength={200}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Checkbox.Group
            label={t('webhooks.form.events')}
            value={eventTypes}
            onChange={setEventTypes}
            required
            error={errors.eventTypes}
          >
            <Stack gap="xs" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={`${type}: ${t(EVENT_LABELS[type])}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <LoadingButton type="submit" isLoading={create.isPending}>
              {t('webhooks.form.submit')}
            </LoadingButton>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md" mt="xl" aria-labelledby="webhooks-verify">
        <Title order={2} size="h3" id="webhooks-verify" mb="sm">
          {t('webhooks.verify.title')}
        </Title>
        <Text mb="sm">{t('webhooks.verify.text')}</Text>
        <Code block>{WEBHOOK_VERIFICATION_SNIPPET}</Code>
      </Paper>

      <AppModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('webhooks.delete.title', { url: deleting?.url ?? '' })}
      >
        <Stack gap="md">
          <Text>{t('webhooks.delete.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('webhooks.cancel')}
            </Button>
            <LoadingButton color="red" isLoading={remove.isPending} onClick={confirmDelete}>
              {t('webhooks.delete.confirm')}
            </LoadingButton>
          </Group>
        </Stack>
      </AppModal>
    </section>
  );
}
