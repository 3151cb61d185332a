import fc from 'fast-check';
import { buildApp } from '../server/src/app';
import { seedContent } from '../server/src/modules/content';
import { loadConfig } from '../server/src/platform/config';
import { checkWholeDatabase, openOrderWorld, orderSequenceProperty } from '../server/test/order-sequences';
import { openBenchDatabase } from './database';

const RUNS = Number(process.env.BENCH_ORDER_SEQUENCES ?? 10_000);
/** `checkInvariants()` reads the whole ledger: after every 100th sequence here (each one in the test). */
const FULL_CHECK_EVERY = Number(process.env.BENCH_FULL_CHECK_EVERY ?? 100);

/**
 * The money property of `server/src/modules/orders/order-money.property.test.ts` at ten times the
 * test's count: generated sequences of orders, approvals, card payments and the bank's callbacks
 * and returns (duplicated, reordered, forged), statement lines and unloads, each checked against
 * the model (server/test/order-sequences.ts). Prints the sequences and commands run, the failures,
 * the wall time and sequences per second; on a failure, fast-check's shrunk counterexample. On
 * PGlite, or on a scratch database of BENCH_DATABASE_URL (PostgreSQL). BENCH_ORDER_SEQUENCES
 * overrides the count.
 */
export async function orderSequencesBenchmark(): Promise<void> {
  const database = await openBenchDatabase(4);
  await seedContent(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT_MAX: '100000000',
    WEB_DIST: '.tmp/none',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const world = await openOrderWorld(app, database, config.sessionSecret, {
    fullCheckEvery: FULL_CHECK_EVERY,
  });

  const started = performance.now();
  const result = await fc.check(orderSequenceProperty(world), { numRuns: RUNS });
  if (!result.failed) await checkWholeDatabase(world);
  const seconds = (performance.now() - started) / 1000;

  const { sequences, commands, skipped } = world.counters;
  console.log(
    `database: ${database.kind}; full ledger check every ${FULL_CHECK_EVERY} sequences and at the end`,
  );
  console.log(`sequences run: ${sequences} (${result.numRuns} generated, the rest shrinking)`);
  console.log(`commands run:  ${commands} (${skipped} skipped: nothing to act on yet)`);
  console.log(`failures:      ${result.failed ? 1 : 0}`);
  console.log(`wall time:     ${seconds.toFixed(1)} s`);
  console.log(`sequences/s:   ${(sequences / seconds).toFixed(1)}`);
  const outcomes = Object.entries(world.outcomes).sort(([a], [b]) => a.localeCompare(b));
  console.log(`paths taken:   ${outcomes.map(([name, count]) => `${name} ${count}`).join('; ')}`);
  if (result.failed) {
    console.log(fc.defaultReportMessage(result));
    console.log(result.errorInstance);
  }

  await app.close();
  await database.close();
}
