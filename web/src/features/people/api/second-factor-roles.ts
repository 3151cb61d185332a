import type { CompanySecondFactorRolesResponse } from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { peopleKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { useLocale } from '../../../lib/use-locale';

const secondFactorRolesKey = (companyId: string) =>
  [...peopleKeys.users(companyId), 'secondFactorRoles'] as const;

/** `POST getSecondFactorRoles` (issue 21, ADR 031): the company's roles that must use two factors. */
export function useSecondFactorRoles(companyId: string) {
  return useQuery(
    queryOptions({
      queryKey: secondFactorRolesKey(companyId),
      queryFn: async ({ signal }) =>
        (
          await requestOrThrow<CompanySecondFactorRolesResponse>(`${ACCOUNTS_API}/getSecondFactorRoles`, {
            method: 'POST',
            headers: companyHeaders(companyId),
            body: { companyId },
            signal,
          })
        ).roleIds,
    }),
  );
}

/** `POST updateSecondFactorRoles`: sets the roles (audited); failures go to the global error. */
export function useSaveSecondFactorRoles(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roleIds: number[]) =>
      (
        await requestOrThrow<CompanySecondFactorRolesResponse>(`${ACCOUNTS_API}/updateSecondFactorRoles`, {
          method: 'POST',
          locale,
          headers: companyHeaders(companyId),
          body: { companyId, roleIds },
        })
      ).roleIds,
    onSuccess: (roleIds) => queryClient.setQueryData(secondFactorRolesKey(companyId), roleIds),
  });
}
