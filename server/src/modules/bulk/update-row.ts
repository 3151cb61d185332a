import {
  BULK_COLUMN_KEYS,
  BULK_PURPOSE_COLUMNS,
  type BulkColumnKey,
  type BulkImport,
  type BulkImportRow,
  type Locale,
} from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { makersOf, withMakers } from '../../platform/makers';
import type { DraftActor } from '../drafts';
import { requireReady, type BulkContext } from './bulk-context';
import { judgeRows, refreshCrossProblems } from './process-import';
import { countRows, findImport, findRow, updateImport, updateRowVerdict } from './repository';
import { cellsOfEdit, statusOf } from './validate-rows';

/**
 * Changes cells of a row and judges it again at once against the company's cards (PATCH a
 * row); the duplicates across rows are recomputed when what they are found by changed.
 */
export async function updateImportRow(
  ctx: BulkContext,
  actor: DraftActor,
  importId: string,
  rowNumber: number,
  cells: Partial<Record<BulkColumnKey, string>>,
  locale: Locale,
): Promise<{ import: BulkImport; row: BulkImportRow }> {
  const { deps, worker, importOf, audit, view, rowViews } = ctx;
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
      // ADR 040: whoever edits the file's rows makes the orders made of it.
      madeBy: withMakers(locked!.madeBy, makersOf(actor)),
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
}
