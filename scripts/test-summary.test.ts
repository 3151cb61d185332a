import { describe, expect, it } from 'vitest';
import { skippedSuites, summaryLines, timingLines } from './test-summary';

describe('the summary of npm test', () => {
  it('names the PostgreSQL suite and the Redis test as not run, and why, when their servers are not set', () => {
    const skipped = skippedSuites({}, new Set());
    const lines = summaryLines(
      [
        { suite: 'unit', passed: 600, failed: 0 },
        { suite: 'server-pglite', passed: 1200, failed: 1, skipped: 2 },
      ],
      skipped,
    );
    expect(lines).toContain('Not run:');
    expect(lines.find((line) => line.startsWith('  server-postgres:'))).toMatch(
      /TEST_DATABASE_URL is not set/,
    );
    expect(lines.find((line) => line.includes('Redis'))).toMatch(/TEST_REDIS_URL is not set/);
    expect(lines).toContain('  server-pglite    1200 passed, 1 failed (2 skipped)');
    expect(lines.at(-1)).toBe('1800 passed, 1 failed');
  });

  it('says nothing was left out when every server is set and every suite asked for', () => {
    const skipped = skippedSuites(
      { TEST_DATABASE_URL: 'postgres://x', TEST_REDIS_URL: 'redis://x' },
      new Set(),
    );
    expect(skipped).toEqual([]);
    expect(summaryLines([{ suite: 'lint', passed: 1, failed: 0 }], skipped)).not.toContain('Not run:');
  });

  it('lists the suites left out by the command line', () => {
    const skipped = skippedSuites(
      { TEST_DATABASE_URL: 'postgres://x', TEST_REDIS_URL: 'redis://x' },
      new Set(['unit']),
    );
    expect(skipped.map((entry) => entry.suite)).toEqual([
      'typecheck',
      'lint',
      'server-pglite',
      'server-postgres',
      'js-budget',
      'e2e',
    ]);
  });
});

describe('the time lines of npm test', () => {
  it('gives each suite its time and the total beside the budget', () => {
    const lines = timingLines(
      [
        { suite: 'typecheck', passed: 1, failed: 0, seconds: 41.6 },
        { suite: 'server-pglite', passed: 900, failed: 0, seconds: 201.2 },
      ],
      610,
      1200,
    );
    expect(lines).toEqual([
      'Time (budget 20 min 00 s):',
      '  typecheck        42 s',
      '  server-pglite    3 min 21 s',
      '  total            10 min 10 s of 20 min 00 s (51%, within the budget)',
    ]);
  });

  it('says so when the run took longer than the budget', () => {
    expect(timingLines([], 1500, 1200).at(-1)).toBe(
      '  total            25 min 00 s of 20 min 00 s (125%, OVER THE BUDGET)',
    );
  });
});
