import { spawn } from 'node:child_process';

/**
 * The terminal calls' property test (`server/src/modules/terminals/terminals.property.test.ts`) at
 * 10,000 generated sequences instead of `npm test`'s 1,000 (issue 15 §7), in its own vitest run on
 * the test database vitest is configured for (PGlite, or PostgreSQL with TESSERA_TEST_DB=postgres).
 * BENCH_POS_PROPERTY_RUNS changes the number. Prints the test's timing; fails if the property does.
 */
export async function posPropertiesBenchmark(): Promise<void> {
  const runs = process.env.BENCH_POS_PROPERTY_RUNS ?? '10000';
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--project', 'server', 'server/src/modules/terminals/terminals.property.test.ts'],
      { env: { ...process.env, TERMINAL_PROPERTY_RUNS: runs }, stdio: 'inherit' },
    );
    child.once('exit', resolve);
  });
  console.log(
    `${runs} sequences: vitest ${code === 0 ? 'passed' : `FAILED (${code})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (code !== 0) process.exitCode = 1;
}
