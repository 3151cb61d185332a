import type { BulkImportRowsResponse } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ROWS_PAGE_SIZE, type RowFilter } from '../model';
import { bulkImportPath } from './get-bulk-import';
import { contextOptions, type RequestContext, useRequestContext } from '../../../lib/request-context';
import { bulkKeys } from '../../../lib/query-keys';

export type RowsPage = { filter: RowFilter; page: number };

/** `GET bulkImports/{importId}/rows`: one page of the preview, in file order, filtered by status. */
export async function getBulkImportRows(
  importId: string,
  { filter, page }: RowsPage,
  context: RequestContext,
  signal?: AbortSignal,
) {
  const search = new URLSearchParams({
    status: filter,
    page: String(page),
    pageSize: String(ROWS_PAGE_SIZE),
  });
  return requestOrThrow<BulkImportRowsResponse>(`${bulkImportPath(importId)}/rows?${search}`, {
    ...contextOptions(context),
    signal,
  });
}

export const bulkImportRowsQueryOptions = (importId: string, rows: RowsPage, context: RequestContext) =>
  queryOptions({
    queryKey: bulkKeys.rows(context.companyId, importId, rows.filter, rows.page),
    queryFn: ({ signal }) => getBulkImportRows(importId, rows, context, signal),
    enabled: context.companyId !== null,
    // The table keeps its rows while the next page or filter loads (no jump to a spinner).
    placeholderData: keepPreviousData,
  });

export function useBulkImportRows(importId: string, rows: RowsPage, enabled: boolean) {
  const options = bulkImportRowsQueryOptions(importId, rows, useRequestContext());
  return useQuery({ ...options, enabled: enabled && options.enabled !== false });
}
