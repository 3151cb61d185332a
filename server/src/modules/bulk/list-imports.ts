import type { BulkImport, Locale } from '@tessera/domain';
import { LIST_DAYS, LIST_LIMIT, type BulkContext } from './bulk-context';
import { listImports } from './repository';

/** The company's imports of the last 30 days, newest first (the page lists them to come back to). */
export async function listBulkImports(
  ctx: BulkContext,
  companyId: string,
  locale: Locale,
): Promise<BulkImport[]> {
  const since = new Date(ctx.now().getTime() - LIST_DAYS * 86_400_000);
  return ctx.views(await listImports(ctx.deps.db, companyId, since, LIST_LIMIT), locale);
}
