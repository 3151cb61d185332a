import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { bulkImportPath } from './get-bulk-import';
import { contextOptions, type RequestContext, useRequestContext } from '../../../lib/request-context';
import { bulkKeys } from '../../../lib/query-keys';

/**
 * `DELETE bulkImports/{importId}`: the import goes with its rows and file (audited); a file being
 * read stops at the worker's next batch. Nothing was ordered, so nothing else changes.
 */
export async function deleteBulkImport(importId: string, context: RequestContext): Promise<boolean> {
  const result = await request(bulkImportPath(importId), {
    ...contextOptions(context),
    method: 'DELETE',
  });
  return !result.error;
}

export function useDeleteBulkImport() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => deleteBulkImport(importId, context),
    onSuccess: async (isDeleted, importId) => {
      if (!isDeleted) return;
      queryClient.removeQueries({ queryKey: bulkKeys.import(context.companyId, importId) });
      queryClient.removeQueries({ queryKey: bulkKeys.rowsOf(context.companyId, importId) });
      await queryClient.invalidateQueries({ queryKey: bulkKeys.imports(context.companyId) });
    },
  });
}
