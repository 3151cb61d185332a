import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readContentFiles } from './seed-content';

const CHECKER = fileURLToPath(new URL('../../db/seed/content/check.ts', import.meta.url));

describe('content files in the repository', () => {
  it('pass the content checker: schemas, el/en in step, routes, allow-listed HTML', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', CHECKER], { encoding: 'utf8' });
    expect(output).toMatch(/^Content OK: \d+ files/m);
  });

  it('hold every key in both languages', async () => {
    const entries = await readContentFiles();
    const keys = (locale: string) =>
      entries
        .filter((e) => e.locale === locale)
        .map((e) => e.key)
        .sort();
    expect(keys('el').length).toBeGreaterThan(15);
    expect(keys('en')).toEqual(keys('el'));
  });
});
