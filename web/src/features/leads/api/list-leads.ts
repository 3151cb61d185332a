import type { LeadKind, LeadStatus, ListLeadsResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';

export const LIST_LEADS_PATH = '/api/v1/accounts/listLeads';
export const LEADS_PAGE_SIZE = 20;

export type LeadFilter = { kind: LeadKind | null; status: LeadStatus | null; page: number };

export const leadKeys = {
  all: ['accounts', 'leads'] as const,
  list: (filter: LeadFilter) => ['accounts', 'leads', filter] as const,
};

/** `POST listLeads` (role 1): leads by kind and status, newest first, a page at a time. */
export const leadsQueryOptions = (filter: LeadFilter) =>
  queryOptions({
    queryKey: leadKeys.list(filter),
    queryFn: ({ signal }) =>
      requestOrThrow<ListLeadsResponse>(LIST_LEADS_PATH, {
        method: 'POST',
        body: {
          ...(filter.kind ? { kind: filter.kind } : {}),
          ...(filter.status ? { status: filter.status } : {}),
          page: filter.page,
          pageSize: LEADS_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useLeads(filter: LeadFilter) {
  return useQuery(leadsQueryOptions(filter));
}
