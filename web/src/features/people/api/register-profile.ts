import { ERROR_CODE, type CompanyUserResponse, type RegisterProfileRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../lib/use-locale';
import { submitForm } from '../../../lib/form-errors';
import { ACCOUNTS_API } from '../../../lib/request-context';
import { peopleKeys } from '../../../lib/query-keys';

export const REGISTER_PROFILE_PATH = `${ACCOUNTS_API}/registerProfile`;

export const PROFILE_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'jobTitle',
  'userRoleId',
  'preferredLanguage',
] as const satisfies readonly (keyof RegisterProfileRequest)[];
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * `POST registerProfile` (order manager): invites a colleague, who receives an email to set a
 * password; until then the colleague is listed as pending.
 */
export function useRegisterProfile(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterProfileRequest) =>
      submitForm<CompanyUserResponse, ProfileField>(REGISTER_PROFILE_PATH, input, PROFILE_FIELDS, {
        locale,
        companyId,
        // A taken email is a 409 naming the field: shown beside it (ADR 023).
        codes: [ERROR_CODE.CONFLICT],
      }),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: peopleKeys.users(companyId) });
    },
  });
}
