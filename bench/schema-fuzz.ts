import { runTestAsBenchmark } from './vitest-bench';

/**
 * The schema fuzzing of every endpoint (`server/src/platform/schema-fuzz.test.ts`) at 10,000
 * generated requests a route instead of `npm test`'s 100 (issue 20 §2), in its own vitest run on the
 * test database vitest is configured for (PGlite, or PostgreSQL with TESSERA_TEST_DB=postgres).
 * BENCH_FUZZ_RUNS changes the number; FUZZ_SHARD=i/n runs every n-th route only, so the long run
 * can be made in parts (each part prints its routes, requests and statuses, and its progress). The test prints the routes, requests and statuses; this adds
 * the time, and fails if the test does (a 5xx, or a 4xx outside the standard error body).
 */
export async function schemaFuzzBenchmark(): Promise<void> {
  const runs = process.env.BENCH_FUZZ_RUNS ?? '10000';
  await runTestAsBenchmark(
    'server/src/platform/schema-fuzz.test.ts',
    { FUZZ_RUNS: runs },
    `${runs} requests a route`,
  );
}
