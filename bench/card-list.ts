import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CardFilterRequestSchema, type CardFilterRequest } from '@tessera/domain';
import pg from 'pg';
import { generateCards, seedCompanyCards } from '../server/src/db/seed/demo-cards';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../server/src/db/seed/demo';
import { cardFilterStatements } from '../server/src/modules/cards';
import { migrateDatabase, openDatabase } from '../server/src/platform/db';
import { runLoad, summarise, summaryLine } from './figures';
import type { LoadFigures } from './load-child';
import { signIn } from './portal-sign-in';
import { startServer, stop } from './server-process';
import { reuseKeptDatabase } from './database';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_CARD_LIST_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_CARD_LIST_SECONDS ?? 10);
const CONNECTIONS = 50;
const POOL_SIZE = 10;
const COMPANY = 'C1001';
/** Issue 36's targets: ≥ 0.6× the floor's throughput, full p99 ≤ 1.5× the floor's p99. */
const TARGET_RATIO = 0.6;
const TARGET_P99_OF_FLOOR = 1.5;

/**
 * The company's card list as its user meets it (issue 17): a page of 50 of 100,000 cards of one
 * company at 50 connections — active Ticket Restaurant cards sorted by cardholder, an early page
 * (page 3) and the last page, which must cost what the first does.
 *
 * Full: the server started as `npm start` starts it (`node --enable-source-maps server/dist/main.js`,
 * production settings, its default request logging to a file) on a scratch PostgreSQL database
 * seeded through the server's own code (the demo, then CARDS generated cards of C1001 with a month
 * of ledger history, then `VACUUM ANALYZE` as autovacuum would after a bulk load); a real sign-in
 * through the OpenID flow as om1, C1001's order manager; `POST /api/v1/accounts/cardFilter` with
 * its cookie and CSRF token, driven by autocannon in a child process (`bench/card-list-load.ts`).
 * The per-client rate limit is raised (RATE_LIMIT_MAX) as the one load client sends thousands of
 * requests a second; nothing else is changed.
 *
 * Floor: a bare Fastify process (`bench/card-list-floor.ts`, no plugins, no logging) running,
 * with `pg` and the same pool size, the exact SQL texts and parameters the server sends for each
 * request — taken from the cards module's own query builder (`cardFilterStatements`, drizzle's
 * `.toSQL()`), and checked: the floor's answer must hold the same card ids in the same order and
 * the same total as the server's. What the floor models and what it leaves to the full stack:
 * - the count is reused for 15 seconds in both (ADR 008's totals cache; the floor keeps one of its
 *   own with the same TTL and sharing), so both run the page statement per request and a count
 *   every 15 seconds; a later page waits for its total in both (it is read from the nearer end);
 * - the session lookup (one statement per request, a touch at most once a minute) is the full
 *   stack's cost, not the floor's, like the CSRF check, tenant check, zod validation, mapping to
 *   the API's shape, serialisation and request logging.
 * After one uncounted pass over both (JIT, pools and caches warm), full and floor alternate ROUNDS
 * times for each page; min and median req/s, p50/p99 and the ratio of medians are printed beside
 * the targets (issue 36: ratio ≥ 0.6, full p99 ≤ 1.5× the floor's p99).
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the PostgreSQL server;
 * a database tessera_bench_cards_<pid> is created there and dropped after. BENCH_CARD_LIST_PROFILE
 * =<folder>: the server writes a V8 CPU profile there when it stops. The SPA is not built: the
 * API does not need it.
 */
export async function cardListBenchmark(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // BENCH_CARD_LIST_KEEP=1 (development): the seeded database is kept and reused by the next run.
  const isKept = process.env.BENCH_CARD_LIST_KEEP === '1';
  const name = isKept ? 'tessera_bench_cards_kept' : `tessera_bench_cards_${process.pid}`;
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
  const work = path.join(tmpdir(), `tessera-bench-cards-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const children: ChildProcess[] = [];
  try {
    const setup = isKept && exists ? await reuse(databaseUrl) : await prepare(databaseUrl);
    console.log(
      `database: PostgreSQL ${setup.version}; ${CARDS} cards of ${COMPANY} generated in ${setup.seconds.toFixed(1)} s; pool ${POOL_SIZE}; ${CONNECTIONS} connections; ${SECONDS} s per run after a 2 s warm-up`,
    );

    const logFile = path.join(work, 'server.log');
    const profile = process.env.BENCH_CARD_LIST_PROFILE;
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
    const session = await signIn(base, DEMO_USERS.om1.email, DEMO_PASSWORD);
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrfToken, companyid: COMPANY };

    // The pages: an early one, then the last one of the same list (its number from the total).
    const early: CardFilterRequest = {
      product: 'TICKET_RESTAURANT',
      status: 'active',
      sort: 'cardholder',
      page: 3,
      pageSize: 50,
    };
    const probe = await post(`${base}/api/v1/accounts/cardFilter`, headers, early);
    const matching = probe.total;
    const last: CardFilterRequest = { ...early, page: Math.max(1, Math.ceil(matching / 50)) };
    const pages = { early, last } as const;

    // The floor's statements: the server's own query builder, for the same requests.
    const builder = await openDatabase({ url: databaseUrl, poolSize: 1 });
    const statements = Object.fromEntries(
      Object.entries(pages).map(([shape, request]) => {
        const filter = CardFilterRequestSchema.parse(request);
        return [
          shape,
          {
            ...cardFilterStatements(builder.db, COMPANY, filter, new Date(), matching),
            isFirstPage: filter.page === 1,
          },
        ];
      }),
    );
    await builder.close();
    const statementsFile = path.join(work, 'statements.json');
    writeFileSync(statementsFile, JSON.stringify(statements));

    const floor = spawn(process.execPath, ['--import', 'tsx', 'bench/card-list-floor.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DB_POOL_SIZE: String(POOL_SIZE),
        STATEMENTS_FILE: statementsFile,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(floor);
    const floorPort = await new Promise<number>((resolve, reject) => {
      floor.stdout!.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      floor.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
    });
    const floorBase = `http://127.0.0.1:${floorPort}`;

    // The floor answers what the server answers: the same cards in the same order, the same total.
    for (const [shape, request] of Object.entries(pages)) {
      const full = await post(`${base}/api/v1/accounts/cardFilter`, headers, request);
      const bare = (await (await fetch(`${floorBase}/cards/${shape}`, { method: 'POST' })).json()) as {
        total: number;
        rows: unknown[][];
      };
      const bareIds = bare.rows.map((row) => idOf(row));
      const fullIds = full.cards.map((card) => card.cardId);
      const isSame = bare.total === full.total && JSON.stringify(bareIds) === JSON.stringify(fullIds);
      console.log(
        `${shape} page ${request.page}: server ${fullIds.length} cards of ${full.total}, floor ${bareIds.length} of ${bare.total} — ${isSame ? 'same cards, same order' : 'DIFFERENT'}`,
      );
      if (!isSame) throw new Error(`the floor does not answer what the server answers (${shape})`);
    }

    const loadOf = (target: 'full' | 'floor', shape: keyof typeof pages) =>
      runLoad({
        method: 'POST',
        url: target === 'full' ? `${base}/api/v1/accounts/cardFilter` : `${floorBase}/cards/${shape}`,
        // As a browser asks: the server compresses the page (JSON above 1 KB); the floor ignores it.
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          ...(target === 'full' ? headers : {}),
        },
        body: JSON.stringify(pages[shape]),
        connections: CONNECTIONS,
        warmupSeconds: 2,
        seconds: SECONDS,
      });

    // Both processes' code warmed up (JIT, pools, caches) before anything is counted.
    for (const shape of ['early', 'last'] as const) {
      await loadOf('full', shape);
      await loadOf('floor', shape);
    }

    const runs = {
      early: { full: [] as LoadFigures[], floor: [] as LoadFigures[] },
      last: { full: [] as LoadFigures[], floor: [] as LoadFigures[] },
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const shape of ['early', 'last'] as const) {
        const label = `${shape} page ${pages[shape].page}`;
        const full = await loadOf('full', shape);
        console.log(runLine(`full   #${round}  ${label}`, full));
        runs[shape].full.push(full);
        const bare = await loadOf('floor', shape);
        console.log(runLine(`floor  #${round}  ${label}`, bare));
        runs[shape].floor.push(bare);
      }
    }

    console.log('');
    for (const shape of ['early', 'last'] as const) {
      const full = summarise(runs[shape].full);
      const bare = summarise(runs[shape].floor);
      const ratio = full.medianRps / bare.medianRps;
      console.log(summaryLine(`full  ${shape} page (${ROUNDS} runs)`, full));
      console.log(summaryLine(`floor ${shape} page (${ROUNDS} runs)`, bare));
      console.log(
        `${shape} page: ratio full/floor (medians) ${ratio.toFixed(2)} (min runs ${(full.minRps / bare.minRps).toFixed(2)}) (target ≥ ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}; ` +
          `full p99 ${full.medianP99} ms (max ${full.maxP99} ms) against the floor's ${bare.medianP99} ms ` +
          `(target ≤ ${TARGET_P99_OF_FLOOR}× = ${Math.round(bare.medianP99 * TARGET_P99_OF_FLOOR)} ms) ` +
          `${full.medianP99 <= bare.medianP99 * TARGET_P99_OF_FLOOR ? 'met' : 'MISSED'}`,
      );
    }
    const earlyFull = summarise(runs.early.full).medianRps;
    const lastFull = summarise(runs.last.full).medianRps;
    console.log(
      `last page ÷ early page, full (medians): ${(lastFull / earlyFull).toFixed(2)} (the last page should cost what the first does)`,
    );

    await stop(floor);
    await stop(server);
    console.log(`server log: ${(statSync(logFile).size / 1e6).toFixed(1)} MB`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    if (!isKept) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A kept database of an earlier run (BENCH_CARD_LIST_KEEP=1). */
function reuse(databaseUrl: string): Promise<{ version: string; seconds: number }> {
  return reuseKeptDatabase(databaseUrl);
}

/**
 * The database as the server finds it, through the server's own code: migrated, the demo (without
 * its cards), CARDS generated cards of C1001 with a month of ledger history, then `VACUUM ANALYZE`
 * as autovacuum would after a bulk load (statistics and the visibility map).
 */
async function prepare(databaseUrl: string): Promise<{ version: string; seconds: number }> {
  const started = performance.now();
  const database = await openDatabase({ url: databaseUrl, poolSize: POOL_SIZE });
  try {
    await migrateDatabase(database);
    const now = new Date();
    await seedDemo(database, { cardScale: 0 });
    await seedCompanyCards(database.db, COMPANY, generateCards(CARDS, 42, now), now, 11, { months: 1 });
    await database.pool.query('vacuum analyze');
    const { rows } = await database.pool.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    return { version: rows[0]!.version, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

async function post(
  url: string,
  headers: Record<string, string>,
  body: CardFilterRequest,
): Promise<{ total: number; cards: { cardId: string }[] }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`cardFilter: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { total: number; cards: { cardId: string }[] };
}

/** A card's id in a row of the page statement (an array, the card's columns first). */
function idOf(row: unknown[]): string {
  return String(row[0]);
}

function runLine(label: string, run: LoadFigures): string {
  return (
    `${label.padEnd(32)} ${run.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(run.p50Ms).padStart(3)} ms   p99 ${String(run.p99Ms).padStart(4)} ms   ` +
    `${(run.bytesPerResponse / 1000).toFixed(1)} kB/response, non-2xx ${run.non2xx}, errors ${run.errors}, timeouts ${run.timeouts}`
  );
}
