import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateCards, seedCompanyCards } from '../server/src/db/seed/demo-cards';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../server/src/db/seed/demo';
import { migrateDatabase, openDatabase } from '../server/src/platform/db';
import { xlsxOf } from './bulk-import';
import { createScratchDatabase } from './database';
import { median, verdict } from './figures';
import { signIn, type PortalSession } from './portal-sign-in';
import { freePort, serverArgs, stop, waitFor } from './server-process';

const CARDS = Number(process.env.BENCH_CARDS ?? 20_000);
const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const DATABASE = (process.env.BENCH_API_DATABASE ?? 'postgres') as 'postgres' | 'pglite';

/**
 * Issue 22 §5: a bulk load through the public API against the same load through the Excel bulk
 * path, in the same run, on the server started as `npm start` starts it (its own process, the
 * compiled bundle, production settings, its request logging to a file), with CARDS generated cards
 * of C1001. Both load the same LINES cards (half named by card id, half by last four digits and
 * employee code, as a payroll export would) and end at the same place, the drafts stored:
 *
 * - Excel: the order manager signed in through the real OpenID flow uploads the xlsx → polls the
 *   import until the preview is ready → `bulkLoadCardOrder` answers with the drafts.
 * - API: an API client (created by that order manager on the portal) takes a token with its
 *   credentials → `POST /api/public/v1/loads/bulk` with the lines as JSON and `paymentMethod: null`
 *   answers with the drafts. A third figure submits the orders too (`paymentMethod: RF`).
 *
 * The two alternate ROUNDS times; medians and lines/s are printed with the ratio API ÷ Excel
 * (target ≥ 1: JSON must not be slower than Excel). Benchmarks print; they never assert.
 * BENCH_API_DATABASE (postgres | pglite), BENCH_CARDS, BENCH_LINES, BENCH_API_ROUNDS.
 */
export async function publicApiBenchmark(): Promise<void> {
  const work = path.join(tmpdir(), `tessera-bench-api-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const children: ChildProcess[] = [];
  const scratch = DATABASE === 'postgres' ? await createScratchDatabase('api') : null;
  try {
    const databaseUrl = scratch?.url;
    const dataDir = path.join(work, 'data');
    const setup = await prepare(databaseUrl, dataDir, work);
    console.log(
      `\n-- ${DATABASE === 'postgres' ? `PostgreSQL ${setup.version}` : `embedded PGlite ${setup.version}`}: ` +
        `${CARDS} cards of C1001 in ${setup.seconds.toFixed(1)} s; ${LINES} lines: xlsx ` +
        `${(statSync(setup.file).size / 1e6).toFixed(2)} MB, JSON ${(Buffer.byteLength(JSON.stringify(setup.lines)) / 1e6).toFixed(2)} MB`,
    );

    const serverPort = await freePort();
    const socketPort = DATABASE === 'pglite' ? await freePort() : 0;
    const logFile = path.join(work, 'server.log');
    const log = openSync(logFile, 'w');
    const server = spawn(process.execPath, await serverArgs(), {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        MYDATA_GATEWAY: 'sandbox', // ADR 059: a benchmark names the sandbox AADE; production would refuse without AADE's settings
        SESSION_SECRET: 'bench-api-session-secret-0123456789abcdef',
        ...(databaseUrl
          ? { DATABASE_URL: databaseUrl }
          : { DATA_DIR: dataDir, PGLITE_SOCKET_PORT: String(socketPort), DATABASE_URL: '' }),
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
        DEMO_SEED: 'false',
        // The Excel path polls its import 4 times a second through one session.
        RATE_LIMIT_MAX: '100000',
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    children.push(server);
    const base = `http://127.0.0.1:${serverPort}`;
    await waitFor(`${base}/api/health`, server);
    const sqlUrl = databaseUrl ?? `postgres://postgres@127.0.0.1:${socketPort}/postgres`;
    const sql = new pg.Client({ connectionString: sqlUrl });
    await sql.connect();
    const session = await signIn(base, DEMO_USERS.om1.email, DEMO_PASSWORD);
    const client = await createClient(base, session);

    const runs = { excel: [] as number[], api: [] as number[], submitted: [] as number[] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const excel = await excelPath(base, session, setup.file);
      runs.excel.push(excel.ms);
      console.log(
        `excel #${round}  ${seconds(excel.ms)}  ${rate(excel.ms)}  ${excel.drafts} drafts (${excel.split})`,
      );
      await sql.query(`delete from draft_orders where company_id = 'C1001'`);
      const api = await apiPath(base, client, setup.lines, null);
      runs.api.push(api.ms);
      console.log(`api   #${round}  ${seconds(api.ms)}  ${rate(api.ms)}  ${api.made} drafts (${api.split})`);
      await sql.query(`delete from draft_orders where company_id = 'C1001'`);
      const submitted = await apiPath(base, client, setup.lines, 'RF');
      runs.submitted.push(submitted.ms);
      console.log(
        `api+submit #${round}  ${seconds(submitted.ms)}  ${rate(submitted.ms)}  ${submitted.made} orders awaiting payment (${submitted.split})`,
      );
    }
    const excelMedian = median(runs.excel);
    const apiMedian = median(runs.api);
    const ratio = excelMedian / apiMedian;
    console.log('');
    console.log(
      `${LINES.toLocaleString('en-GB')} lines, ${ROUNDS} rounds, medians: Excel (upload → preview → drafts) ` +
        `${seconds(excelMedian)} (${rate(excelMedian)}); API (token → POST loads/bulk → drafts) ` +
        `${seconds(apiMedian)} (${rate(apiMedian)}); API with the orders submitted ${seconds(median(runs.submitted))} ` +
        `(${rate(median(runs.submitted))})`,
    );
    console.log(`  API lines/s ÷ Excel lines/s = ${ratio.toFixed(2)}× (target ≥ 1×) ${verdict(ratio >= 1)}`);
    await sql.end();
    await stop(server);
    console.log(`server log: ${(statSync(logFile).size / 1e3).toFixed(0)} kB of JSON lines`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    await scratch?.drop();
  }
}

type Line = { cardId?: string; last4?: string; employeeCode?: string; amountCents: number };
type Setup = { version: string; seconds: number; file: string; lines: Line[] };

/**
 * The database through the server's own code (migrated, the demo companies and users, CARDS cards
 * of C1001), and the same LINES loads as an xlsx file and as JSON lines: loadable cards only, so
 * both paths take every line.
 */
async function prepare(url: string | undefined, dataDir: string, work: string): Promise<Setup> {
  const started = performance.now();
  const database = await openDatabase(url ? { url, poolSize: 4 } : { dataDir, poolSize: 4 });
  try {
    await migrateDatabase(database);
    const now = new Date();
    await seedDemo(database, { cardScale: 0 });
    await seedCompanyCards(database.db, 'C1001', generateCards(CARDS, 42, now), now, 11, { months: 1 });
    await database.pool.query('vacuum analyze');
    const { rows: cards } = await database.pool.query<{ id: string; last4: string; code: string }>(
      `select c.id, c.last4, h.employee_code as code from cards c join cardholders h on h.id = c.cardholder_id
        where c.company_id = 'C1001' and c.status = 'active' and c.replaced_by_card_id is null
          and c.expiry_date > current_date + 90
          and (select count(*) from cards o where o.cardholder_id = c.cardholder_id and o.last4 = c.last4) = 1
        order by c.id limit ${LINES}`,
    );
    if (cards.length < LINES) throw new Error(`only ${cards.length} loadable cards; raise BENCH_CARDS`);
    const { rows: facts } = await database.pool.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    const lines: Line[] = cards.map((card, index) =>
      index % 2 === 0
        ? { cardId: card.id, amountCents: 2000 }
        : { last4: card.last4, employeeCode: card.code, amountCents: 2550 },
    );
    const file = path.join(work, `bench-${LINES}.xlsx`);
    writeFileSync(
      file,
      await xlsxOf(
        lines.map((line) => [
          line.cardId ?? '',
          line.last4 ?? '',
          line.employeeCode ?? '',
          line.amountCents / 100,
        ]),
      ),
    );
    return { version: facts[0]!.version, seconds: (performance.now() - started) / 1000, file, lines };
  } finally {
    await database.close();
  }
}

type Client = { clientId: string; clientSecret: string };

/** The order manager creates the API client on the portal (not measured: done once). */
async function createClient(base: string, session: PortalSession): Promise<Client> {
  const response = await fetch(`${base}/api/v1/accounts/createApiClient`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      companyid: 'C1001',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'Payroll bench', scopes: ['orders:write', 'orders:read', 'cards:read'] }),
  });
  if (response.status !== 200)
    throw new Error(`createApiClient: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { client: { clientId: string }; clientSecret: string };
  return { clientId: body.client.clientId, clientSecret: body.clientSecret };
}

async function excelPath(base: string, session: PortalSession, file: string) {
  const api = `${base}/api/v1/orders`;
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrfToken, companyid: 'C1001' };
  const started = performance.now();
  const uploaded = await fetch(
    `${api}/uploadExcelDraftOrder?purpose=load&fileName=${encodeURIComponent(path.basename(file))}`,
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: readFileSync(file),
    },
  );
  if (uploaded.status !== 202) throw new Error(`upload: HTTP ${uploaded.status} ${await uploaded.text()}`);
  const { importId } = ((await uploaded.json()) as { import: { importId: string } }).import;
  type Progress = { state: string; rowsOk: number; rowsWarning: number; rowsError: number };
  let progress: Progress;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const response = await fetch(`${api}/bulkImports/${importId}`, { headers });
    progress = ((await response.json()) as { import: Progress }).import;
    if (progress.state === 'ready') break;
    if (progress.state !== 'queued' && progress.state !== 'processing') {
      throw new Error(`import ${importId} ${progress.state}`);
    }
  }
  const previewMs = performance.now() - started;
  const converted = await fetch(`${api}/bulkLoadCardOrder`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-${importId}` },
    body: JSON.stringify({ importId }),
  });
  if (converted.status !== 200) throw new Error(`drafts: HTTP ${converted.status} ${await converted.text()}`);
  const { drafts } = (await converted.json()) as { drafts: { lines: number }[] };
  const ms = performance.now() - started;
  const lines = drafts.reduce((sum, draft) => sum + draft.lines, 0);
  if (lines !== LINES) {
    throw new Error(`Excel drafts hold ${lines} lines of ${LINES} (${JSON.stringify(progress)})`);
  }
  return {
    ms,
    drafts: drafts.length,
    split: `preview ready at ${seconds(previewMs)}, drafts ${seconds(ms - previewMs)}`,
  };
}

async function apiPath(base: string, client: Client, lines: Line[], paymentMethod: 'RF' | null) {
  const started = performance.now();
  const token = await fetch(`${base}/api/public/v1/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  if (token.status !== 200) throw new Error(`token: HTTP ${token.status} ${await token.text()}`);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const tokenMs = performance.now() - started;
  const response = await fetch(`${base}/api/public/v1/loads/bulk`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ alias: 'Payroll bench', paymentMethod, lines }),
  });
  if (response.status !== 201)
    throw new Error(`loads/bulk: HTTP ${response.status} ${(await response.text()).slice(0, 500)}`);
  const body = (await response.json()) as {
    drafts: { lines: number }[];
    orders: { order: { cards: number; status: string } }[];
  };
  const ms = performance.now() - started;
  const held =
    paymentMethod === null
      ? body.drafts.reduce((sum, draft) => sum + draft.lines, 0)
      : body.orders.reduce((sum, entry) => sum + entry.order.cards, 0);
  if (held !== LINES) throw new Error(`the API made ${held} lines of ${LINES}`);
  return {
    ms,
    made: paymentMethod === null ? body.drafts.length : body.orders.length,
    split: `token ${seconds(tokenMs)}, loads/bulk ${seconds(ms - tokenMs)}`,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number) => `${Math.round(LINES / (ms / 1000)).toLocaleString('en-GB')} lines/s`;
