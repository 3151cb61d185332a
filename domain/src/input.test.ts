import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, sanitizeNumberInput, stripLeadingWhitespace } from './input';

describe('sanitizeNumberInput (SPEC §5)', () => {
  it.each([
    ['123', 123],
    ['00123', 123],
    ['1a2b3', 123],
    ['', 0],
    ['abc', 0],
    ['000', 0],
    ['-45', 45],
    ['1.234,56', 123456],
  ])('reads %j as %i', (text, value) => {
    expect(sanitizeNumberInput(text)).toBe(value);
  });

  it('keeps exactly the digits of any input, without leading zeros', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const digits = text.replace(/\D/g, '');
        const expected = digits.replace(/^0+/, '');
        expect(String(sanitizeNumberInput(text))).toBe(expected === '' ? '0' : String(Number(expected)));
      }),
    );
  });

  it('never returns a negative number or NaN', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const value = sanitizeNumberInput(text);
        expect(Number.isNaN(value)).toBe(false);
        expect(value).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('stripLeadingWhitespace', () => {
  it('removes only the leading whitespace', () => {
    expect(stripLeadingWhitespace('   Γεια σου ')).toBe('Γεια σου ');
    expect(stripLeadingWhitespace('\t\nx')).toBe('x');
  });

  it('is idempotent and never starts with whitespace', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = stripLeadingWhitespace(text);
        expect(stripLeadingWhitespace(once)).toBe(once);
        expect(/^\s/.test(once)).toBe(false);
        expect(text.endsWith(once)).toBe(true);
      }),
    );
  });
});

describe('foldForSearch', () => {
  it('ignores Greek accents, dialytika, final sigma and case', () => {
    expect(foldForSearch('Παπαδόπουλος')).toBe(foldForSearch('ΠΑΠΑΔΟΠΟΥΛΟΣ'));
    expect(foldForSearch('Ευτυχία')).toBe('ευτυχια');
    expect(foldForSearch('Ϊωάννα  Ρήγα')).toBe('ιωαννα ρηγα');
    expect(foldForSearch('José')).toBe('jose');
  });
});
