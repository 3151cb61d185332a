import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { generateCards, seedCompanyCards } from '../server/src/db/seed/demo-cards';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../server/src/db/seed/demo';
import { migrateDatabase, openDatabase } from '../server/src/platform/db';
import { signIn, type PortalSession } from './portal-sign-in';
import { freePort, serverArgs, stop, waitFor } from './server-process';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const SIZES = (process.env.BENCH_ROWS ?? '10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
const SETTLE_SECONDS = Number(process.env.BENCH_BULK_SETTLE_SECONDS ?? 60);
const DATABASES =
  (process.env.BENCH_BULK_DATABASE ?? 'both') === 'both'
    ? (['postgres', 'pglite'] as const)
    : ([process.env.BENCH_BULK_DATABASE as 'postgres' | 'pglite'] as const);
const POOL_SIZE = 10;
const API = '/api/v1/orders';

/**
 * A bulk load file as the user meets it (ADR 011, issue 17), against the server started as
 * `npm start` starts it — its own process (`node --enable-source-maps server/dist/main.js`), production
 * settings, its default request logging (to a file) — signed in through the real OpenID flow as the
 * order manager of C1001, with CARDS cards of the company generated before the server starts:
 * upload the xlsx over HTTP (the body is the file, with the session cookie and CSRF token) → poll
 * the import until the preview is ready → `bulkLoadCardOrder` → the drafts are stored (the call
 * answers once they are). Rows are half named by card id, half by last four digits and employee
 * code; cards of every status, so the preview has warnings and errors and the drafts many groups.
 *
 * The floor, in the same run, in a separate process (`bench/bulk-import-floor.ts`): exceljs's
 * streaming read of the same file and a COPY of the same rows into a scratch table of the same
 * database. Full and floor alternate ROUNDS times per size; min and median seconds and rows/s, the
 * ratio (floor time ÷ full time, medians) and the server's RSS (VmRSS of /proc/<pid>/status, every
 * 100 ms: peak growth from just before the upload to the drafts, and a minute after the last file)
 * are printed beside their targets: ratio ≥ 0.3, 100,000 rows under 10 s on PostgreSQL, growth
 * under 200 MB, back within 50 MB of the start. Benchmarks print; they never assert.
 *
 * On PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) a scratch
 * database is created and dropped; on PGlite the server owns a temporary DATA_DIR and the floor
 * reaches it through its pglite-socket (PGLITE_SOCKET_PORT). Environment: BENCH_BULK_DATABASE
 * (postgres | pglite | both), BENCH_ROWS (comma-separated sizes), BENCH_CARDS, BENCH_BULK_ROUNDS,
 * BENCH_BULK_SETTLE_SECONDS (the wait before the last memory figure), BENCH_BULK_KEEP (see
 * `IS_KEPT`). Each round's line ends with the 1-minute load average.
 */
export async function bulkImportBenchmark(): Promise<void> {
  for (const kind of DATABASES) await runOn(kind);
}

type Run = { ms: number; rows: number; cpuMs?: number };
type FullRun = Run & {
  peakGrowthMb: number;
  endGrowthMb: number;
  drafts: number;
  counts: string;
  /** Where the time went: until the preview was ready, then the drafts. */
  split: string;
};

async function runOn(kind: 'postgres' | 'pglite'): Promise<void> {
  const work = path.join(tmpdir(), `tessera-bench-bulk-${kind}-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const children: ChildProcess[] = [];
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `tessera_bench_bulk_${process.pid}`;
  const admin = kind === 'postgres' ? new pg.Client({ connectionString: serverUrl }) : null;
  try {
    let databaseUrl: string | undefined;
    const dataDir = path.join(work, 'data');
    let kept: string | undefined;
    if (admin) {
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      kept = IS_KEPT ? await keptTemplate(admin) : undefined;
      await admin.query(`create database ${name}${kept ? ` template ${kept}` : ''}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const setup = await prepare(databaseUrl, dataDir, work, kept !== undefined);
    if (admin && IS_KEPT && !kept) await keepAsTemplate(admin, name);
    console.log(
      `\n-- ${kind === 'postgres' ? `PostgreSQL ${setup.version}` : `embedded PGlite ${setup.version} (through its socket)`}: ` +
        `${CARDS} cards of C1001 in ${setup.seconds.toFixed(1)} s; files ${SIZES.map(
          (size) => `${size} rows ${(statSync(setup.files.get(size)!).size / 1e6).toFixed(1)} MB`,
        ).join(', ')}`,
    );

    const serverPort = await freePort();
    const socketPort = kind === 'pglite' ? await freePort() : 0;
    const logFile = path.join(work, 'server.log');
    const log = openSync(logFile, 'w');
    // BENCH_BULK_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_BULK_PROFILE;
    const nodeArgs = await serverArgs(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
    const server = spawn(process.execPath, nodeArgs, {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        MYDATA_GATEWAY: 'sandbox', // ADR 059: a benchmark names the sandbox AADE; production would refuse without AADE's settings
        SESSION_SECRET: 'bench-bulk-session-secret-0123456789abcdef',
        ...(databaseUrl
          ? { DATABASE_URL: databaseUrl }
          : { DATA_DIR: dataDir, PGLITE_SOCKET_PORT: String(socketPort), DATABASE_URL: '' }),
        DB_POOL_SIZE: String(POOL_SIZE),
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
        DEMO_SEED: 'false',
        BULK_MAX_ROWS: String(Math.max(...SIZES)),
        // The bench polls the import 4 times a second through one session: above a browser's rate.
        RATE_LIMIT_MAX: '100000',
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    children.push(server);
    const base = `http://127.0.0.1:${serverPort}`;
    await waitFor(`${base}/api/health`, server);
    const floorUrl = databaseUrl ?? `postgres://postgres@127.0.0.1:${socketPort}/postgres`;
    const sql = new pg.Client({ connectionString: floorUrl });
    await sql.connect();
    await sql.query(
      `create unlogged table if not exists bench_copy (like bulk_import_rows including defaults)`,
    );
    const session = await signIn(base, DEMO_USERS.om1.email, DEMO_PASSWORD);
    const memory = sampleRss(server.pid!);
    // On PGlite the database runs in the server's process; on PostgreSQL in the backends of the
    // bench's database (the floor's included), each sampled while it lives.
    const cpu = sampleCpu(server.pid!, kind === 'postgres' ? { client: sql, database: name } : null);
    const startRss = memory.now();
    console.log(`server RSS after start and sign-in: ${startRss} MB`);

    const results = new Map<number, { full: FullRun[]; floor: Run[] }>();
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const size of SIZES) {
        const file = setup.files.get(size)!;
        const entry = results.get(size) ?? { full: [], floor: [] };
        results.set(size, entry);
        const fullCpu = await cpu.mark();
        const full = await fullPath(base, session, file, size, memory);
        full.cpuMs = (await cpu.mark()) - fullCpu;
        entry.full.push(full);
        console.log(
          `full  #${round} ${String(size).padStart(6)} rows  ${seconds(full.ms)}  ${rate(full)}  (load ${load()})  ` +
            `${full.counts}; ${full.drafts} drafts; RSS ${signed(full.peakGrowthMb)} MB peak, ${signed(full.endGrowthMb)} MB after; ${full.split}; ` +
            `CPU ${seconds(full.cpuMs)} (server + database)`,
        );
        // Not measured: the drafts go, so the company stays under its 99 drafts.
        await sql.query(`delete from draft_orders where company_id = 'C1001'`);
        await sql.query('truncate bench_copy');
        const floorCpu = await cpu.mark();
        const bare = await floor(file, floorUrl, kind === 'postgres' ? 'copy' : 'insert');
        bare.cpuMs = (bare.cpuMs ?? 0) + (await cpu.mark()) - floorCpu;
        entry.floor.push(bare);
        console.log(
          `floor #${round} ${String(size).padStart(6)} rows  ${seconds(bare.ms)}  ${rate(bare)}  (load ${load()})  ` +
            `CPU ${seconds(bare.cpuMs)} (floor + database)`,
        );
      }
    }
    const settleFrom = memory.now();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const settled = memory.now();
    memory.stop();
    cpu.stop();

    console.log('');
    const store = kind === 'postgres' ? 'COPY' : 'multi-row INSERT (COPY does not pass pglite-socket)';
    for (const [size, { full, floor: bare }] of results) {
      const fullMedian = median(full.map((run) => run.ms));
      const floorMedian = median(bare.map((run) => run.ms));
      const ratio = floorMedian / fullMedian;
      const peaks = full.map((run) => run.peakGrowthMb);
      const peak = Math.max(...peaks);
      const cpuRatio = median(bare.map((run) => run.cpuMs ?? 0)) / median(full.map((run) => run.cpuMs ?? 0));
      console.log(
        `${size.toLocaleString('en-GB')} rows, ${ROUNDS} rounds: full (upload → preview → drafts stored) ` +
          `${minMedian(full, size)}; floor (exceljs read + ${store}) ${minMedian(bare, size)}`,
      );
      console.log(
        `  ratio full/floor ${ratio.toFixed(2)} (target ≥ 0.3) ${verdict(ratio >= 0.3)}` +
          (size === 100_000 && kind === 'postgres'
            ? `; 100,000 rows median ${seconds(fullMedian)} (target < 10 s) ${verdict(fullMedian < 10_000)}`
            : '') +
          `; server RSS growth, the highest peak of the rounds ${peak} MB (median ${median(peaks)} MB; ` +
          `target < 200 MB) ${verdict(peak < 200)}`,
      );
      console.log(
        `  CPU (medians): full ${seconds(median(full.map((run) => run.cpuMs ?? 0)))}, floor ` +
          `${seconds(median(bare.map((run) => run.cpuMs ?? 0)))}: ${cpuRatio.toFixed(2)} (what the ratio would be with ` +
          `the cores to themselves; the machine is shared)`,
      );
    }
    console.log(
      `server RSS: ${startRss} MB at the start, ${settleFrom} MB after the last file, ${settled} MB ` +
        `${SETTLE_SECONDS} s later: ${signed(settled - startRss)} MB (target within 50 MB) ${verdict(settled - startRss <= 50)}`,
    );
    await sql.query('drop table if exists bench_copy');
    await sql.end();
    await stop(server);
    console.log(`server log: ${(statSync(logFile).size / 1e3).toFixed(0)} kB of JSON lines`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

type Setup = { version: string; seconds: number; files: Map<number, string> };

/**
 * The database as the server finds it, through the server's own code: migrated, the demo companies
 * and users, CARDS generated cards of C1001 with a month of history; and one xlsx file per size.
 * On PGlite the folder is closed again before the server opens it (one process owns it).
 */
async function prepare(
  url: string | undefined,
  dataDir: string,
  work: string,
  isSeeded = false,
): Promise<Setup> {
  const started = performance.now();
  const database = await openDatabase(url ? { url, poolSize: 4 } : { dataDir, poolSize: 4 });
  try {
    await migrateDatabase(database);
    if (!isSeeded) {
      const now = new Date();
      await seedDemo(database, { cardScale: 0 });
      await seedCompanyCards(database.db, 'C1001', generateCards(CARDS, 42, now), now, 11, { months: 1 });
      await database.pool.query('vacuum analyze');
    }
    const { rows: cards } = await database.pool.query<{ id: string; last4: string; code: string }>(
      `select c.id, c.last4, h.employee_code as code from cards c join cardholders h on h.id = c.cardholder_id
        where c.company_id = 'C1001' order by c.id`,
    );
    const { rows: facts } = await database.pool.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    const files = new Map<number, string>();
    for (const size of SIZES) {
      const rows = Array.from({ length: size }, (_, index) => {
        const card = cards[index % cards.length]!;
        // Half named by id, half by last four and employee code; amounts as Greek text and numbers.
        return index % 2 === 0
          ? [card.id, '', '', index % 4 === 0 ? '20,00' : 20]
          : ['', card.last4, card.code, 25.5];
      });
      const file = path.join(work, `bench-${size}.xlsx`);
      writeFileSync(file, await xlsxOf(rows));
      files.set(size, file);
    }
    return { version: facts[0]!.version, seconds: (performance.now() - started) / 1000, files };
  } finally {
    await database.close();
  }
}

/**
 * BENCH_BULK_KEEP=1 (development, PostgreSQL): the seeded database of the first run is kept as a
 * template, `tessera_bench_bulk_kept_<cards>`, and later runs start from a copy of it (`CREATE
 * DATABASE … TEMPLATE`, seconds instead of minutes of seeding); each copy is migrated as usual.
 */
const IS_KEPT = process.env.BENCH_BULK_KEEP === '1';
const keptName = () => `tessera_bench_bulk_kept_${CARDS}`;

async function keptTemplate(admin: pg.Client): Promise<string | undefined> {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [keptName()]);
  return rowCount ? keptName() : undefined;
}

/** Copies the freshly seeded database as the template of later runs. */
async function keepAsTemplate(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`drop database if exists ${keptName()}`);
  await admin.query(`create database ${keptName()} template ${name}`);
}

/** The user's path for one file; answers its time and the server's memory around it. */
async function fullPath(
  base: string,
  session: PortalSession,
  file: string,
  size: number,
  memory: RssSampler,
): Promise<FullRun> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrfToken, companyid: 'C1001' };
  const bytes = readFileSync(file);
  const before = memory.now();
  memory.resetPeak();
  const started = performance.now();
  const uploaded = await fetch(
    `${base}${API}/uploadExcelDraftOrder?purpose=load&fileName=${encodeURIComponent(path.basename(file))}`,
    { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: bytes },
  );
  if (uploaded.status !== 202) throw new Error(`upload: HTTP ${uploaded.status} ${await uploaded.text()}`);
  const { importId } = ((await uploaded.json()) as { import: { importId: string } }).import;
  type Progress = { state: string; rowsRead: number; rowsOk: number; rowsWarning: number; rowsError: number };
  let progress: Progress;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const response = await fetch(`${base}${API}/bulkImports/${importId}`, { headers });
    progress = ((await response.json()) as { import: Progress }).import;
    if (progress.state === 'ready') break;
    if (progress.state !== 'queued' && progress.state !== 'processing') {
      throw new Error(`import ${importId} ${progress.state}`);
    }
  }
  const previewMs = performance.now() - started;
  const previewPeakMb = memory.peak() - before;
  const converted = await fetch(`${base}${API}/bulkLoadCardOrder`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-${importId}` },
    body: JSON.stringify({ importId }),
  });
  if (converted.status !== 200) throw new Error(`drafts: HTTP ${converted.status} ${await converted.text()}`);
  const { drafts } = (await converted.json()) as { drafts: { lines: number }[] };
  const ms = performance.now() - started;
  const lines = drafts.reduce((sum, draft) => sum + draft.lines, 0);
  if (lines !== progress.rowsOk + progress.rowsWarning) {
    throw new Error(
      `drafts hold ${lines} lines, the preview ${progress.rowsOk + progress.rowsWarning} good rows`,
    );
  }
  return {
    ms,
    rows: size,
    peakGrowthMb: memory.peak() - before,
    endGrowthMb: memory.now() - before,
    drafts: drafts.length,
    counts: `${progress.rowsOk} ok, ${progress.rowsWarning} warnings, ${progress.rowsError} errors`,
    split: `preview ready at ${seconds(previewMs)} (RSS +${previewPeakMb} MB peak), drafts ${seconds(ms - previewMs)}`,
  };
}

/** One floor run in its own process (`bench/bulk-import-floor.ts`). */
function floor(file: string, url: string, store: 'copy' | 'insert'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/bulk-import-floor.ts', JSON.stringify({ file, url, store })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`floor exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').pop()!) as Run);
    });
  });
}

type RssSampler = { now(): number; peak(): number; resetPeak(): void; stop(): void };

/** The server's resident memory in MB (VmRSS), sampled every 100 ms for the peak. */
function sampleRss(pid: number): RssSampler {
  const read = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  };
  let peak = read();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {
      // The server is gone; the run reports it.
    }
  }, 100);
  return {
    now: read,
    peak: () => Math.max(peak, read()),
    resetPeak: () => void (peak = read()),
    stop: () => clearInterval(timer),
  };
}

type CpuSampler = { mark(): Promise<number>; stop(): void };

/** CPU time of a process in ms (Linux: utime + stime of /proc/<pid>/stat), or null once it is gone. */
function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * The CPU the server and its database have used so far, in ms: the server's process, and on
 * PostgreSQL every backend of `database` the sampler has seen (sampled every 250 ms, so a
 * connection's work counts even after it closes). A figure the other work on a shared machine
 * changes far less than elapsed time.
 */
function sampleCpu(serverPid: number, postgres: { client: pg.Client; database: string } | null): CpuSampler {
  const backends = new Map<number, number>();
  let serverMs = cpuMsOf(serverPid) ?? 0;
  const sample = async () => {
    serverMs = cpuMsOf(serverPid) ?? serverMs;
    if (!postgres) return;
    const { rows } = await postgres.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [postgres.database],
    );
    for (const { pid } of rows) backends.set(pid, cpuMsOf(pid) ?? backends.get(pid) ?? 0);
  };
  const timer = setInterval(() => void sample().catch(() => undefined), 250);
  return {
    async mark() {
      await sample();
      return serverMs + [...backends.values()].reduce((sum, ms) => sum + ms, 0);
    },
    stop: () => clearInterval(timer),
  };
}

/** The bench's file, as Excel saves it (shared strings after the sheet). */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Φορτώσεις');
  sheet.addRow(['Κωδικός κάρτας', 'Τελευταία 4 ψηφία', 'Κωδικός εργαζομένου', 'Ποσό (€)']).commit();
  for (const row of rows) sheet.addRow(row).commit();
  await sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `min 2.10 s (47,619 rows/s) median 2.40 s (41,667 rows/s)` of a set of runs. */
function minMedian(runs: Run[], rows: number): string {
  const min = Math.min(...runs.map((run) => run.ms));
  const middle = median(runs.map((run) => run.ms));
  return (
    `min ${seconds(min)} (${rate({ ms: min, rows })}) ` +
    `median ${seconds(middle)} (${rate({ ms: middle, rows })})`
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** The 1-minute load average as a round ends: the machine is shared, and says how busy it was. */
const load = () => loadavg()[0]!.toFixed(1);
const rate = (run: Run) => `${Math.round(run.rows / (run.ms / 1000)).toLocaleString('en-GB')} rows/s`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const signed = (mb: number) => (mb >= 0 ? `+${mb}` : `−${-mb}`);
