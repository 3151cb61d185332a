import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findRf,
  formatRf,
  isValidRf,
  normalizeRf,
  orderNumberOfRf,
  rfBody,
  rfOfBody,
  rfOfOrderNumber,
} from './rf';

describe('ISO 11649 creditor references', () => {
  it('matches the standard’s published example', () => {
    // ISO 11649's example: body 539007547034 → RF18 5390 0754 7034.
    expect(rfOfBody('539007547034')).toBe('RF18539007547034');
    expect(isValidRf('RF18 5390 0754 7034')).toBe(true);
    expect(formatRf('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('accepts letters in the body and ignores case and spaces', () => {
    const rf = rfOfBody('ab12');
    expect(rf.startsWith('RF')).toBe(true);
    expect(isValidRf(rf.toLowerCase())).toBe(true);
    expect(normalizeRf(' rf 18 5390 ')).toBe('RF185390');
  });

  it('refuses malformed references and bodies', () => {
    expect(isValidRf('RF19539007547034')).toBe(false);
    expect(isValidRf('RF18')).toBe(false);
    expect(isValidRf('XX18539007547034')).toBe(false);
    expect(isValidRf(`RF00${'1'.repeat(22)}`)).toBe(false);
    expect(() => rfOfBody('')).toThrow();
    expect(() => rfOfBody('é')).toThrow();
    expect(() => rfOfBody('1'.repeat(22))).toThrow();
    expect(() => rfOfOrderNumber(0)).toThrow();
    expect(() => rfOfOrderNumber(1.5)).toThrow();
  });

  it('round-trips order numbers through a 12-digit numeric body', () => {
    expect(rfOfOrderNumber(1042)).toMatch(/^RF\d{2}000000001042$/);
    expect(orderNumberOfRf(rfOfOrderNumber(1042))).toBe(1042);
    expect(orderNumberOfRf(rfOfBody('AB12'))).toBeNull();
    expect(orderNumberOfRf('RF00000000001042')).toBeNull();
  });

  it('property: every generated reference is valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{1,21}$/), (body) => {
        const rf = rfOfBody(body);
        expect(isValidRf(rf)).toBe(true);
        expect(rfBody(rf)).toBe(body);
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: in a numeric reference any single changed digit is caught', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,21}$/),
        fc.nat(),
        fc.integer({ min: 0, max: 9 }),
        (body, at, replacement) => {
          const rf = rfOfBody(body);
          const index = 2 + (at % (rf.length - 2));
          const char = String(replacement);
          if (rf[index] === char) return;
          const changed = `${rf.slice(0, index)}${char}${rf.slice(index + 1)}`;
          // mod 97 catches every single-character substitution.
          expect(isValidRf(changed)).toBe(false);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('property: order numbers round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), (number) => {
        expect(orderNumberOfRf(formatRf(rfOfOrderNumber(number)))).toBe(number);
      }),
    );
  });

  it('finds a reference inside a bank statement’s description', () => {
    const rf = rfOfOrderNumber(77);
    expect(findRf(`ΠΛΗΡΩΜΗ ΠΑΡΑΓΓΕΛΙΑΣ ${formatRf(rf)} ΑΚΜΗ ΑΕ`)).toBe(rf);
    expect(findRf(`payment ${rf.toLowerCase()}`)).toBe(rf);
    expect(findRf('no reference here RF12')).toBeNull();
  });
});
