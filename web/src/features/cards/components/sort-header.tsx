import { Table, UnstyledButton } from '@mantine/core';
import type { CardSortField } from '@tessera/domain';
import type { CardListState } from '../model';

type Props = {
  field: CardSortField;
  label: string;
  state: CardListState;
  onSort: (field: CardSortField) => void;
  align?: 'start' | 'end';
};

/** A column header that sorts on the server; `aria-sort` tells screen readers the current order. */
export function SortHeader({ field, label, state, onSort, align = 'start' }: Props) {
  const isActive = state.sort === field;
  const sort = isActive ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th scope="col" aria-sort={sort} ta={align}>
      <UnstyledButton
        onClick={() => onSort(field)}
        className="tessera-cards-sort"
        data-align={align}
        data-active={isActive || undefined}
      >
        {label}
        <SortIcon direction={isActive ? state.direction : null} />
      </UnstyledButton>
    </Table.Th>
  );
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M6 1 2.5 5h7z" fill="currentColor" opacity={direction === 'desc' ? 0.25 : 1} />
      <path d="M6 11 2.5 7h7z" fill="currentColor" opacity={direction === 'asc' ? 0.25 : 1} />
    </svg>
  );
}
