import type { GetCompanyByIdResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMPANY_LOOKUP_PATH } from '../../../lib/company-selection';
import { requestOrThrow } from '../../../lib/request';
import { companyKeys } from '../../../lib/query-keys';

/** The company lookup of SPEC §7 (`POST {companyId}`): name, VAT, address and contacts. */
export async function getCompany(companyId: string, signal?: AbortSignal) {
  return requestOrThrow<GetCompanyByIdResponse>(COMPANY_LOOKUP_PATH, {
    method: 'POST',
    body: { companyId },
    signal,
  });
}

export const companyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.company(companyId),
    queryFn: ({ signal }) => getCompany(companyId, signal),
  });

export function useCompany(companyId: string | null) {
  return useQuery({ ...companyQueryOptions(companyId ?? ''), enabled: companyId !== null });
}
