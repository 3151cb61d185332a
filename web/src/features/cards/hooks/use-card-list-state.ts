import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyCardListChange,
  cardListParams,
  parseCardListParams,
  resetCardFilters,
  type CardListState,
} from '../model';

export type ChangeOptions = {
  /** Replace the history entry instead of adding one (search as it is typed). */
  replace?: boolean;
};

/**
 * The card list's state lives in the query string (`?status=active&sort=balance&page=2`), so a
 * reload, back and forward, and the bell's links (`?expiringSoon=true`) all show the same list.
 */
export function useCardListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseCardListParams(params), [params]);

  const change = useCallback(
    (patch: Partial<CardListState>, options: ChangeOptions = {}) => {
      setParams((current) => cardListParams(applyCardListChange(parseCardListParams(current), patch)), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams],
  );

  const reset = useCallback(() => {
    setParams((current) => cardListParams(resetCardFilters(parseCardListParams(current))), {
      preventScrollReset: true,
    });
  }, [setParams]);

  return { state, change, reset };
}
