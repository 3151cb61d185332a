/**
 * `node --import tsx bench/generate-cards.ts [count] [companyId]`: adds `count` (default 100,000)
 * generated cards with Greek cardholders to one company (default C1001) of the database in
 * DATABASE_URL, with a month of loads and purchases through the ledger. Run it against a database
 * the portal has migrated and seeded (e.g. `npm start` with DATABASE_URL, then this).
 */
import { generateCards, seedCompanyCards } from '../server/src/db/seed/demo-cards';
import { openDatabase } from '../server/src/platform/db';

const count = Number(process.argv[2] ?? 100_000);
const companyId = process.argv[3] ?? 'C1001';
const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'Set DATABASE_URL to the PostgreSQL database to fill (the embedded one is owned by the running portal).',
  );
  process.exit(2);
}
const database = await openDatabase({ url, poolSize: 2 });
const started = performance.now();
const result = await seedCompanyCards(
  database.db,
  companyId,
  generateCards(count, Date.now() % 100_000),
  new Date(),
  11,
  {
    months: 1,
  },
);
await database.pool.query('analyze');
console.log(
  `${result.cards} cards and ${result.transactions} ledger transactions added to ${companyId} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();
