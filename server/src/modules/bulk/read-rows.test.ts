import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { csvOf, xlsxOf, zipOf } from '../../../test/bulk-files';
import {
  CELL_ERROR,
  csvDelimiter,
  decodeCsv,
  FORMULA_WITHOUT_VALUE,
  readRows,
  type SheetRow,
} from './read-rows';
import { checkXlsxDirectory, readZipDirectory, workbookPartsFirst } from './zip-check';

/** Reading the rows of an upload (ADR 011), whatever wrote the file. */

async function rowsOf(bytes: Buffer, kind: 'xlsx' | 'csv'): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const chunk of readRows(bytes, kind)) rows.push(...chunk);
  return rows;
}

/** The same workbook with its parts in another order (writers differ; some put the workbook last). */
function reordered(bytes: Buffer, order: (names: string[]) => string[]): Buffer {
  const entries = readZipDirectory(bytes);
  const data = new Map(
    entries.map((entry) => {
      const raw = bytes.subarray(entry.dataStart, entry.dataEnd);
      return [entry.name, entry.method === 8 ? inflateRawSync(raw) : Buffer.from(raw)] as const;
    }),
  );
  return zipOf(order([...data.keys()]).map((name) => ({ name, data: data.get(name)! })));
}

describe('reading a workbook', () => {
  it('reads the rows whatever the order of its parts, the workbook part last included', async () => {
    const bytes = await xlsxOf([
      ['Κωδικός κάρτας', 'Ποσό (€)'],
      ['α', 12.5],
      ['β', '1.234,56'],
    ]);
    const late = reordered(bytes, (names) => {
      const first = [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/sharedStrings.xml',
      ];
      return [
        ...first.filter((name) => names.includes(name)),
        ...names.filter((name) => !first.includes(name) && name !== 'xl/workbook.xml'),
        'xl/workbook.xml',
      ];
    });
    const streamed = workbookPartsFirst(late, checkXlsxDirectory(late));
    // A sequential reader meets the workbook, then the shared strings, then the sheets.
    const order: string[] = [];
    for (let at = 0; streamed.readUInt32LE(at) === 0x04034b50;) {
      const nameLength = streamed.readUInt16LE(at + 26);
      order.push(streamed.toString('utf8', at + 30, at + 30 + nameLength));
      at += 30 + nameLength + streamed.readUInt16LE(at + 28) + streamed.readUInt32LE(at + 18);
    }
    expect(order.indexOf('xl/workbook.xml')).toBeLessThan(order.indexOf('xl/sharedStrings.xml'));
    expect(order.indexOf('xl/sharedStrings.xml')).toBeLessThan(order.indexOf('xl/worksheets/sheet1.xml'));
    for (const file of [bytes, late, streamed]) {
      const rows = await rowsOf(file, 'xlsx');
      expect(rows.map((row) => [row.rowNumber, ...row.cells])).toEqual([
        [1, 'Κωδικός κάρτας', 'Ποσό (€)'],
        [2, 'α', 12.5],
        [3, 'β', '1.234,56'],
      ]);
    }
  });

  it('gives the cached value of a formula, and marks one without it and a cell error', async () => {
    const rows = await rowsOf(
      await xlsxOf([
        ['a', 'b', 'c'],
        [{ formula: '1+1', result: 2 }, { formula: 'A2*3' }, { error: '#N/A' }],
      ]),
      'xlsx',
    );
    expect(rows[1]!.cells).toEqual([2, FORMULA_WITHOUT_VALUE, CELL_ERROR]);
  });
});

describe('reading a CSV', () => {
  it('takes UTF-8 with a byte-order mark, or Windows-1253, and the separator of its header', async () => {
    const rows = [
      ['Επώνυμο', 'Ποσό'],
      ['Ζαχαρίου', '12,50'],
    ];
    const utf8 = csvOf(rows, { delimiter: ';' });
    const greek = csvOf(rows, { delimiter: ';', encoding: 'windows-1253' });
    expect(decodeCsv(greek)).toBe('Επώνυμο;Ποσό\r\nΖαχαρίου;"12,50"');
    for (const file of [utf8, greek]) {
      expect((await rowsOf(file, 'csv')).map((row) => row.cells)).toEqual(rows);
    }
    expect(csvDelimiter('a,b;c;d\n1,2')).toBe(';');
    expect(csvDelimiter('a\tb\n')).toBe('\t');
    expect(decodeCsv(Buffer.from([0x50, 0x4b, 0x00, 0x01]))).toBeNull();
  });
});
