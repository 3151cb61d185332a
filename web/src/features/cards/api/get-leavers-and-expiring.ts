import type { LeaversAndExpiringRequest, LeaversAndExpiringResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cardKeys } from '../../../lib/query-keys';
import { requestOrThrow } from '../../../lib/request';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';

export const LEAVERS_AND_EXPIRING_PATH = `${ACCOUNTS_API}/leaversAndExpiring`;

/**
 * `GET /api/v1/accounts/leaversAndExpiring` (issue 22 §4, ADR 036): one page of the company's live
 * cards expiring within 60 days and of its leavers' live cards, with each view's count.
 */
export async function getLeaversAndExpiring(
  context: RequestContext,
  input: LeaversAndExpiringRequest,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined) query.set(name, String(value));
  }
  return requestOrThrow<LeaversAndExpiringResponse>(`${LEAVERS_AND_EXPIRING_PATH}?${query.toString()}`, {
    ...contextOptions(context),
    signal,
  });
}

export const leaversAndExpiringQueryOptions = (context: RequestContext, input: LeaversAndExpiringRequest) =>
  queryOptions({
    queryKey: [...cardKeys.leavers(context.companyId), input],
    queryFn: ({ signal }) => getLeaversAndExpiring(context, input, signal),
    enabled: context.companyId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useLeaversAndExpiring(input: LeaversAndExpiringRequest) {
  return useQuery(leaversAndExpiringQueryOptions(useRequestContext(), input));
}
