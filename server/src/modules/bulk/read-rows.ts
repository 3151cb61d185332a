import { Readable } from 'node:stream';
import type { BulkFileKind } from '@tessera/domain';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/file-libraries';

/**
 * Reads the rows of an uploaded file as they come, never the whole sheet at once: exceljs's
 * streaming reader for `.xlsx` (ARCHITECTURE §3), csv-parse for `.csv`. Formulas are never
 * evaluated: a formula cell gives its cached result, or `FORMULA_WITHOUT_VALUE` when the file kept
 * none (ADR 011).
 */

/** A formula cell the file saved without its calculated value. */
export const FORMULA_WITHOUT_VALUE = Symbol('formula without value');
/** A cell holding a spreadsheet error (`#N/A`, `#DIV/0!`…), itself or as a formula's result. */
export const CELL_ERROR = Symbol('cell error');

/** A cell as read: text, a number (xlsx numeric cells), nothing, or one of the markers above. */
export type CellValue = string | number | null | typeof FORMULA_WITHOUT_VALUE | typeof CELL_ERROR;

export type SheetRow = {
  /** The row's number in the sheet (1-based, as the spreadsheet shows it; a CSV's record number). */
  rowNumber: number;
  /** Cells by 0-based column. */
  cells: CellValue[];
  /** Which worksheet (xlsx: the number of its part, `sheet1.xml` → 1; csv: 0). */
  sheet: number;
};

/** The text of a cell's value as exceljs gives it. */
function cellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : CELL_ERROR;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('formula' in record || 'sharedFormula' in record) {
      return record.result === undefined || record.result === null
        ? FORMULA_WITHOUT_VALUE
        : cellValue(record.result);
    }
    if ('error' in record) return CELL_ERROR;
    if (Array.isArray(record.richText)) {
      return (record.richText as { text?: unknown }[]).map((part) => String(part.text ?? '')).join('');
    }
    if ('text' in record) return cellValue(record.text);
  }
  return String(value);
}

/** True when every cell is empty (blank rows are skipped, keeping the sheet's row numbers). */
export function isBlankRow(cells: readonly CellValue[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''));
}

/** The rows of a worksheet reader, as exceljs parses them: a chunk of the sheet's XML at a time. */
type WorksheetEvents = AsyncIterable<{ eventType: string; value: unknown }[]>;

async function* xlsxRows(bytes: Buffer): AsyncGenerator<SheetRow[]> {
  const Excel = await loadExcel();
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // exceljs reads a worksheet it meets after the shared strings at once, and then looks the sheet up
  // in `xl/workbook.xml` — which some writers (exceljs's own, at times) put last in the zip: without
  // a model yet it throws. An empty model until the workbook part arrives keeps the sheet's number.
  const early = reader as unknown as { model?: unknown; properties?: unknown };
  early.model ??= { sheets: [] };
  early.properties ??= {};
  for await (const worksheet of reader) {
    // The worksheet's number in its part name (`xl/worksheets/sheet2.xml` → 2), as the zip check counts it.
    const sheet = Number((worksheet as unknown as { id: string | number }).id);
    // A chunk's rows at a time rather than one by one: 100,000 rows are 100,000 fewer promises.
    const events = (worksheet as unknown as { parse(): WorksheetEvents }).parse();
    for await (const chunk of events) {
      const rows: SheetRow[] = [];
      for (const { eventType, value } of chunk) {
        if (eventType !== 'row') continue;
        const row = value as ExcelJS.Row;
        const values = row.values as unknown[];
        const cells: CellValue[] = [];
        // exceljs's values are 1-based and sparse.
        for (let column = 1; column < values.length; column += 1) cells.push(cellValue(values[column]));
        rows.push({ rowNumber: row.number, cells, sheet });
      }
      if (rows.length > 0) yield rows;
    }
  }
}

/**
 * A CSV's text: UTF-8 (with or without a byte-order mark), else Windows-1253, which Greek Excel
 * uses when it saves "CSV"; null when it is neither (a binary file renamed `.csv`).
 */
export function decodeCsv(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1253').decode(bytes);
  }
}

/** The separator of the header line: `;` (Greek Excel), `,` or a tab, whichever it holds most. */
export function csvDelimiter(text: string): string {
  const newline = text.search(/\r?\n/);
  const first = newline < 0 ? text : text.slice(0, newline);
  const counts = [';', ',', '\t'].map((delimiter) => ({
    delimiter,
    count: first.split(delimiter).length - 1,
  }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]!.count > 0 ? counts[0]!.delimiter : ',';
}

async function* csvRows(bytes: Buffer): AsyncGenerator<SheetRow[]> {
  const text = decodeCsv(bytes);
  if (text === null) throw new Error('not text');
  const parser = Readable.from([text]).pipe(
    parse({
      delimiter: csvDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }),
  );
  let rowNumber = 0;
  let rows: SheetRow[] = [];
  for await (const record of parser) {
    rowNumber += 1;
    rows.push({ rowNumber, cells: record as string[], sheet: 0 });
    if (rows.length === 1_000) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}

/** Every row of every sheet of the file, in order, a chunk of rows at a time. */
export function readRows(bytes: Buffer, kind: BulkFileKind): AsyncGenerator<SheetRow[]> {
  return kind === 'xlsx' ? xlsxRows(bytes) : csvRows(bytes);
}
