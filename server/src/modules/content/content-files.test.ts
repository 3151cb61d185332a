import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../db/seed/content/check';
import { readContentFiles } from './seed-content';

const CONTENT = fileURLToPath(new URL('../../db/seed/content/', import.meta.url));

describe('content files in the repository', () => {
  it('pass the content checker: schemas, el/en in step, routes, allow-listed HTML', () => {
    const { problems, fileCount } = checkContent();
    expect(problems).toEqual([]);
    expect(fileCount).toBeGreaterThan(30);
  });

  it('fail the checker when a language falls out of step, a link leaves the routes or HTML leaves the allow-list', () => {
    // A copy of the content with three faults, so the checker is seen to find what it looks for.
    const root = mkdtempSync(path.join(os.tmpdir(), 'tessera-content-'));
    try {
      cpSync(CONTENT, root, { recursive: true, filter: (from) => !from.endsWith('.ts') });
      rmSync(path.join(root, 'en', 'faqs.json'));
      const footer = path.join(root, 'el', 'footer.json');
      writeFileSync(
        footer,
        readFileSync(footer, 'utf8').replace(/"url": "\/[^"]*"/, '"url": "/no-such-route"'),
      );
      const terms = path.join(root, 'el', 'pages', 'terms.json');
      writeFileSync(terms, readFileSync(terms, 'utf8').replace('<p>', '<p><script>x</script>'));
      const { problems } = checkContent(root);
      expect(problems).toContainEqual('en/faqs.json: missing');
      expect(
        problems.some((line) => line.startsWith('el/footer.json') && line.includes('/no-such-route')),
      ).toBe(true);
      expect(problems.some((line) => line.startsWith('el/pages/terms.json') && /script/.test(line))).toBe(
        true,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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
