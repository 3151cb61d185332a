import type { Writable } from 'node:stream';
import {
  BULK_COLUMNS,
  BULK_REPORT_HEADERS,
  type BulkColumnKey,
  type BulkProblem,
  type BulkRowStatus,
  type Locale,
  neutralizeCell,
} from '@tessera/domain';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/file-libraries';

/**
 * The problem rows of an import as an `.xlsx` (ADR 011): the row's number in the uploaded file, its
 * status, its cells under the headers of the user's language, and its problems spelled out; the
 * cells a problem is about are coloured. Every cell the user typed goes through `neutralizeCell`
 * (a cardholder named `=HYPERLINK(…)` stays text). Headers the import recognises, so the file,
 * corrected, uploads again as it is. Written with exceljs' streaming writer, a page of rows at a time.
 */

export type ProblemRow = {
  rowNumber: number;
  status: BulkRowStatus;
  cells: Partial<Record<BulkColumnKey, string>>;
  problems: BulkProblem[];
};

const STATUS_TEXT: Record<Locale, Record<BulkRowStatus, string>> = {
  el: { ok: 'Εντάξει', warning: 'Προειδοποίηση', error: 'Σφάλμα' },
  en: { ok: 'OK', warning: 'Warning', error: 'Error' },
};
const FILLS: Record<'error' | 'warning', ExcelJS.Fill> = {
  error: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF8D7DA' } },
  warning: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3CD' } },
};
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3E7EE' } };

/**
 * Writes the file to `output` (which it ends, or destroys on failure).
 *
 * @param columns the import's columns, in the order of the uploaded file.
 * @param pages the problem rows, a page at a time, translated.
 */
export async function writeProblemRows(
  columns: readonly BulkColumnKey[],
  pages: AsyncIterable<ProblemRow[]>,
  locale: Locale,
  output: Writable,
): Promise<void> {
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.created = new Date('2026-01-01T00:00:00Z');
  workbook.modified = workbook.created;
  try {
    const sheet = workbook.addWorksheet(locale === 'el' ? 'Προβλήματα' : 'Problems', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = [
      { header: BULK_REPORT_HEADERS.row[locale], width: 9 },
      { header: BULK_REPORT_HEADERS.status[locale], width: 15 },
      ...columns.map((key) => ({
        header: BULK_COLUMNS[key].header[locale],
        width: Math.max(14, key === 'cardId' ? 38 : 0),
        style: BULK_COLUMNS[key].isText ? { numFmt: '@' } : {},
      })),
      { header: BULK_REPORT_HEADERS.problems[locale], width: 80 },
    ];
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = HEADER_FILL;
    });
    header.commit();
    for await (const rows of pages) {
      for (const row of rows) {
        const line = sheet.addRow([
          row.rowNumber,
          STATUS_TEXT[locale][row.status],
          ...columns.map((key) => neutralizeCell(row.cells[key] ?? '')),
          neutralizeCell(
            row.problems
              .map((problem) => (problem.header ? `${problem.header}: ${problem.message}` : problem.message))
              .join('\n'),
          ),
        ]);
        line.getCell(columns.length + 3).alignment = { wrapText: true, vertical: 'top' };
        // Warnings first, so a cell with an error too ends up coloured as an error.
        const byLevel = [...row.problems].sort((a, b) =>
          a.level === b.level ? 0 : a.level === 'warning' ? -1 : 1,
        );
        for (const problem of byLevel) {
          const position = problem.column ? columns.indexOf(problem.column) : -1;
          if (position >= 0) line.getCell(position + 3).fill = FILLS[problem.level];
        }
        line.commit();
      }
    }
    await sheet.commit();
    await workbook.commit();
  } catch (error) {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
