import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { autoSelectCompany, clearCompanyStores, isStoredCompanyForeign } from '../lib/company-selection';
import { onSessionLost } from '../lib/request';
import { isSigningOut, sessionQueryOptions } from '../lib/session';
import { clearAllLocalStorage, currentCompanyId, readStore } from '../lib/storage';
import { SESSION_QUERY_KEY } from '../lib/query-keys';

/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Keys that only make sense for a signed-in user of a company (SPEC §3 persisted stores). */
const SIGNED_IN_KEYS = [
  'companyData',
  'lastCompanyId',
  'draftTotal',
  'orderDraft',
  'draftOrder',
  'bulkCards',
  'bulkProduct',
];

function hasSignedInData(): boolean {
  return (
    readStore('companyData') !== null ||
    SIGNED_IN_KEYS.some((key) => {
      try {
        return window.localStorage.getItem(key) !== null;
      } catch {
        return false;
      }
    })
  );
}

/**
 * Keeps the session client in step (SPEC §4), mounted once at the root:
 * - reads the session again on tab focus, on `storage` events from other tabs (sign-out is
 *   broadcast that way), when it expires, and when a request finds it gone;
 * - with no session, all local storage is cleared: on the change from signed in to signed out, and
 *   when a signed-out visit finds company or draft data stored. The read-notification list of an
 *   anonymous visitor stays otherwise;
 * - signed in: drops a company stored for someone else, and selects the only company of a company
 *   role automatically.
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  const { data } = useQuery(sessionQueryOptions);
  const previous = useRef<'unknown' | 'in' | 'out'>('unknown');

  useEffect(() => {
    const refetch = () => {
      if (!isSigningOut()) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    window.addEventListener('focus', refetch);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', refetch);
    const stopListening = onSessionLost(refetch);
    return () => {
      window.removeEventListener('focus', refetch);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', refetch);
      stopListening();
    };
  }, [queryClient]);

  const expires = data?.expires;
  useEffect(() => {
    if (!expires) return;
    const delay = new Date(expires).getTime() - Date.now() + 1000;
    if (!Number.isFinite(delay)) return;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      Math.min(Math.max(delay, 0), MAX_TIMEOUT_MS),
    );
    return () => window.clearTimeout(timer);
  }, [expires, queryClient]);

  useEffect(() => {
    if (data === undefined) return;
    if (data === null) {
      const wasSignedIn = previous.current === 'in';
      previous.current = 'out';
      if (wasSignedIn || hasSignedInData()) clearAllLocalStorage();
      return;
    }
    previous.current = 'in';
    if (isStoredCompanyForeign(data.user, currentCompanyId())) clearCompanyStores();
    void autoSelectCompany(data.user);
  }, [data]);

  return null;
}
