import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Writable } from 'node:stream';
import {
  BULK_COLUMN_KEYS,
  BULK_PURPOSE_COLUMNS,
  type BulkColumnKey,
  type BulkImport,
  type BulkImportRow,
  type BulkImportRowsQuerySchema,
  type BulkPurpose,
  type DropBulkImportRowsRequestSchema,
  type Locale,
  type UploadBulkFileQuery,
} from '@tessera/domain';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { CardsService } from '../cards/service';
import type { ContentService } from '../content/service';
import type { IdentityService } from '../identity/service';
import type { DraftActor, IdempotencyOptions, OrdersService } from '../orders/service';
import { convertImport, type BulkLoadCardOrder } from './convert-import';
import { FileProblem, inspectUpload } from './inspect-file';
import { writeProblemRows, type ProblemRow } from './problem-file';
import { judgeRows, processImport, refreshCrossProblems, type WorkerDeps } from './process-import';
import {
  countActiveImports,
  countRows,
  deleteImport,
  deleteImportFile,
  findImport,
  findRow,
  findRows,
  findRowsAfter,
  insertImport,
  insertImportFile,
  listImports,
  purgeImports,
  setDropped,
  staleImports,
  updateImport,
  updateRowVerdict,
  type ImportRow,
  type StoredRow,
} from './repository';
import { writeTemplate, type TemplateKind } from './templates';
import { cellsOfEdit, statusOf } from './validate-rows';
import { createTranslator, paramsText } from './views';

export const BULK_IMPORT_JOB = 'bulk-import';
export const BULK_SWEEP_JOB = 'bulk-import-sweep';
export const BULK_PURGE_JOB = 'bulk-import-purge';

/** Imports listed: those of the last 30 days, at most 50. Older ones are purged. */
const LIST_DAYS = 30;
const LIST_LIMIT = 50;

export type BulkDeps = {
  db: Db;
  cards: CardsService;
  orders: OrdersService;
  identity: IdentityService;
  content: ContentService;
  jobs: Jobs;
  limits: { maxBytes: number; maxRows: number; maxUnzippedBytes: number };
  log: WorkerDeps['log'] & { error(object: object, message: string): void };
  /** Rows per batch of the worker (default 500: little alive at once, see ADR 011). */
  batchSize?: number;
  /** Seconds without a heartbeat after which a worker is taken for dead (default 60). */
  staleSeconds?: number;
  /** Imports a company may have waiting or being read at once (default 3). */
  maxActiveImports?: number;
  now?: () => Date;
};

export type BulkService = ReturnType<typeof createBulkService>;
type RowsQuery = z.output<typeof BulkImportRowsQuerySchema>;
type DropRows = z.output<typeof DropBulkImportRowsRequestSchema>;

/**
 * Bulk loads and orders by file (SPEC §7 bulkLoadCardOrder, sample and example files,
 * uploadExcelDraftOrder; ADR 011). Uploads are checked and stored, then read by a pg-boss job into
 * a preview the user corrects; nothing reaches the orders until `convert`. Every read and write is
 * scoped by the company the route resolved; another company's import is "not found". Every change
 * is audited.
 */
export function createBulkService(deps: BulkDeps) {
  const now = deps.now ?? (() => new Date());
  const staleSeconds = deps.staleSeconds ?? 60;
  const workerId = `${hostname()}:${process.pid}`;
  const translate = createTranslator(() => deps.content.catalogue());
  const templates = new Map<string, Promise<Buffer>>();
  const worker: WorkerDeps = {
    db: deps.db,
    cards: deps.cards,
    limits: {
      maxRows: deps.limits.maxRows,
      zip: { maxEntries: 1_000, maxUncompressedBytes: deps.limits.maxUnzippedBytes },
    },
    batchSize: deps.batchSize ?? 500,
    staleSeconds,
    now,
    log: deps.log,
  };

  /** Re-queues imports whose worker died (or whose job was never queued): at start and every minute. */
  async function sweep(): Promise<number> {
    const stale = await staleImports(deps.db, staleSeconds);
    for (const { id } of stale) await deps.jobs.send(BULK_IMPORT_JOB, { importId: id });
    if (stale.length > 0) deps.log.info({ imports: stale.length }, 'bulk imports re-queued');
    return stale.length;
  }

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
  deps.jobs.define(BULK_PURGE_JOB, {
    handler: async () => {
      const purged = await purgeImports(deps.db, new Date(now().getTime() - LIST_DAYS * 86_400_000));
      if (purged > 0) deps.log.info({ purged }, 'old bulk imports purged');
    },
    cron: '23 3 * * *',
  });
  deps.jobs.onStart(async () => void (await sweep()));

  async function views(rows: ImportRow[], locale: Locale): Promise<BulkImport[]> {
    const users = await deps.identity.usersByIds([...new Set(rows.map((row) => row.createdBy))]);
    const names = new Map(users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`]));
    return Promise.all(rows.map((row) => translate.import(row, names, locale)));
  }

  async function view(row: ImportRow, locale: Locale): Promise<BulkImport> {
    return (await views([row], locale))[0]!;
  }

  /** Rows as the preview shows them, with the cards their loads name read once for the page. */
  async function rowViews(companyId: string, rows: StoredRow[], locale: Locale): Promise<BulkImportRow[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.parsed.cardId ? [row.parsed.cardId] : [])))];
    const cards =
      ids.length === 0 ? [] : await deps.cards.cardReferences(deps.db, companyId, { ids, last4Keys: [] });
    const byId = new Map(cards.map((card) => [card.cardId, card]));
    return Promise.all(rows.map((row) => translate.row(row, locale, byId)));
  }

  async function importOf(companyId: string, importId: string): Promise<ImportRow> {
    const row = await findImport(deps.db, companyId, importId);
    if (!row) throw new AppError('NOT_FOUND', `no import ${importId} in ${companyId}`);
    return row;
  }

  function audit(
    tx: Parameters<typeof writeAudit>[0],
    actor: DraftActor,
    action: string,
    importId: string,
    before: unknown,
    after: unknown,
  ) {
    return writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId,
      action,
      entity: 'bulk-import',
      entityId: importId,
      before,
      after,
      requestId: actor.requestId,
    });
  }

  /** The preview can change only while it is one: ready, not being read, not turned into drafts. */
  function requireReady(row: ImportRow): void {
    if (row.state !== 'ready')
      throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is ${row.state}`);
  }

  return {
    /** The worker's settings (tests and the benchmark run it directly). */
    worker,
    workerId,
    sweep,

    /**
     * The sample (empty) or example (filled) template of a purpose in `locale`, as `.xlsx` bytes;
     * made once per process.
     */
    template(purpose: BulkPurpose, kind: TemplateKind, locale: Locale): Promise<Buffer> {
      const key = `${purpose}:${kind}:${locale}`;
      let made = templates.get(key);
      if (!made) {
        made = writeTemplate(purpose, kind, locale, {
          maxRows: deps.limits.maxRows,
          maxBytes: deps.limits.maxBytes,
        });
        made.catch(() => templates.delete(key));
        templates.set(key, made);
      }
      return made;
    },

    /**
     * Stores an uploaded file as a new import and queues its reading (uploadExcelDraftOrder). The
     * file is refused at once (400, code 80, naming `file`) when it is empty, no spreadsheet, an
     * old `.xls`, or a zip whose directory is broken or expands too far; at most three imports of
     * a company wait or are read at once (422). A corrected file may replace an earlier import.
     */
    async upload(
      actor: DraftActor,
      query: UploadBulkFileQuery,
      bytes: Buffer,
      contentType: string | undefined,
      locale: Locale,
    ): Promise<BulkImport> {
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
          if (old.state !== 'ready' && old.state !== 'failed') requireReady(old);
          await updateImport(tx, actor.companyId, old.id, { state: 'superseded' });
          await deleteImportFile(tx, actor.companyId, old.id);
          await audit(
            tx,
            actor,
            'bulk-import.supersede',
            old.id,
            { state: old.state },
            { state: 'superseded' },
          );
        }
        const row = await insertImport(tx, {
          companyId: actor.companyId,
          createdBy: actor.userId,
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
    },

    /** The company's imports of the last 30 days, newest first (the page lists them to come back to). */
    async list(companyId: string, locale: Locale): Promise<BulkImport[]> {
      const since = new Date(now().getTime() - LIST_DAYS * 86_400_000);
      return views(await listImports(deps.db, companyId, since, LIST_LIMIT), locale);
    },

    /** One import of the company with its progress; 404 otherwise. */
    async get(companyId: string, importId: string, locale: Locale): Promise<BulkImport> {
      return view(await importOf(companyId, importId), locale);
    },

    /** One page of an import's rows, in file order, filtered by status. */
    async rows(
      companyId: string,
      importId: string,
      query: RowsQuery,
      locale: Locale,
    ): Promise<{ import: BulkImport; rows: BulkImportRow[]; total: number }> {
      const row = await importOf(companyId, importId);
      const { rows, total } = await findRows(deps.db, companyId, importId, query.status, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        import: await view(row, locale),
        rows: await rowViews(companyId, rows, locale),
        total,
      };
    },

    /**
     * Changes cells of a row and judges it again at once against the company's cards (PATCH a
     * row); the duplicates across rows are recomputed when what they are found by changed.
     */
    async updateRow(
      actor: DraftActor,
      importId: string,
      rowNumber: number,
      cells: Partial<Record<BulkColumnKey, string>>,
      locale: Locale,
    ): Promise<{ import: BulkImport; row: BulkImportRow }> {
      const current = await importOf(actor.companyId, importId);
      requireReady(current);
      const allowed = new Set<BulkColumnKey>(BULK_PURPOSE_COLUMNS[current.purpose]);
      const refused = (Object.keys(cells) as BulkColumnKey[]).filter((key) => !allowed.has(key));
      if (refused.length > 0) {
        throw new AppError('VALIDATION', `columns not of a ${current.purpose} file`, {
          fields: refused.map((key) => ({ field: `cells.${key}`, key: 'invalidChoice' as const })),
        });
      }
      const before = await findRow(deps.db, actor.companyId, importId, rowNumber);
      if (!before) throw new AppError('NOT_FOUND', `no row ${rowNumber} in import ${importId}`);
      const merged: Partial<Record<BulkColumnKey, string>> = { ...before.cells };
      for (const key of BULK_COLUMN_KEYS) if (cells[key] !== undefined) merged[key] = cells[key];
      const [verdict] = await judgeRows(worker, deps.db, actor.companyId, current.purpose, [
        cellsOfEdit(rowNumber, merged),
      ]);
      const updated = await deps.db.transaction(async (tx) => {
        const locked = await findImport(tx, actor.companyId, importId, { forUpdate: true });
        requireReady(locked!);
        await updateRowVerdict(
          tx,
          actor.companyId,
          importId,
          verdict!,
          statusOf(verdict!.localLevel, before.crossProblems),
        );
        const keysChanged =
          JSON.stringify([before.rowHash, before.cardKey, before.personKeys]) !==
          JSON.stringify([verdict!.rowHash, verdict!.cardKey, verdict!.personKeys]);
        const counts = keysChanged
          ? await refreshCrossProblems(tx, actor.companyId, importId)
          : await countRows(tx, actor.companyId, importId);
        const after = await updateImport(tx, actor.companyId, importId, {
          rowsOk: counts.ok,
          rowsWarning: counts.warning,
          rowsError: counts.error,
          rowsDropped: counts.dropped,
        });
        const row = await findRow(tx, actor.companyId, importId, rowNumber);
        await audit(
          tx,
          actor,
          'bulk-import.row.update',
          importId,
          { rowNumber, cells: before.cells, status: before.status },
          { rowNumber, cells: row!.cells, status: row!.status },
        );
        return { importRow: after!, row: row! };
      });
      return {
        import: await view(updated.importRow, locale),
        row: (await rowViews(actor.companyId, [updated.row], locale))[0]!,
      };
    },

    /** Leaves rows out of the order, or puts them back (`restore`); duplicates are recomputed. */
    async dropRows(
      actor: DraftActor,
      importId: string,
      request: DropRows,
      locale: Locale,
    ): Promise<BulkImport> {
      const current = await importOf(actor.companyId, importId);
      requireReady(current);
      const updated = await deps.db.transaction(async (tx) => {
        const locked = await findImport(tx, actor.companyId, importId, { forUpdate: true });
        requireReady(locked!);
        const changed = await setDropped(
          tx,
          actor.companyId,
          importId,
          request.rowNumbers ? { rowNumbers: request.rowNumbers } : { status: request.status! },
          !request.restore,
        );
        const counts = await refreshCrossProblems(tx, actor.companyId, importId);
        const after = await updateImport(tx, actor.companyId, importId, {
          rowsOk: counts.ok,
          rowsWarning: counts.warning,
          rowsError: counts.error,
          rowsDropped: counts.dropped,
        });
        await audit(
          tx,
          actor,
          request.restore ? 'bulk-import.rows.restore' : 'bulk-import.rows.drop',
          importId,
          null,
          { rowNumbers: changed },
        );
        return after!;
      });
      return view(updated, locale);
    },

    /**
     * Writes the rows with problems (errors and warnings, not dropped) as an `.xlsx` to `output`,
     * under the import's columns in the file's order.
     */
    async writeProblemRows(
      companyId: string,
      importId: string,
      locale: Locale,
      output: Writable,
    ): Promise<ImportRow> {
      const row = await importOf(companyId, importId);
      if (row.state !== 'ready' && row.state !== 'converted') {
        throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is ${row.state}`);
      }
      const columns = [...row.columns].sort((a, b) => a.position - b.position).map((column) => column.key);
      async function* pages(): AsyncGenerator<ProblemRow[]> {
        let after = 0;
        for (;;) {
          const stored = await findRowsAfter(deps.db, companyId, importId, 'problems', after, 1_000);
          if (stored.length === 0) return;
          after = stored[stored.length - 1]!.rowNumber;
          yield Promise.all(
            stored.map(async (entry) => ({
              rowNumber: entry.rowNumber,
              status: entry.status,
              cells: entry.cells,
              problems: (await translate.row(entry, locale)).problems,
            })),
          );
        }
      }
      void writeProblemRows(columns, pages(), locale, output).catch((error: unknown) =>
        deps.log.error({ err: error, importId }, 'problem rows file failed'),
      );
      return row;
    },

    /** Turns the good rows into drafts (bulkLoadCardOrder; see `convertImport`). */
    convert(request: BulkLoadCardOrder, actor: DraftActor, idempotency: IdempotencyOptions) {
      return convertImport(
        { db: deps.db, orders: deps.orders, cards: deps.cards },
        request,
        actor,
        idempotency,
      );
    },

    /** Deletes an import with its rows and file, audited. A worker reading it stops at its next batch. */
    async deleteImport(actor: DraftActor, importId: string): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const row = await findImport(tx, actor.companyId, importId, { forUpdate: true });
        if (!row) throw new AppError('NOT_FOUND', `no import ${importId} in ${actor.companyId}`);
        await deleteImport(tx, actor.companyId, importId);
        await audit(
          tx,
          actor,
          'bulk-import.delete',
          importId,
          { state: row.state, fileName: row.fileName, rows: row.rowsRead },
          null,
        );
      });
    },
  };
}
