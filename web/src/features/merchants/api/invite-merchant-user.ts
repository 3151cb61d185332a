import type { Locale, MerchantUserRole } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantUser } from './get-merchant-users';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, type MerchantContext } from './merchant-context';
import { submitMerchantForm } from './submit-merchant-form';

export const INVITE_MERCHANT_USER_PATH = `${MERCHANTS_API}/inviteMerchantUser`;

export type InviteMerchantUserInput = {
  email: string;
  firstName: string;
  lastName: string;
  role: MerchantUserRole;
  preferredLanguage: Locale;
};

export const INVITE_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'role',
  'preferredLanguage',
] as const satisfies readonly (keyof InviteMerchantUserInput)[];
export type InviteField = (typeof INVITE_FIELDS)[number];

/**
 * `POST inviteMerchantUser` (administrator): a new administrator or view-only user, who receives
 * the identity service's confirmation mail to set a password; listed as pending until then.
 */
export function useInviteMerchantUser(context: MerchantContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMerchantUserInput) =>
      submitMerchantForm<{ user: MerchantUser }, InviteField>(
        INVITE_MERCHANT_USER_PATH,
        input,
        INVITE_FIELDS,
        context,
      ),
    onSuccess: (result) => {
      if (result.ok)
        void queryClient.invalidateQueries({ queryKey: merchantAdminKeys.users(context.merchantId) });
    },
  });
}
