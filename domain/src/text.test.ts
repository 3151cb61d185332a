import { describe, expect, it } from 'vitest';
import { neutralizeCell } from './text';

describe('a spreadsheet cell of user text', () => {
  it('is quoted when a spreadsheet would read it as a formula, and left alone otherwise', () => {
    for (const text of ['=1+1', '+30 210', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralizeCell(text)).toBe(`'${text}`);
    }
    for (const text of ['', 'Γιώργος', 'a=1', ' =1', "'quoted"]) expect(neutralizeCell(text)).toBe(text);
  });
});
