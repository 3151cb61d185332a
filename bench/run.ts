/**
 * `npm run bench [name…]`: runs the benchmarks and prints their figures. Benchmarks print; they
 * never assert (tests do that).
 */
import { bulkImportBenchmark } from './bulk-import';
import { cardListBenchmark } from './card-list';
import { healthBenchmark } from './health';
import { idleMemoryBenchmark } from './idle-memory';
import { initialJsBenchmark } from './initial-js';
import { orderSequencesBenchmark } from './order-sequences';
import { merchantTransactionsBenchmark } from './merchant-transactions';
import { posBenchmark } from './pos';
import { posPropertiesBenchmark } from './pos-properties';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  health: healthBenchmark,
  'card-list': cardListBenchmark,
  'order-sequences': orderSequencesBenchmark,
  'bulk-import': bulkImportBenchmark,
  'merchant-transactions': merchantTransactionsBenchmark,
  pos: posBenchmark,
  'idle-memory': idleMemoryBenchmark,
  'pos-properties': posPropertiesBenchmark,
  'initial-js': initialJsBenchmark,
};

const names = process.argv.slice(2);
for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
  const benchmark = BENCHMARKS[name];
  if (!benchmark) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name} ==`);
  await benchmark();
}
