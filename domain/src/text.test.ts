import { describe, expect, it } from 'vitest';
import { neutralizeCell, unsafeTextPaths } from './text';

describe('a spreadsheet cell of user text', () => {
  it('is quoted when a spreadsheet would read it as a formula, and left alone otherwise', () => {
    for (const text of ['=1+1', '+30 210', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralizeCell(text)).toBe(`'${text}`);
    }
    for (const text of ['', 'Γιώργος', 'a=1', ' =1', "'quoted"]) expect(neutralizeCell(text)).toBe(text);
  });
});

describe('the unsafe-text guard over a request', () => {
  it('walks a value nested 100,000 levels deep without overflowing the stack, naming the bad leaf', () => {
    const depth = 100_000;
    let deep: unknown = { name: 'bad\u0000text' };
    for (let level = 0; level < depth; level += 1) deep = level % 2 === 0 ? [deep] : { child: deep };
    const paths = unsafeTextPaths(deep);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toHaveLength(depth + 1);
    expect(paths[0]!.at(-1)).toBe('name');
    expect(paths[0]!.slice(0, 2)).toEqual(['child', 0]);
  });

  it('finds unsafe keys and values in document order, at most the limit', () => {
    const value = {
      a: 'ok',
      ['b\u0001']: 'x',
      c: ['fine', 'half \uD800', { d: 'nul\u0000' }],
      e: 'bad\u0007',
    };
    expect(unsafeTextPaths(value)).toEqual([['b\u0001'], ['c', 1], ['c', 2, 'd'], ['e']]);
    expect(unsafeTextPaths(value, 2)).toEqual([['b\u0001'], ['c', 1]]);
    expect(unsafeTextPaths('plain')).toEqual([]);
    expect(unsafeTextPaths('nul\u0000')).toEqual([[]]);
  });
});
