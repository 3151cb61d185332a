import type { BulkImport, BulkImportResponse, BulkPurpose } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type RequestFailure } from '../../../lib/request';
import { uploadFileName } from '../model';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { bulkKeys } from '../../../lib/query-keys';

export const UPLOAD_BULK_FILE_PATH = `${ORDERS_API}/uploadExcelDraftOrder`;

export type UploadBulkFileInput = {
  file: File;
  purpose: BulkPurpose;
  /** A corrected file replacing an earlier import (which the server then marks superseded). */
  replacesImportId?: string;
};

export type UploadBulkFileResult =
  { ok: true; import: BulkImport } | { ok: false; aborted: boolean; status: number; messages: string[] };

/**
 * Refusals the upload form explains beside the file: the file itself (400 naming `file`), three
 * files already being read (422 naming `file`), a file over the server's own limit (413) and too
 * many uploads in a minute (429). The rest (a 500, the session gone) is the global error's.
 */
function isUploadRefusal(failure: RequestFailure): boolean {
  if (failure.status === 413 || failure.status === 429) return true;
  return failure.status >= 400 && failure.status < 500 && (failure.body?.fields?.length ?? 0) > 0;
}

/**
 * `POST uploadExcelDraftOrder`: the file's bytes are the body (no multipart envelope), what it is
 * for and its name in the query. Answers 202 with the queued import.
 */
export async function uploadBulkFile(
  input: UploadBulkFileInput,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<UploadBulkFileResult> {
  const search = new URLSearchParams({ purpose: input.purpose, fileName: uploadFileName(input.file.name) });
  if (input.replacesImportId) search.set('replacesImportId', input.replacesImportId);
  const result = await request<BulkImportResponse>(`${UPLOAD_BULK_FILE_PATH}?${search}`, {
    ...contextOptions(context),
    method: 'POST',
    rawBody: input.file,
    signal,
    suppressGlobalError: isUploadRefusal,
  });
  if (result.error) {
    const messages = result.error === true ? [] : (result.error.fields ?? []).map((field) => field.message);
    return { ok: false, aborted: result.aborted, status: result.status, messages };
  }
  return { ok: true, import: result.data.import };
}

export function useUploadBulkFile() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadBulkFileInput) => uploadBulkFile(input, context),
    onSuccess: async (result, input) => {
      if (!result.ok) return;
      queryClient.setQueryData(bulkKeys.import(context.companyId, result.import.importId), result.import);
      if (input.replacesImportId) {
        await queryClient.invalidateQueries({
          queryKey: bulkKeys.import(context.companyId, input.replacesImportId),
        });
      }
      await queryClient.invalidateQueries({ queryKey: bulkKeys.imports(context.companyId) });
    },
  });
}
