import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { EnrolmentState, StoreView } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { displayPostalCode } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { AppModal } from '../../../ui/modal';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useChannels } from '../api/get-channels';
import { useStoreDetails } from '../api/get-store-details';
import { useStoreList } from '../api/get-store-list';
import type { MerchantContext } from '../api/merchant-context';
import { MerchantScope } from '../components/merchant-admin-scope';
import { RequestTerminal } from './request-terminal';
import { StoreForm } from './store-form';

const STATE_BADGE: Record<EnrolmentState, { label: MessageId; color: string }> = {
  enrolled: { label: 'merchants.vt.state.enrolled', color: BADGE_COLOR.green },
  requested: { label: 'merchants.vt.state.requested', color: BADGE_COLOR.amber },
  suspended: { label: 'merchants.vt.state.suspended', color: BADGE_COLOR.red },
};

export function EnrolmentBadge({ state }: { state: EnrolmentState }) {
  const intl = useIntl();
  const badge = STATE_BADGE[state];
  return (
    <Badge color={badge.color} radius="sm">
      {intl.formatMessage({ id: badge.label })}
    </Badge>
  );
}

type Modal = { kind: 'edit' | 'mid'; store: StoreView } | null;

/** The edit form, once the store's current details are read (`retrieveStoreDetails`). */
function EditStore({
  context,
  storeId,
  onSaved,
  onCancel,
}: {
  context: MerchantContext;
  storeId: string;
  onSaved: (store: StoreView) => void;
  onCancel: () => void;
}) {
  const details = useStoreDetails(context, storeId);
  if (details.isPending) return <LoadingState />;
  if (details.isError) return <ErrorState onRetry={() => void details.refetch()} />;
  return <StoreForm context={context} store={details.data} onSaved={onSaved} onCancel={onCancel} />;
}

function StoreCard({
  store,
  channelNames,
  canEdit,
  onEdit,
  onRequestMid,
}: {
  store: StoreView;
  channelNames: Map<string, string>;
  canEdit: boolean;
  onEdit: () => void;
  onRequestMid: () => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const headingId = `store-${store.storeId}`;
  const fact = (labelId: MessageId, value: string) => (
    <div>
      <dt>{intl.formatMessage({ id: labelId })}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <li className="tessera-merchant-card" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {store.name}
          </Title>
          <Text c="dimmed">
            {store.address}, {displayPostalCode(store.postalCode)} {store.city}
          </Text>
        </div>
        {canEdit ? (
          <Group gap="xs">
            <Button
              variant="light"
              size="sm"
              onClick={onEdit}
              aria-label={intl.formatMessage({ id: 'merchantAdmin.store.editLabel' }, { name: store.name })}
            >
              {intl.formatMessage({ id: 'merchantAdmin.store.edit' })}
            </Button>
            <Button
              variant="default"
              size="sm"
              onClick={onRequestMid}
              aria-label={intl.formatMessage({ id: 'merchantAdmin.mid.requestLabel' }, { name: store.name })}
            >
              {intl.formatMessage({ id: 'merchantAdmin.mid.request' })}
            </Button>
          </Group>
        ) : null}
      </Group>
      <dl className="tessera-merchant-facts">
        {fact(
          'merchantAdmin.store.category',
          intl.formatMessage({ id: `account.spendCategory.${store.category}` }),
        )}
        {fact(
          'merchantAdmin.store.field.openingHours',
          store.openingHours || intl.formatMessage({ id: 'merchantAdmin.store.noHours' }),
        )}
        {fact(
          'merchantAdmin.store.field.channels',
          store.channels.map((code) => channelNames.get(code) ?? code).join(', '),
        )}
        {fact(
          'merchantAdmin.store.products',
          store.acceptedProducts.map((product) => productName(product, locale)).join(', '),
        )}
      </dl>
      <Title order={3} size="h5" mt="md" mb="xs">
        {intl.formatMessage({ id: 'merchantAdmin.mid.title' }, { count: store.terminals.length })}
      </Title>
      {store.terminals.length === 0 ? (
        <Text c="dimmed" size="sm">
          {intl.formatMessage({ id: 'merchantAdmin.mid.none' })}
        </Text>
      ) : (
        <ul className="tessera-merchant-terminals">
          {store.terminals.map((terminal) => (
            <li key={terminal.terminalId}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{terminal.label}</Text>
                <EnrolmentBadge state={terminal.state} />
              </Group>
              <Text size="sm" c="dimmed">
                {intl.formatMessage(
                  { id: 'merchantAdmin.mid.line' },
                  { mid: terminal.mid, clientId: terminal.clientId },
                )}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function StoreList({ context, canEdit }: { context: MerchantContext; canEdit: boolean }) {
  const intl = useIntl();
  const stores = useStoreList(context);
  const channels = useChannels(context);
  const [modal, setModal] = useState<Modal>(null);
  const [status, setStatus] = useState('');
  const close = () => setModal(null);
  const channelNames = new Map((channels.data ?? []).map((channel) => [channel.code, channel.name]));

  let body;
  if (stores.isPending) body = <LoadingState label={intl.formatMessage({ id: 'merchants.vt.loading' })} />;
  else if (stores.isError) body = <ErrorState onRetry={() => void stores.refetch()} />;
  else if (stores.data.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'merchants.vt.noStores' })} />;
  else {
    body = (
      <Stack
        component="ul"
        gap="lg"
        p={0}
        m={0}
        aria-label={intl.formatMessage({ id: 'merchantAdmin.stores.title' })}
      >
        {stores.data.map((store) => (
          <StoreCard
            key={store.storeId}
            store={store}
            channelNames={channelNames}
            canEdit={canEdit}
            onEdit={() => setModal({ kind: 'edit', store })}
            onRequestMid={() => setModal({ kind: 'mid', store })}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      {canEdit ? null : <Text c="dimmed">{intl.formatMessage({ id: 'merchantAdmin.readOnly' })}</Text>}
      <Text role="status" fw={600} c="teal.9">
        {status}
      </Text>
      {body}
      <AppModal
        opened={modal !== null}
        onClose={close}
        isDismissable={false}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'merchantAdmin.close' }) }}
        size="lg"
        title={
          modal
            ? intl.formatMessage(
                {
                  id:
                    modal.kind === 'edit'
                      ? 'merchantAdmin.store.editTitle'
                      : 'merchantAdmin.mid.requestTitle',
                },
                { name: modal.store.name },
              )
            : ''
        }
      >
        {modal?.kind === 'edit' ? (
          <EditStore
            context={context}
            storeId={modal.store.storeId}
            onCancel={close}
            onSaved={(store) => {
              close();
              setStatus(intl.formatMessage({ id: 'merchantAdmin.store.saved' }, { name: store.name }));
            }}
          />
        ) : null}
        {modal?.kind === 'mid' ? (
          <RequestTerminal context={context} store={modal.store} onClose={close} />
        ) : null}
      </AppModal>
    </>
  );
}

/**
 * `/merchant/stores-list` (SPEC §2, issue 16): the merchant's stores with their details, channels
 * and terminals (MIDs with their enrolment state); the administrator (and provider staff) edit a
 * store and ask for a new terminal. A view-only user sees the same without the buttons.
 */
export function MerchantStoresPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'merchantAdmin.stores.title' });
  useDocumentTitle(title);
  return (
    <section className="tessera-page" aria-labelledby="merchant-stores-title">
      <PageHeader
        id="merchant-stores-title"
        title={title}
        summary={intl.formatMessage({ id: 'merchantAdmin.stores.summary' })}
      />
      <MerchantScope>
        {({ context, canEdit }) => <StoreList context={context} canEdit={canEdit} />}
      </MerchantScope>
    </section>
  );
}
