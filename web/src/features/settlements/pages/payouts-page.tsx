import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { PayoutFileView, PayoutView } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { PageHeader } from '../../../ui/page-header';
import { PagePagination } from '../../../ui/page-pagination';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { payoutFileHref } from '../api/keys';
import { settleQuietly } from '../api/settle-quietly';
import { useMarkPaid, useMarkReturned, usePayoutDesk, useSendPayouts } from '../api/payout-desk';
import { PayoutStateBadge } from '../components/badges';
import { ReasonDialog } from '../components/reason-dialog';

/** `GR17 •••• 5678`: enough of an account to tell it, no more. */
const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

/**
 * `/back-office/payouts` (provider staff; issue 34 §1, ADR 042): the payout files (pain.001) newest
 * first with their group header's control figures — number of transactions and control sum — and
 * their payouts; the XML to download; sending the scheduled payouts (a fresh second-factor code is
 * asked, ADR 040), marking them paid, or returned by the bank with a reason (the amount goes back
 * on the merchant's balance and is paid again in a later file). Payouts whose IBAN fails the check
 * wait outside the files and say why. Each merchant's balance on the ledger is shown.
 */
export function PayoutsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const title = intl.formatMessage({ id: 'payoutDesk.payouts.title' });
  useDocumentTitle(title);
  const [page, setPage] = useState(1);
  const desk = usePayoutDesk(page);
  const send = useSendPayouts();
  const markPaid = useMarkPaid();
  const markReturned = useMarkReturned();
  const [isSending, setIsSending] = useState(false);
  const [returning, setReturning] = useState<PayoutView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const money = (cents: number) => formatMoney(cents);

  const onSend = async () => {
    const result = await settleQuietly(() => send.mutateAsync());
    if (!result) return;
    setIsSending(false);
    setDone(
      intl.formatMessage(
        { id: 'payoutDesk.payouts.sent' },
        { count: result.count, total: money(result.totalCents), waiting: result.waiting ?? 0 },
      ),
    );
  };
  const onPaid = async (payoutIds: string[]) => {
    setDone(null);
    if (!(await settleQuietly(() => markPaid.mutateAsync(payoutIds)))) return;
    setDone(intl.formatMessage({ id: 'payoutDesk.payouts.paidDone' }, { count: payoutIds.length }));
  };
  const onReturned = async (reason: string) => {
    if (!returning) return;
    const payoutId = returning.payoutId;
    const result = await settleQuietly(() => markReturned.mutateAsync({ payoutId, reason }));
    if (!result) return;
    setReturning(null);
    setDone(
      intl.formatMessage(
        { id: 'payoutDesk.payouts.returnedDone' },
        {
          amount: money(result.payout.amountCents),
          merchant: result.payout.merchantName ?? result.payout.merchantId,
          balance: money(result.balanceCents),
        },
      ),
    );
  };

  const payoutActions = (payout: PayoutView) => (
    <Group gap="xs" wrap="wrap">
      {payout.state === 'sent' ? (
        <Button
          size="xs"
          variant="outline"
          aria-label={intl.formatMessage(
            { id: 'payoutDesk.payouts.markPaidOf' },
            {
              merchant: payout.merchantName ?? payout.merchantId,
              day: formatDate(payout.businessDay, locale),
            },
          )}
          onClick={() => void onPaid([payout.payoutId])}
        >
          {intl.formatMessage({ id: 'payoutDesk.payouts.markPaid' })}
        </Button>
      ) : null}
      {payout.state === 'sent' || payout.state === 'paid' ? (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={intl.formatMessage(
            { id: 'payoutDesk.payouts.markReturnedOf' },
            {
              merchant: payout.merchantName ?? payout.merchantId,
              day: formatDate(payout.businessDay, locale),
            },
          )}
          onClick={() => {
            setDone(null);
            setReturning(payout);
          }}
        >
          {intl.formatMessage({ id: 'payoutDesk.payouts.markReturned' })}
        </Button>
      ) : null}
    </Group>
  );

  const stateOf = (payout: PayoutView) => (
    <Stack gap={2}>
      <PayoutStateBadge state={payout.state} isWaiting={payout.waitingReason === 'invalidIban'} />
      {payout.waitingReason === 'invalidIban' ? (
        <Text size="xs" c="red.9">
          {intl.formatMessage({ id: 'payoutDesk.payouts.invalidIban' })}
        </Text>
      ) : null}
      {payout.state === 'returned' && payout.returnReason ? (
        <Text size="xs">{payout.returnReason}</Text>
      ) : null}
      {payout.replacesPayoutId ? (
        <Text size="xs" c="dimmed">
          {intl.formatMessage({ id: 'payoutDesk.payouts.repayment' })}
        </Text>
      ) : null}
      {payout.paidAt ? (
        <Text size="xs" c="dimmed">
          {intl.formatMessage({ id: 'payoutDesk.payouts.paidAt' }, { at: formatDate(payout.paidAt, locale) })}
        </Text>
      ) : null}
    </Stack>
  );

  const payoutList = (payouts: PayoutView[], label: string) =>
    isNarrow ? (
      <RecordList label={label}>
        {payouts.map((payout) => (
          <RecordItem
            key={payout.payoutId}
            title={<Text fw={600}>{payout.merchantName ?? payout.merchantId}</Text>}
            aside={stateOf(payout)}
            fields={[
              {
                label: intl.formatMessage({ id: 'payoutDesk.col.day' }),
                value: formatDate(payout.businessDay, locale),
              },
              { label: 'IBAN', value: maskIban(payout.iban) },
              {
                label: intl.formatMessage({ id: 'payoutDesk.col.amount' }),
                value: money(payout.amountCents),
                isKey: true,
              },
            ]}
            actions={payoutActions(payout)}
          />
        ))}
      </RecordList>
    ) : (
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.merchant' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.day' })}</Table.Th>
              <Table.Th scope="col">IBAN</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.amount' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.state' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.action' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payouts.map((payout) => (
              <Table.Tr key={payout.payoutId}>
                <Table.Td>
                  {payout.merchantName ?? payout.merchantId}
                  <Text size="xs" c="dimmed">
                    {payout.merchantId}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(payout.businessDay, locale)}</Table.Td>
                <Table.Td>{maskIban(payout.iban)}</Table.Td>
                <Table.Td fw={600}>{money(payout.amountCents)}</Table.Td>
                <Table.Td>{stateOf(payout)}</Table.Td>
                <Table.Td>{payoutActions(payout)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const fileCard = (file: PayoutFileView) => {
    const sent = file.payouts.filter((payout) => payout.state === 'sent');
    const label = intl.formatMessage({ id: 'payoutDesk.payouts.fileOf' }, { id: file.messageId });
    return (
      <Card key={file.fileId} withBorder radius="md" padding="md" component="section" aria-label={label}>
        <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {file.messageId}
            </Title>
            <Text size="sm" c="dimmed">
              {intl.formatMessage(
                { id: 'payoutDesk.payouts.fileMeta' },
                {
                  created: formatDateTime(file.createdAt, locale),
                  execution: file.executionDate ? formatDate(file.executionDate, locale) : '—',
                },
              )}
            </Text>
            <Text size="sm" fw={600}>
              {intl.formatMessage(
                { id: 'payoutDesk.payouts.control' },
                { count: file.payoutCount, total: money(file.totalCents) },
              )}
            </Text>
          </div>
          <Group gap="xs" wrap="wrap">
            <Anchor href={payoutFileHref(file.fileId)} download size="sm">
              {intl.formatMessage({ id: 'payoutDesk.payouts.download' }, { id: file.messageId })}
            </Anchor>
            {sent.length > 0 ? (
              <LoadingButton
                size="xs"
                isLoading={markPaid.isPending}
                onClick={() => void onPaid(sent.map((payout) => payout.payoutId))}
              >
                {intl.formatMessage({ id: 'payoutDesk.payouts.markFilePaid' }, { count: sent.length })}
              </LoadingButton>
            ) : null}
          </Group>
        </Group>
        {payoutList(file.payouts, label)}
      </Card>
    );
  };

  let view;
  if (desk.isPending) view = <LoadingState />;
  else if (desk.isError) view = <ErrorState onRetry={() => void desk.refetch()} />;
  else {
    const data = desk.data;
    const sendable = data.scheduled.filter((payout) => payout.waitingReason == null);
    view = (
      <>
        <section aria-labelledby="payout-balances">
          <Title order={2} id="payout-balances" size="h3" mb="sm">
            {intl.formatMessage({ id: 'payoutDesk.payouts.balances' })}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {intl.formatMessage({ id: 'payoutDesk.payouts.balancesHelp' })}
          </Text>
          <Table verticalSpacing={4} mb="xl" aria-labelledby="payout-balances" maw={560}>
            <Table.Tbody>
              {data.balances.map((balance) => (
                <Table.Tr key={balance.merchantId}>
                  <Table.Th scope="row" fw={400}>
                    {balance.merchantName} ({balance.merchantId})
                  </Table.Th>
                  <Table.Td ta="right" fw={600}>
                    {money(balance.balanceCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
        <section aria-labelledby="payout-scheduled">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Title order={2} id="payout-scheduled" size="h3">
              {intl.formatMessage({ id: 'payoutDesk.payouts.scheduled' }, { count: data.scheduled.length })}
            </Title>
            <Button
              disabled={sendable.length === 0}
              onClick={() => setIsSending(true)}
              w={{ base: '100%', sm: 'auto' }}
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              {intl.formatMessage({ id: 'payoutDesk.payouts.send' }, { count: sendable.length })}
            </Button>
          </Group>
          {data.scheduled.length === 0 ? (
            <EmptyState message={intl.formatMessage({ id: 'payoutDesk.payouts.noneScheduled' })} />
          ) : (
            payoutList(
              data.scheduled,
              intl.formatMessage({ id: 'payoutDesk.payouts.scheduled' }, { count: data.scheduled.length }),
            )
          )}
        </section>
        <section aria-labelledby="payout-files">
          <Title order={2} id="payout-files" size="h3" mt="xl" mb="sm">
            {intl.formatMessage({ id: 'payoutDesk.payouts.files' })}
          </Title>
          {data.files.length === 0 ? (
            <EmptyState message={intl.formatMessage({ id: 'payoutDesk.payouts.noFiles' })} />
          ) : (
            <Stack gap="md">{data.files.map(fileCard)}</Stack>
          )}
          <PagePagination pages={Math.ceil(data.totalFiles / data.pageSize)} page={page} onChange={setPage} />
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} summary={intl.formatMessage({ id: 'payoutDesk.payouts.summary' })} />
      {done ? (
        <Alert color="green" role="status" mb="md">
          {done}
        </Alert>
      ) : null}
      {view}
      <AppModal
        opened={isSending}
        onClose={() => setIsSending(false)}
        title={intl.formatMessage({ id: 'payoutDesk.payouts.sendTitle' })}
        centered
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'payoutDesk.dialog.close' }) }}
      >
        <Text mb="lg">{intl.formatMessage({ id: 'payoutDesk.payouts.sendText' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setIsSending(false)}>
            {intl.formatMessage({ id: 'payoutDesk.dialog.cancel' })}
          </Button>
          <LoadingButton isLoading={send.isPending} onClick={() => void onSend()}>
            {intl.formatMessage({ id: 'payoutDesk.payouts.sendConfirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
      <ReasonDialog
        key={returning?.payoutId ?? 'closed'}
        opened={returning !== null}
        title={intl.formatMessage({ id: 'payoutDesk.payouts.markReturned' })}
        text={
          returning
            ? intl.formatMessage(
                { id: 'payoutDesk.payouts.returnText' },
                {
                  amount: money(returning.amountCents),
                  merchant: returning.merchantName ?? returning.merchantId,
                  day: formatDate(returning.businessDay, locale),
                },
              )
            : ''
        }
        confirmLabel={intl.formatMessage({ id: 'payoutDesk.payouts.returnConfirm' })}
        confirmColor="red.9"
        isBusy={markReturned.isPending}
        onConfirm={(reason) => void onReturned(reason)}
        onClose={() => setReturning(null)}
      />
    </>
  );
}
