import type { ClientErrorsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';

/** `GET /api/v1/client-logs/errors` (role 1; ADR 026): the last day's client errors, grouped. */
export const CLIENT_ERRORS_PATH = '/api/v1/client-logs/errors';

export const clientErrorsQueryOptions = () =>
  queryOptions({
    queryKey: ['client-logs', 'errors'] as const,
    queryFn: ({ signal }) => requestOrThrow<ClientErrorsResponse>(CLIENT_ERRORS_PATH, { signal }),
  });

export const useClientErrors = () => useQuery(clientErrorsQueryOptions());
