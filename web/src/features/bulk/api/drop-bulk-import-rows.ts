import type { BulkImport, BulkImportResponse, BulkImportRowsResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { bulkImportPath } from './get-bulk-import';
import { contextOptions, type RequestContext, useRequestContext } from '../../../lib/request-context';
import { bulkKeys } from '../../../lib/query-keys';

export type DropRowsInput = { importId: string; restore?: boolean } & (
  { rowNumbers: number[] } | { status: 'error' }
);

/**
 * `POST bulkImports/{importId}/dropRows`: leaves rows out of the order (`restore` puts them back),
 * either the rows named or every row with errors. Answers the import with its new counters, or null
 * after a failure (shown by the global error).
 */
export async function dropBulkImportRows(input: DropRowsInput, context: RequestContext) {
  const { importId, restore = false, ...which } = input;
  const result = await request<BulkImportResponse>(`${bulkImportPath(importId)}/dropRows`, {
    ...contextOptions(context),
    method: 'POST',
    body: { ...which, restore },
  });
  return result.error ? null : result.data.import;
}

export function useDropBulkImportRows() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DropRowsInput) => dropBulkImportRows(input, context),
    onSuccess: async (item: BulkImport | null, input) => {
      if (!item) return;
      queryClient.setQueryData(bulkKeys.import(context.companyId, item.importId), item);
      const rowsKey = bulkKeys.rowsOf(context.companyId, item.importId);
      if ('rowNumbers' in input) {
        // One row: marked where it stands; other pages and filters ask again when opened.
        const named = new Set(input.rowNumbers);
        queryClient.setQueriesData<BulkImportRowsResponse>(
          { queryKey: rowsKey },
          (page) =>
            page && {
              ...page,
              import: item,
              rows: page.rows.map((row) =>
                named.has(row.rowNumber) ? { ...row, isDropped: !input.restore } : row,
              ),
            },
        );
        await queryClient.invalidateQueries({ queryKey: rowsKey, refetchType: 'none' });
      } else {
        await queryClient.invalidateQueries({ queryKey: rowsKey });
      }
    },
  });
}
