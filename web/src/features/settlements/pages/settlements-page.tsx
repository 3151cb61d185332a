import { Alert, Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import type { SettlementDayView } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDate, formatMoney } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { AppModal } from '../../../ui/modal';
import { LoadingButton } from '../../../ui/loading-button';
import { PageHeader } from '../../../ui/page-header';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { useRerunDay, useSettlementDesk, type SettlementDeskFilter } from '../api/settlement-desk';
import { settleQuietly } from '../api/settle-quietly';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/back-office/settlements` (provider staff; issue 34 §1, ADR 042): each day's settlement of
 * each merchant — purchases, reversals and refunds, fee per product, VAT, net — and the days that
 * should have been settled and were not (sales, no settlement: the job did not run or failed),
 * flagged, with "re-run the day". Re-running is idempotent, as the job is.
 */
export function SettlementsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const title = intl.formatMessage({ id: 'payoutDesk.settlements.title' });
  useDocumentTitle(title);
  const [draft, setDraft] = useState<SettlementDeskFilter>({});
  const [filter, setFilter] = useState<SettlementDeskFilter>({});
  const desk = useSettlementDesk(filter);
  const rerun = useRerunDay();
  const [rerunDay, setRerunDay] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onRerun = async () => {
    if (!rerunDay) return;
    const day = rerunDay;
    const result = await settleQuietly(() => rerun.mutateAsync(day));
    if (!result) return;
    setDone(
      intl.formatMessage(
        { id: 'payoutDesk.settlements.rerunDone' },
        { day: formatDate(rerunDay, locale), settled: result.settled, existing: result.existing },
      ),
    );
    setRerunDay(null);
  };

  const money = (cents: number) => formatMoney(cents);
  const feesOf = (day: SettlementDayView) =>
    (day.settlement?.lines ?? [])
      .filter((line) => line.fee !== 0)
      .map((line) => `${productName(line.product, locale)} ${money(line.fee)}`)
      .join(' · ') || '—';
  const flagOf = (day: SettlementDayView) =>
    day.flag ? (
      <Badge color={BADGE_COLOR.red} variant="filled" radius="sm">
        {intl.formatMessage({ id: 'payoutDesk.settlements.missing' })}
      </Badge>
    ) : (
      <Badge color={BADGE_COLOR.green} variant="filled" radius="sm">
        {intl.formatMessage({ id: 'payoutDesk.settlements.settled' })}
      </Badge>
    );
  const rerunButton = (day: SettlementDayView) =>
    day.flag ? (
      <Button
        size="xs"
        onClick={() => {
          setDone(null);
          setRerunDay(day.businessDay);
        }}
      >
        {intl.formatMessage({ id: 'payoutDesk.settlements.rerun' })}
      </Button>
    ) : null;

  let view;
  if (desk.isPending) view = <LoadingState />;
  else if (desk.isError) view = <ErrorState onRetry={() => void desk.refetch()} />;
  else if (desk.data.days.length === 0)
    view = <EmptyState message={intl.formatMessage({ id: 'payoutDesk.settlements.empty' })} />;
  else if (isNarrow)
    view = (
      <RecordList label={title}>
        {desk.data.days.map((day) => (
          <RecordItem
            key={`${day.businessDay} ${day.merchantId}`}
            title={
              <Text fw={600}>
                {formatDate(day.businessDay, locale)} · {day.merchantName}
              </Text>
            }
            aside={flagOf(day)}
            fields={
              day.settlement
                ? [
                    {
                      label: intl.formatMessage({ id: 'payoutDesk.col.purchases' }),
                      value: money(day.settlement.purchasesCents),
                    },
                    {
                      label: intl.formatMessage({ id: 'payoutDesk.col.refunds' }),
                      value: money(day.settlement.refundsCents),
                    },
                    {
                      label: intl.formatMessage({ id: 'payoutDesk.col.fees' }),
                      value: feesOf(day),
                      isWide: true,
                    },
                    {
                      label: intl.formatMessage({ id: 'payoutDesk.col.vat' }),
                      value: money(day.settlement.vatCents),
                    },
                    {
                      label: intl.formatMessage({ id: 'payoutDesk.col.net' }),
                      value: money(day.settlement.netCents),
                      isKey: true,
                    },
                  ]
                : []
            }
            actions={rerunButton(day)}
          />
        ))}
      </RecordList>
    );
  else
    view = (
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.day' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.merchant' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.purchases' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.refunds' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.fees' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.vat' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.net' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'payoutDesk.col.state' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {desk.data.days.map((day) => (
              <Table.Tr key={`${day.businessDay} ${day.merchantId}`}>
                <Table.Td>{formatDate(day.businessDay, locale)}</Table.Td>
                <Table.Td>
                  {day.merchantName}
                  <Text size="xs" c="dimmed">
                    {day.merchantId}
                  </Text>
                </Table.Td>
                <Table.Td>{day.settlement ? money(day.settlement.purchasesCents) : '—'}</Table.Td>
                <Table.Td>{day.settlement ? money(day.settlement.refundsCents) : '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm">{feesOf(day)}</Text>
                </Table.Td>
                <Table.Td>{day.settlement ? money(day.settlement.vatCents) : '—'}</Table.Td>
                <Table.Td fw={600}>{day.settlement ? money(day.settlement.netCents) : '—'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {flagOf(day)}
                    {rerunButton(day)}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const isValid = (value?: string) => !value || DAY.test(value);
  return (
    <>
      <PageHeader title={title} summary={intl.formatMessage({ id: 'payoutDesk.settlements.summary' })} />
      {desk.data ? (
        <Alert color={desk.data.flagged > 0 ? 'red' : 'gray'} role="status" mb="md">
          {intl.formatMessage(
            { id: 'payoutDesk.settlements.flagged' },
            {
              count: desk.data.flagged,
              from: formatDate(desk.data.from, locale),
              to: formatDate(desk.data.to, locale),
            },
          )}
        </Alert>
      ) : null}
      {done ? (
        <Alert color="green" role="status" mb="md">
          {done}
        </Alert>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (isValid(draft.from) && isValid(draft.to)) setFilter(draft);
        }}
      >
        <Group mb="md" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={intl.formatMessage({ id: 'payoutDesk.filter.from' })}
            value={draft.from ?? ''}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value || undefined })}
            w={{ base: '100%', xs: 180 }}
          />
          <TextInput
            type="date"
            label={intl.formatMessage({ id: 'payoutDesk.filter.to' })}
            value={draft.to ?? ''}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value || undefined })}
            w={{ base: '100%', xs: 180 }}
          />
          <Button type="submit" variant="outline">
            {intl.formatMessage({ id: 'payoutDesk.filter.apply' })}
          </Button>
        </Group>
      </form>
      {view}
      <AppModal
        opened={rerunDay !== null}
        onClose={() => setRerunDay(null)}
        title={intl.formatMessage({ id: 'payoutDesk.settlements.rerun' })}
        centered
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'payoutDesk.dialog.close' }) }}
      >
        <Text mb="lg">
          {intl.formatMessage(
            { id: 'payoutDesk.settlements.rerunText' },
            { day: rerunDay ? formatDate(rerunDay, locale) : '' },
          )}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setRerunDay(null)}>
            {intl.formatMessage({ id: 'payoutDesk.dialog.cancel' })}
          </Button>
          <LoadingButton isLoading={rerun.isPending} onClick={() => void onRerun()}>
            {intl.formatMessage({ id: 'payoutDesk.settlements.rerun' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}
