import type { ManagedCompanyUserResponse, ManagedCompanyUsersResponse } from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { peopleKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { useLocale } from '../../../lib/use-locale';

export const COMPANY_USERS_PATH = `${ACCOUNTS_API}/companyUsers`;

/** Under the company's users, so an invitation or an edit (which refresh those) refreshes this too. */
const companyUsersKey = (companyId: string) => [...peopleKeys.users(companyId), 'managed'] as const;

/** `GET companyUsers` (order manager, ADR 023): the company's users with their state. */
export const companyUsersQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyUsersKey(companyId),
    queryFn: async ({ signal }) =>
      (
        await requestOrThrow<ManagedCompanyUsersResponse>(COMPANY_USERS_PATH, {
          headers: companyHeaders(companyId),
          signal,
        })
      ).users,
  });

export function useCompanyUsers(companyId: string) {
  return useQuery(companyUsersQueryOptions(companyId));
}

export type CompanyUserAction = 'lock' | 'unlock' | 'requestConfirmation';

/** `POST companyUsers/:userId/lock|unlock|requestConfirmation`: failures go to the global error. */
export function useCompanyUserAction(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: CompanyUserAction }) =>
      requestOrThrow<ManagedCompanyUserResponse>(`${COMPANY_USERS_PATH}/${userId}/${action}`, {
        method: 'POST',
        locale,
        headers: companyHeaders(companyId),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.users(companyId) }),
  });
}
