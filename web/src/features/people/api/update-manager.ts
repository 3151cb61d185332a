import type { CompanyUserResponse, UpdateManagerRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../lib/use-locale';
import { submitForm } from '../../../lib/form-errors';
import { ACCOUNTS_API } from '../../../lib/request-context';
import { peopleKeys } from '../../../lib/query-keys';

export const UPDATE_MANAGER_PATH = `${ACCOUNTS_API}/updateManager`;

export const MANAGER_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'jobTitle',
  'userRoleId',
] as const satisfies readonly (keyof UpdateManagerRequest)[];
export type ManagerField = (typeof MANAGER_FIELDS)[number];

/** `POST updateManager` (order manager): a colleague's contact details and role. */
export function useUpdateManager(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateManagerRequest) =>
      submitForm<CompanyUserResponse, ManagerField>(UPDATE_MANAGER_PATH, input, MANAGER_FIELDS, {
        locale,
        companyId,
      }),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: peopleKeys.users(companyId) });
    },
  });
}
