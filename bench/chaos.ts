import { runTestAsBenchmark } from './vitest-bench';

/**
 * The chaos test (`server/src/platform/chaos.test.ts`) at 50 kills instead of `npm test`'s 6 (issue
 * 20 §4): the server killed with SIGKILL during recurring runs and statement imports, restarted, and
 * the ledger, runs, orders and payments checked after each. It needs PostgreSQL (two lives of a
 * server on one database): BENCH_DATABASE_URL or the local server. BENCH_CHAOS_KILLS changes the number.
 */
export async function chaosBenchmark(): Promise<void> {
  const kills = process.env.BENCH_CHAOS_KILLS ?? '50';
  await runTestAsBenchmark(
    'server/src/platform/chaos.test.ts',
    {
      CHAOS_KILLS: kills,
      TESSERA_TEST_DB: 'postgres',
      TEST_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    `${kills} kills`,
  );
}
