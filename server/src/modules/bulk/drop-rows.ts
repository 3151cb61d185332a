import type { BulkImport, DropBulkImportRowsRequestSchema, Locale } from '@tessera/domain';
import type { z } from 'zod';
import { makersOf, withMakers } from '../../platform/makers';
import type { DraftActor } from '../drafts';
import { requireReady, type BulkContext } from './bulk-context';
import { refreshCrossProblems } from './process-import';
import { findImport, setDropped, updateImport } from './repository';

export type DropRows = z.output<typeof DropBulkImportRowsRequestSchema>;

/** Leaves rows out of the order, or puts them back (`restore`); duplicates are recomputed. */
export async function dropImportRows(
  ctx: BulkContext,
  actor: DraftActor,
  importId: string,
  request: DropRows,
  locale: Locale,
): Promise<BulkImport> {
  const { deps, importOf, audit, view } = ctx;
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
      // ADR 040: whoever edits the file's rows makes the orders made of it.
      madeBy: withMakers(locked!.madeBy, makersOf(actor)),
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
}
