import { Group, NativeSelect, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { CARD_SORT_FIELDS, type Card, type CardSortField } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDate, formatMoney } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { calendarDate, type CardListState, type SortDirection } from '../model';
import { ExpiryBadge, StatusBadge, TopUpBadge } from './card-badges';
import { MaskedNumber } from './masked-number';
import { SortHeader } from './sort-header';
import { productFamilyName } from '../../../lib/labels';
import { useCompanyVoice } from '../../../lib/company-voice';

type Props = {
  cards: Card[];
  state: CardListState;
  now: Date;
  isUpdating: boolean;
  /** A click on a column header: that column, or the other direction of it. */
  onSort: (field: CardSortField) => void;
  /** The sort controls of narrow screens, which have no column headers. */
  onSortBy: (sort: CardSortField, direction: SortDirection) => void;
  onOpen: (card: Card) => void;
};

/**
 * One page of cards. Each opens the card's panel: the cardholder's name is the button for keyboards
 * and screen readers, a click anywhere on the row does the same. Below the desktop layout each card
 * is a card of the list instead of a table row (status beside the name, balance first), with its
 * own sort controls: nothing hides behind a sideways scroll.
 */
export function CardsTable({ cards, state, now, isUpdating, onSort, onSortBy, onOpen }: Props) {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
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
      ...voice,
    },
  );

  const holderOf = (card: Card) =>
    `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim() ||
    intl.formatMessage({ id: 'cards.table.noHolder' });
  const detailsOf = (card: Card) =>
    [card.cardholder.employeeCode, card.cardholder.email].filter(Boolean).join(' · ');
  const column = (field: CardSortField) => intl.formatMessage({ id: `cards.column.${field}` });

  if (isNarrow) {
    return (
      <div className="tessera-cards-list" data-updating={isUpdating || undefined}>
        <Group gap="sm" mb="sm" grow preventGrowOverflow={false} className="tessera-cards-list__sort">
          <NativeSelect
            label={intl.formatMessage({ id: 'cards.sort.field' })}
            value={state.sort}
            data={CARD_SORT_FIELDS.map((field) => ({ value: field, label: column(field) }))}
            onChange={(event) => onSortBy(event.currentTarget.value as CardSortField, state.direction)}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'cards.sort.direction' })}
            value={state.direction}
            data={(['asc', 'desc'] as const).map((direction) => ({
              value: direction,
              label: intl.formatMessage({ id: `cards.sort.${direction}` }),
            }))}
            onChange={(event) => onSortBy(state.sort, event.currentTarget.value as SortDirection)}
          />
        </Group>
        <RecordList label={caption} isBusy={isUpdating}>
          {cards.map((card) => {
            const details = detailsOf(card);
            return (
              <RecordItem
                key={card.cardId}
                title={
                  <>
                    <UnstyledButton
                      className="tessera-cards-table__open"
                      aria-haspopup="dialog"
                      onClick={() => onOpen(card)}
                    >
                      {holderOf(card)}
                    </UnstyledButton>
                    {details ? (
                      <Text size="sm" c="dimmed" fw={400}>
                        {details}
                      </Text>
                    ) : null}
                  </>
                }
                aside={
                  <>
                    <StatusBadge status={card.status} />
                    <TopUpBadge card={card} />
                  </>
                }
                fields={[
                  { label: column('balance'), value: formatMoney(card.balanceCents), isKey: true },
                  {
                    label: column('cardName'),
                    value: (
                      <>
                        <Text fw={600}>{card.cardName}</Text>
                        <MaskedNumber card={card} />
                        <Text size="sm" c="dimmed">
                          {productFamilyName(intl, locale, card.product, card.family)}
                        </Text>
                      </>
                    ),
                    isWide: true,
                  },
                  {
                    label: column('expiryDate'),
                    value: (
                      <>
                        <Text>{formatDate(calendarDate(card.expiryDate), locale)}</Text>
                        <ExpiryBadge card={card} now={now} />
                      </>
                    ),
                  },
                  { label: column('createdAt'), value: formatDate(card.createdAt, locale) },
                ]}
              />
            );
          })}
        </RecordList>
      </div>
    );
  }

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
            const details = detailsOf(card);
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
                    {holderOf(card)}
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
