import type {
  BulkColumnKey,
  BulkImportRowResponse,
  BulkImportRowsResponse,
  ErrorBody,
} from '@tessera/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { isFormFailure } from '../../../lib/form-errors';
import { bulkImportPath } from './get-bulk-import';
import { contextOptions, type RequestContext, useRequestContext } from '../../../lib/request-context';
import { bulkKeys } from '../../../lib/query-keys';

export type UpdateRowInput = {
  importId: string;
  rowNumber: number;
  cells: Partial<Record<BulkColumnKey, string>>;
};

export type UpdateRowResult =
  { ok: true; data: BulkImportRowResponse } | { ok: false; error: ErrorBody | true };

/**
 * `PATCH bulkImports/{importId}/rows/{rowNumber}` {cells}: new texts for some cells; the server
 * judges the row again at once and answers it with the import's new counters. A 400 naming cells
 * is the edit form's to show.
 */
export async function updateBulkImportRow(
  input: UpdateRowInput,
  context: RequestContext,
): Promise<UpdateRowResult> {
  const result = await request<BulkImportRowResponse>(
    `${bulkImportPath(input.importId)}/rows/${input.rowNumber}`,
    {
      ...contextOptions(context),
      method: 'PATCH',
      body: { cells: input.cells },
      suppressGlobalError: isFormFailure(),
    },
  );
  return result.error ? { ok: false, error: result.error } : { ok: true, data: result.data };
}

/**
 * Puts a changed row and the import's counters into the cache. The pages already shown keep the row
 * where it is (a row fixed under "Errors" does not vanish under the user's eyes); they are marked
 * stale, so the next page or filter asks the server again, since duplicates across rows may have
 * changed with it.
 */
export function applyRowChange(
  queryClient: QueryClient,
  companyId: string | null,
  { import: item, row }: BulkImportRowResponse,
): void {
  queryClient.setQueryData(bulkKeys.import(companyId, item.importId), item);
  queryClient.setQueriesData<BulkImportRowsResponse>(
    { queryKey: bulkKeys.rowsOf(companyId, item.importId) },
    (page) =>
      page && {
        ...page,
        import: item,
        rows: page.rows.map((entry) => (entry.rowNumber === row.rowNumber ? row : entry)),
      },
  );
  void queryClient.invalidateQueries({
    queryKey: bulkKeys.rowsOf(companyId, item.importId),
    refetchType: 'none',
  });
}

export function useUpdateBulkImportRow() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRowInput) => updateBulkImportRow(input, context),
    onSuccess: (result) => {
      if (result.ok) applyRowChange(queryClient, context.companyId, result.data);
    },
  });
}
