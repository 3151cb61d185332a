import type { AdminSearchUsersRequest, AdminSearchUsersResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { USERS_API, userAdminKeys } from './keys';

export const SEARCH_USERS_PATH = `${USERS_API}/userList`;
export const USERS_PAGE_SIZE = 20;

/** `POST users/userList` (provider staff): every user by name or email, company, role and status. */
export const searchUsersQueryOptions = (filter: AdminSearchUsersRequest) =>
  queryOptions({
    queryKey: userAdminKeys.search(filter),
    queryFn: ({ signal }) =>
      requestOrThrow<AdminSearchUsersResponse>(SEARCH_USERS_PATH, {
        method: 'POST',
        body: { pageSize: USERS_PAGE_SIZE, ...filter },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useSearchUsers(filter: AdminSearchUsersRequest) {
  return useQuery(searchUsersQueryOptions(filter));
}
