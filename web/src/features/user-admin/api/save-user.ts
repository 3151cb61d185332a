import {
  ERROR_CODE,
  type AdminCreateUserRequest,
  type AdminUpdateUserRequest,
  type AdminUserResponse,
} from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitForm } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { USERS_API, userAdminKeys } from './keys';

export const USER_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'preferredLanguage',
  'userRoleId',
  'companyIds',
  'merchantId',
  'merchantRole',
] as const satisfies readonly (keyof AdminCreateUserRequest)[];
export type UserField = (typeof USER_FIELDS)[number];

/** A taken email (409) and a change only an admin may make (ADMIN_ONLY) stay with the form. */
const FORM_CODES = [ERROR_CODE.CONFLICT, ERROR_CODE.ADMIN_ONLY];

/** `POST users/registerProfile` (provider staff): creates a user; the confirmation mail goes out. */
export function useCreateUser() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCreateUserRequest) =>
      submitForm<AdminUserResponse, UserField>(`${USERS_API}/registerProfile`, input, USER_FIELDS, {
        locale,
        companyId: null,
        codes: FORM_CODES,
      }),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: userAdminKeys.all });
    },
  });
}

/** `POST users/:userId/updateManager` (provider staff): details, role, companies, merchant. */
export function useUpdateUser(userId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUpdateUserRequest) =>
      submitForm<AdminUserResponse, UserField>(
        `${USERS_API}/${encodeURIComponent(userId)}/updateManager`,
        input,
        USER_FIELDS,
        { locale, companyId: null, codes: FORM_CODES },
      ),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: userAdminKeys.all });
    },
  });
}
