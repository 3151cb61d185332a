import type { ContractsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { companyHeaders } from '../../../lib/request-context';
import { contractKeys } from '../../../lib/query-keys';

export const CONTRACTS_PATH = '/api/v1/accounts/contracts';

/** `GET contracts`: the company's contracts with the provider, one per product. */
export async function getContracts(companyId: string, signal?: AbortSignal) {
  return (
    await requestOrThrow<ContractsResponse>(CONTRACTS_PATH, { headers: companyHeaders(companyId), signal })
  ).contracts;
}

export const contractsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: contractKeys.all(companyId),
    queryFn: ({ signal }) => getContracts(companyId, signal),
  });

export function useContracts(companyId: string | null) {
  return useQuery({ ...contractsQueryOptions(companyId ?? ''), enabled: companyId !== null });
}
