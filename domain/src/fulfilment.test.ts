import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batchStatusOf,
  embossCompanyLine,
  embossFile,
  embossName,
  EMBOSS_FILE_COLUMNS,
  transliterateGreek,
  type EmbossFileRow,
} from './fulfilment';

describe('names as embossed (ELOT 743)', () => {
  it('transliterates Greek names to Latin capitals', () => {
    expect(transliterateGreek('Ακμή Τροφίμων')).toBe('AKMI TROFIMON');
    expect(embossName('Αθανασία Ρήγα')).toBe('ATHANASIA RIGA');
    expect(embossName('Στέφανος Λάμπρου')).toBe('STEFANOS LAMPROU');
    expect(embossName('Μπάμπης Ντόρος')).toBe('BAMPIS DOROS');
    expect(embossName('Ευάγγελος Αυγερινός')).toBe('EVANGELOS AVGERINOS');
    expect(embossName('Χρυσούλα Ψαρρού-Γιαννοπούλου')).toBe('CHRYSOULA PSARROU-GIANNOPO');
  });

  it('keeps only A–Z, space, dot and hyphen, at most 26 characters', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const embossed = embossName(name);
        expect(embossed).toMatch(/^[A-Z .-]*$/);
        expect(embossed.length).toBeLessThanOrEqual(26);
      }),
    );
    expect(embossName("O'Brien 2nd")).toBe('O BRIEN ND');
  });

  it('the company line keeps the characters card printing allows', () => {
    expect(embossCompanyLine('Ακμή Τροφίμων Α.Ε.')).toBe('AKMI TROFIMON A.E.');
    expect(embossCompanyLine('A & B 24/7 Ltd')).toBe('A & B 24 7 LTD');
  });
});

describe('the embossing file', () => {
  const row = (overrides: Partial<EmbossFileRow>): EmbossFileRow => ({
    ...(Object.fromEntries(EMBOSS_FILE_COLUMNS.map((column) => [column, ''])) as EmbossFileRow),
    ...overrides,
  });

  it('is `;`-separated with a header, CRLF lines, and no separator or card number inside a field', () => {
    const file = embossFile([
      row({
        BATCH_NO: '7',
        EMBOSS_NAME: 'ELENI PAPPA',
        DELIVERY_ADDRESS: 'Ακτή; Μιαούλη\n45 4111 1111 1111 1111',
      }),
    ]);
    const lines = file.split('\r\n');
    expect(lines[0]).toBe(EMBOSS_FILE_COLUMNS.join(';'));
    expect(lines[1]!.split(';')).toHaveLength(EMBOSS_FILE_COLUMNS.length);
    expect(file).not.toMatch(/4111/);
    expect(lines[2]).toBe('');
  });
});

describe('a batch status', () => {
  it('follows its orders', () => {
    expect(batchStatusOf(['in_production', 'in_production'])).toBe('inProduction');
    expect(batchStatusOf(['shipped', 'in_production'])).toBe('partlyShipped');
    expect(batchStatusOf(['shipped', 'delivered'])).toBe('shipped');
    expect(batchStatusOf(['delivered', 'loaded'])).toBe('delivered');
  });
});
