import type { BulkFileKind } from '@tessera/domain';
import { decodeCsv } from './read-rows';
import type { StoredProblem } from './validate-rows';
import { checkXlsxDirectory, looksLikeZip, ZipProblem, type ZipEntry, type ZipLimits } from './zip-check';

/** A problem of a file as a whole: the import fails with it, or the upload is refused with it. */
export class FileProblem extends Error {
  readonly failure: StoredProblem;

  constructor(key: StoredProblem['key'], params?: StoredProblem['params']) {
    super(key);
    this.name = 'FileProblem';
    this.failure = { column: null, key, level: 'error', ...(params ? { params } : {}) };
  }
}

/** The user's side of a refused zip. */
export function problemOfZip(error: ZipProblem): FileProblem {
  switch (error.reason) {
    case 'notZip':
    case 'notXlsx':
      return new FileProblem('bulkFileNotSpreadsheet');
    case 'tooBig':
      return error.params.entries !== undefined
        ? new FileProblem('bulkFileCorrupt')
        : new FileProblem('bulkFileExpandsTooMuch', { max: error.params.max ?? 0 });
    default:
      return new FileProblem('bulkFileCorrupt');
  }
}

/** Old binary Excel (`.xls`, OLE2): refused with a hint to save as `.xlsx`. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * What an upload is, decided from its bytes (a name or a content type can lie): a zip that holds a
 * workbook is an `.xlsx`, checked from its central directory before anything is unzipped; text
 * named `.csv` (or sent as text/csv) is a CSV; anything else is refused. Cheap enough for the
 * request itself: nothing is inflated here.
 */
export function inspectUpload(
  bytes: Buffer,
  fileName: string,
  contentType: string | undefined,
  limits: ZipLimits,
): { kind: BulkFileKind; entries: ZipEntry[] } {
  if (bytes.length === 0) throw new FileProblem('bulkFileEmpty');
  if (looksLikeZip(bytes)) {
    try {
      return { kind: 'xlsx', entries: checkXlsxDirectory(bytes, limits) };
    } catch (error) {
      if (error instanceof ZipProblem) throw problemOfZip(error);
      throw error;
    }
  }
  if (bytes.subarray(0, 8).equals(OLE2)) throw new FileProblem('bulkFileOldExcel');
  const isCsv = /\.(csv|txt)$/i.test(fileName) || /^text\/(csv|plain)/i.test(contentType ?? '');
  if (isCsv && decodeCsv(bytes) !== null) return { kind: 'csv', entries: [] };
  throw new FileProblem('bulkFileNotSpreadsheet');
}
