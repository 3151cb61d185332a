import { describe, expect, it } from 'vitest';
import { skippedSuites, summaryLines } from './test-summary';

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
      'e2e',
    ]);
  });
});
