import type { AgentsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { peopleKeys } from '../../../lib/query-keys';

export const AGENTS_PATH = `${ACCOUNTS_API}/retrieveAgents`;

/** `GET retrieveAgents`: the provider's people assigned to the company. */
export async function getAgents(companyId: string, signal?: AbortSignal) {
  return (await requestOrThrow<AgentsResponse>(AGENTS_PATH, { headers: companyHeaders(companyId), signal }))
    .agents;
}

export const agentsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: peopleKeys.agents(companyId),
    queryFn: ({ signal }) => getAgents(companyId, signal),
  });

export function useAgents(companyId: string) {
  return useQuery(agentsQueryOptions(companyId));
}
