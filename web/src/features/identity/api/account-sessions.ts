import type { AccountSessionsResponse, EndedSessionsResponse } from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';

export const ACCOUNT_SESSIONS_PATH = '/api/auth/sessions';

const sessionsKey = ['auth', 'sessions'] as const;

/** `GET /api/auth/sessions`: the signed-in user's live sessions, the asking one marked (ADR 033). */
export async function listAccountSessions(signal?: AbortSignal) {
  return (await requestOrThrow<AccountSessionsResponse>(ACCOUNT_SESSIONS_PATH, { signal })).sessions;
}

export const accountSessionsQueryOptions = queryOptions({
  queryKey: sessionsKey,
  queryFn: ({ signal }) => listAccountSessions(signal),
  staleTime: 0,
});

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions);
}

/**
 * `POST /api/auth/sessions/:sessionId/end` (one session) or `POST /api/auth/sessions/end-others`
 * (every session but this one); the list is read again afterwards. Failures go to the global
 * error dialog (a session that ended meanwhile is 404).
 */
export function useEndAccountSessions() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { sessionId: string } | 'others') =>
      requestOrThrow<EndedSessionsResponse>(
        which === 'others'
          ? `${ACCOUNT_SESSIONS_PATH}/end-others`
          : `${ACCOUNT_SESSIONS_PATH}/${encodeURIComponent(which.sessionId)}/end`,
        { method: 'POST', locale },
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
