import type { Writable } from 'node:stream';
import type { BulkColumnKey, BulkPurpose, Locale, UploadBulkFileQuery } from '@tessera/domain';
import type { DraftActor, IdempotencyOptions } from '../drafts';
import {
  BULK_IMPORT_JOB,
  BULK_PURGE_JOB,
  BULK_SWEEP_JOB,
  createBulkContext,
  type BulkDeps,
} from './bulk-context';
import { convertImport, type BulkLoadCardOrder } from './convert-import';
import { deleteBulkImport } from './delete-import';
import { downloadProblemRows } from './download-problem-rows';
import { dropImportRows, type DropRows } from './drop-rows';
import { getTemplate } from './get-template';
import { listBulkImports } from './list-imports';
import { listImportRows, type RowsQuery } from './list-rows';
import { processImport } from './process-import';
import { purgeOldImports } from './purge-imports';
import { sweepImports } from './sweep-imports';
import type { TemplateKind } from './templates';
import { updateImportRow } from './update-row';
import { uploadImport } from './upload-import';

export { BULK_IMPORT_JOB, BULK_PURGE_JOB, BULK_SWEEP_JOB, type BulkDeps } from './bulk-context';

export type BulkService = ReturnType<typeof createBulkService>;

/**
 * Bulk loads and orders by file (SPEC §7 bulkLoadCardOrder, sample and example files,
 * uploadExcelDraftOrder; ADR 011). Uploads are checked and stored, then read by a pg-boss job into
 * a preview the user corrects; nothing reaches the orders until `convert`. Every read and write is
 * scoped by the company the route resolved; another company's import is "not found". Every change
 * is audited. Each operation is a file of its own; this assembles them and defines the jobs.
 */
export function createBulkService(deps: BulkDeps) {
  const ctx = createBulkContext(deps);
  const { worker, workerId } = ctx;
  const sweep = () => sweepImports(ctx);

  deps.jobs.define<{ importId: string }>(BULK_IMPORT_JOB, {
    handler: (data, context) => processImport(worker, data.importId, context.signal, workerId),
    retryLimit: 10,
    retryDelaySeconds: 5,
    // A 100,000-row file is read in seconds; an attempt this long belongs to a worker that died.
    expireInSeconds: 30 * 60,
  });
  deps.jobs.define(BULK_SWEEP_JOB, {
    handler: async () => void (await sweep()),
    cron: '* * * * *',
    retryLimit: 0,
  });
  deps.jobs.define(BULK_PURGE_JOB, { handler: () => purgeOldImports(ctx), cron: '23 3 * * *' });
  deps.jobs.onStart(async () => void (await sweep()));

  return {
    /** The worker's settings (tests and the benchmark run it directly). */
    worker,
    workerId,
    sweep,
    template: (purpose: BulkPurpose, kind: TemplateKind, locale: Locale) =>
      getTemplate(ctx, purpose, kind, locale),
    upload: (
      actor: DraftActor,
      query: UploadBulkFileQuery,
      bytes: Buffer,
      contentType: string | undefined,
      locale: Locale,
    ) => uploadImport(ctx, actor, query, bytes, contentType, locale),
    list: (companyId: string, locale: Locale) => listBulkImports(ctx, companyId, locale),
    /** One import of the company with its progress; 404 otherwise. */
    get: async (companyId: string, importId: string, locale: Locale) =>
      ctx.view(await ctx.importOf(companyId, importId), locale),
    rows: (companyId: string, importId: string, query: RowsQuery, locale: Locale) =>
      listImportRows(ctx, companyId, importId, query, locale),
    updateRow: (
      actor: DraftActor,
      importId: string,
      rowNumber: number,
      cells: Partial<Record<BulkColumnKey, string>>,
      locale: Locale,
    ) => updateImportRow(ctx, actor, importId, rowNumber, cells, locale),
    dropRows: (actor: DraftActor, importId: string, request: DropRows, locale: Locale) =>
      dropImportRows(ctx, actor, importId, request, locale),
    writeProblemRows: (companyId: string, importId: string, locale: Locale, output: Writable) =>
      downloadProblemRows(ctx, companyId, importId, locale, output),
    /** How imports become drafts: batch size and a hook after each batch (tests change them). */
    conversion: ctx.conversion,
    /** Turns the good rows into drafts (bulkLoadCardOrder; see `convertImport`). */
    convert: (request: BulkLoadCardOrder, actor: DraftActor, idempotency: IdempotencyOptions) =>
      convertImport(
        { db: deps.db, drafts: deps.drafts, cards: deps.cards, ...ctx.conversion },
        request,
        actor,
        idempotency,
      ),
    deleteImport: (actor: DraftActor, importId: string) => deleteBulkImport(ctx, actor, importId),
  };
}
