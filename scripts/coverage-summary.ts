/**
 * Prints the statement and branch coverage of `domain/` and `server/` apart, from the json-summary
 * that `npm run test:coverage` writes (issue 32 §3: neither may drop; ADR 038 keeps the figures).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Counts = { total: number; covered: number };
type FileSummary = { statements: Counts; branches: Counts };

const ROOT = path.resolve(import.meta.dirname, '..');
const file = process.argv[2] ?? path.join(ROOT, '.tmp', 'coverage', 'coverage-summary.json');
const summary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, FileSummary>;

const areas = {
  domain: `${path.sep}domain${path.sep}src${path.sep}`,
  server: `${path.sep}server${path.sep}src${path.sep}`,
};
for (const [area, marker] of Object.entries(areas)) {
  const sum = { statements: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
  for (const [name, counts] of Object.entries(summary)) {
    if (name === 'total' || !name.includes(marker)) continue;
    for (const kind of ['statements', 'branches'] as const) {
      sum[kind].total += counts[kind].total;
      sum[kind].covered += counts[kind].covered;
    }
  }
  const pct = (c: Counts) => ((100 * c.covered) / Math.max(c.total, 1)).toFixed(2);
  console.log(
    `${area.padEnd(7)} statements ${pct(sum.statements)}% (${sum.statements.covered}/${sum.statements.total}), branches ${pct(sum.branches)}% (${sum.branches.covered}/${sum.branches.total})`,
  );
}
