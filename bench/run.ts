/**
 * `npm run bench [name…]`: runs the benchmarks and prints their figures. Benchmarks print; they
 * never assert (tests do that).
 */
import { loadavg } from 'node:os';
import { bulkImportBenchmark } from './bulk-import';
import { cardListBenchmark } from './card-list';
import { cardholderHomeBenchmark } from './cardholder-home';
import { healthBenchmark } from './health';
import { idleMemoryBenchmark } from './idle-memory';
import { initialJsBenchmark } from './initial-js';
import { lighthouseBenchmark } from './lighthouse';
import { orderSequencesBenchmark } from './order-sequences';
import { merchantTransactionsBenchmark } from './merchant-transactions';
import { posBenchmark } from './pos';
import { posPropertiesBenchmark } from './pos-properties';
import { schemaFuzzBenchmark } from './schema-fuzz';
import { fileFuzzBenchmark } from './file-fuzz';
import { chaosBenchmark } from './chaos';
import { startTimeBenchmark } from './start-time';
import { publicApiBenchmark } from './public-api';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  // Issue 17: the user's path against its floor, and what a browser and an idle server cost.
  health: healthBenchmark,
  'card-list': cardListBenchmark,
  'bulk-import': bulkImportBenchmark,
  'initial-js': initialJsBenchmark,
  'idle-memory': idleMemoryBenchmark,
  // Money paths and the merchant side.
  'order-sequences': orderSequencesBenchmark,
  pos: posBenchmark,
  'merchant-transactions': merchantTransactionsBenchmark,
  'pos-properties': posPropertiesBenchmark,
  // Issue 20 §2: every endpoint fed 10,000 requests generated from its schemas.
  'schema-fuzz': schemaFuzzBenchmark,
  // Issue 20 §3: 1,000 mutated xlsx and csv files through the bulk upload.
  'file-fuzz': fileFuzzBenchmark,
  // Issue 20 §4: 50 kills with SIGKILL during money paths, nothing lost or applied twice.
  chaos: chaosBenchmark,
  // Issue 20 §6: the compiled server's start on an existing database.
  'start-time': startTimeBenchmark,
  // Issue 22 §5: a bulk load as JSON through the public API against the Excel bulk path.
  'public-api': publicApiBenchmark,
  // Issue 35: the cardholder home (balances and last 20 movements) against a bare route with its SQL.
  'cardholder-home': cardholderHomeBenchmark,
  // Issue 36 §7 (ADR 054): Lighthouse's mobile run over the first pages, medians of interleaved rounds.
  lighthouse: lighthouseBenchmark,
};

const names = process.argv.slice(2);
for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
  const benchmark = BENCHMARKS[name];
  if (!benchmark) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name} == (load average ${loadAverage()})`);
  await benchmark();
  console.log(`== ${name} done == (load average ${loadAverage()})`);
}

/** The 1-, 5- and 15-minute load averages: a figure means little without how busy the machine was. */
function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
