import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import type { MerchantUser } from './get-merchant-users';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const LOCK_MERCHANT_USER_PATH = `${MERCHANTS_API}/lockMerchantUser`;

/**
 * `POST lockMerchantUser {userId, locked}` (administrator): a locked user cannot sign in until
 * unlocked. A failure shows the global error and answers null.
 */
export function useLockMerchantUser(context: MerchantContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { userId: string; locked: boolean }) => {
      const result = await request<{ user: MerchantUser }>(LOCK_MERCHANT_USER_PATH, {
        method: 'POST',
        body: input,
        ...merchantOptions(context),
      });
      return result.error ? null : result.data.user;
    },
    onSuccess: (user) => {
      if (user) void queryClient.invalidateQueries({ queryKey: merchantAdminKeys.users(context.merchantId) });
    },
  });
}
