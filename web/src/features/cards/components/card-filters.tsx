import { Button, NativeSelect, Switch, TextInput } from '@mantine/core';
import { CARD_CATEGORIES, CARD_STATUSES, stripLeadingWhitespace } from '@tessera/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../lib/use-locale';
import type { ChangeOptions } from '../hooks/use-card-list-state';
import { familiesOf, hasActiveFilters, SEARCH_DEBOUNCE_MS, type CardListState } from '../model';
import { familyName, productName } from '../../../lib/labels';

type Props = {
  state: CardListState;
  onChange: (change: Partial<CardListState>, options?: ChangeOptions) => void;
  onReset: () => void;
};

/**
 * The list's filters. Selects and switches apply at once (each a history entry, so Back undoes
 * it); the search box asks the server 300 ms after the last keystroke (replacing the history entry,
 * so Back does not replay every letter), or at once on Enter.
 */
export function CardFilters({ state, onChange, onReset }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const [draft, setDraft] = useState(state.search);
  const [shownSearch, setShownSearch] = useState(state.search);

  // The address changed the search (Back, a link, reset): show it, unless it is what is typed.
  if (state.search !== shownSearch) {
    setShownSearch(state.search);
    if (draft.trim() !== state.search) setDraft(state.search);
  }

  useEffect(() => {
    const search = draft.trim();
    if (search === state.search) return;
    const timer = window.setTimeout(() => onChange({ search }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, state.search, onChange]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = draft.trim();
    if (search !== state.search) onChange({ search }, { replace: true });
  };

  const all = (id: 'cards.filter.allProducts' | 'cards.filter.allFamilies' | 'cards.filter.allStatuses') => ({
    value: '',
    label: intl.formatMessage({ id }),
  });

  return (
    <form
      role="search"
      aria-label={intl.formatMessage({ id: 'cards.filter.label' })}
      onSubmit={onSubmit}
      className="tessera-cards-filters"
    >
      <TextInput
        type="search"
        name="q"
        className="tessera-cards-filters__search"
        label={intl.formatMessage({ id: 'cards.filter.search' })}
        description={intl.formatMessage({ id: 'cards.filter.searchHint' })}
        value={draft}
        maxLength={100}
        onChange={(event) => setDraft(stripLeadingWhitespace(event.currentTarget.value))}
      />
      <NativeSelect
        name="product"
        label={intl.formatMessage({ id: 'cards.filter.product' })}
        value={state.product ?? ''}
        data={[
          all('cards.filter.allProducts'),
          ...CARD_CATEGORIES.map((product) => ({ value: product, label: productName(product, locale) })),
        ]}
        onChange={(event) =>
          onChange({ product: (event.currentTarget.value || null) as CardListState['product'] })
        }
      />
      <NativeSelect
        name="family"
        label={intl.formatMessage({ id: 'cards.filter.family' })}
        value={state.family ?? ''}
        data={[
          all('cards.filter.allFamilies'),
          ...familiesOf(state.product).map((family) => ({ value: family, label: familyName(intl, family) })),
        ]}
        onChange={(event) =>
          onChange({ family: (event.currentTarget.value || null) as CardListState['family'] })
        }
      />
      <NativeSelect
        name="status"
        label={intl.formatMessage({ id: 'cards.filter.status' })}
        value={state.status ?? ''}
        data={[
          all('cards.filter.allStatuses'),
          ...CARD_STATUSES.map((status) => ({
            value: status,
            label: intl.formatMessage({ id: `cards.status.${status}` }),
          })),
        ]}
        onChange={(event) =>
          onChange({ status: (event.currentTarget.value || null) as CardListState['status'] })
        }
      />
      <div className="tessera-cards-filters__toggles">
        <Switch
          name="expiringSoon"
          label={intl.formatMessage({ id: 'cards.filter.expiringSoon' })}
          checked={state.expiringSoon}
          onChange={(event) => onChange({ expiringSoon: event.currentTarget.checked })}
        />
        <Switch
          name="readyToTopUp"
          label={intl.formatMessage({ id: 'cards.filter.readyToTopUp' })}
          checked={state.readyToTopUp}
          onChange={(event) => onChange({ readyToTopUp: event.currentTarget.checked })}
        />
        {hasActiveFilters(state) ? (
          <Button variant="subtle" onClick={onReset}>
            {intl.formatMessage({ id: 'cards.filter.reset' })}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
