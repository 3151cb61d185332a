import { describe, expect, it } from 'vitest';
import {
  BULK_MAX_BYTES,
  changedCells,
  checkBulkFile,
  defaultAlias,
  draftsBlockOf,
  fileSizeText,
  filterCount,
  last4Of,
  progressPercent,
  uploadFileName,
} from './model';

const counts = { rowsOk: 5, rowsWarning: 2, rowsError: 3, rowsDropped: 4 };

describe('bulk page rules', () => {
  it('accepts .xlsx and .csv up to the limit, and says why anything else is refused', () => {
    expect(checkBulkFile({ name: 'Φορτίσεις.XLSX', size: 10 })).toBeNull();
    expect(checkBulkFile({ name: 'loads.csv', size: BULK_MAX_BYTES })).toBeNull();
    expect(checkBulkFile({ name: 'loads.csv', size: BULK_MAX_BYTES + 1 })).toEqual({
      kind: 'tooBig',
      bytes: BULK_MAX_BYTES + 1,
      maxBytes: BULK_MAX_BYTES,
    });
    expect(checkBulkFile({ name: 'old.xls', size: 10 })).toEqual({ kind: 'oldExcel' });
    expect(checkBulkFile({ name: 'notes.pdf', size: 10 })).toEqual({ kind: 'type' });
    expect(checkBulkFile({ name: 'no-extension', size: 10 })).toEqual({ kind: 'type' });
    expect(checkBulkFile({ name: 'empty.csv', size: 0 })).toEqual({ kind: 'empty' });
  });

  it('sends at most 200 characters of a file name, keeping its extension', () => {
    const long = `${'α'.repeat(250)}.xlsx`;
    const sent = uploadFileName(long);
    expect(sent).toHaveLength(200);
    expect(sent.endsWith('.xlsx')).toBe(true);
    expect(uploadFileName('  loads.csv ')).toBe('loads.csv');
  });

  it('says sizes in KB below a megabyte and in MB with one decimal above', () => {
    expect(fileSizeText(5, 'el')).toEqual({ id: 'bulk.size.kb', size: '1' });
    expect(fileSizeText(1_572_864, 'el')).toEqual({ id: 'bulk.size.mb', size: '1,5' });
    expect(fileSizeText(1_572_864, 'en')).toEqual({ id: 'bulk.size.mb', size: '1.5' });
  });

  it('counts each filter’s rows from the import (dropped rows only under “left out”)', () => {
    expect(filterCount(counts, 'all')).toBe(14);
    expect(filterCount(counts, 'problems')).toBe(5);
    expect(filterCount(counts, 'error')).toBe(3);
    expect(filterCount(counts, 'warning')).toBe(2);
    expect(filterCount(counts, 'ok')).toBe(5);
    expect(filterCount(counts, 'dropped')).toBe(4);
  });

  it('makes drafts only from a ready import with good rows and no row with errors left', () => {
    expect(draftsBlockOf({ state: 'ready', ...counts })).toBe('hasErrors');
    expect(draftsBlockOf({ state: 'ready', ...counts, rowsError: 0 })).toBeNull();
    expect(draftsBlockOf({ state: 'ready', rowsOk: 0, rowsWarning: 1, rowsError: 0 })).toBeNull();
    expect(draftsBlockOf({ state: 'ready', rowsOk: 0, rowsWarning: 0, rowsError: 0 })).toBe('noGoodRows');
    expect(draftsBlockOf({ state: 'processing', ...counts, rowsError: 0 })).toBe('notReady');
  });

  it('shows progress only once the file’s size in rows is known', () => {
    expect(progressPercent({ rowsRead: 0, rowsTotal: null })).toBeNull();
    expect(progressPercent({ rowsRead: 250, rowsTotal: 1_000 })).toBe(25);
    expect(progressPercent({ rowsRead: 1_005, rowsTotal: 1_000 })).toBe(100);
  });

  it('sends only the cells an edit changed', () => {
    const row = { cells: { cardId: 'C-1', amount: 'πενήντα' } };
    expect(changedCells(row, { cardId: 'C-1', amount: '50,00' })).toEqual({ amount: '50,00' });
    expect(changedCells(row, { cardId: 'C-1', amount: 'πενήντα' })).toBeNull();
    expect(changedCells(row, { email: '' })).toBeNull();
    expect(changedCells(row, { email: 'a@b.gr' })).toEqual({ email: 'a@b.gr' });
  });

  it('names the drafts after the file and reads a masked number by its last four digits', () => {
    expect(defaultAlias('Φορτίσεις Μαρτίου.xlsx')).toBe('Φορτίσεις Μαρτίου');
    expect(defaultAlias(`${'x'.repeat(90)}.csv`)).toHaveLength(70);
    expect(last4Of('5347 11•• •••• 1234')).toBe('1234');
  });
});
