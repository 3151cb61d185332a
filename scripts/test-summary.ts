/**
 * The closing lines of `npm test`: one line per suite that ran, one per suite that did not and why,
 * then the line CI reads, `N passed, N failed` (issue 13 §11: a newcomer sees what did not run).
 */

export type SuiteResult = {
  suite: string;
  passed: number;
  failed: number;
  /** Tests the suite itself skipped (vitest's pending and todo, playwright's skipped). */
  skipped?: number;
  note?: string;
  /** Wall-clock time of the suite. */
  seconds?: number;
};

/** Every suite of `npm test`, in the order it runs them. */
export const ALL_SUITES = [
  'typecheck',
  'lint',
  'unit',
  'server-pglite',
  'server-postgres',
  'js-budget',
  'e2e',
] as const;

/** `bash .ci/run` on a fresh clone of the 2-core machine, npm ci included (ARCHITECTURE §8). */
export const BUDGET_SECONDS = 20 * 60;

export type SkippedSuite = { suite: string; reason: string };

/**
 * The suites `npm test` would not run in this environment, and why. `only` is the suites named on
 * the command line (empty: all).
 */
export function skippedSuites(
  env: Record<string, string | undefined>,
  only: ReadonlySet<string>,
): SkippedSuite[] {
  const wanted = (suite: string) => only.size === 0 || only.has(suite);
  const skipped: SkippedSuite[] = [];
  if (wanted('server-postgres') && !env.TEST_DATABASE_URL) {
    skipped.push({
      suite: 'server-postgres',
      reason:
        'TEST_DATABASE_URL is not set; set it to a PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/test) to run the server suites there too',
    });
  }
  if ((wanted('server-pglite') || wanted('server-postgres')) && !env.TEST_REDIS_URL) {
    skipped.push({
      suite: 'rate limits shared through Redis (in the server suites)',
      reason: 'TEST_REDIS_URL is not set; set it to a Redis server (e.g. redis://127.0.0.1:6379) to run it',
    });
  }
  for (const suite of ALL_SUITES) {
    if (!wanted(suite)) skipped.push({ suite, reason: 'not named on the command line' });
  }
  return skipped;
}

/** The summary's lines, the last one `N passed, N failed`. */
export function summaryLines(results: readonly SuiteResult[], skipped: readonly SkippedSuite[]): string[] {
  const lines = ['', 'Suites:'];
  for (const result of results) {
    const extra = [
      ...(result.skipped ? [`${result.skipped} skipped`] : []),
      ...(result.note ? [result.note] : []),
    ];
    lines.push(
      `  ${result.suite.padEnd(16)} ${result.passed} passed, ${result.failed} failed${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`,
    );
  }
  if (skipped.length > 0) {
    lines.push('Not run:');
    for (const entry of skipped) lines.push(`  ${entry.suite}: ${entry.reason}`);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  lines.push(`${passed} passed, ${failed} failed`);
  return lines;
}

function duration(seconds: number): string {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * Each suite's wall-clock time and the run's total beside the budget (issue 32 §5). Suites that
 * ran side by side (typecheck and lint) overlap, so the total is less than the sum.
 */
export function timingLines(
  results: readonly SuiteResult[],
  totalSeconds: number,
  budgetSeconds: number,
): string[] {
  const lines = [`Time (budget ${duration(budgetSeconds)}):`];
  for (const result of results) {
    if (result.seconds !== undefined) lines.push(`  ${result.suite.padEnd(16)} ${duration(result.seconds)}`);
  }
  const share = Math.round((100 * totalSeconds) / budgetSeconds);
  const verdict = totalSeconds <= budgetSeconds ? 'within the budget' : 'OVER THE BUDGET';
  lines.push(
    `  ${'total'.padEnd(16)} ${duration(totalSeconds)} of ${duration(budgetSeconds)} (${share}%, ${verdict})`,
  );
  return lines;
}
