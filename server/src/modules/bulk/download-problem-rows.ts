import type { Writable } from 'node:stream';
import type { Locale } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { BulkContext } from './bulk-context';
import { writeProblemRows, type ProblemRow } from './problem-file';
import { findRowsAfter, type ImportRow } from './repository';

/**
 * Writes the rows with problems (errors and warnings, not dropped) as an `.xlsx` to `output`,
 * under the import's columns in the file's order.
 */
export async function downloadProblemRows(
  ctx: BulkContext,
  companyId: string,
  importId: string,
  locale: Locale,
  output: Writable,
): Promise<ImportRow> {
  const { deps, importOf, translate } = ctx;
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
}
