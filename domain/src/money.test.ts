import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from './money';

describe('formatAmount', () => {
  it.each([
    [0, '0,00\u00a0€'],
    [5, '0,05\u00a0€'],
    [123456, '1.234,56\u00a0€'],
    [100000000, '1.000.000,00\u00a0€'],
    [-123456, '-1.234,56\u00a0€'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatAmount(cents)).toBe(text);
  });

  it('formats bigint cents the same as numbers', () => {
    expect(formatAmount(123456n)).toBe(formatAmount(123456));
  });

  it('agrees with Intl el-GR currency formatting for every amount', () => {
    const intl = new Intl.NumberFormat('el-GR', {
      style: 'currency',
      currency: 'EUR',
      useGrouping: 'always',
    });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatAmount(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });
});

describe('parseAmount', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234.56', 123456],
    ['1,234.56', 123456],
    ['12,5', 1250],
    ['  40 € ', 4000],
    ['0', 0],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,2,3', '12.345.6', '1.23,4,5', '-5'])('refuses %s', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('reads back every formatted amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        expect(parseAmount(formatAmount(cents))).toBe(cents);
      }),
    );
  });
});
