import type { UserResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { identityKeys } from '../../../lib/query-keys';

export const ME_PATH = '/api/v2/identity/users/me';

/** `GET /api/v2/identity/users/me`: the signed-in user's own profile. */
export async function getMe(signal?: AbortSignal) {
  return (await requestOrThrow<UserResponse>(ME_PATH, { signal })).user;
}

export const meQueryOptions = queryOptions({
  queryKey: identityKeys.me,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 0,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
