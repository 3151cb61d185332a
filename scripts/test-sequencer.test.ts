import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONGEST_FILES, longestFirst } from './test-sequencer';

describe('the order test files start in', () => {
  const item = (file: string, block = 'server') => ({ file, block });
  const order = (items: { file: string; block: string }[]) =>
    longestFirst(
      items,
      (entry) => entry.file,
      (entry) => entry.block,
    ).map((entry) => `${entry.block}:${entry.file}`);

  it('starts the longest known files first, in the list’s order, and keeps the rest in vitest’s', () => {
    expect(
      order([
        item('server/src/a.test.ts'),
        item(LONGEST_FILES[2]!),
        item('server/src/b.test.ts'),
        item(LONGEST_FILES[0]!),
      ]),
    ).toEqual([
      `server:${LONGEST_FILES[0]}`,
      `server:${LONGEST_FILES[2]}`,
      'server:server/src/a.test.ts',
      'server:server/src/b.test.ts',
    ]);
  });

  it('never moves a file out of its project’s block', () => {
    expect(
      order([item('web/src/x.test.tsx', 'web'), item('server/src/a.test.ts'), item(LONGEST_FILES[0]!)]),
    ).toEqual(['web:web/src/x.test.tsx', `server:${LONGEST_FILES[0]}`, 'server:server/src/a.test.ts']);
  });

  it('names files that exist (a renamed file would silently lose its place)', () => {
    for (const file of LONGEST_FILES) expect(existsSync(file), file).toBe(true);
  });
});
