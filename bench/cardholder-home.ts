import { type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { seedDemo } from '../server/src/db/seed/demo';
import { seedDemoMerchants } from '../server/src/db/seed/demo-merchants';
import { findOwnCards, findOwnMovements, latestSignInCode } from '../server/src/modules/cardholders';
import { loadConfig } from '../server/src/platform/config';
import { migrateDatabase, openDatabase, type Database, type Executor } from '../server/src/platform/db';
import { runLine, runLoad, startFloor, summarise, summaryLine, verdict } from './figures';
import type { LoadFigures } from './load-child';
import { startServer, stop } from './server-process';
import { reuseKeptDatabase } from './database';
import { csrfPoster } from './portal-sign-in';

const ROUNDS = Number(process.env.BENCH_CARDHOLDER_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_CARDHOLDER_SECONDS ?? 10);
const CONNECTIONS = 50;
const POOL_SIZE = 10;
const MOVEMENTS = 20;
/** Purchases each of the cardholder's cards makes over the last PURCHASES days (one a day). */
const PURCHASES = 40;
const TARGET_RATIO = 0.5;
/** The benchmark's cardholder: the holder records of two demo cards are given this e-mail. */
const EMAIL = 'bench.cardholder@example.gr';

type Statement = { sql: string; params: unknown[] };

/**
 * The cardholder home (issue 35, "Done when"): what a signed-in cardholder waits for on the home
 * page — the balances of their cards (`GET /api/my/cards`) and the last 20 movements of each card
 * (`GET /api/my/cards/:cardId/movements?limit=20`) — at 50 connections, against a bare route with
 * the same SQL.
 *
 * Full: the server started as `npm start` starts it (`node --enable-source-maps server/dist/main.js`,
 * production settings, its default request logging to a file) on a scratch PostgreSQL database
 * seeded through the server's own code: the demo (six companies, ~820 cards with six months of
 * loads and spending), the demo merchants with six months of trade through the terminal
 * operations, then one cardholder with two cards — the holder records of the two most used demo
 * cards of different products given one e-mail, as an employee of two employers has — each loaded
 * and used for PURCHASES days at the demo tills (what the daily caps and products decline shows as
 * declines), then `VACUUM ANALYZE`. A real sign-in through the mailed-code flow (`POST
 * /api/my/sign-in/code`, the code read from the mail outbox as the module's tests read it, `POST
 * /api/my/sign-in/verify`); each of autocannon's connections, in a child process, then asks in
 * turn for the home's calls with the `tessera_my` cookie: the cards, then each card's movements.
 * The per-client rate limit is raised (RATE_LIMIT_MAX) as the one load client sends thousands of
 * requests a second; nothing else is changed. The app's own `/api/my/session` (asked beside the
 * cards, so it adds no wait) and the bell's count are not part of the figure.
 *
 * Floor: a bare Fastify process (`bench/cardholder-home-floor.ts`, no plugins, no logging) with the
 * same two routes running, with `pg` and the same pool size, the exact SQL texts and parameters the
 * server sends for the data — rendered from the module's own repository functions (`findOwnCards`;
 * `findOwnMovements`, whose one statement finds the card through the holder record's e-mail and
 * reads its page) by drizzle's dialect, and checked: the floor's answer holds the same cards in the
 * same order and the same movements as the server's. The session lookup of every request is the
 * full stack's cost, like validation, mapping, serialisation, compression and request logging.
 *
 * After one uncounted pass over both, full and floor alternate ROUNDS times; requests/s, homes/s
 * (requests ÷ calls per home), p50/p99 of a request and the ratio of medians are printed beside
 * the target (ratio ≥ 0.5).
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the PostgreSQL server;
 * a database tessera_bench_home_<pid> is created there and dropped after (BENCH_CARDHOLDER_KEEP=1:
 * tessera_bench_home_kept, kept and reused). BENCH_CARDHOLDER_PROFILE=<folder>: the server writes
 * a V8 CPU profile there when it stops.
 */
export async function cardholderHomeBenchmark(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const isKept = process.env.BENCH_CARDHOLDER_KEEP === '1';
  const name = isKept ? 'tessera_bench_home_kept' : `tessera_bench_home_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rowCount: exists } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!isKept || !exists) {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const work = path.join(tmpdir(), `tessera-bench-home-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const children: ChildProcess[] = [];
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const setup = isKept && exists ? await reuse(databaseUrl) : await prepare(databaseUrl);
    console.log(
      `database: PostgreSQL ${setup.version}; prepared in ${setup.seconds.toFixed(1)} s; pool ${POOL_SIZE}; ${CONNECTIONS} connections; ${SECONDS} s per run after a 2 s warm-up`,
    );

    const logFile = path.join(work, 'server.log');
    const profile = process.env.BENCH_CARDHOLDER_PROFILE;
    const { child: server, base } = await startServer(
      {
        DATABASE_URL: databaseUrl,
        DB_POOL_SIZE: String(POOL_SIZE),
        DEMO_SEED: 'false',
        WEB_DIST: path.join(work, 'no-web'),
        // One load client sends far more than a person's 300 requests a minute.
        RATE_LIMIT_MAX: '100000000',
      },
      logFile,
      profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    );
    children.push(server);
    const cookie = await signInCardholder(base, database, EMAIL);
    const headers = { cookie };

    // The home as the app loads it: the cards, then each card's last movements.
    const home = await getJson<{ cards: { cardId: string; availableCents: number }[] }>(
      `${base}/api/my/cards`,
      headers,
    );
    const cardIds = home.cards.map((card) => card.cardId);
    const movementsPath = (cardId: string) =>
      `/api/my/cards/${encodeURIComponent(cardId)}/movements?limit=${MOVEMENTS}`;
    const fullMovements = new Map<string, string[]>();
    for (const cardId of cardIds) {
      const answer = await getJson<{ movements: { id: string }[] }>(
        `${base}${movementsPath(cardId)}`,
        headers,
      );
      fullMovements.set(
        cardId,
        answer.movements.map((movement) => movement.id),
      );
    }
    console.log(
      `cardholder ${EMAIL}: ${cardIds.length} cards, ${[...fullMovements.values()].map((ids) => ids.length).join(' + ')} movements shown; ${cardIds.length + 1} calls per home`,
    );

    // The floor's statements: the module's own repository functions, rendered as the server renders them.
    const statements = {
      cards: await capture((db) => findOwnCards(db, EMAIL)),
      movements: Object.fromEntries(
        await Promise.all(
          cardIds.map(
            async (cardId) =>
              [
                cardId,
                await capture((db) => findOwnMovements(db, EMAIL, cardId, MOVEMENTS + 1, null)),
              ] as const,
          ),
        ),
      ),
    };
    const statementsFile = path.join(work, 'statements.json');
    writeFileSync(statementsFile, JSON.stringify(statements));
    const floor = await startFloor(
      'bench/cardholder-home-floor.ts',
      { DATABASE_URL: databaseUrl, DB_POOL_SIZE: String(POOL_SIZE), STATEMENTS_FILE: statementsFile },
      children,
    );
    const floorBase = `http://127.0.0.1:${floor.port}`;

    // The floor answers what the server answers: the same cards in the same order, the same movements.
    const bareCards = await getJson<{ rows: { cardId: string }[] }>(`${floorBase}/cards`, {});
    let isSame = JSON.stringify(bareCards.rows.map((row) => row.cardId)) === JSON.stringify(cardIds);
    for (const cardId of cardIds) {
      const bare = await getJson<{ rows: { id: string }[] }>(`${floorBase}/cards/${cardId}/movements`, {});
      const bareIds = bare.rows.slice(0, MOVEMENTS).map((row) => String(row.id));
      isSame &&= JSON.stringify(bareIds) === JSON.stringify(fullMovements.get(cardId));
    }
    console.log(`floor: ${isSame ? 'same cards, same movements' : 'DIFFERENT'}`);
    if (!isSame) throw new Error('the floor does not answer what the server answers');

    const paths = {
      full: ['/api/my/cards', ...cardIds.map(movementsPath)],
      floor: ['/cards', ...cardIds.map((cardId) => `/cards/${encodeURIComponent(cardId)}/movements`)],
    };
    const loadOf = (target: 'full' | 'floor') =>
      runLoad({
        url: target === 'full' ? base : floorBase,
        paths: paths[target],
        // As a browser asks: the server compresses JSON above 1 KB; the floor ignores it.
        headers: { 'accept-encoding': 'gzip, deflate, br', ...(target === 'full' ? headers : {}) },
        connections: CONNECTIONS,
        warmupSeconds: 2,
        seconds: SECONDS,
      });

    // Both processes' code warmed up (JIT, pools, caches) before anything is counted.
    await loadOf('full');
    await loadOf('floor');

    const runs = { full: [] as LoadFigures[], floor: [] as LoadFigures[] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const full = await loadOf('full');
      console.log(runLine(`full   #${round}  home`, full));
      runs.full.push(full);
      const bare = await loadOf('floor');
      console.log(runLine(`floor  #${round}  home`, bare));
      runs.floor.push(bare);
    }

    console.log('');
    const full = summarise(runs.full);
    const bare = summarise(runs.floor);
    const ratio = full.medianRps / bare.medianRps;
    const calls = paths.full.length;
    console.log(summaryLine(`full  home (${ROUNDS} runs)`, full));
    console.log(summaryLine(`floor home (${ROUNDS} runs)`, bare));
    console.log(
      `homes/s (medians, ${calls} calls each): full ${(full.medianRps / calls).toFixed(0)}, floor ${(bare.medianRps / calls).toFixed(0)}`,
    );
    console.log(
      `cardholder home: ratio full/floor (medians) ${ratio.toFixed(2)} (min runs ${(full.minRps / bare.minRps).toFixed(2)}) (target ≥ ${TARGET_RATIO}) ${verdict(ratio >= TARGET_RATIO)}`,
    );

    await stop(floor.child);
    await stop(server);
    console.log(`server log: ${(statSync(logFile).size / 1e6).toFixed(1)} MB`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database.close();
    rmSync(work, { recursive: true, force: true });
    if (!isKept) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The SQL text and parameters a repository function sends, rendered as drizzle renders them. */
async function capture(call: (db: Executor) => Promise<unknown>): Promise<Statement> {
  const dialect = new PgDialect();
  let statement: Statement | undefined;
  const recorder = {
    execute: (query: SQL) => {
      const { sql, params } = dialect.sqlToQuery(query);
      statement = { sql, params };
      return Promise.resolve({ rows: [] });
    },
  } as unknown as Executor;
  await call(recorder);
  if (!statement) throw new Error('no statement captured');
  return statement;
}

/**
 * A real cardholder sign-in as the phone makes it: the CSRF token, a code requested for the e-mail,
 * the code read from the mail outbox (as the module's tests read it), then verified. Answers the
 * `cookie` header of the signed-in phone.
 */
async function signInCardholder(base: string, database: Database, email: string): Promise<string> {
  const post = await csrfPoster(base);
  const before = await latestSignInCode(database.db, email);
  const sent = await post('/api/my/sign-in/code', { email, locale: 'el' });
  if (sent.status !== 202) throw new Error(`code request: HTTP ${sent.status} ${await sent.text()}`);
  let code: string | null = null;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    code = await latestSignInCode(database.db, email);
    if (code !== null && code !== before) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (code === null || code === before) throw new Error(`no sign-in code mailed to ${email}`);
  const verified = await post('/api/my/sign-in/verify', { email, code });
  if (verified.status !== 200) throw new Error(`verify: HTTP ${verified.status} ${await verified.text()}`);
  const session = verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => /^(__Host-)?tessera_my=/.test(pair));
  if (!session) throw new Error('verify: no tessera_my cookie');
  return session;
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A kept database of an earlier run (BENCH_CARDHOLDER_KEEP=1). */
function reuse(databaseUrl: string): Promise<{ version: string; seconds: number }> {
  // The codes of earlier runs: five an hour per e-mail would refuse a sixth run's sign-in.
  return reuseKeptDatabase(databaseUrl, async (database) => {
    await database.pool.query('delete from cardholder_codes');
  });
}

/**
 * The database as the server's demo finds it, through the server's own code (the demo, the demo
 * merchants and six months of their trade), and the benchmark's cardholder: the two most used
 * cards of different products given EMAIL, loaded, then used once a day for PURCHASES days at the
 * demo tills through the terminal operations; then `VACUUM ANALYZE`.
 */
async function prepare(databaseUrl: string): Promise<{ version: string; seconds: number }> {
  const started = performance.now();
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  try {
    await migrateDatabase(database);
    const now = new Date();
    await seedDemo(database, { now });
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'h'.repeat(40),
      WEB_DIST: '.tmp/none',
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const { services } = app;
      await seedDemoMerchants(database.db, services, { now });
      const { rows: used } = await database.pool.query<{
        id: string;
        token: string;
        product: string;
        cardholder_id: string;
        company_id: string;
        account_id: string;
      }>(`
        select c.id, c.token, c.product, c.cardholder_id, c.company_id, c.account_id
          from cards c join cardholders h on h.id = c.cardholder_id
         where c.status = 'active' and c.token not like 'tok_demo_%'
         order by (select count(*) from terminal_transactions t where t.card_id = c.id) desc, c.id
         limit 100`);
      const first = used[0]!;
      const second = used.find((card) => card.product !== first.product) ?? used[1]!;
      const chosen = [first, second];
      await database.pool.query('update cardholders set email = $1 where id = any($2)', [
        EMAIL,
        chosen.map((card) => card.cardholder_id),
      ]);
      await database.db.transaction(async (tx) => {
        const bank = await services.ledger.bankAccount(tx);
        for (const card of chosen) {
          const funding = await services.ledger.companyFundingAccount(tx, card.company_id);
          const at = new Date(now.getTime() - (PURCHASES + 1) * 86_400_000);
          for (const [kind, entries] of [
            [
              'payment',
              [
                { accountId: bank, amountCents: -60_000 },
                { accountId: funding, amountCents: 60_000 },
              ],
            ],
            [
              'load',
              [
                { accountId: funding, amountCents: -60_000 },
                { accountId: card.account_id, amountCents: 60_000 },
              ],
            ],
          ] as const) {
            await services.ledger.post(tx, {
              kind,
              companyId: card.company_id,
              reference: `bench-home-${kind}-${card.id}`,
              description: `Benchmark: ${kind}`,
              postedAt: at,
              entries: [...entries],
            });
          }
        }
      });
      const { rows: tills } = await database.pool.query<{ id: string; mid: string }>(
        `select id, mid from merchant_terminals where state = 'enrolled' order by mid`,
      );
      for (const [index, card] of chosen.entries()) {
        for (let back = PURCHASES; back >= 1; back -= 1) {
          const till = tills[(back + index) % tills.length]!;
          const at = new Date(now.getTime() - back * 86_400_000 + index * 3_600_000);
          await services.terminals.authorise(
            { terminalId: till.id, mid: till.mid },
            {
              terminalTransactionId: `BENCH-${index}-${back}`,
              mid: till.mid,
              cardToken: card.token,
              amountCents: 450 + ((back * 137) % 900),
              time: at.toISOString(),
            },
            { locale: 'el', at },
          );
        }
      }
    } finally {
      await app.close();
    }
    await database.pool.query('vacuum analyze');
    const { rows } = await database.pool.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    return { version: rows[0]!.version, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
