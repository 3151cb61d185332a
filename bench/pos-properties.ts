import { runTestAsBenchmark } from './vitest-bench';

/**
 * The terminal calls' property test (`server/src/modules/terminals/terminals.property.test.ts`) at
 * 10,000 generated sequences instead of `npm test`'s 1,000 (issue 15 §7), in its own vitest run on
 * the test database vitest is configured for (PGlite, or PostgreSQL with TESSERA_TEST_DB=postgres).
 * BENCH_POS_PROPERTY_RUNS changes the number. Prints the test's timing; fails if the property does.
 */
export async function posPropertiesBenchmark(): Promise<void> {
  const runs = process.env.BENCH_POS_PROPERTY_RUNS ?? '10000';
  await runTestAsBenchmark(
    'server/src/modules/terminals/terminals.property.test.ts',
    { TERMINAL_PROPERTY_RUNS: runs },
    `${runs} sequences`,
  );
}
