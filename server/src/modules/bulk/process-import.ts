import { randomUUID } from 'node:crypto';
import { matchBulkHeaders, type BulkHeaderMatch, type BulkPurpose } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { violatedUniqueConstraint } from '../../platform/errors';
import type { CardReference, CardsService } from '../cards';
import { FileProblem, problemOfZip } from './inspect-file';
import { isBlankRow, readRows, type CellValue, type SheetRow } from './read-rows';
import { publishEvent } from '../webhooks';
import {
  ACTIVE_STATES,
  claimImport,
  countRows,
  deleteImportFile,
  deleteRows,
  finishRun,
  findImportById,
  findRepeats,
  readImportFile,
  releaseLease,
  rowsDocument,
  renewLease,
  updateCrossProblems,
  writeRows,
  type BatchProgress,
  type ImportRow,
} from './repository';
import {
  cellsOfRow,
  clockOf,
  crossProblemsOf,
  judgeRow,
  likelyHoldersOf,
  prepareRow,
  statusOf,
  type CardClock,
  type Lookups,
  type PreparedRow,
  type RowCells,
  type RowVerdict,
} from './validate-rows';
import {
  checkXlsxDirectory,
  verifyZipEntries,
  workbookPartsFirst,
  ZipProblem,
  type ZipLimits,
} from './zip-check';

/**
 * Reading an import in the background (a pg-boss job, ADR 011): claim it, check the file, read its
 * rows a batch at a time — each batch judged against the company's cards and written with the
 * import's progress in one transaction — then find the duplicates across rows and mark it ready.
 * A worker that stops (or dies) leaves its rows; the next one reads the file again from the top
 * and writes only the rows after the last one stored, so every row is written once.
 */

export type WorkerDeps = {
  db: Db;
  cards: CardsService;
  limits: { maxRows: number; zip: ZipLimits };
  /** Rows judged and written together (one lookup of the company's cards, one insert). */
  batchSize: number;
  /** A lease not renewed for this long belongs to a worker that died. */
  staleSeconds: number;
  now: () => Date;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
};

/** Attempts at one import before it is marked failed (a file that breaks the reader every time). */
const MAX_ATTEMPTS = 8;

/** Thrown when the worker must stop: its instance stops, or another worker took the import. */
export class WorkerStopped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WorkerStopped';
  }
}

/**
 * The company's cards and cardholders a batch of rows names, read in three statements. The dates
 * the rows are judged at are `clock`: the worker computes them once per import, not per batch or
 * card (issue 17); an edit once per request.
 */
export async function lookupsFor(
  deps: Pick<WorkerDeps, 'cards' | 'now'>,
  db: Parameters<CardsService['cardReferences']>[0],
  companyId: string,
  rows: readonly PreparedRow[],
  clock: CardClock = clockOf(deps.now()),
): Promise<Lookups> {
  const ids = [...new Set(rows.flatMap((row) => (row.cardId ? [row.cardId] : [])))];
  const keys = new Map<string, NonNullable<PreparedRow['last4Key']>>();
  for (const row of rows) {
    const key = row.last4Key;
    if (key) keys.set(`${key.last4}\u0000${key.employeeCode}\u0000${key.email}`, key);
  }
  const people = rows.flatMap((row) => (row.person ? [row.person] : []));
  const [cards, holders] = await Promise.all([
    ids.length > 0 || keys.size > 0
      ? deps.cards.cardReferences(db, companyId, { ids, last4Keys: [...keys.values()] })
      : [],
    people.length > 0 ? deps.cards.cardholdersLike(db, companyId, people) : [],
  ]);
  // A card found both by id and by its holder comes back twice: one entry each.
  const cardsById = new Map(cards.map((card) => [card.cardId, card]));
  const cardsByLast4 = new Map<string, CardReference[]>();
  for (const card of cardsById.values()) {
    const list = cardsByLast4.get(card.last4) ?? [];
    list.push(card);
    cardsByLast4.set(card.last4, list);
  }
  return {
    cardsById,
    cardsByLast4,
    likelyHolders: likelyHoldersOf(rows, holders),
    ...clock,
  };
}

/** Judges rows (cells already read) against the company's cards: the batch step of the worker and of edits. */
export async function judgeRows(
  deps: Pick<WorkerDeps, 'cards' | 'now'>,
  db: Parameters<CardsService['cardReferences']>[0],
  companyId: string,
  purpose: BulkPurpose,
  rows: readonly RowCells[],
): Promise<RowVerdict[]> {
  const prepared = rows.map((row) => prepareRow(row, purpose));
  const lookups = await lookupsFor(deps, db, companyId, prepared);
  return prepared.map((row) => judgeRow(row, purpose, lookups));
}

/** JSON with object keys sorted: jsonb keeps its own key order, so stored and new compare alike. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry !== null && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(
          Object.entries(entry as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : entry,
  );
}

/**
 * Recomputes the problems rows cause each other over the whole import and writes those that
 * changed, with the statuses; answers the counts. Idempotent: run again, it changes nothing.
 */
export async function refreshCrossProblems(
  db: Parameters<typeof findRepeats>[0],
  companyId: string,
  importId: string,
): Promise<Awaited<ReturnType<typeof countRows>>> {
  const updates = (await findRepeats(db, companyId, importId)).flatMap((row) => {
    const cross = crossProblemsOf(row);
    if (canonical(cross) === canonical(row.crossProblems)) return [];
    return [{ rowNumber: row.rowNumber, crossProblems: cross, status: statusOf(row.localLevel, cross) }];
  });
  await updateCrossProblems(db, companyId, importId, updates);
  return countRows(db, companyId, importId);
}

/** The header of the data sheet and the rows after it. */
type DataSheet = { sheet: number; headerRow: number; match: BulkHeaderMatch };

/**
 * Runs the job for one import. Returns when the import is ready or failed (a problem of the file is
 * the import's failure, not the job's); throws to have the job retried (the database failed, or
 * this instance stops), after letting go of the import.
 */
export async function processImport(
  deps: WorkerDeps,
  importId: string,
  signal: AbortSignal,
  workerId: string,
): Promise<void> {
  const owner = `${workerId}:${randomUUID()}`;
  const claimed = await claimImport(deps.db, importId, owner, deps.staleSeconds);
  if (!claimed) {
    const row = await findImportById(deps.db, importId);
    // Another live worker reads it: retried later, in case that one dies.
    if (row && ACTIVE_STATES.includes(row.state)) {
      throw new WorkerStopped(`import ${importId} is being read by another worker`);
    }
    return;
  }
  if (claimed.attempts > MAX_ATTEMPTS) {
    await failImport(deps, claimed, owner, new FileProblem('bulkProcessingFailed'));
    return;
  }
  try {
    await readImport(deps, claimed, owner, signal);
  } catch (error) {
    if (error instanceof FileProblem) {
      await failImport(deps, claimed, owner, error);
      return;
    }
    await releaseLease(deps.db, importId, owner).catch(() => undefined);
    if (error instanceof WorkerStopped)
      deps.log.info({ importId, reason: error.message }, 'bulk import paused');
    throw error;
  }
}

async function failImport(deps: WorkerDeps, row: ImportRow, owner: string, problem: FileProblem) {
  await deps.db.transaction(async (tx) => {
    const held = await finishRun(tx, row.id, owner, { state: 'failed', failure: problem.failure });
    if (!held) return;
    await deleteRows(tx, row.companyId, row.id);
    await deleteImportFile(tx, row.companyId, row.id);
    await writeAudit(tx, {
      actorUserId: null,
      companyId: row.companyId,
      action: 'bulk-import.fail',
      entity: 'bulk-import',
      entityId: row.id,
      before: { state: row.state },
      after: { state: 'failed', failure: problem.failure },
    });
    // Issue 22 §3 (ADR 035).
    await publishEvent(tx, {
      companyId: row.companyId,
      type: 'bulk_import.finished',
      data: { importId: row.id, state: 'failed', failure: problem.failure.key },
    });
  });
  deps.log.info({ importId: row.id, failure: problem.failure.key }, 'bulk import failed');
}

/** Text of a header cell. */
function headerText(cell: CellValue): string {
  return typeof cell === 'string' ? cell : typeof cell === 'number' ? String(cell) : '';
}

async function readImport(deps: WorkerDeps, row: ImportRow, owner: string, signal: AbortSignal) {
  const { db } = deps;
  const companyId = row.companyId;
  const bytes = await readImportFile(db, companyId, row.id);
  if (!bytes) throw new FileProblem('bulkFileCorrupt');

  let sheetRows = new Map<string, number>();
  let readable = bytes;
  if (row.fileKind === 'xlsx') {
    try {
      // The directory again (the upload checked it), then every entry inflated up to its declared size.
      const entries = checkXlsxDirectory(bytes, deps.limits.zip);
      sheetRows = await verifyZipEntries(bytes, entries, deps.limits.zip);
      readable = workbookPartsFirst(bytes, entries);
    } catch (error) {
      if (error instanceof ZipProblem) throw problemOfZip(error);
      throw error;
    }
  } else {
    let lines = 0;
    for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines += 1;
    sheetRows.set('sheet0', lines + (bytes[bytes.length - 1] === 10 ? 0 : 1));
  }

  const rows = readRows(readable, row.fileKind);
  const next = async (): Promise<IteratorResult<SheetRow[]>> => {
    try {
      return await rows.next();
    } catch (error) {
      // The reader's own failure is the file's: malformed XML, a broken CSV.
      deps.log.warn({ err: error, importId: row.id }, 'bulk file could not be read');
      throw new FileProblem('bulkFileCorrupt');
    }
  };

  let data: DataSheet | undefined;
  let firstMatch: BulkHeaderMatch | undefined;
  const seenSheets = new Set<number>();
  let dataRows = 0;
  // Today in Athens and the expiry window, once for the whole file.
  const clock = clockOf(deps.now());
  let batch: RowCells[] = [];

  /**
   * Writes judged rows (their JSON document) with the import's progress and the lease: one
   * statement, so one round trip and its own transaction (ADR 055).
   */
  const write = async (document: string, progress: BatchProgress) => {
    const held = await writeRows(db, companyId, row.id, owner, document, progress).catch((error: unknown) => {
      // Rows after this worker's progress stored by someone else: a worker that took the import over.
      if (violatedUniqueConstraint(error) !== null) {
        throw new WorkerStopped('another worker wrote these rows');
      }
      throw error;
    });
    if (!held) throw new WorkerStopped('another worker took the import over');
  };
  // Three steps overlap: the file is read (here) while the batch before is looked up in the
  // database and judged, and the one before that is written. Writes stay one at a time and in
  // file order, so a restart still resumes after the last row written.
  let writing: Promise<void> = Promise.resolve();
  let judging: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    if (signal.aborted) throw new WorkerStopped('the instance stops');
    await judging;
    const prepared = batch.map((cells) => prepareRow(cells, row.purpose));
    batch = [];
    const lookups = lookupsFor(deps, db, companyId, prepared, clock);
    const last = prepared[prepared.length - 1]!.rowNumber;
    judging = (async () => {
      const found = await lookups;
      const verdicts = prepared.map((entry) => judgeRow(entry, row.purpose, found));
      const levels = [0, 0, 0];
      for (const verdict of verdicts) levels[verdict.localLevel]! += 1;
      // Only the document waits for the write before: the judged rows can go.
      const document = rowsDocument(verdicts);
      const progress = { rows: verdicts.length, lastRowNumber: last, levels };
      await writing;
      writing = write(document, progress);
      // Awaited at the next step or at the end; until then its failure must not go unhandled.
      writing.catch(() => undefined);
    })();
    judging.catch(() => undefined);
  };

  try {
    for (let result = await next(); !result.done; result = await next()) {
      for (const sheetRow of result.value) {
        if (data && sheetRow.sheet !== data.sheet) continue;
        if (!data) {
          if (seenSheets.has(sheetRow.sheet) || isBlankRow(sheetRow.cells)) continue;
          // The first filled row of each sheet is its header; the first sheet whose header names
          // every column the purpose needs holds the data (the templates' instructions come after).
          seenSheets.add(sheetRow.sheet);
          const match = matchBulkHeaders(sheetRow.cells.map(headerText), row.purpose);
          firstMatch ??= match;
          if (match.missing.length > 0) continue;
          if (match.repeated.length > 0)
            throw new FileProblem('bulkHeaderRepeated', { columns: match.repeated });
          data = { sheet: sheetRow.sheet, headerRow: sheetRow.rowNumber, match };
          const total = sheetRows.get(`sheet${sheetRow.sheet}`);
          // The rows after the header, as counted before reading (issue 12 §8): a file over the
          // limit is refused now, not after 100,000 rows were read and stored. Rows before the
          // header may be absent from the count, so this never refuses a file within the limit
          // (but for blank rows the sheet still holds; the count below catches what is left).
          if (total !== undefined && total - sheetRow.rowNumber > deps.limits.maxRows) {
            throw new FileProblem('bulkTooManyRows', { max: deps.limits.maxRows });
          }
          const held = await renewLease(db, row.id, owner, {
            columns: Object.entries(match.positions).map(([key, position]) => ({
              key: key as keyof typeof match.positions,
              header: match.headers[key as keyof typeof match.headers] ?? key,
              position: position!,
            })),
            ignoredColumns: match.ignored,
            rowsTotal: total === undefined ? null : Math.max(0, total - 1),
          });
          if (!held) throw new WorkerStopped('another worker took the import over');
          continue;
        }
        if (isBlankRow(sheetRow.cells)) continue;
        dataRows += 1;
        if (dataRows > deps.limits.maxRows)
          throw new FileProblem('bulkTooManyRows', { max: deps.limits.maxRows });
        // Written by an earlier attempt: counted, not read again.
        if (sheetRow.rowNumber <= row.lastRowNumber) continue;
        batch.push(cellsOfRow(sheetRow.rowNumber, sheetRow.cells, data.match.positions));
        if (batch.length >= deps.batchSize) await flush();
      }
    }

    if (!data) {
      if (!firstMatch) throw new FileProblem('bulkFileEmpty');
      throw new FileProblem('bulkHeadersMissing', {
        columns: firstMatch.missing.map((alternatives) => alternatives.join('|')),
      });
    }
    if (dataRows === 0) throw new FileProblem('bulkNoRows');
    await flush();
    await judging;
    await writing;
    if (signal.aborted) throw new WorkerStopped('the instance stops');
  } catch (error) {
    // Nothing may still be writing when the import fails or is let go.
    await judging.catch(() => undefined);
    await writing.catch(() => undefined);
    throw error;
  }

  await db.transaction(async (tx) => {
    const counts = await refreshCrossProblems(tx, companyId, row.id);
    const held = await finishRun(tx, row.id, owner, {
      state: 'ready',
      rowsTotal: dataRows,
      rowsRead: counts.ok + counts.warning + counts.error + counts.dropped,
      rowsOk: counts.ok,
      rowsWarning: counts.warning,
      rowsError: counts.error,
      rowsDropped: counts.dropped,
    });
    if (!held) throw new WorkerStopped('another worker took the import over');
    await writeAudit(tx, {
      actorUserId: null,
      companyId,
      action: 'bulk-import.ready',
      entity: 'bulk-import',
      entityId: row.id,
      before: { state: 'processing' },
      after: { state: 'ready', rows: dataRows, ...counts },
    });
    // Issue 22 §3 (ADR 035).
    await publishEvent(tx, {
      companyId,
      type: 'bulk_import.finished',
      data: {
        importId: row.id,
        state: 'ready',
        rows: dataRows,
        rowsOk: counts.ok,
        rowsWarning: counts.warning,
        rowsError: counts.error,
        rowsDropped: counts.dropped,
      },
    });
  });
  deps.log.info({ importId: row.id, rows: dataRows }, 'bulk import ready');
}
