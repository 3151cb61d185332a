import { Anchor, Button, Group, Pagination, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { MerchantSettlement } from '@tessera/domain';
import { Fragment, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
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
 * with its dates; each day links to the purchases it covers (the transactions of that day).
 */
export function SettlementsTable({ context }: { context: MerchantContext }) {
  const intl = useIntl();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const settlements = useMerchantSettlements(context, { page, pageSize: PAGE_SIZE });

  let body;
  if (settlements.isPending) body = <LoadingState />;
  else if (settlements.isError) body = <ErrorState onRetry={() => void settlements.refetch()} />;
  else if (settlements.data.settlements.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'merchantDashboard.settlements.empty' })} />;
  else {
    const pages = Math.ceil(settlements.data.total / PAGE_SIZE);
    body = (
      <>
        <Table.ScrollContainer minWidth={880}>
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
  const purchasesHref = `${merchantHref(
    paths.merchantBalanceSheet.href(),
    context.merchantId,
    new URLSearchParams({ from: settlement.businessDay, to: settlement.businessDay }),
  )}#${TRANSACTIONS_ANCHOR}`;
  const payout = settlement.payout;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Th scope="row" fw={600}>
          <Stack gap={2}>
            <span>{day}</span>
            <Anchor
              component={LanguageLink}
              to={purchasesHref}
              size="sm"
              onClick={() =>
                window.setTimeout(() => document.getElementById(TRANSACTIONS_ANCHOR)?.scrollIntoView(), 0)
              }
            >
              {intl.formatMessage({ id: 'merchantDashboard.settlements.showPurchases' }, { day })}
            </Anchor>
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
                {payout.paidAt
                  ? intl.formatMessage(
                      { id: 'merchantDashboard.settlements.paidAt' },
                      { at: formatDateTime(payout.paidAt, locale) },
                    )
                  : payout.sentAt
                    ? intl.formatMessage(
                        { id: 'merchantDashboard.settlements.sentAt' },
                        { at: formatDateTime(payout.sentAt, locale) },
                      )
                    : intl.formatMessage(
                        { id: 'merchantDashboard.settlements.scheduledAt' },
                        { at: formatDateTime(payout.createdAt, locale) },
                      )}
              </Text>
            </Stack>
          ) : (
            <Text size="sm">
              {intl.formatMessage(
                { id: 'merchantDashboard.settlements.carried' },
                { amount: formatMoney(settlement.netCents + settlement.carriedCents) },
              )}
            </Text>
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
