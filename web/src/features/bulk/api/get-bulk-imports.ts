import type { BulkImportsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { bulkKeys } from '../../../lib/query-keys';

export const BULK_IMPORTS_PATH = `${ORDERS_API}/bulkImports`;

/** `GET bulkImports`: the company's imports of the last 30 days, newest first. */
export async function getBulkImports(context: RequestContext, signal?: AbortSignal) {
  const data = await requestOrThrow<BulkImportsResponse>(BULK_IMPORTS_PATH, {
    ...contextOptions(context),
    signal,
  });
  return data.imports;
}

export const bulkImportsQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: bulkKeys.imports(context.companyId),
    queryFn: ({ signal }) => getBulkImports(context, signal),
    enabled: context.companyId !== null,
  });

export function useBulkImports() {
  return useQuery(bulkImportsQueryOptions(useRequestContext()));
}
