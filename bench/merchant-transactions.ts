import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../server/src/db/seed/demo';
import { seedDemoMerchants } from '../server/src/db/seed/demo-merchants';
import { loadConfig } from '../server/src/platform/config';
import { migrateDatabase, openDatabase } from '../server/src/platform/db';
import { freePort, serverArgs, stop, waitFor } from './server-process';

const ROWS = Number(process.env.BENCH_MERCHANT_ROWS ?? 1_000_000);
const TARGET_MS = 100;

/**
 * The merchant's transaction list over 1,000,000 rows (issue 16): the server as `npm start` runs
 * it (its own process, production settings, its request logging) on a scratch PostgreSQL database
 * whose demo supermarket chain (M2002) has ROWS generated terminal calls over a year (93 % approved,
 * 3 % refunds and reversals, five stores, their tills, every product); a separate process signs in
 * as merchant@tessera.demo through the real sign-in and pages through the list as the balance sheet
 * does. Prints p50/p99 per shape beside the target (a page in under 100 ms).
 *
 * The rows are generated in SQL (a read benchmark: the list reads only the terminal calls); the
 * demo merchants, users and cards come from the server's own seed.
 */
export async function merchantTransactionsBenchmark(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `tessera_bench_mtx_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const work = path.join(tmpdir(), `tessera-bench-mtx-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const children: ChildProcess[] = [];
  try {
    const started = performance.now();
    const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
    await migrateDatabase(database);
    await seedDemo(database, { cardScale: 0.2 });
    const config = loadConfig({
      NODE_ENV: 'production',
      MYDATA_GATEWAY: 'sandbox', // ADR 059: a benchmark names the sandbox AADE; production would refuse without AADE's settings
      SESSION_SECRET: 'm'.repeat(40),
      WEB_DIST: '.tmp/none',
    });
    const app = await buildApp({ config, database, logger: false });
    await seedDemoMerchants(database.db, app.services, { historyDays: 0 });
    await app.close();
    await database.pool.query(`
      insert into terminal_transactions
        (terminal_id, terminal_transaction_id, kind, request_hash, merchant_id, store_id, mid, store_category,
         card_id, company_id, product, amount_cents, outcome, decline_reason, authorisation_id, terminal_time, created_at)
      select t.id, 'G' || g, k.kind, md5(g::text), t.merchant_id, t.store_id, t.mid, 'groceries',
             c.id, c.company_id, c.product, 100 + (g::bigint * 7919) % 9000,
             case when g % 100 < 93 then 'approved' else 'declined' end,
             case when g % 100 < 93 then null
                  else (array['insufficientBalance','dailyCapReached','cardBlocked','productNotAccepted'])[1 + g % 4] end,
             case when g % 100 < 93 then 'G' || g else null end,
             now() - (g * interval '31.5 seconds'), now() - (g * interval '31.5 seconds')
        from generate_series(1, ${ROWS}) g
        cross join lateral (select case when g % 100 = 99 then 'reverse' when g % 100 >= 97 then 'refund' else 'authorise' end as kind) k
        join lateral (select id, merchant_id, store_id, mid from merchant_terminals
                       where merchant_id = 'M2002' order by mid offset (g % 6) limit 1) t on true
        join lateral (select id, company_id, product from cards order by id offset (g % 150) limit 1) c on true`);
    await database.pool.query('analyze terminal_transactions');
    await database.close();
    console.log(
      `database: ${ROWS.toLocaleString('en')} terminal calls of M2002 generated in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const port = await freePort();
    const logFile = path.join(work, 'server.log');
    const log = openSync(logFile, 'w');
    const server = spawn(process.execPath, await serverArgs(), {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        MYDATA_GATEWAY: 'sandbox', // ADR 059: a benchmark names the sandbox AADE; production would refuse without AADE's settings
        SESSION_SECRET: 'bench-merchant-session-secret-0123456789',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_SEED: 'false',
        WEB_DIST: '.tmp/none',
        // One client sends some 600 requests in a minute: above the per-client limit of 300.
        RATE_LIMIT_MAX: '100000',
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`, server);

    const client = spawn(process.execPath, ['--import', 'tsx', 'bench/merchant-transactions-client.ts'], {
      env: { ...process.env, BASE_URL: base, EMAIL: DEMO_USERS.merchant.email, PASSWORD: DEMO_PASSWORD },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(client);
    let output = '';
    client.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => client.once('exit', resolve));
    if (code !== 0) throw new Error(`the client exited with ${code}`);
    const results = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, number[]>;
    let worst = 0;
    for (const [shape, times] of Object.entries(results)) {
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      worst = Math.max(worst, at(0.99));
      console.log(
        `${shape.padEnd(34)} ${String(times.length).padStart(4)} requests   p50 ${at(0.5).toFixed(1).padStart(6)} ms   p99 ${at(0.99).toFixed(1).padStart(6)} ms`,
      );
    }
    console.log(
      `worst p99 ${worst.toFixed(1)} ms (target: a page in under ${TARGET_MS} ms) ${worst < TARGET_MS ? 'met' : 'MISSED'}`,
    );
    await stop(server);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
