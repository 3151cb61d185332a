import { createHash } from 'node:crypto';
import type { BulkImport, Locale, UploadBulkFileQuery } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { makersOf } from '../../platform/makers';
import type { DraftActor } from '../drafts';
import { BULK_IMPORT_JOB, requireReady, type BulkContext } from './bulk-context';
import { FileProblem, inspectUpload } from './inspect-file';
import {
  countActiveImports,
  deleteImportFile,
  findImport,
  insertImport,
  insertImportFile,
  updateImport,
} from './repository';
import { paramsText } from './views';

/**
 * Stores an uploaded file as a new import and queues its reading (uploadExcelDraftOrder). The
 * file is refused at once (400, code 80, naming `file`) when it is empty, no spreadsheet, an
 * old `.xls`, or a zip whose directory is broken or expands too far; at most three imports of
 * a company wait or are read at once (422). A corrected file may replace an earlier import.
 */
export async function uploadImport(
  ctx: BulkContext,
  actor: DraftActor,
  query: UploadBulkFileQuery,
  bytes: Buffer,
  contentType: string | undefined,
  locale: Locale,
): Promise<BulkImport> {
  const { deps, worker, audit, view } = ctx;
  let kind;
  try {
    ({ kind } = inspectUpload(bytes, query.fileName, contentType, worker.limits.zip));
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    throw new AppError('BULK_FILE_REFUSED', `upload refused: ${error.failure.key}`, {
      fields: [{ field: 'file', key: error.failure.key, params: paramsText(error.failure, locale) }],
    });
  }
  const maxActive = deps.maxActiveImports ?? 3;
  if ((await countActiveImports(deps.db, actor.companyId)) >= maxActive) {
    throw new AppError('BUSINESS_RULE', `${actor.companyId} has ${maxActive} imports under way`, {
      fields: [{ field: 'file', key: 'bulkTooManyImports', params: { max: maxActive } }],
    });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const created = await deps.db.transaction(async (tx) => {
    if (query.replacesImportId) {
      const old = await findImport(tx, actor.companyId, query.replacesImportId, { forUpdate: true });
      if (!old) {
        throw new AppError('NOT_FOUND', `no import ${query.replacesImportId}`, {
          fields: [{ field: 'replacesImportId', key: 'invalidChoice' }],
        });
      }
      if (old.state !== 'failed') requireReady(old);
      await updateImport(tx, actor.companyId, old.id, { state: 'superseded' });
      await deleteImportFile(tx, actor.companyId, old.id);
      await audit(tx, actor, 'bulk-import.supersede', old.id, { state: old.state }, { state: 'superseded' });
    }
    const row = await insertImport(tx, {
      companyId: actor.companyId,
      createdBy: actor.userId,
      madeBy: makersOf(actor),
      purpose: query.purpose,
      fileName: query.fileName,
      fileKind: kind,
      fileBytes: bytes.length,
      fileSha256: sha256,
      replacesImportId: query.replacesImportId ?? null,
    });
    await insertImportFile(tx, { importId: row.id, companyId: actor.companyId, content: bytes });
    await audit(tx, actor, 'bulk-import.upload', row.id, null, {
      purpose: row.purpose,
      fileName: row.fileName,
      fileKind: row.fileKind,
      fileBytes: row.fileBytes,
      fileSha256: sha256,
      replacesImportId: row.replacesImportId,
    });
    return row;
  });
  // After the commit: a job that cannot be queued now is queued by the next sweep.
  await deps.jobs
    .send(BULK_IMPORT_JOB, { importId: created.id })
    .catch((error: unknown) =>
      deps.log.error({ err: error, importId: created.id }, 'bulk import not queued'),
    );
  return view(created, locale);
}
