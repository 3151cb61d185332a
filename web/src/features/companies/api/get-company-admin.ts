import type { CompanyAdminResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';

export const COMPANY_ADMIN_PATH = '/api/v1/accounts/getCompanyAdmin';

/** The back office's keys of one company (its settings and status; ADR 024). */
export const companyAdminKeys = {
  all: ['accounts', 'companyAdmin'] as const,
  company: (companyId: string) => ['accounts', 'companyAdmin', companyId] as const,
};

/** `POST getCompanyAdmin` (roles 1 and 2): a company's settings and status, a deactivated one too. */
export async function getCompanyAdmin(companyId: string, signal?: AbortSignal) {
  return (
    await requestOrThrow<CompanyAdminResponse>(COMPANY_ADMIN_PATH, {
      method: 'POST',
      body: { companyId },
      signal,
    })
  ).company;
}

export const companyAdminQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyAdminKeys.company(companyId),
    queryFn: ({ signal }) => getCompanyAdmin(companyId, signal),
  });

export function useCompanyAdmin(companyId: string) {
  return useQuery(companyAdminQueryOptions(companyId));
}
