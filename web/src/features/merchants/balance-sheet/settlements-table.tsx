import { Anchor, Button, Group, Pagination, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Locale, MerchantSettlement } from '@tessera/domain';
import { Fragment, useId, useState } from 'react';
import type { MessageId } from '../../../i18n/messages';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useLocale } from '../../../lib/use-locale';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { LanguageLink } from '../../../ui/language-link';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantSettlements } from '../api/get-merchant-settlements';
import type { MerchantContext } from '../api/merchant-context';
import { merchantHref } from '../dashboard/merchant-scope';
import { PayoutStateBadge } from '../dashboard/payout-state';

const PAGE_SIZE = 10;
export const TRANSACTIONS_ANCHOR = 'transactions';

/**
 * Settled days, newest first (research pain 10: fees nobody explains, payouts nobody tracks): what
 * was bought and given back, the fee (per product on demand), VAT, the net and the payout's state
 * with its dates; each day links to the purchases it covers (the transactions of that day). Below
 * the desktop layout each day is a card (`ui/record-list.tsx`), its payout's state beside the day
 * and the net first; the wide table's scroll region is focusable (issue 34 §2 item 3).
 */
export function SettlementsTable({ context }: { context: MerchantContext }) {
  const intl = useIntl();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const settlements = useMerchantSettlements(context, { page, pageSize: PAGE_SIZE });
  const isNarrow = useIsNarrowScreen();
  const listLabel = intl.formatMessage({ id: 'merchantDashboard.settlements.listLabel' });

  let body;
  if (settlements.isPending) body = <LoadingState />;
  else if (settlements.isError) body = <ErrorState onRetry={() => void settlements.refetch()} />;
  else if (settlements.data.settlements.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'merchantDashboard.settlements.empty' })} />;
  else {
    const pages = Math.ceil(settlements.data.total / PAGE_SIZE);
    body = (
      <>
        {isNarrow ? (
          <RecordList label={listLabel}>
            {settlements.data.settlements.map((settlement) => (
              <SettlementCard key={settlement.settlementId} settlement={settlement} context={context} />
            ))}
          </RecordList>
        ) : (
          <Table.ScrollContainer
            minWidth={880}
            type="native"
            role="region"
            aria-label={listLabel}
            tabIndex={0}
          >
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.day' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.purchases' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.givenBack' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.fee' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.vat' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.net' })}
                  </Table.Th>
                  <Table.Th scope="col">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.payout' })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settlements.data.settlements.map((settlement) => (
                  <SettlementRow key={settlement.settlementId} settlement={settlement} context={context} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <Group justify="center" mt="md">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label': intl.formatMessage({ id: `merchantDashboard.pager.${control}` }),
              })}
              getItemProps={(item) => ({
                'aria-label': intl.formatMessage({ id: 'merchantDashboard.pager.page' }, { page: item }),
              })}
            />
          </Group>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="tessera-balance__section">
      <Title order={2} id={titleId} mb="xs">
        {intl.formatMessage({ id: 'merchantDashboard.settlements.title' })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage({ id: 'merchantDashboard.settlements.note' })}
      </Text>
      {body}
    </section>
  );
}

type IntlShape = ReturnType<typeof useIntl>;
type Payout = NonNullable<MerchantSettlement['payout']>;

/** When the payout was paid, else sent, else scheduled. */
function payoutWhen(intl: IntlShape, locale: Locale, payout: Payout): string {
  if (payout.paidAt) {
    return intl.formatMessage(
      { id: 'merchantDashboard.settlements.paidAt' },
      { at: formatDateTime(payout.paidAt, locale) },
    );
  }
  if (payout.sentAt) {
    return intl.formatMessage(
      { id: 'merchantDashboard.settlements.sentAt' },
      { at: formatDateTime(payout.sentAt, locale) },
    );
  }
  return intl.formatMessage(
    { id: 'merchantDashboard.settlements.scheduledAt' },
    { at: formatDateTime(payout.createdAt, locale) },
  );
}

/** A day without a payout: what it carried to the next days. */
function carriedText(intl: IntlShape, settlement: MerchantSettlement): string {
  return intl.formatMessage(
    { id: 'merchantDashboard.settlements.carried' },
    { amount: formatMoney(settlement.netCents + settlement.carriedCents) },
  );
}

/** The transactions of the day, further down the page. */
function PurchasesLink({ to, day }: { to: string; day: string }) {
  const intl = useIntl();
  return (
    <Anchor
      component={LanguageLink}
      to={to}
      size="sm"
      onClick={() =>
        window.setTimeout(() => document.getElementById(TRANSACTIONS_ANCHOR)?.scrollIntoView(), 0)
      }
    >
      {intl.formatMessage({ id: 'merchantDashboard.settlements.showPurchases' }, { day })}
    </Anchor>
  );
}

function purchasesHrefOf(settlement: MerchantSettlement, context: MerchantContext): string {
  return `${merchantHref(
    paths.merchantBalanceSheet.href(),
    context.merchantId,
    new URLSearchParams({ from: settlement.businessDay, to: settlement.businessDay }),
  )}#${TRANSACTIONS_ANCHOR}`;
}

/** A settled day as a card (phones): the day and its payout's state, the net, the figures, per product on demand. */
function SettlementCard({
  settlement,
  context,
}: {
  settlement: MerchantSettlement;
  context: MerchantContext;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [isOpen, setIsOpen] = useState(false);
  const linesId = useId();
  const day = formatDate(settlement.businessDay, locale);
  const payout = settlement.payout;
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <RecordItem
      title={
        <Stack gap={2}>
          <span>{day}</span>
          <PurchasesLink to={purchasesHrefOf(settlement, context)} day={day} />
        </Stack>
      }
      aside={payout ? <PayoutStateBadge state={payout.state} /> : null}
      fields={[
        {
          label: t('merchantDashboard.settlements.net'),
          value: formatMoney(settlement.netCents),
          isKey: true,
        },
        {
          label: t('merchantDashboard.settlements.purchases'),
          value: formatMoney(settlement.purchasesCents),
        },
        { label: t('merchantDashboard.settlements.givenBack'), value: formatMoney(settlement.refundsCents) },
        { label: t('merchantDashboard.settlements.fee'), value: formatMoney(settlement.feeCents) },
        { label: t('merchantDashboard.settlements.vat'), value: formatMoney(settlement.vatCents) },
        {
          label: t('merchantDashboard.settlements.payout'),
          value: payout
            ? `${formatMoney(payout.amountCents)} · ${payoutWhen(intl, locale, payout)}`
            : carriedText(intl, settlement),
          isWide: true,
        },
      ]}
      actions={
        settlement.lines.length > 0 ? (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={isOpen}
            aria-controls={isOpen ? linesId : undefined}
            onClick={() => setIsOpen((open) => !open)}
          >
            {intl.formatMessage(
              {
                id: isOpen
                  ? 'merchantDashboard.settlements.hideLines'
                  : 'merchantDashboard.settlements.showLines',
              },
              { day },
            )}
          </Button>
        ) : null
      }
    >
      {isOpen ? (
        <ul
          id={linesId}
          className="tessera-balance__lines"
          aria-label={intl.formatMessage({ id: 'merchantDashboard.settlements.linesCaption' }, { day })}
        >
          {settlement.lines.map((line) => (
            <li key={line.product}>
              <Text size="sm" fw={600}>
                {productName(line.product, locale)} ·{' '}
                {intl.formatMessage({ id: 'merchantDashboard.kpi.transactions' }, { count: line.count })}
              </Text>
              <Text size="sm">
                {`${t('merchantDashboard.settlements.purchases')} ${formatMoney(line.purchases)} · ${t('merchantDashboard.settlements.givenBack')} ${formatMoney(line.givenBack)} · ${t('merchantDashboard.settlements.rate')} ${formatNumber(line.basisPoints / 100, locale)} % · ${t('merchantDashboard.settlements.fee')} ${formatMoney(line.fee)} · ${t('merchantDashboard.settlements.vat')} ${formatMoney(line.vat)} · ${t('merchantDashboard.settlements.net')} ${formatMoney(line.net)}`}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </RecordItem>
  );
}

function SettlementRow({
  settlement,
  context,
}: {
  settlement: MerchantSettlement;
  context: MerchantContext;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [isOpen, setIsOpen] = useState(false);
  const linesId = useId();
  const day = formatDate(settlement.businessDay, locale);
  const purchasesHref = purchasesHrefOf(settlement, context);
  const payout = settlement.payout;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Th scope="row" fw={600}>
          <Stack gap={2}>
            <span>{day}</span>
            <PurchasesLink to={purchasesHref} day={day} />
          </Stack>
        </Table.Th>
        <Table.Td ta="right">{formatMoney(settlement.purchasesCents)}</Table.Td>
        <Table.Td ta="right">{formatMoney(settlement.refundsCents)}</Table.Td>
        <Table.Td ta="right">
          <Stack gap={2} align="flex-end">
            <span>{formatMoney(settlement.feeCents)}</span>
            {settlement.lines.length > 0 ? (
              <Button
                variant="subtle"
                size="compact-sm"
                aria-expanded={isOpen}
                aria-controls={isOpen ? linesId : undefined}
                onClick={() => setIsOpen((open) => !open)}
              >
                {intl.formatMessage(
                  {
                    id: isOpen
                      ? 'merchantDashboard.settlements.hideLines'
                      : 'merchantDashboard.settlements.showLines',
                  },
                  { day },
                )}
              </Button>
            ) : null}
          </Stack>
        </Table.Td>
        <Table.Td ta="right">{formatMoney(settlement.vatCents)}</Table.Td>
        <Table.Td ta="right" fw={700}>
          {formatMoney(settlement.netCents)}
        </Table.Td>
        <Table.Td>
          {payout ? (
            <Stack gap={2}>
              <Group gap="xs" wrap="nowrap">
                <PayoutStateBadge state={payout.state} />
                <Text size="sm" fw={600}>
                  {formatMoney(payout.amountCents)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {payoutWhen(intl, locale, payout)}
              </Text>
            </Stack>
          ) : (
            <Text size="sm">{carriedText(intl, settlement)}</Text>
          )}
        </Table.Td>
      </Table.Tr>
      {isOpen ? (
        <Table.Tr id={linesId}>
          <Table.Td colSpan={7}>
            <Table withRowBorders={false} verticalSpacing={4} fz="sm">
              <VisuallyHidden component="caption">
                {intl.formatMessage({ id: 'merchantDashboard.settlements.linesCaption' }, { day })}
              </VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    {intl.formatMessage({ id: 'merchantDashboard.chart.product' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.purchases' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.givenBack' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.rate' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.fee' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.vat' })}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {intl.formatMessage({ id: 'merchantDashboard.settlements.net' })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settlement.lines.map((line) => (
                  <Table.Tr key={line.product}>
                    <Table.Th scope="row" fw={500}>
                      {productName(line.product, locale)}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        {intl.formatMessage(
                          { id: 'merchantDashboard.kpi.transactions' },
                          { count: line.count },
                        )}
                      </Text>
                    </Table.Th>
                    <Table.Td ta="right">{formatMoney(line.purchases)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.givenBack)}</Table.Td>
                    <Table.Td ta="right">{`${formatNumber(line.basisPoints / 100, locale)} %`}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.fee)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.vat)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.net)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}
