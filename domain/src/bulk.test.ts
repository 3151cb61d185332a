import { describe, expect, it } from 'vitest';
import {
  BULK_COLUMNS,
  BULK_DRAFT_MAX_LINES,
  BULK_PURPOSE_COLUMNS,
  DropBulkImportRowsRequestSchema,
  matchBulkHeaders,
  normalizeBulkHeader,
  normalizeBulkText,
  parseBulkAction,
  parseBulkFamily,
  parseBulkProduct,
  UpdateBulkImportRowRequestSchema,
} from './bulk';
import { SaveDraftOrderRequestSchema } from './drafts';

describe('bulk file headers', () => {
  it('are recognised in either language, in any order, with accents, case, spaces and units ignored', () => {
    const match = matchBulkHeaders(
      ['  ΠΟΣΟ (€) ', 'Last 4 digits', 'κωδικός   ΕΡΓΑΖΟΜΕΝΟΥ', 'Σχόλια'],
      'load',
    );
    expect(match.positions).toEqual({ amount: 0, last4: 1, employeeCode: 2 });
    expect(match.headers.amount).toBe('ΠΟΣΟ (€)');
    expect(match.ignored).toEqual(['Σχόλια']);
    expect(match.missing).toEqual([]);
  });

  it('name the required columns a file lacks, one set of alternatives at a time', () => {
    expect(matchBulkHeaders(['Όνομα', 'Επώνυμο'], 'load').missing).toEqual([['amount'], ['cardId', 'last4']]);
    expect(matchBulkHeaders(['Product', 'First name', 'Amount'], 'new').missing).toEqual([['lastName']]);
  });

  it('report a column named twice, and ignore columns of another purpose and of the problem file', () => {
    const match = matchBulkHeaders(
      ['Γραμμή', 'Κατάσταση', 'Amount', 'Ποσό', 'Card ID', 'ΑΦΜ', 'Προβλήματα'],
      'load',
    );
    expect(match.repeated).toEqual(['amount']);
    expect(match.ignored).toEqual(['ΑΦΜ']);
  });

  it('of every template are recognised as they are written, in both languages', () => {
    for (const purpose of ['load', 'new', 'mixed'] as const) {
      for (const lang of ['el', 'en'] as const) {
        const headers = BULK_PURPOSE_COLUMNS[purpose].map((key) => BULK_COLUMNS[key].header[lang]);
        const match = matchBulkHeaders(headers, purpose);
        expect(Object.keys(match.positions)).toEqual([...BULK_PURPOSE_COLUMNS[purpose]]);
        expect(match.missing).toEqual([]);
      }
    }
  });

  it('never map two columns to one text', () => {
    const seen = new Map<string, string>();
    for (const column of Object.values(BULK_COLUMNS)) {
      for (const text of [column.header.el, column.header.en, ...column.aliases]) {
        const normal = normalizeBulkHeader(text);
        expect(seen.get(normal) ?? column.key, text).toBe(column.key);
        seen.set(normal, column.key);
      }
    }
  });
});

describe('bulk file values', () => {
  it('name products and families by code or by name in either language', () => {
    expect(parseBulkProduct('Ticket Restaurant')).toBe('TICKET_RESTAURANT');
    expect(parseBulkProduct('ticket_restaurant')).toBe('TICKET_RESTAURANT');
    expect(parseBulkProduct('ΔΩΡΟΚΑΡΤΑ')).toBe('VOUCHER');
    expect(parseBulkProduct('Κάρτα Φιλοξενίας')).toBe('COPMLIMENT');
    expect(parseBulkProduct('Complimentary card')).toBe('COPMLIMENT');
    expect(parseBulkProduct('Μπόνους')).toBeNull();
    expect(parseBulkFamily('πλαστικη')).toBe('plastic');
    expect(parseBulkFamily('Ψηφιακή')).toBe('virtual');
    expect(parseBulkFamily('Virtual')).toBe('virtual');
    expect(parseBulkFamily('μεταλλική')).toBeNull();
    expect(parseBulkAction('ΦΟΡΤΩΣΗ')).toBe('load');
    expect(parseBulkAction('νέα κάρτα')).toBe('new');
    expect(parseBulkAction('New card')).toBe('new');
    expect(parseBulkAction('ακύρωση')).toBeNull();
  });

  it('compose Greek accents and collapse spaces', () => {
    // "ά" written as α + combining acute (as some exports do) becomes the one character.
    expect(normalizeBulkText('  Παπαδο\u0301πουλος \t Γιώργος ')).toBe('Παπαδόπουλος Γιώργος');
  });

  it('split drafts where a draft’s lines end', () => {
    const line = { tempCardId: 't', amountCents: 500 };
    const draft = (count: number) => ({
      reason: 'load-card',
      orderType: 'BULK_LOAD',
      product: 'SPENDEO',
      family: 'spendeo',
      cards: Array.from({ length: count }, (_, index) => ({ ...line, tempCardId: `t${index}` })),
    });
    expect(SaveDraftOrderRequestSchema.safeParse(draft(BULK_DRAFT_MAX_LINES)).success).toBe(true);
    expect(SaveDraftOrderRequestSchema.safeParse(draft(BULK_DRAFT_MAX_LINES + 1)).success).toBe(false);
  });

  it('edit at least one cell, and drop either the rows named or a status', () => {
    expect(UpdateBulkImportRowRequestSchema.safeParse({ cells: {} }).success).toBe(false);
    expect(UpdateBulkImportRowRequestSchema.safeParse({ cells: { amount: '12,50' } }).success).toBe(true);
    expect(UpdateBulkImportRowRequestSchema.safeParse({ cells: { salary: '1' } }).success).toBe(false);
    expect(DropBulkImportRowsRequestSchema.safeParse({ rowNumbers: [2, 3] }).success).toBe(true);
    expect(DropBulkImportRowsRequestSchema.safeParse({ status: 'error' }).success).toBe(true);
    expect(DropBulkImportRowsRequestSchema.safeParse({}).success).toBe(false);
    expect(DropBulkImportRowsRequestSchema.safeParse({ rowNumbers: [2], status: 'error' }).success).toBe(
      false,
    );
  });
});
