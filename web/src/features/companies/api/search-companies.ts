import type { SearchCompanyRequest, SearchCompanyResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { companyKeys } from '../../../lib/query-keys';

export const SEARCH_COMPANY_PATH = '/api/v1/accounts/searchCompany';
export const COMPANIES_PAGE_SIZE = 10;

/** `POST /api/v1/accounts/searchCompany` (roles 1 and 2): by name, VAT or id, a page at a time. */
export async function searchCompanies(input: SearchCompanyRequest, signal?: AbortSignal) {
  return requestOrThrow<SearchCompanyResponse>(SEARCH_COMPANY_PATH, { method: 'POST', body: input, signal });
}

export const searchCompaniesQueryOptions = (query: string, page: number) =>
  queryOptions({
    queryKey: companyKeys.search(query, page),
    queryFn: ({ signal }) => searchCompanies({ query, page, pageSize: COMPANIES_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchCompanies(query: string, page: number) {
  return useQuery(searchCompaniesQueryOptions(query, page));
}
