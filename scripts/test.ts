/**
 * `npm test`: typecheck, lint, unit (domain, web), server integration on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL too, then end-to-end journeys in Debian's Chromium.
 * Every suite runs even when an earlier one fails; the last line sums them: `N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { skippedSuites, summaryLines, type SuiteResult } from './test-summary';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, '.tmp', 'test');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const only = new Set(process.argv.slice(2));

const results: SuiteResult[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const child = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status ?? 1;
}

function wanted(suite: string): boolean {
  return only.size === 0 || only.has(suite);
}

function check(suite: string, command: string, args: string[]): void {
  if (!wanted(suite)) return;
  console.log(`\n▶ ${suite}`);
  const status = run(command, args);
  results.push({ suite, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

function vitest(suite: string, projects: string[], env: Record<string, string> = {}): void {
  if (!wanted(suite)) return;
  console.log(`\n▶ ${suite}`);
  const output = path.join(TMP, `${suite}.json`);
  rmSync(output, { force: true });
  const status = run(
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    env,
  );
  if (!existsSync(output)) {
    results.push({ suite, passed: 0, failed: 1, note: `vitest exited ${status} without a report` });
    return;
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
    numPendingTests?: number;
    numTodoTests?: number;
  };
  const failedFiles =
    report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? report.numFailedTestSuites : 0;
  results.push({
    suite,
    passed: report.numPassedTests,
    failed: report.numFailedTests + failedFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Installs Debian's chromium when it is missing and we are root; otherwise says how, in one line. */
function ensureChromium(): string | null {
  if (existsSync(CHROMIUM)) return null;
  if (process.getuid?.() !== 0)
    return `Chromium is missing: run 'sudo apt-get install -y chromium' (Debian) and try again.`;
  console.log('Installing Debian chromium for the end-to-end tests…');
  const update = run('apt-get', ['update', '-qq']);
  const install =
    update === 0
      ? run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' })
      : update;
  return install === 0 && existsSync(CHROMIUM)
    ? null
    : `Installing chromium failed: run 'apt-get install -y chromium' as root and try again.`;
}

async function e2e(): Promise<void> {
  if (!wanted('e2e')) return;
  console.log('\n▶ e2e');
  const problem = ensureChromium();
  if (problem) {
    console.error(problem);
    results.push({ suite: 'e2e', passed: 0, failed: 1, note: problem });
    return;
  }
  if (run('npm', ['run', 'build', '--silent']) !== 0) {
    results.push({ suite: 'e2e', passed: 0, failed: 1, note: 'web build failed' });
    return;
  }
  const output = path.join(TMP, 'e2e.json');
  rmSync(output, { force: true });
  const status = run('npx', ['playwright', 'test'], {
    E2E_PORT: String(await freePort()),
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  if (!existsSync(output)) {
    results.push({
      suite: 'e2e',
      passed: 0,
      failed: 1,
      note: `playwright exited ${status} without a report`,
    });
    return;
  }
  const { stats } = JSON.parse(readFileSync(output, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped?: number };
  };
  results.push({
    suite: 'e2e',
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped ?? 0,
  });
}

async function main(): Promise<void> {
  mkdirSync(TMP, { recursive: true });
  check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
  check('lint', 'npm', ['run', 'lint', '--silent']);
  vitest('unit', ['domain', 'web', 'tools']);
  vitest('server-pglite', ['server'], { TESSERA_TEST_DB: 'pglite' });
  if (process.env.TEST_DATABASE_URL) vitest('server-postgres', ['server'], { TESSERA_TEST_DB: 'postgres' });
  await e2e();

  for (const line of summaryLines(results, skippedSuites(process.env, only))) console.log(line);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  process.exit(failed === 0 && results.length > 0 ? 0 : 1);
}

void main();
