import type { AuditListResponse, AuditQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';

export const AUDIT_ENTRIES_PATH = '/api/v1/audit/entries';
export const AUDIT_EXPORT_PATH = '/api/v1/audit/export';
export const COMPANY_AUDIT_PATH = `${ACCOUNTS_API}/companyAuditLog`;

/** The filters as the page keeps them in its address. */
export type AuditFilters = Pick<AuditQuery, 'person' | 'companyId' | 'entity' | 'from' | 'to'> & {
  page: number;
};

/** The query string of the filters (empty values left out). */
export function auditSearch(filters: Partial<AuditFilters> & { lang?: string }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(key, String(value));
  }
  return params.toString();
}

export const auditKeys = {
  all: (filters: AuditFilters) => ['audit', 'all', filters] as const,
  company: (companyId: string, filters: AuditFilters) => ['audit', 'company', companyId, filters] as const,
};

/** `GET /api/v1/audit/entries`: the whole log, filtered, a page at a time (role 1). */
export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    ...queryOptions({
      queryKey: auditKeys.all(filters),
      queryFn: ({ signal }) =>
        requestOrThrow<AuditListResponse>(`${AUDIT_ENTRIES_PATH}?${auditSearch(filters)}`, { signal }),
    }),
    placeholderData: keepPreviousData,
  });
}

/** `GET companyAuditLog`: the company's own log (its order manager). */
export function useCompanyAuditLog(companyId: string, filters: AuditFilters) {
  return useQuery({
    ...queryOptions({
      queryKey: auditKeys.company(companyId, filters),
      queryFn: ({ signal }) =>
        requestOrThrow<AuditListResponse>(`${COMPANY_AUDIT_PATH}?${auditSearch(filters)}`, {
          signal,
          headers: companyHeaders(companyId),
        }),
    }),
    placeholderData: keepPreviousData,
  });
}
