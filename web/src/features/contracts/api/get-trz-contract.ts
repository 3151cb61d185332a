import type { TrzContractResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, RequestError } from '../../../lib/request';
import { companyHeaders } from '../../../lib/request-context';
import { contractKeys } from '../../../lib/query-keys';

export const TRZ_CONTRACT_PATH = '/api/v1/accounts/retrieveTrzContract';

/**
 * `GET retrieveTrzContract`: the virtual Ticket Restaurant contract, or null when the company has
 * none (404, shown as such on the page rather than as an error).
 */
export async function getTrzContract(companyId: string, signal?: AbortSignal) {
  const result = await request<TrzContractResponse>(TRZ_CONTRACT_PATH, {
    signal,
    headers: companyHeaders(companyId),
    suppressGlobalError: (failure) => failure.status === 404,
  });
  if (!result.error) return result.data.trzContract;
  if (result.status === 404) return null;
  throw new RequestError(TRZ_CONTRACT_PATH, result);
}

export const trzContractQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: contractKeys.trz(companyId),
    queryFn: ({ signal }) => getTrzContract(companyId, signal),
  });

export function useTrzContract(companyId: string | null) {
  return useQuery({ ...trzContractQueryOptions(companyId ?? ''), enabled: companyId !== null });
}
