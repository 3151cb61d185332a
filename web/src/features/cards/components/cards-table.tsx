import { Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Card, CardSortField } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { calendarDate, type CardListState } from '../model';
import { ExpiryBadge, StatusBadge, TopUpBadge } from './card-badges';
import { productFamilyName } from './card-labels';
import { MaskedNumber } from './masked-number';
import { SortHeader } from './sort-header';

type Props = {
  cards: Card[];
  state: CardListState;
  now: Date;
  isUpdating: boolean;
  onSort: (field: CardSortField) => void;
  onOpen: (card: Card) => void;
};

/**
 * One page of cards. On narrow screens the table scrolls sideways inside a labelled, focusable
 * region, so the page itself never does. Each row opens the card's panel: the cardholder's name is
 * the button for keyboards and screen readers, a click anywhere on the row does the same.
 */
export function CardsTable({ cards, state, now, isUpdating, onSort, onOpen }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const header = (field: CardSortField, align?: 'start' | 'end') => (
    <SortHeader
      field={field}
      label={intl.formatMessage({ id: `cards.column.${field}` })}
      state={state}
      onSort={onSort}
      align={align}
    />
  );
  const caption = intl.formatMessage(
    { id: 'cards.table.caption' },
    {
      column: intl.formatMessage({ id: `cards.column.${state.sort}` }),
      direction: state.direction,
    },
  );

  return (
    <Table.ScrollContainer
      minWidth={880}
      type="native"
      role="region"
      aria-label={intl.formatMessage({ id: 'cards.table.region' })}
      tabIndex={0}
      className="tessera-cards-table"
      data-updating={isUpdating || undefined}
      aria-busy={isUpdating || undefined}
    >
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {header('cardholder')}
            {header('cardName')}
            {header('expiryDate')}
            {header('balance', 'end')}
            {header('status')}
            {header('createdAt')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cards.map((card) => {
            const holder = `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim();
            const details = [card.cardholder.employeeCode, card.cardholder.email].filter(Boolean).join(' · ');
            return (
              <Table.Tr key={card.cardId} onClick={() => onOpen(card)} className="tessera-cards-table__row">
                <Table.Td>
                  <UnstyledButton
                    className="tessera-cards-table__open"
                    aria-haspopup="dialog"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(card);
                    }}
                  >
                    {holder || intl.formatMessage({ id: 'cards.table.noHolder' })}
                  </UnstyledButton>
                  {details ? (
                    <Text size="sm" c="dimmed">
                      {details}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text fw={600}>{card.cardName}</Text>
                  <MaskedNumber card={card} />
                  <Text size="sm" c="dimmed">
                    {productFamilyName(intl, locale, card.product, card.family)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text>{formatDate(calendarDate(card.expiryDate), locale)}</Text>
                  <ExpiryBadge card={card} now={now} />
                </Table.Td>
                <Table.Td ta="end" className="tessera-cards-table__amount">
                  {formatMoney(card.balanceCents)}
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <StatusBadge status={card.status} />
                    <TopUpBadge card={card} />
                  </Group>
                </Table.Td>
                <Table.Td>{formatDate(card.createdAt, locale)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
