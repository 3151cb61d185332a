import { runTestAsBenchmark } from './vitest-bench';

/**
 * The chaos test (`server/src/platform/chaos.test.ts`) at 50 kills instead of `npm test`'s 10 (issue
 * 20 §4): the server killed with SIGKILL during recurring runs, statement imports, bank card-payment
 * callbacks, settlements (and payouts) and bulk imports (upload, reading, conversion), ten of each,
 * restarted, the work asked for again, and the ledger, runs, orders, payments, cards, settlements,
 * payouts and import rows checked after each; it prints where the kills landed. It needs PostgreSQL
 * (several lives of a server on one database): BENCH_DATABASE_URL or the local server.
 * BENCH_CHAOS_KILLS changes the number, BENCH_CHAOS_SEED the kills' moments.
 */
export async function chaosBenchmark(): Promise<void> {
  const kills = process.env.BENCH_CHAOS_KILLS ?? '50';
  await runTestAsBenchmark(
    'server/src/platform/chaos.test.ts',
    {
      CHAOS_KILLS: kills,
      ...(process.env.BENCH_CHAOS_SEED ? { CHAOS_SEED: process.env.BENCH_CHAOS_SEED } : {}),
      TESSERA_TEST_DB: 'postgres',
      TEST_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    `${kills} kills`,
  );
}
