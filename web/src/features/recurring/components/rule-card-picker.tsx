import { Button, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import {
  stripLeadingWhitespace,
  type Card,
  type CardCategory,
  type CardFilterRequest,
} from '@tessera/domain';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { familyName } from '../../../lib/labels';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { PagePagination } from '../../../ui/page-pagination';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useRuleCards } from '../api/search-rule-cards';

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

const holderOf = (card: Card) => `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim();

/**
 * The company's active cards of the rule's product (every family), a page at a time from the
 * server, searched by cardholder, email, employee code, card name or last four digits. A tick adds a
 * card to the rule or takes it out (`selectedIds`: the cards the rule already has).
 */
export function RuleCardPicker({
  product,
  selectedIds,
  onAdd,
  onRemove,
}: {
  product: CardCategory;
  selectedIds: ReadonlySet<string>;
  onAdd: (cards: Card[]) => void;
  onRemove: (cardId: string) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [shownProduct, setShownProduct] = useState(product);
  if (shownProduct !== product) {
    setShownProduct(product);
    setPage(1);
  }

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = window.setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search]);

  const request = useMemo<CardFilterRequest>(
    () => ({
      product,
      status: 'active',
      search,
      sort: 'cardholder',
      direction: 'asc',
      page,
      pageSize: PAGE_SIZE,
    }),
    [product, search, page],
  );
  const query = useRuleCards(request);
  const cards = query.data?.cards ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const unselected = cards.filter((card) => !selectedIds.has(card.cardId));

  const checkboxOf = (card: Card, isLabelled: boolean) => (
    <Checkbox
      checked={selectedIds.has(card.cardId)}
      label={isLabelled ? holderOf(card) : undefined}
      aria-label={intl.formatMessage(
        { id: 'recurring.picker.select' },
        { holder: holderOf(card), last4: card.last4 },
      )}
      onChange={(event) => (event.currentTarget.checked ? onAdd([card]) : onRemove(card.cardId))}
    />
  );
  const cardOf = (card: Card) => `•••• ${card.last4} · ${card.cardName} · ${familyName(intl, card.family)}`;

  let results;
  if (query.isPending) {
    results = <LoadingState label={intl.formatMessage({ id: 'recurring.picker.loading' })} />;
  } else if (query.isError && !query.data) {
    results = <ErrorState onRetry={() => void query.refetch()} />;
  } else if (cards.length === 0) {
    results = (
      <EmptyState
        message={intl.formatMessage({
          id: search === '' ? 'recurring.picker.none' : 'recurring.picker.noMatch',
        })}
      />
    );
  } else {
    results = (
      <>
        <Group justify="space-between" gap="sm" mb="xs" wrap="wrap">
          <Text size="sm" aria-live="polite">
            {intl.formatMessage(
              { id: 'recurring.picker.count' },
              { count: total, formatted: formatNumber(total, locale) },
            )}
          </Text>
          <Button
            variant="light"
            size="compact-sm"
            disabled={unselected.length === 0}
            onClick={() => onAdd(unselected)}
          >
            {intl.formatMessage({ id: 'recurring.picker.selectPage' })}
          </Button>
        </Group>
        {isNarrow ? (
          <RecordList label={intl.formatMessage({ id: 'recurring.picker.label' })} isBusy={query.isFetching}>
            {cards.map((card) => (
              <RecordItem
                key={card.cardId}
                title={checkboxOf(card, true)}
                fields={[
                  {
                    label: intl.formatMessage({ id: 'recurring.column.card' }),
                    value: cardOf(card),
                    isWide: true,
                  },
                  {
                    label: intl.formatMessage({ id: 'recurring.column.balance' }),
                    value: formatMoney(card.balanceCents),
                  },
                ]}
              />
            ))}
          </RecordList>
        ) : (
          <Table.ScrollContainer minWidth={520} type="native">
            <Table
              verticalSpacing="xs"
              highlightOnHover
              aria-label={intl.formatMessage({ id: 'recurring.picker.label' })}
              aria-busy={query.isFetching || undefined}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'recurring.column.select' })}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'recurring.column.cardholder' })}</Table.Th>
                  <Table.Th scope="col">{intl.formatMessage({ id: 'recurring.column.card' })}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {intl.formatMessage({ id: 'recurring.column.balance' })}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cards.map((card) => (
                  <Table.Tr key={card.cardId}>
                    <Table.Td>{checkboxOf(card, false)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {holderOf(card)}
                      </Text>
                      {card.cardholder.employeeCode ? (
                        <Text size="xs" c="dimmed">
                          {card.cardholder.employeeCode}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{cardOf(card)}</Table.Td>
                    <Table.Td ta="end">{formatMoney(card.balanceCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <PagePagination pages={pages} page={Math.min(page, pages)} onChange={setPage} />
      </>
    );
  }

  return (
    <div className="tessera-recurring-picker">
      {/* Not a form of its own: the picker sits inside the rule's form, so Enter searches here. */}
      <div role="search" aria-label={intl.formatMessage({ id: 'recurring.picker.searchLabel' })}>
        <TextInput
          type="search"
          label={intl.formatMessage({ id: 'recurring.picker.search' })}
          description={intl.formatMessage({ id: 'recurring.picker.searchHint' })}
          value={typed}
          maxLength={100}
          mb="sm"
          onChange={(event) => setTyped(stripLeadingWhitespace(event.currentTarget.value))}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            setSearch(typed.trim());
            setPage(1);
          }}
        />
      </div>
      {results}
    </div>
  );
}
