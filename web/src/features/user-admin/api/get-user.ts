import type { AdminUserResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { USERS_API, userAdminKeys } from './keys';

/** `GET users/:userId` (provider staff): one user with companies, merchant and status. */
export const adminUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userAdminKeys.user(userId),
    queryFn: async ({ signal }) =>
      (await requestOrThrow<AdminUserResponse>(`${USERS_API}/${encodeURIComponent(userId)}`, { signal }))
        .user,
  });

export function useAdminUser(userId: string) {
  return useQuery(adminUserQueryOptions(userId));
}
