import type { MerchantUserRole, User } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const MERCHANT_USERS_PATH = `${MERCHANTS_API}/merchantUsers`;

/** A user of the merchant with their standing there (administrator or view-only). */
export type MerchantUser = User & { merchantRole: MerchantUserRole };

/** `GET merchantUsers`: the merchant's users, confirmed or invited, locked or not. */
export async function getMerchantUsers(
  context: MerchantContext,
  signal?: AbortSignal,
): Promise<MerchantUser[]> {
  const body = await requestOrThrow<{ users: MerchantUser[] }>(MERCHANT_USERS_PATH, {
    ...merchantOptions(context),
    signal,
  });
  return body.users;
}

export const merchantUsersQueryOptions = (context: MerchantContext) =>
  queryOptions({
    queryKey: merchantAdminKeys.users(context.merchantId),
    queryFn: ({ signal }) => getMerchantUsers(context, signal),
  });

export function useMerchantUsers(context: MerchantContext) {
  return useQuery(merchantUsersQueryOptions(context));
}
