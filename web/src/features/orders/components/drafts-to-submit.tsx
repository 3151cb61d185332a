import { Button, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DraftSummary } from '@tessera/domain';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useSubmitDraft } from '../api/submit-draft';
import { useSubmittableDrafts, type DraftListScope } from '../../../lib/api/drafts';
import type { Locale } from '@tessera/domain';
import type { Submitter } from '../../../lib/api/orders';
import { ORDER_TYPE_MESSAGE, productFamilyName } from '../../../lib/labels';

function draftName(intl: IntlShape, locale: Locale, draft: DraftSummary): string {
  return (
    draft.draftOrderAlias.trim() ||
    `${intl.formatMessage({ id: ORDER_TYPE_MESSAGE[draft.orderType] })} · ${productFamilyName(
      intl,
      locale,
      draft.product,
      draft.family,
    )}`
  );
}

/** Submitting one draft after a question naming it and its amount; the order then awaits payment. */
function SubmitDraftButton({
  draft,
  name,
  submitter,
  onDone,
}: {
  draft: DraftSummary;
  name: string;
  submitter: Exclude<Submitter, 'orderManager'>;
  onDone: (message: string) => void;
}) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const submit = useSubmitDraft();
  const keys = useIdempotencyKeys();
  const values = { title: name, amount: formatMoney(draft.totalCents) };

  const confirm = async () => {
    const input = { submitter, draftId: draft.draftId };
    const response = await submit.mutateAsync({ draft: input, idempotencyKey: keys.keyFor(input) });
    if (!response) return;
    keys.forget();
    setIsOpen(false);
    onDone(
      intl.formatMessage(
        { id: 'orders.drafts.submitted' },
        { title: name, number: response.order.orderNumber },
      ),
    );
  };

  return (
    <>
      <Button
        size="compact-sm"
        onClick={() => setIsOpen(true)}
        aria-label={intl.formatMessage({ id: 'orders.drafts.submitLabel' }, values)}
      >
        {intl.formatMessage({ id: 'orders.drafts.submit' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => {
          if (!submit.isPending) setIsOpen(false);
        }}
        title={intl.formatMessage({ id: 'orders.drafts.submitTitle' })}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'orders.action.close' }) }}
        centered
      >
        <Text>{intl.formatMessage({ id: 'orders.drafts.submitText' }, values)}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setIsOpen(false)} disabled={submit.isPending}>
            {intl.formatMessage({ id: 'orders.action.back' })}
          </Button>
          <LoadingButton isLoading={submit.isPending} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'orders.drafts.submitConfirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}

/**
 * The company's drafts a payment manager or finance user submits (SPEC §7: the finance user reads
 * them through its own endpoint; code 40 means there are none). Submitting makes an order that
 * awaits payment.
 */
export function DraftsToSubmit({
  scope,
  submitter,
  onDone,
}: {
  scope: DraftListScope;
  submitter: Exclude<Submitter, 'orderManager'>;
  onDone: (message: string) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const drafts = useSubmittableDrafts(scope);
  const isNarrow = useIsNarrowScreen();
  const title = intl.formatMessage({ id: 'orders.drafts.title' });

  let content;
  if (drafts.isPending)
    content = <LoadingState label={intl.formatMessage({ id: 'orders.drafts.loading' })} />;
  else if (drafts.isError) content = <ErrorState onRetry={() => void drafts.refetch()} />;
  else if (drafts.data.length === 0)
    content = <Text c="dimmed">{intl.formatMessage({ id: 'orders.drafts.empty' })}</Text>;
  else if (isNarrow) {
    // Below the desktop layout each draft is a card: its total and its submit button in view.
    content = (
      <RecordList label={title}>
        {drafts.data.map((draft) => {
          const name = draftName(intl, locale, draft);
          return (
            <RecordItem
              key={draft.draftId}
              title={name}
              fields={[
                {
                  label: intl.formatMessage({ id: 'orders.column.total' }),
                  value: formatMoney(draft.totalCents),
                  isKey: true,
                },
                {
                  label: intl.formatMessage({ id: 'orders.column.product' }),
                  value: productFamilyName(intl, locale, draft.product, draft.family),
                },
                {
                  label: intl.formatMessage({ id: 'orders.column.cards' }),
                  value: formatNumber(draft.cards, locale),
                },
                {
                  label: intl.formatMessage({ id: 'orders.drafts.createdBy' }),
                  value: draft.createdByName || draft.createdBy,
                },
                {
                  label: intl.formatMessage({ id: 'orders.drafts.updatedAt' }),
                  value: <time dateTime={draft.updatedAt}>{formatDateTime(draft.updatedAt, locale)}</time>,
                },
              ]}
              actions={<SubmitDraftButton draft={draft} name={name} submitter={submitter} onDone={onDone} />}
            />
          );
        })}
      </RecordList>
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={880} type="native" role="region" aria-label={title} tabIndex={0}>
        <Table verticalSpacing="sm">
          <Table.Caption>
            <VisuallyHidden>{title}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.drafts.name' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.column.product' })}</Table.Th>
              <Table.Th scope="col" ta="end">
                {intl.formatMessage({ id: 'orders.column.cards' })}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {intl.formatMessage({ id: 'orders.column.total' })}
              </Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.drafts.createdBy' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.drafts.updatedAt' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.column.actions' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drafts.data.map((draft) => {
              const name = draftName(intl, locale, draft);
              return (
                <Table.Tr key={draft.draftId}>
                  <Table.Th scope="row" fw={600}>
                    {name}
                  </Table.Th>
                  <Table.Td>{productFamilyName(intl, locale, draft.product, draft.family)}</Table.Td>
                  <Table.Td ta="end">{formatNumber(draft.cards, locale)}</Table.Td>
                  <Table.Td ta="end" className="tessera-amount">
                    {formatMoney(draft.totalCents)}
                  </Table.Td>
                  <Table.Td>{draft.createdByName || draft.createdBy}</Table.Td>
                  <Table.Td>
                    <time dateTime={draft.updatedAt}>{formatDateTime(draft.updatedAt, locale)}</time>
                  </Table.Td>
                  <Table.Td>
                    <SubmitDraftButton draft={draft} name={name} submitter={submitter} onDone={onDone} />
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
    <section className="tessera-order-section" aria-labelledby="drafts-to-submit-title">
      <Title order={2} size="h3" id="drafts-to-submit-title" mb="xs">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage({ id: 'orders.drafts.text' })}
      </Text>
      {content}
    </section>
  );
}
