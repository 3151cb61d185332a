import { QueryClient } from '@tanstack/react-query';

/**
 * Server state lives in TanStack Query (ARCHITECTURE §8). Failures are already reported by the
 * request helper's global error, so queries do not retry and raise the same error again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}
