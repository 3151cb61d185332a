import type { BulkImport, BulkImportResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { isBeingRead, POLL_MS } from '../model';
import { BULK_IMPORTS_PATH } from './get-bulk-imports';
import { contextOptions, type RequestContext, useRequestContext } from '../../../lib/request-context';
import { bulkKeys } from '../../../lib/query-keys';

export const bulkImportPath = (importId: string) => `${BULK_IMPORTS_PATH}/${encodeURIComponent(importId)}`;

/**
 * `GET bulkImports/{importId}`: one import with its progress. A 404 (another company's, purged
 * after 30 days, a mistyped address) is the page's to explain, not the global error's.
 */
export async function getBulkImport(
  importId: string,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<BulkImport> {
  const data = await requestOrThrow<BulkImportResponse>(bulkImportPath(importId), {
    ...contextOptions(context),
    signal,
    suppressGlobalError: (failure) => failure.status === 404,
  });
  return data.import;
}

/** The import, polled every 700 ms while it is queued or being read (a reload finds it again). */
export const bulkImportQueryOptions = (importId: string, context: RequestContext) =>
  queryOptions({
    queryKey: bulkKeys.import(context.companyId, importId),
    queryFn: ({ signal }) => getBulkImport(importId, context, signal),
    enabled: context.companyId !== null,
    retry: false,
    refetchInterval: (query) => (isBeingRead(query.state.data?.state) ? POLL_MS : false),
  });

export function useBulkImport(importId: string) {
  return useQuery(bulkImportQueryOptions(importId, useRequestContext()));
}
