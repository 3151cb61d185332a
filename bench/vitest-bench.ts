import { spawn } from 'node:child_process';

/**
 * A property, fuzzing or chaos test run as a benchmark: the test file in its own vitest run with
 * `env` (the larger counts), its output shown as it comes. Prints the time; fails if the test does.
 */
export async function runTestAsBenchmark(
  file: string,
  env: Record<string, string>,
  label: string,
): Promise<void> {
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'server', file], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.once('exit', resolve);
  });
  console.log(
    `${label}: vitest ${code === 0 ? 'passed' : `FAILED (${code})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (code !== 0) process.exitCode = 1;
}
