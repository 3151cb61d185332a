import { BULK_IMPORT_JOB, type BulkContext } from './bulk-context';
import { staleImports } from './repository';

/** Re-queues imports whose worker died (or whose job was never queued): at start and every minute. */
export async function sweepImports(ctx: BulkContext): Promise<number> {
  const { deps, staleSeconds } = ctx;
  const stale = await staleImports(deps.db, staleSeconds);
  for (const { id } of stale) await deps.jobs.send(BULK_IMPORT_JOB, { importId: id });
  if (stale.length > 0) deps.log.info({ imports: stale.length }, 'bulk imports re-queued');
  return stale.length;
}
