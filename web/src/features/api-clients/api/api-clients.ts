import type {
  ApiClient,
  ApiClientResponse,
  ApiClientSecretResponse,
  ApiClientsResponse,
  CreateApiClientRequest,
  RotateApiClientSecretRequest,
} from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { useLocale } from '../../../lib/use-locale';

export const API_CLIENTS_PATH = `${ACCOUNTS_API}/apiClients`;

const apiClientsKey = (companyId: string) => ['accounts', companyId, 'apiClients'] as const;

/** `GET apiClients` (issue 22 §1, ADR 034): the company's API clients, never a secret. */
export const apiClientsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: apiClientsKey(companyId),
    queryFn: async ({ signal }): Promise<ApiClient[]> =>
      (
        await requestOrThrow<ApiClientsResponse>(API_CLIENTS_PATH, {
          headers: companyHeaders(companyId),
          signal,
        })
      ).clients,
  });

export function useApiClients(companyId: string) {
  return useQuery(apiClientsQueryOptions(companyId));
}

/**
 * A change of the company's clients: `createApiClient` and `rotateApiClientSecret` answer with the
 * secret (shown once; a 403 code 33 asks for a fresh code first, in the request helper's dialog),
 * `revokeApiClient` with the client. Failures go to the global error dialog.
 */
function useApiClientChange<Body extends object, Answer>(companyId: string, path: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      requestOrThrow<Answer>(`${ACCOUNTS_API}/${path}`, {
        method: 'POST',
        locale,
        headers: companyHeaders(companyId),
        body,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiClientsKey(companyId) }),
  });
}

export const useCreateApiClient = (companyId: string) =>
  useApiClientChange<CreateApiClientRequest, ApiClientSecretResponse>(companyId, 'createApiClient');

export const useRotateApiClientSecret = (companyId: string) =>
  useApiClientChange<RotateApiClientSecretRequest, ApiClientSecretResponse>(
    companyId,
    'rotateApiClientSecret',
  );

export const useRevokeApiClient = (companyId: string) =>
  useApiClientChange<{ clientId: string }, ApiClientResponse>(companyId, 'revokeApiClient');
