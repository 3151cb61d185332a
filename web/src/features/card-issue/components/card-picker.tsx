import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Pagination,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { stripLeadingWhitespace, type Card, type CardIssueReason, type OrderType } from '@tessera/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { usePickerCards } from '../api/filter-cards';
import { pickerFiltersOf, pickerRequest, type PickerFilter, type ProductChoice } from '../model';
import { PICKER_FILTER_LABEL } from './labels';
import { MaskedNumber } from './masked-number';

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  reason: CardIssueReason;
  orderType: OrderType;
  choice: ProductChoice;
  selectedIds: ReadonlySet<string>;
  onAdd: (cards: Card[]) => void;
  onRemove: (cardIds: string[]) => void;
};

const holderOf = (card: Card) => `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim();

/**
 * The company's cards this flow may take, a page at a time from the server (a company may hold
 * thousands): of the draft's product and family, in the statuses of the reason, searched by
 * cardholder, email, employee code, card name or last four digits. A checkbox adds a card as a
 * line of the draft or removes it.
 */
export function CardPicker({ reason, orderType, choice, selectedIds, onAdd, onRemove }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const headingId = useId();
  const filters = pickerFiltersOf(reason, orderType);
  const [filter, setFilter] = useState<PickerFilter>(filters[0] ?? 'active');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = window.setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search]);

  const activeFilter = filters.includes(filter) ? filter : (filters[0] ?? 'active');
  const request = useMemo(
    () => pickerRequest(reason, choice, activeFilter, search, page, PAGE_SIZE),
    [reason, choice, activeFilter, search, page],
  );
  const query = usePickerCards(request);
  const cards = query.data?.cards ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const unselectedOnPage = cards.filter((card) => !selectedIds.has(card.cardId));

  /** The tick of a card; on a narrow screen it carries the cardholder's name (a bigger target). */
  const checkboxOf = (card: Card, isLabelled: boolean) => (
    <Checkbox
      checked={selectedIds.has(card.cardId)}
      label={
        isLabelled ? (
          <>
            {holderOf(card)}
            {card.cardholder.employeeCode ? (
              <Text size="xs" c="dimmed" component="span" display="block" fw={400}>
                {card.cardholder.employeeCode}
              </Text>
            ) : null}
          </>
        ) : undefined
      }
      aria-label={intl.formatMessage(
        { id: 'cardIssue.picker.selectCard' },
        { holder: holderOf(card), last4: card.last4 },
      )}
      onChange={(event) => (event.currentTarget.checked ? onAdd([card]) : onRemove([card.cardId]))}
    />
  );
  const cardOf = (card: Card) => (
    <>
      <MaskedNumber maskedNumber={card.maskedNumber} />
      <Text size="xs" c="dimmed">
        {card.cardName}
      </Text>
    </>
  );
  const expiryOf = (card: Card) => formatDate(`${card.expiryDate.slice(0, 10)}T12:00:00Z`, locale);

  let results;
  if (query.isPending) {
    results = <LoadingState label={intl.formatMessage({ id: 'cardIssue.picker.loading' })} />;
  } else if (query.isError && !query.data) {
    results = (
      <ErrorState
        message={intl.formatMessage({ id: 'cardIssue.picker.error' })}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (cards.length === 0) {
    results = (
      <EmptyState
        message={intl.formatMessage({
          id: search === '' ? 'cardIssue.picker.none' : 'cardIssue.picker.noMatch',
        })}
      />
    );
  } else {
    results = (
      <>
        <Group justify="space-between" gap="sm" mb="xs" wrap="wrap">
          <Text size="sm" aria-live="polite">
            {intl.formatMessage(
              { id: 'cardIssue.picker.count' },
              { count: total, formatted: formatNumber(total, locale) },
            )}
          </Text>
          <Button
            variant="light"
            size="compact-sm"
            disabled={unselectedOnPage.length === 0}
            onClick={() => onAdd(unselectedOnPage)}
          >
            {intl.formatMessage({ id: 'cardIssue.picker.selectPage' })}
          </Button>
        </Group>
        {isNarrow ? (
          // Below the desktop layout each card is a card of the list: the tick and the name on top
          // (the name ticks it too), the balance in view.
          <RecordList label={intl.formatMessage({ id: 'cardIssue.picker.region' })} isBusy={query.isFetching}>
            {cards.map((card) => (
              <RecordItem
                key={card.cardId}
                title={checkboxOf(card, true)}
                fields={[
                  {
                    label: intl.formatMessage({ id: 'cardIssue.column.balance' }),
                    value: formatMoney(card.balanceCents),
                  },
                  {
                    label: intl.formatMessage({ id: 'cardIssue.column.expiry' }),
                    value: expiryOf(card),
                  },
                  {
                    label: intl.formatMessage({ id: 'cardIssue.column.card' }),
                    value: cardOf(card),
                    isWide: true,
                  },
                ]}
              />
            ))}
          </RecordList>
        ) : (
          <Table.ScrollContainer
            className="tessera-issue-scroll"
            minWidth={640}
            type="native"
            role="region"
            aria-label={intl.formatMessage({ id: 'cardIssue.picker.region' })}
            tabIndex={0}
            aria-busy={query.isFetching || undefined}
          >
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.select' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.cardholder' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.card' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.expiry' })}</Table.Th>
                  <Table.Th ta="end">{intl.formatMessage({ id: 'cardIssue.column.balance' })}</Table.Th>
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
                    <Table.Td>{expiryOf(card)}</Table.Td>
                    <Table.Td ta="end">{formatMoney(card.balanceCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <nav aria-label={intl.formatMessage({ id: 'cardIssue.picker.pagination' })}>
            <Pagination
              mt="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({
                'aria-label': intl.formatMessage({ id: `cardIssue.pagination.${control}` }),
              })}
              getItemProps={(item) => ({
                'aria-label': intl.formatMessage({ id: 'cardIssue.pagination.page' }, { page: item }),
                ...(item === page ? { 'aria-current': 'page' } : {}),
              })}
            />
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="tessera-issue-picker">
      <Title order={4} size="h5" id={headingId} mb="xs">
        {intl.formatMessage({ id: 'cardIssue.picker.title' })}
      </Title>
      <form
        role="search"
        aria-label={intl.formatMessage({ id: 'cardIssue.picker.searchLabel' })}
        className="tessera-issue-picker__filters"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim());
          setPage(1);
        }}
      >
        <TextInput
          type="search"
          label={intl.formatMessage({ id: 'cardIssue.picker.search' })}
          description={intl.formatMessage({ id: 'cardIssue.picker.searchHint' })}
          value={typed}
          maxLength={100}
          onChange={(event) => setTyped(stripLeadingWhitespace(event.currentTarget.value))}
        />
        {filters.length > 1 ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'cardIssue.picker.show' })}
            value={activeFilter}
            data={filters.map((value) => ({
              value,
              label: intl.formatMessage({ id: PICKER_FILTER_LABEL[value] }),
            }))}
            onChange={(event) => {
              setFilter(event.currentTarget.value as PickerFilter);
              setPage(1);
            }}
          />
        ) : null}
      </form>
      {results}
    </section>
  );
}
