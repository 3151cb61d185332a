import { runTestAsBenchmark } from './vitest-bench';

/**
 * The mutated bulk files (`server/src/modules/bulk/bulk-fuzz.test.ts`) at 1,000 files instead of
 * `npm test`'s 120 (issue 20 §3), in its own vitest run on the test database vitest is configured
 * for. BENCH_FILE_FUZZ_COUNT changes the number. The test prints the outcomes and the memory; this
 * adds the time, and fails if the test does (a 5xx, a refusal without a reason, a hung import).
 */
export async function fileFuzzBenchmark(): Promise<void> {
  const files = process.env.BENCH_FILE_FUZZ_COUNT ?? '1000';
  await runTestAsBenchmark(
    'server/src/modules/bulk/bulk-fuzz.test.ts',
    { FILE_FUZZ_COUNT: files },
    `${files} files`,
  );
}
