import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateCards, seedCompanyCards } from '../server/src/db/seed/demo-cards';
import { seedDemo } from '../server/src/db/seed/demo';
import { createLedgerService } from '../server/src/modules/ledger';
import { createMerchantsService } from '../server/src/modules/merchants';
import { migrateDatabase, openDatabase } from '../server/src/platform/db';
import type { PosLoadOptions, PosLoadResult } from './pos-load';
import { summarise, type LoadSummary } from './figures';
import { freePort, serverArgs, stop, waitFor } from './server-process';

const CARDS = Number(process.env.BENCH_POS_CARDS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_POS_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_POS_SECONDS ?? 10);
const CONNECTIONS = 50;
const POOL_SIZE = 10;
const AMOUNT_CENTS = 10;
const MID = '77700001';
const CLIENT_ID = 'bench-pos-till-1';
const CLIENT_SECRET = 'bench-pos-secret-0123456789abcdef';

/**
 * Terminal authorisations per second through the server as `npm start` runs it (issue 15 §6, and
 * the issue-17 critique of benchmarks that skip the user's path): a separate server process
 * (`node --enable-source-maps server/dist/main.js`, production settings, its normal JSON request logging to a
 * file) on a fresh PostgreSQL database, a real token from `/oauth/token`, and `POST
 * /api/v1/terminals/authorise` driven by autocannon in another child process at 50 connections, each
 * request with a new terminal transaction id on one of thousands of cards (so purchases do not all
 * queue on one card's row) — Bearer token check, zod validation, idempotency check, decline rules
 * with the daily cap and the companies' spend rules, ledger posting, the call's record.
 *
 * Floor, in the same run, on the same database and pool size, with the same load: a bare Fastify
 * process doing only BEGIN; lock the card's account; insert the ledger transaction and its two
 * entries; COMMIT (`bench/pos-floor.ts`). Full and floor alternate ROUNDS times; min and median
 * req/s, p50/p99 and the ratio are printed beside the targets (issue 36: ratio ≥ 1.0 with p99 no worse than the floor's); then one
 * round of each on ONE card (every purchase queues on its row lock), then the ledger is checked.
 *
 * The SPA is not built: the terminal API does not need it, and main.ts serves the API alone when
 * web/dist is missing. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names
 * the PostgreSQL server; a database tessera_bench_pos_<pid> is created there and dropped after.
 */
export async function posBenchmark(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `tessera_bench_pos_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const work = path.join(tmpdir(), `tessera-bench-pos-${process.pid}`);
  const children: ChildProcess[] = [];
  try {
    const setup = await prepare(databaseUrl, work);
    console.log(
      `database: PostgreSQL ${setup.version}; ${setup.cards} cards with money (${CARDS} generated) in ${setup.seconds.toFixed(1)} s; pool ${POOL_SIZE}; ${CONNECTIONS} connections; ${SECONDS} s per run after a 2 s warm-up`,
    );

    const serverPort = await freePort();
    const logFile = path.join(work, 'server.log');
    const log = openSync(logFile, 'w');
    // BENCH_POS_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_POS_PROFILE;
    const server = spawn(
      process.execPath,
      await serverArgs(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          MYDATA_GATEWAY: 'sandbox', // ADR 059: a benchmark names the sandbox AADE; production would refuse without AADE's settings
          SESSION_SECRET: 'bench-pos-session-secret-0123456789abcdef',
          DATABASE_URL: databaseUrl,
          DB_POOL_SIZE: String(POOL_SIZE),
          PORT: String(serverPort),
          HOST: '127.0.0.1',
          DEMO_SEED: 'false',
        },
        stdio: ['ignore', log, log],
      },
    );
    closeSync(log);
    children.push(server);
    const base = `http://127.0.0.1:${serverPort}`;
    await waitFor(`${base}/api/health`, server);

    const tokenResponse = await fetch(`${base}/api/v1/terminals/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    if (tokenResponse.status !== 200) {
      throw new Error(`token: HTTP ${tokenResponse.status} ${await tokenResponse.text()}`);
    }
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };

    const floor = spawn(process.execPath, ['--import', 'tsx', 'bench/pos-floor.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DB_POOL_SIZE: String(POOL_SIZE),
        MERCHANT_ACCOUNT_ID: setup.merchantAccountId,
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

    const loadOf = (target: 'full' | 'floor', cardsFile: string, round: string) =>
      drive({
        url:
          target === 'full'
            ? `${base}/api/v1/terminals/authorise`
            : `http://127.0.0.1:${floorPort}/authorise`,
        headers: target === 'full' ? { authorization: `Bearer ${token}` } : {},
        cardsFile,
        mid: MID,
        amountCents: AMOUNT_CENTS,
        connections: CONNECTIONS,
        warmupSeconds: 2,
        seconds: SECONDS,
        idPrefix: `${target}-${round}`,
      });

    const fullRuns: PosLoadResult[] = [];
    const floorRuns: PosLoadResult[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const full = await loadOf('full', setup.cardsFile, `r${round}`);
      console.log(runLine(`full   #${round}  POST /terminals/authorise`, full));
      fullRuns.push(full);
      const bare = await loadOf('floor', setup.cardsFile, `r${round}`);
      console.log(runLine(`floor  #${round}  bare SQL transaction`, bare));
      floorRuns.push(bare);
    }
    const oneFull = await loadOf('full', setup.oneCardFile, 'one');
    console.log(runLine('full   ONE card', oneFull));
    const oneFloor = await loadOf('floor', setup.oneCardFile, 'one');
    console.log(runLine('floor  ONE card', oneFloor));

    const full = summarise(fullRuns);
    const bare = summarise(floorRuns);
    console.log('');
    console.log(summaryLine(`full (${ROUNDS} runs, many cards)`, full));
    console.log(summaryLine(`floor (${ROUNDS} runs, many cards)`, bare));
    const ratio = full.medianRps / bare.medianRps;
    console.log(
      `ratio full/floor (medians): ${ratio.toFixed(2)} (issue 36 target ≥ 1.0) ${ratio >= 1 ? 'met' : 'MISSED'}; ` +
        `full p99 ${full.medianP99} ms against the floor's ${bare.medianP99} ms (target ≤ the floor's) ` +
        `${full.medianP99 <= bare.medianP99 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `one card: full ${oneFull.requestsPerSecond.toFixed(0)} req/s p99 ${oneFull.p99Ms} ms, floor ${oneFloor.requestsPerSecond.toFixed(0)} req/s p99 ${oneFloor.p99Ms} ms, ratio ${(oneFull.requestsPerSecond / oneFloor.requestsPerSecond).toFixed(2)}`,
    );

    await stop(floor);
    await stop(server);
    const logBytes = statSync(logFile).size;
    console.log(`server log: ${(logBytes / 1e6).toFixed(1)} MB of JSON lines`);
    const approvedSeen = [...fullRuns, oneFull].reduce((sum, run) => sum + run.approvedAll, 0);
    await verify(databaseUrl, setup, approvedSeen, ROUNDS + 1);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

type Setup = {
  version: string;
  cards: number;
  seconds: number;
  cardsFile: string;
  oneCardFile: string;
  merchantAccountId: string;
  redemptionsBefore: number;
  merchantBalanceBefore: number;
};

/**
 * The database as the server finds it: migrated, demo companies with their spend rules, CARDS cards
 * of C1001 (the demo generator: every product, a month of history), a merchant (one groceries store
 * accepting every product, one enrolled terminal) created through the merchants service, and money
 * on every active card through a ledger posting bank → cards. All through the server's own code.
 */
async function prepare(databaseUrl: string, work: string): Promise<Setup> {
  const started = performance.now();
  const database = await openDatabase({ url: databaseUrl, poolSize: POOL_SIZE });
  try {
    await migrateDatabase(database);
    const now = new Date();
    await seedDemo(database, { cardScale: 0 });
    await seedCompanyCards(database.db, 'C1001', generateCards(CARDS, 42, now), now, 11, { months: 1 });
    const ledger = createLedgerService();
    const merchants = createMerchantsService({ db: database.db, ledger });
    await merchants.createMerchant({
      merchantId: 'MBENCH',
      legalName: 'Bench Markets Α.Ε.',
      tradeName: 'Bench Markets',
      vatNumber: '099999999',
      iban: 'GR1601101250000000012300695',
      contactName: 'Bench',
      contactEmail: 'bench@merchant.test',
      feePlan: { TICKET_RESTAURANT: 350, SPENDEO: 150, MY_BENEFITS: 250, VOUCHER: 300, COPMLIMENT: 300 },
      stores: [
        {
          name: 'Bench Markets Κέντρο',
          address: 'Ερμού 1',
          city: 'Αθήνα',
          postalCode: '10563',
          category: 'groceries',
          channels: ['in_store'],
          acceptedProducts: ['TICKET_RESTAURANT', 'SPENDEO', 'MY_BENEFITS', 'VOUCHER', 'COPMLIMENT'],
          terminals: [
            {
              mid: MID,
              label: 'Till 1',
              state: 'enrolled',
              clientId: CLIENT_ID,
              clientSecret: CLIENT_SECRET,
            },
          ],
        },
      ],
    });
    const { rows: cards } = await database.pool.query<{ token: string; account_id: string; product: string }>(
      `select token, account_id, product from cards
        where status = 'active' and expiry_date > current_date order by id`,
    );
    // Money on every card: 1,000 € each (the meal card's daily cap of 25 € still allows 250
    // purchases of 10 cents a day), 100,000 € on the one card of the single-card run.
    const bank = await ledger.bankAccount(database.db);
    const one = cards.find((card) => card.product === 'VOUCHER') ?? cards[0]!;
    for (let start = 0; start < cards.length; start += 2_000) {
      const chunk = cards.slice(start, start + 2_000);
      const amounts = chunk.map((card) => (card === one ? 10_000_000 : 100_000));
      await ledger.post(database.db, {
        kind: 'load',
        companyId: 'C1001',
        reference: 'bench-pos',
        entries: [
          { accountId: bank, amountCents: -amounts.reduce((sum, amount) => sum + amount, 0) },
          ...chunk.map((card, index) => ({ accountId: card.account_id, amountCents: amounts[index]! })),
        ],
      });
    }
    await database.pool.query('vacuum analyze');
    const { rows: facts } = await database.pool.query<{
      version: string;
      account: string;
      balance: number;
      redemptions: number;
    }>(
      `select current_setting('server_version') as version, m.ledger_account_id as account,
              a.balance_cents::bigint as balance,
              (select count(*)::int from ledger_transactions where kind = 'redemption') as redemptions
         from merchants m join ledger_accounts a on a.id = m.ledger_account_id where m.id = 'MBENCH'`,
    );
    const fact = facts[0]!;
    const cardsFile = path.join(work, 'cards.json');
    const oneCardFile = path.join(work, 'one-card.json');
    mkdirSync(work, { recursive: true });
    writeFileSync(cardsFile, JSON.stringify(cards.map((card) => card.token)));
    writeFileSync(oneCardFile, JSON.stringify([one.token]));
    return {
      version: fact.version,
      cards: cards.length,
      seconds: (performance.now() - started) / 1000,
      cardsFile,
      oneCardFile,
      merchantAccountId: fact.account,
      redemptionsBefore: fact.redemptions,
      merchantBalanceBefore: Number(fact.balance),
    };
  } finally {
    await database.close();
  }
}

/** After the runs: the ledger and the calls' records agree, and no card went below zero. */
async function verify(databaseUrl: string, setup: Setup, approvedSeen: number, fullLoads: number) {
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const { rows } = await database.pool.query<Record<string, number>>(
      `select
         (select count(*)::int from terminal_transactions where kind = 'authorise' and outcome = 'approved') as approved,
         (select coalesce(sum(amount_cents), 0)::bigint from terminal_transactions
           where kind = 'authorise' and outcome = 'approved') as approved_cents,
         (select count(*)::int from terminal_transactions where kind = 'authorise' and outcome = 'declined') as declined,
         (select count(*)::int from ledger_transactions t
           where t.kind = 'redemption'
             and exists (select 1 from terminal_transactions c where c.ledger_transaction_id = t.id)) as linked,
         (select count(*)::int from ledger_transactions where kind = 'redemption' and reference like 'FLOOR-%') as floor,
         (select coalesce(sum(e.amount_cents), 0)::bigint from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
           where t.reference like 'FLOOR-%' and e.amount_cents > 0) as floor_cents,
         (select count(*)::int from ledger_transactions where kind = 'redemption') as redemptions,
         (select balance_cents::bigint from ledger_accounts where id = $1) as merchant_balance,
         (select count(*)::int from ledger_accounts where balance_cents < 0 and not allow_negative) as negative,
         (select coalesce(sum(amount_cents), 0)::bigint from ledger_entries) as entries_sum`,
      [setup.merchantAccountId],
    );
    const facts = Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)]));
    const invariants = await createLedgerService().checkInvariants(database.db);
    const checks: [string, boolean][] = [
      [
        `approved authorisations ${facts.approved} = their ledger redemptions ${facts.linked}`,
        facts.approved === facts.linked,
      ],
      [
        `redemptions posted during the run ${facts.redemptions! - setup.redemptionsBefore} = approved ${facts.approved} + floor ${facts.floor}`,
        facts.redemptions! - setup.redemptionsBefore === facts.approved! + facts.floor!,
      ],
      [
        `merchant credited ${facts.merchant_balance! - setup.merchantBalanceBefore} = approved ${facts.approved_cents} + floor ${facts.floor_cents} cents`,
        facts.merchant_balance! - setup.merchantBalanceBefore === facts.approved_cents! + facts.floor_cents!,
      ],
      [
        // Requests still in flight when autocannon stops are answered to nobody but committed.
        `approved answers seen by the load ${approvedSeen} ≤ approved rows ${facts.approved} ≤ seen + in flight (${2 * CONNECTIONS * fullLoads})`,
        approvedSeen <= facts.approved! && facts.approved! <= approvedSeen + 2 * CONNECTIONS * fullLoads,
      ],
      [`no account below zero (${facts.negative})`, facts.negative === 0],
      [`all ledger entries sum to 0 (${facts.entries_sum})`, facts.entries_sum === 0],
      [
        `ledger invariants: ${invariants.unbalancedTransactions.length} unbalanced, ${invariants.balanceMismatches.length} balance mismatches, ${invariants.negativeAccounts.length} negative`,
        invariants.unbalancedTransactions.length +
          invariants.balanceMismatches.length +
          invariants.negativeAccounts.length ===
          0,
      ],
    ];
    console.log(`verification (${facts.declined} declined authorisations recorded):`);
    for (const [text, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${text}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

/** One autocannon run in a child process (`bench/pos-load.ts`). */
function drive(options: PosLoadOptions): Promise<PosLoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/pos-load.ts', JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').pop()!) as PosLoadResult);
    });
  });
}

function runLine(label: string, run: PosLoadResult): string {
  const reasons = Object.entries(run.reasons)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  return (
    `${label.padEnd(40)} ${run.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(run.p50Ms).padStart(3)} ms   p99 ${String(run.p99Ms).padStart(4)} ms   ` +
    `approved ${run.approved}, declined ${run.declined}${reasons ? ` (${reasons})` : ''}, non-2xx ${run.non2xx}, errors ${run.errors}`
  );
}

function summaryLine(label: string, value: LoadSummary): string {
  return `${label.padEnd(32)} min ${value.minRps.toFixed(0).padStart(6)} req/s   median ${value.medianRps.toFixed(0).padStart(6)} req/s   median p50 ${value.medianP50} ms   median p99 ${value.medianP99} ms (max ${value.maxP99} ms)`;
}
