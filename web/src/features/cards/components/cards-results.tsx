import { Button, Text } from '@mantine/core';
import type { Card, CardSortField } from '@tessera/domain';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useFilterCards } from '../api/filter-cards';
import type { ChangeOptions } from '../hooks/use-card-list-state';
import { cardFilterRequest, hasActiveFilters, nextSort, type CardListState } from '../model';
import { CardsPagination } from './cards-pagination';
import { CardsTable } from './cards-table';
import { useCompanyVoice } from '../../../lib/company-voice';

type Props = {
  state: CardListState;
  now: Date;
  onChange: (change: Partial<CardListState>, options?: ChangeOptions) => void;
  onReset: () => void;
  onOpen: (card: Card) => void;
};

/** The page of cards the server found for the list state: loading, error, empty or the table. */
export function CardsResults({ state, now, onChange, onReset, onOpen }: Props) {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const locale = useLocale();
  const cards = useFilterCards(cardFilterRequest(state));

  // A page past the end (the list shrank, or an old link): show the last page instead.
  const total = cards.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  const isPastEnd = !cards.isPlaceholderData && total > 0 && state.page > lastPage;
  useEffect(() => {
    if (isPastEnd) onChange({ page: lastPage }, { replace: true });
  }, [isPastEnd, lastPage, onChange]);

  if (cards.isPending) return <LoadingState label={intl.formatMessage({ id: 'cards.list.loading' })} />;
  if (cards.isError)
    return (
      <ErrorState
        message={intl.formatMessage({ id: 'cards.list.error' })}
        onRetry={() => void cards.refetch()}
      />
    );
  const { data } = cards;
  if (data.total === 0) {
    const isFiltered = hasActiveFilters(state);
    return (
      <div role="status">
        <EmptyState
          message={intl.formatMessage({ id: isFiltered ? 'cards.list.noMatch' : 'cards.list.none' }, voice)}
        />
        {isFiltered ? (
          <div className="tessera-cards-empty__action">
            <Button variant="outline" onClick={onReset}>
              {intl.formatMessage({ id: 'cards.filter.reset' })}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  const onSort = (field: CardSortField) => onChange(nextSort(state, field));
  return (
    <>
      <Text role="status" c="dimmed" mb="xs">
        {intl.formatMessage(
          { id: 'cards.list.count' },
          { count: data.total, formatted: formatNumber(data.total, locale) },
        )}
      </Text>
      <CardsTable
        cards={data.cards}
        state={state}
        now={now}
        isUpdating={cards.isPlaceholderData}
        onSort={onSort}
        onSortBy={(sort, direction) => onChange({ sort, direction })}
        onOpen={onOpen}
      />
      <CardsPagination state={state} shown={data.cards.length} total={data.total} onChange={onChange} />
    </>
  );
}
