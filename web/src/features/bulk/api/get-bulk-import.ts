import type { BulkImport, BulkImportResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersRequestOptions, type OrdersContext } from '../../../lib/placed-orders';
import { requestOrThrow } from '../../../lib/request';
import { useOrdersContext } from '../../../lib/use-orders-context';
import { isBeingRead, POLL_MS } from '../model';
import { BULK_IMPORTS_PATH } from './get-bulk-imports';
import { bulkKeys } from './query-keys';

export const bulkImportPath = (importId: string) => `${BULK_IMPORTS_PATH}/${encodeURIComponent(importId)}`;

/**
 * `GET bulkImports/{importId}`: one import with its progress. A 404 (another company's, purged
 * after 30 days, a mistyped address) is the page's to explain, not the global error's.
 */
export async function getBulkImport(
  importId: string,
  context: OrdersContext,
  signal?: AbortSignal,
): Promise<BulkImport> {
  const data = await requestOrThrow<BulkImportResponse>(bulkImportPath(importId), {
    ...ordersRequestOptions(context),
    signal,
    suppressGlobalError: (failure) => failure.status === 404,
  });
  return data.import;
}

/** The import, polled every 700 ms while it is queued or being read (a reload finds it again). */
export const bulkImportQueryOptions = (importId: string, context: OrdersContext) =>
  queryOptions({
    queryKey: bulkKeys.import(context.companyId, importId),
    queryFn: ({ signal }) => getBulkImport(importId, context, signal),
    enabled: context.companyId !== null,
    retry: false,
    refetchInterval: (query) => (isBeingRead(query.state.data?.state) ? POLL_MS : false),
  });

export function useBulkImport(importId: string) {
  return useQuery(bulkImportQueryOptions(importId, useOrdersContext()));
}
