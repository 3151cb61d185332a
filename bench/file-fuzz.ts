import { spawn } from 'node:child_process';

/**
 * The mutated bulk files (`server/src/modules/bulk/bulk-fuzz.test.ts`) at 1,000 files instead of
 * `npm test`'s 120 (issue 20 §3), in its own vitest run on the test database vitest is configured
 * for. BENCH_FILE_FUZZ_COUNT changes the number. The test prints the outcomes and the memory; this
 * adds the time, and fails if the test does (a 5xx, a refusal without a reason, a hung import).
 */
export async function fileFuzzBenchmark(): Promise<void> {
  const runs = process.env.BENCH_FILE_FUZZ_COUNT ?? '1000';
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--project', 'server', 'server/src/modules/bulk/bulk-fuzz.test.ts'],
      { env: { ...process.env, FILE_FUZZ_COUNT: runs }, stdio: 'inherit' },
    );
    child.once('exit', resolve);
  });
  console.log(
    `${runs} files: vitest ${code === 0 ? 'passed' : `FAILED (${code})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (code !== 0) process.exitCode = 1;
}
