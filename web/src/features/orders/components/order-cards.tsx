import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { OrderCard } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { ORDER_CARDS_PAGE_SIZE, useOrderCards } from '../api/get-order-cards';
import { OrdersPagination } from './orders-pagination';

function holderName(line: OrderCard): string {
  return `${line.cardholder.firstName} ${line.cardholder.lastName}`.trim();
}

/** The card column: the card loaded or made (masked), and the card a replacement closed. */
function CardCell({ line }: { line: OrderCard }) {
  const intl = useIntl();
  return (
    <>
      {line.card ? (
        <Text className="tessera-order-cards__masked">{line.card.maskedNumber}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'orders.cards.notYet' })}
        </Text>
      )}
      {line.replacedCard ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'orders.cards.replaces' }, { card: line.replacedCard.maskedNumber })}
        </Text>
      ) : null}
    </>
  );
}

/** The order's lines, a page of 50 at a time from the server: cardholder, card, amount and fees. */
export function OrderCards({ orderId, caption }: { orderId: string; caption: string }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const cards = useOrderCards(orderId, page);

  if (cards.isPending) return <LoadingState label={intl.formatMessage({ id: 'orders.cards.loading' })} />;
  if (cards.isError) return <ErrorState onRetry={() => void cards.refetch()} />;
  const { cards: lines, total } = cards.data;
  if (total === 0) return <Text c="dimmed">{intl.formatMessage({ id: 'orders.cards.none' })}</Text>;

  return (
    <>
      <Table.ScrollContainer
        minWidth={760}
        type="native"
        role="region"
        aria-label={caption}
        tabIndex={0}
        aria-busy={cards.isPlaceholderData || undefined}
      >
        <Table verticalSpacing="sm">
          <Table.Caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.cards.holder' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.cards.card' })}</Table.Th>
              <Table.Th scope="col" ta="end">
                {intl.formatMessage({ id: 'orders.cards.amount' })}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {intl.formatMessage({ id: 'orders.cards.fees' })}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => {
              const fees = line.cardFeeCents + line.replacementFeeCents + line.serviceFeeCents;
              return (
                <Table.Tr key={line.tempCardId}>
                  <Table.Th scope="row" fw={400}>
                    <Text fw={600}>
                      {holderName(line) || intl.formatMessage({ id: 'orders.cards.noHolder' })}
                    </Text>
                    {line.cardholder.employeeCode || line.cardholder.email ? (
                      <Text size="sm" c="dimmed">
                        {[line.cardholder.employeeCode, line.cardholder.email].filter(Boolean).join(' · ')}
                      </Text>
                    ) : null}
                  </Table.Th>
                  <Table.Td>
                    <CardCell line={line} />
                  </Table.Td>
                  <Table.Td ta="end" className="tessera-amount">
                    {formatMoney(line.amountCents)}
                  </Table.Td>
                  <Table.Td ta="end" className="tessera-amount">
                    {formatMoney(fees)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <OrdersPagination
        label={intl.formatMessage({ id: 'orders.cards.pagination' })}
        page={page}
        pageSize={ORDER_CARDS_PAGE_SIZE}
        shown={lines.length}
        total={total}
        onChange={setPage}
      />
    </>
  );
}
