import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { OrderCard } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { RecordItem, RecordList } from '../../../ui/record-list';
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

function HolderCell({ line }: { line: OrderCard }) {
  const intl = useIntl();
  const details = [line.cardholder.employeeCode, line.cardholder.email].filter(Boolean).join(' · ');
  return (
    <>
      <Text fw={600}>{holderName(line) || intl.formatMessage({ id: 'orders.cards.noHolder' })}</Text>
      {details ? (
        <Text size="sm" c="dimmed" fw={400}>
          {details}
        </Text>
      ) : null}
    </>
  );
}

const feesOf = (line: OrderCard) => line.cardFeeCents + line.replacementFeeCents + line.serviceFeeCents;

/**
 * The order's lines, a page of 50 at a time from the server: cardholder, card, amount and fees.
 * Below the desktop layout each line is a card, so the amounts never hide behind a sideways scroll.
 */
export function OrderCards({ orderId, caption }: { orderId: string; caption: string }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const cards = useOrderCards(orderId, page);
  const isNarrow = useIsNarrowScreen();

  if (cards.isPending) return <LoadingState label={intl.formatMessage({ id: 'orders.cards.loading' })} />;
  if (cards.isError) return <ErrorState onRetry={() => void cards.refetch()} />;
  const { cards: lines, total } = cards.data;
  if (total === 0) return <Text c="dimmed">{intl.formatMessage({ id: 'orders.cards.none' })}</Text>;

  const list = isNarrow ? (
    <RecordList label={caption} isBusy={cards.isPlaceholderData}>
      {lines.map((line) => (
        <RecordItem
          key={line.tempCardId}
          title={<HolderCell line={line} />}
          fields={[
            {
              label: intl.formatMessage({ id: 'orders.cards.amount' }),
              value: formatMoney(line.amountCents),
            },
            { label: intl.formatMessage({ id: 'orders.cards.fees' }), value: formatMoney(feesOf(line)) },
            {
              label: intl.formatMessage({ id: 'orders.cards.card' }),
              value: <CardCell line={line} />,
              isWide: true,
            },
          ]}
        />
      ))}
    </RecordList>
  ) : null;

  return (
    <>
      {list ?? (
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
                const fees = feesOf(line);
                return (
                  <Table.Tr key={line.tempCardId}>
                    <Table.Th scope="row" fw={400}>
                      <HolderCell line={line} />
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
      )}
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
