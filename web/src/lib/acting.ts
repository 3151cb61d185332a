import { isProviderRole, type ActingResponse } from '@tessera/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearCompanyStores } from './company-selection';
import { SESSION_QUERY_KEY } from './query-keys';
import { request, requestOrThrow } from './request';
import { ACCOUNTS_API } from './request-context';
import { useSession } from './session';

/**
 * Provider staff acting for a company or merchant (issue 18, ADR 027): what they act for (named),
 * starting for a merchant with a reason, and stopping. Starting for a company is the company
 * selection with a reason (`selectCompany`).
 */
export const ACTING_PATH = `${ACCOUNTS_API}/acting`;
export const STOP_ACTING_PATH = `${ACCOUNTS_API}/stopActing`;
export const ACT_FOR_MERCHANT_PATH = '/api/v1/merchants/actForMerchant';

export const actingKeys = { current: ['accounts', 'acting'] as const };

/** The acting state named; `state` tells one state of the session from the next. */
export const actingQueryOptions = (state: string) =>
  queryOptions({
    queryKey: [...actingKeys.current, state] as const,
    queryFn: async ({ signal }) =>
      (await requestOrThrow<ActingResponse>(ACTING_PATH, { signal, suppressGlobalError: true })).acting,
    staleTime: 30_000,
  });

/** What the signed-in provider staff act for, named; disabled for everyone else. */
export function useActing() {
  const session = useSession();
  const user = session.data?.user;
  const isStaff = user !== undefined && isProviderRole(user.userRoleId);
  // Refetched whenever the session's acting state changes.
  const key = `${session.data?.companyId ?? ''}|${session.data?.acting?.merchantId ?? ''}|${session.data?.acting?.since ?? ''}`;
  const isActing = Boolean(session.data?.companyId || session.data?.acting);
  return useQuery({ ...actingQueryOptions(key), enabled: isStaff && isActing });
}

/** Starts acting for a merchant; true when the server took it (the global error told otherwise). */
export async function actForMerchant(merchantId: string, reason: string): Promise<boolean> {
  const result = await request(ACT_FOR_MERCHANT_PATH, { method: 'POST', body: { merchantId, reason } });
  return !result.error;
}

/** Stops acting: the server forgets the company or merchant, and so does the browser. */
export function useStopActing() {
  const queryClient = useQueryClient();
  return async (): Promise<boolean> => {
    const result = await request(STOP_ACTING_PATH, { method: 'POST' });
    if (result.error) return false;
    clearCompanyStores();
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: actingKeys.current });
    return true;
  };
}

/** After starting to act: the session (and so the banner) reads the new state. */
export function useActingChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: actingKeys.current }),
    ]);
}
