import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOTH_ENGINES, ONLY_ON, splitByEngine } from './engine-split';

const ROOT = path.resolve(import.meta.dirname, '..');
const serverTests = execFileSync('git', ['ls-files', 'server/src'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.test.ts'));

describe('the server files shared between the engines', () => {
  it('runs every file, the database files on both engines and the rest on one', () => {
    const split = splitByEngine(serverTests, 'abc123');
    for (const file of serverTests) {
      const on = [split.pglite.includes(file), split.postgres.includes(file)].filter(Boolean).length;
      if (BOTH_ENGINES.includes(file)) expect(on, file).toBe(2);
      else expect(on, file).toBe(1);
    }
    for (const [file, engine] of Object.entries(ONLY_ON)) expect(split[engine], file).toContain(file);
    const shared = serverTests.filter((file) => !BOTH_ENGINES.includes(file) && !ONLY_ON[file]);
    const dealt = (engine: 'pglite' | 'postgres') =>
      split[engine].filter((file) => shared.includes(file)).length;
    expect(Math.abs(dealt('pglite') - dealt('postgres'))).toBeLessThanOrEqual(1);
    expect(dealt('pglite') + dealt('postgres')).toBe(shared.length);
  });

  it('deals the same way for one seed and differently for another', () => {
    expect(splitByEngine(serverTests, 'abc123')).toEqual(splitByEngine(serverTests, 'abc123'));
    const a = splitByEngine(serverTests, 'abc123').pglite;
    const b = splitByEngine(serverTests, 'def456').pglite;
    expect(a).not.toEqual(b);
    // Over a handful of commits, each shared file meets both engines.
    const seeds = Array.from({ length: 12 }, (_, i) => `seed-${i}`);
    const shared = serverTests.filter((file) => !BOTH_ENGINES.includes(file) && !ONLY_ON[file]);
    const splits = seeds.map((seed) => splitByEngine(serverTests, seed));
    const metBoth = shared.filter((file) => new Set(splits.map((s) => s.pglite.includes(file))).size === 2);
    expect(metBoth.length).toBeGreaterThan(shared.length * 0.9);
  });

  it('names only files that exist', () => {
    for (const file of [...BOTH_ENGINES, ...Object.keys(ONLY_ON)]) expect(serverTests, file).toContain(file);
  });

  it('knows every file that asks which engine it runs on', () => {
    // A file that skips a test on one engine either runs on both or only where it tests something.
    for (const file of serverTests) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      const skipsOn =
        /\.(skipIf|runIf)\([^)]*\bkind\b[^)]*\)/.exec(source) ??
        /\.(skipIf|runIf)\(inject\('testDatabase'\)\.kind [^)]*\)/.exec(source);
      if (!skipsOn) continue;
      expect(BOTH_ENGINES.includes(file) || ONLY_ON[file] !== undefined, file).toBe(true);
      if (ONLY_ON[file] && /describe\.skipIf/.test(source)) {
        const skipped = /kind !== 'postgres'/.test(skipsOn[0]) ? 'pglite' : 'postgres';
        expect(ONLY_ON[file], `${file} skips itself on ${skipped}`).not.toBe(skipped);
      }
    }
  });
});
