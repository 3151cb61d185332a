import type { CompaniesResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';

export const RELATED_COMPANIES_PATH = '/api/v1/accounts/relatedCompanies';

/** `GET /api/v1/accounts/relatedCompanies`: names and VAT numbers of the user's companies. */
export async function getRelatedCompanies(signal?: AbortSignal) {
  return (await requestOrThrow<CompaniesResponse>(RELATED_COMPANIES_PATH, { signal })).companies;
}

export const relatedCompaniesQueryOptions = queryOptions({
  queryKey: ['accounts', 'relatedCompanies'],
  queryFn: ({ signal }) => getRelatedCompanies(signal),
});

export function useRelatedCompanies(isEnabled = true) {
  return useQuery({ ...relatedCompaniesQueryOptions, enabled: isEnabled });
}
