import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { WORKBOOK_PARTS, zipOf } from '../../../test/bulk-files';
import {
  checkXlsxDirectory,
  readZipDirectory,
  verifyZipEntries,
  ZipProblem,
  type ZipProblemReason,
} from './zip-check';

/** The checks an `.xlsx` passes before anything unzips it (ADR 011). */

async function workbookOf(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Φύλλο');
  sheet.addRow(['Κωδικός κάρτας', 'Ποσό (€)']);
  for (let index = 0; index < rows; index += 1) sheet.addRow([`κάρτα ${index}`, index]);
  workbook.addWorksheet('Δεύτερο').addRow(['άλλο']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function reasonOf(run: () => unknown): ZipProblemReason | 'none' {
  try {
    run();
    return 'none';
  } catch (error) {
    if (error instanceof ZipProblem) return error.reason;
    throw error;
  }
}

async function reasonOfAsync(run: () => Promise<unknown>): Promise<ZipProblemReason | 'none'> {
  try {
    await run();
    return 'none';
  } catch (error) {
    if (error instanceof ZipProblem) return error.reason;
    throw error;
  }
}

describe('the zip directory of an upload', () => {
  it('lists a real workbook’s entries with their sizes, and its worksheets’ rows once inflated', async () => {
    const bytes = await workbookOf(1_500);
    const entries = checkXlsxDirectory(bytes);
    expect(entries.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
    );
    const rows = await verifyZipEntries(bytes, entries);
    expect(rows.get('sheet1')).toBe(1_501);
    expect(rows.get('sheet2')).toBe(1);
  });

  it('refuses bytes that are no zip, a zip cut short and a zip that holds no workbook', () => {
    expect(reasonOf(() => readZipDirectory(Buffer.from('name;amount\n')))).toBe('notZip');
    const whole = zipOf(WORKBOOK_PARTS);
    expect(reasonOf(() => readZipDirectory(whole.subarray(0, whole.length - 10)))).toBe('notZip');
    expect(
      reasonOf(() => checkXlsxDirectory(zipOf([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]))),
    ).toBe('notXlsx');
  });

  it('refuses a directory that declares more than the limit, before inflating anything', () => {
    const declared = zipOf([
      ...WORKBOOK_PARTS,
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<a/>'), declaredSize: 500 * 1024 * 1024 },
    ]);
    expect(reasonOf(() => checkXlsxDirectory(declared))).toBe('tooBig');
    expect(
      reasonOf(() =>
        checkXlsxDirectory(declared, { maxEntries: 10, maxUncompressedBytes: 600 * 1024 * 1024 }),
      ),
    ).toBe('none');
  });

  it('refuses more entries than a workbook has, counted from the end record', () => {
    const many = zipOf([
      ...WORKBOOK_PARTS,
      ...Array.from({ length: 30 }, (_, index) => ({
        name: `xl/media/${index}.bin`,
        data: Buffer.from([index]),
      })),
    ]);
    expect(
      reasonOf(() => checkXlsxDirectory(many, { maxEntries: 20, maxUncompressedBytes: 1_000_000 })),
    ).toBe('tooBig');
  });

  it('refuses bytes hidden between entries and a local header that disagrees with the directory', () => {
    const zip = zipOf(WORKBOOK_PARTS);
    const firstEnd = 30 + '[Content_Types].xml'.length + zip.readUInt32LE(18);
    const hidden = Buffer.concat([
      zip.subarray(0, firstEnd),
      Buffer.alloc(100, 0x41),
      zip.subarray(firstEnd),
    ]);
    // Shift the second entry's offset and the directory's by the hidden bytes, as a forger would.
    const directoryAt = hidden.readUInt32LE(hidden.length - 6);
    hidden.writeUInt32LE(directoryAt + 100, hidden.length - 6);
    const secondRecord = directoryAt + 100 + 46 + '[Content_Types].xml'.length;
    hidden.writeUInt32LE(hidden.readUInt32LE(secondRecord + 42) + 100, secondRecord + 42);
    expect(reasonOf(() => readZipDirectory(hidden))).toBe('corrupt');
    const renamed = Buffer.from(zip);
    renamed.write('X', 30);
    expect(reasonOf(() => readZipDirectory(renamed))).toBe('corrupt');
  });

  it('stops inflating an entry at its declared size: a zip bomb that lies is caught with little memory', async () => {
    const bomb = zipOf([
      ...WORKBOOK_PARTS,
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(50 * 1024 * 1024), declaredSize: 4_096 },
    ]);
    const entries = checkXlsxDirectory(bomb);
    const before = process.memoryUsage().rss;
    expect(await reasonOfAsync(() => verifyZipEntries(bomb, entries))).toBe('tooBig');
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
    const short = zipOf([
      ...WORKBOOK_PARTS,
      { name: 'xl/styles.xml', data: Buffer.from('<styles/>'), declaredSize: 400 },
    ]);
    expect(await reasonOfAsync(() => verifyZipEntries(short, checkXlsxDirectory(short)))).toBe('corrupt');
    const garbage = zipOf([
      ...WORKBOOK_PARTS,
      { name: 'xl/styles.xml', data: Buffer.from('not deflate'), stored: true },
    ]);
    const entries2 = checkXlsxDirectory(garbage);
    // A stored entry is what it says; flip its method to deflate and it no longer inflates.
    const patched = Buffer.from(garbage);
    const local = entries2.find((entry) => entry.name === 'xl/styles.xml')!.localHeaderOffset;
    patched.writeUInt16LE(8, local + 8);
    const directory = patched.readUInt32LE(patched.length - 6);
    let at = directory;
    for (const entry of entries2) {
      if (entry.name === 'xl/styles.xml') patched.writeUInt16LE(8, at + 10);
      at += 46 + Buffer.byteLength(entry.name);
    }
    expect(await reasonOfAsync(() => verifyZipEntries(patched, checkXlsxDirectory(patched)))).toBe('corrupt');
  });
});
