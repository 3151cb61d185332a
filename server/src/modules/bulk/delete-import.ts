import { AppError } from '../../platform/errors';
import type { DraftActor } from '../drafts';
import type { BulkContext } from './bulk-context';
import { deleteImport, findImport } from './repository';

/** Deletes an import with its rows and file, audited. A worker reading it stops at its next batch. */
export async function deleteBulkImport(ctx: BulkContext, actor: DraftActor, importId: string): Promise<void> {
  await ctx.deps.db.transaction(async (tx) => {
    const row = await findImport(tx, actor.companyId, importId, { forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', `no import ${importId} in ${actor.companyId}`);
    await deleteImport(tx, actor.companyId, importId);
    await ctx.audit(
      tx,
      actor,
      'bulk-import.delete',
      importId,
      { state: row.state, fileName: row.fileName, rows: row.rowsRead },
      null,
    );
  });
}
