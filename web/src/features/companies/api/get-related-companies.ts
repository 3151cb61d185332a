import type { CompaniesResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';

export const RELATED_COMPANIES_PATH = '/api/v1/accounts/relatedCompanies';

/** `GET /api/v1/accounts/relatedCompanies`: the companies the signed-in user may act for. */
export async function getRelatedCompanies(signal?: AbortSignal) {
  return (await requestOrThrow<CompaniesResponse>(RELATED_COMPANIES_PATH, { signal })).companies;
}

export const relatedCompaniesQueryOptions = queryOptions({
  queryKey: ['accounts', 'relatedCompanies'],
  queryFn: ({ signal }) => getRelatedCompanies(signal),
});

export function useRelatedCompanies() {
  return useQuery(relatedCompaniesQueryOptions);
}
