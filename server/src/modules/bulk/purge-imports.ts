import { LIST_DAYS, type BulkContext } from './bulk-context';
import { purgeImports } from './repository';

/** Deletes the imports older than the list shows (30 days), nightly. */
export async function purgeOldImports(ctx: BulkContext): Promise<void> {
  const purged = await purgeImports(ctx.deps.db, new Date(ctx.now().getTime() - LIST_DAYS * 86_400_000));
  if (purged > 0) ctx.deps.log.info({ purged }, 'old bulk imports purged');
}
