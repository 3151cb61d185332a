import type { RoleId } from '@tessera/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { request } from './request';

/**
 * The session client (SPEC §3, §4, §7). `GET /api/auth/session` answers `{}` when signed out; the
 * identity work returns `{ user, expires, ... }`. Status goes loading → authenticated or
 * unauthenticated; the session is re-read on tab focus, on storage events from other tabs and,
 * when configured, on a polling interval.
 */

export type SessionUser = {
  name?: string;
  userId?: string;
  firstName?: string;
  lastName?: string;
  userRoleId?: RoleId;
  relatedCompanies?: { companyId: string }[];
};

export type Session = { user: SessionUser; expires?: string; companyId?: string; [key: string]: unknown };

export type SessionState =
  | { status: 'loading'; data: null }
  | { status: 'authenticated'; data: Session }
  | { status: 'unauthenticated'; data: null };

export const SESSION_PATH = '/api/auth/session';
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** SPEC §9: the poll interval is configurable (`VITE_SESSION_POLL_MS`); unset means no polling. */
const pollMs = Number(import.meta.env.VITE_SESSION_POLL_MS ?? 0);
export const SESSION_POLL_MS: number | false = Number.isFinite(pollMs) && pollMs > 0 ? pollMs : false;

/** Reads the session; signed out (or unreadable) is `null`. Never raises the global error. */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  const result = await request<Partial<Session>>(SESSION_PATH, { signal, suppressGlobalError: true });
  if (result.error) {
    if (!result.aborted) console.warn('there was an error loading the session', result.status);
    return null;
  }
  const user = result.data?.user;
  return user && typeof user === 'object' ? ({ ...result.data, user } as Session) : null;
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 0,
  refetchOnWindowFocus: true,
  refetchInterval: SESSION_POLL_MS,
});

export function useSession(): SessionState {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Another tab signing in or out changes localStorage (SPEC §4): read the session again.
    const onStorage = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const query = useQuery(sessionQueryOptions);
  if (query.isPending) return { status: 'loading', data: null };
  return query.data
    ? { status: 'authenticated', data: query.data }
    : { status: 'unauthenticated', data: null };
}
