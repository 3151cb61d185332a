import type { UserListResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { peopleKeys } from '../../../lib/query-keys';

export const USER_LIST_PATH = `${ACCOUNTS_API}/userList`;

/** `GET userList`: the company's users of roles 3–5 (order, finance and payment managers). */
export async function getUsers(companyId: string, signal?: AbortSignal) {
  return (
    await requestOrThrow<UserListResponse>(USER_LIST_PATH, { headers: companyHeaders(companyId), signal })
  ).users;
}

export const usersQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: peopleKeys.users(companyId),
    queryFn: ({ signal }) => getUsers(companyId, signal),
  });

export function useUsers(companyId: string) {
  return useQuery(usersQueryOptions(companyId));
}
