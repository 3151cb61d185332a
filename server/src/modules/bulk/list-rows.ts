import type { BulkImport, BulkImportRow, BulkImportRowsQuerySchema, Locale } from '@tessera/domain';
import type { z } from 'zod';
import type { BulkContext } from './bulk-context';
import { findRows } from './repository';

export type RowsQuery = z.output<typeof BulkImportRowsQuerySchema>;

/** One page of an import's rows, in file order, filtered by status. */
export async function listImportRows(
  ctx: BulkContext,
  companyId: string,
  importId: string,
  query: RowsQuery,
  locale: Locale,
): Promise<{ import: BulkImport; rows: BulkImportRow[]; total: number }> {
  const row = await ctx.importOf(companyId, importId);
  const { rows, total } = await findRows(ctx.deps.db, companyId, importId, query.status, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    import: await ctx.view(row, locale),
    rows: await ctx.rowViews(companyId, rows, locale),
    total,
  };
}
