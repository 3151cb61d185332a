import type { CompaniesResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyKeys } from '../query-keys';
import { requestOrThrow } from '../request';
import { ACCOUNTS_API } from '../request-context';

export const RELATED_COMPANIES_PATH = `${ACCOUNTS_API}/relatedCompanies`;

/**
 * `GET /api/v1/accounts/relatedCompanies`: names and VAT numbers of the companies the signed-in
 * user may act for (the company choice, the administrator's information page).
 */
export async function getRelatedCompanies(signal?: AbortSignal) {
  return (await requestOrThrow<CompaniesResponse>(RELATED_COMPANIES_PATH, { signal })).companies;
}

export const relatedCompaniesQueryOptions = queryOptions({
  queryKey: companyKeys.related,
  queryFn: ({ signal }) => getRelatedCompanies(signal),
});

export function useRelatedCompanies(isEnabled = true) {
  return useQuery({ ...relatedCompaniesQueryOptions, enabled: isEnabled });
}
