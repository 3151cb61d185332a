import { CardFilterRequestSchema } from '@tessera/domain';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app';
import { generateCards, seedCompanyCards } from '../server/src/db/seed/demo-cards';
import { DEMO_USERS, seedDemo } from '../server/src/db/seed/demo';
import { createCardsService } from '../server/src/modules/cards';
import { createLedgerService } from '../server/src/modules/ledger';
import { loadConfig } from '../server/src/platform/config';
import { cookieNames, issueCsrfToken } from '../server/src/platform/csrf';
import { openBenchDatabase } from './database';
import { line, load } from './load';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);

/**
 * The company's card list through the full server — session, CSRF, tenant scope, zod validation
 * and serialisation — against a bare Fastify route running the same queries through the same
 * service (its totals cache included, ADR 008), in one run, on the same database, at 50 connections: one page of 50 active Ticket Restaurant cards, sorted by
 * cardholder, out of 100,000 cards of the company. Targets: ratio ≥ 0.5, p99 ≤ 100 ms.
 * Run on PostgreSQL with BENCH_DATABASE_URL (a scratch database is created and dropped).
 */
export async function cardListBenchmark(): Promise<void> {
  const database = await openBenchDatabase(20);
  const now = new Date();
  await seedDemo(database, { cardScale: 0 });
  const started = performance.now();
  await seedCompanyCards(database.db, 'C1001', generateCards(CARDS, 42, now), now, 11, { months: 1 });
  // As autovacuum would after a bulk insert: statistics and the visibility map (index-only counts).
  await database.pool.query('vacuum analyze');
  console.log(
    `database: ${database.kind}; ${CARDS} cards generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'b'.repeat(40),
    RATE_LIMIT_MAX: '100000000',
    WEB_DIST: '.tmp/none',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { rows } = await database.pool.query<{ id: string }>('select id from users where email = $1', [
    DEMO_USERS.om1.email,
  ]);
  const session = await app.services.sessions.create(rows[0]!.id, { companyId: 'C1001' });
  const csrf = issueCsrfToken(config.sessionSecret, session.id);
  const names = cookieNames(config.secureCookies);
  const filter = {
    product: 'TICKET_RESTAURANT',
    status: 'active',
    sort: 'cardholder',
    page: 3,
    pageSize: 50,
  } as const;

  // The same queries through the same service (and its totals cache), without the HTTP stack:
  // no session, CSRF, tenant check, zod validation or serialisation.
  const service = createCardsService({ db: database.db, ledger: createLedgerService() });
  const parsedFilter = CardFilterRequestSchema.parse(filter);
  const bare = Fastify({ logger: false });
  bare.post('/cards', async () => service.filterCards('C1001', parsedFilter));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const portOf = (server: { server: { address(): unknown } }) =>
    (server.server.address() as { port: number }).port;
  const headers = {
    'content-type': 'application/json',
    cookie: `${names.session}=${session.id}; ${names.csrf}=${csrf}`,
    'x-csrf-token': csrf,
    companyid: 'C1001',
  };
  const probe = await fetch(`http://127.0.0.1:${portOf(app)}/api/v1/accounts/cardFilter`, {
    method: 'POST',
    headers,
    body: JSON.stringify(filter),
  });
  const body = (await probe.json()) as { total?: number; cards?: unknown[] };
  console.log(`probe: HTTP ${probe.status}, ${body.cards?.length ?? 0} cards of ${body.total ?? 0} matching`);
  const options = { connections: 50, seconds: 10, method: 'POST' as const, body: JSON.stringify(filter) };
  const full = await load(`http://127.0.0.1:${portOf(app)}/api/v1/accounts/cardFilter`, {
    ...options,
    headers,
  });
  const floor = await load(`http://127.0.0.1:${portOf(bare)}/cards`, {
    ...options,
    headers: { 'content-type': 'application/json' },
  });
  console.log(line('full stack  POST cardFilter', full));
  console.log(line('bare Fastify, same SQL', floor));
  console.log(
    `ratio full/bare: ${(full.requestsPerSecond / floor.requestsPerSecond).toFixed(2)} (target ≥ 0.5); full p99 ${full.p99Ms} ms (target ≤ 100 ms)`,
  );

  await app.close();
  await bare.close();
  await database.close();
}
