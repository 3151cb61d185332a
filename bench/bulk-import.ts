import { spawnSync } from 'node:child_process';
import { PassThrough, Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../server/src/app';
import { generateCards, seedCompanyCards } from '../server/src/db/seed/demo-cards';
import { DEMO_USERS, seedDemo } from '../server/src/db/seed/demo';
import { loadConfig } from '../server/src/platform/config';
import { cookieNames, issueCsrfToken } from '../server/src/platform/csrf';
import { createJobs } from '../server/src/platform/jobs';
import { openBenchDatabase } from './database';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const SIZES = (process.env.BENCH_ROWS ?? '10000,100000').split(',').map(Number);

/**
 * A bulk load file read into the preview (ADR 011), the full path — upload through HTTP (CSRF,
 * session, tenant, zip directory check, file stored), then the pg-boss job: every entry inflated to
 * verify its size, exceljs's streaming read, each row judged against the company's cards (half named
 * by card id, half by last four digits and employee code), rows written in batches, duplicates
 * across rows — against the raw floor in the same run: exceljs's streaming read of the same file
 * plus a PostgreSQL COPY of the same rows (pg-copy-streams). Targets: full/floor ≥ 0.3, 100,000
 * rows under 10 s on PostgreSQL, peak memory growth under 200 MB. Run on PostgreSQL with
 * BENCH_DATABASE_URL (a scratch database is created and dropped); BENCH_CARDS, BENCH_ROWS
 * (comma-separated sizes) and BENCH_BATCH (rows per batch of the worker) change the run.
 */
export async function bulkImportBenchmark(): Promise<void> {
  const database = await openBenchDatabase(20);
  const now = new Date();
  await seedDemo(database, { cardScale: 0 });
  const started = performance.now();
  if (database.kind === 'postgres') {
    // In a process of its own, so this one's heap holds the server and the imports only: the memory
    // figures below are the import's, not the residue of generating 100,000 cards.
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/generate-cards.ts', String(CARDS), 'C1001'],
      {
        env: { ...process.env, DATABASE_URL: database.url },
        stdio: 'inherit',
      },
    );
    if (child.status !== 0) throw new Error('generating cards failed');
  } else {
    await seedCompanyCards(database.db, 'C1001', generateCards(CARDS, 42, now), now, 11, { months: 1 });
  }
  await database.pool.query('vacuum analyze');
  console.log(
    `database: ${database.kind}; ${CARDS} cards generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const { rows: cards } = await database.pool.query<{ id: string; last4: string; code: string }>(
    `select c.id, c.last4, h.employee_code as code from cards c join cardholders h on h.id = c.cardholder_id
      where c.company_id = 'C1001' order by c.id`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'b'.repeat(40),
    RATE_LIMIT_MAX: '100000000',
    WEB_DIST: '.tmp/none',
    LOG_LEVEL: 'warn',
    BULK_MAX_ROWS: String(Math.max(...SIZES)),
  });
  const jobs = createJobs({
    url: database.url,
    log: { info: () => undefined, error: (object, message) => console.error(message, object) },
    pollingIntervalSeconds: 0.5,
    schedule: false,
  });
  const batchSize = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
  const app = await buildApp({
    config,
    database,
    logger: false,
    jobs,
    ...(batchSize ? { bulkBatchSize: batchSize } : {}),
  });
  await app.ready();
  await jobs.start();
  const { rows: users } = await database.pool.query<{ id: string }>('select id from users where email = $1', [
    DEMO_USERS.om1.email,
  ]);
  const session = await app.services.sessions.create(users[0]!.id, { companyId: 'C1001' });
  const csrf = issueCsrfToken(config.sessionSecret, session.id);
  const names = cookieNames(config.secureCookies);
  const headers = {
    cookie: `${names.session}=${session.id}; ${names.csrf}=${csrf}`,
    'x-csrf-token': csrf,
    companyid: 'C1001',
    'content-type': 'application/octet-stream',
  };
  await database.pool.query(
    `create unlogged table if not exists bench_copy (like bulk_import_rows including defaults)`,
  );

  // COPY FROM STDIN breaks pglite-socket's protocol; on PGlite the floor stores with multi-row inserts.
  const store = database.kind === 'postgres' ? 'COPY' : 'multi-row INSERT (PGlite: no COPY over its socket)';
  for (const size of SIZES) {
    const rows = Array.from({ length: size }, (_, index) => {
      const card = cards[index % cards.length]!;
      // Half named by id, half by last four and employee code; amounts as Greek text and numbers.
      return index % 2 === 0
        ? [card.id, '', '', index % 4 === 0 ? '20,00' : 20]
        : ['', card.last4, card.code, 25.5];
    });
    const file = await xlsxOf(rows);

    // The floor: exceljs reads the same file, PostgreSQL copies the same rows.
    const floorMemory = sampleMemory();
    const readStarted = performance.now();
    const read = await streamRead(file);
    const readMs = performance.now() - readStarted;
    await database.pool.query('truncate bench_copy');
    const copyStarted = performance.now();
    await (database.kind === 'postgres' ? copyRows(database.pool, read) : insertRows(database.pool, read));
    const copyMs = performance.now() - copyStarted;
    const floorMs = readMs + copyMs;
    const floorPeak = floorMemory.stop();

    // The full path, sampled for memory while it runs.
    const memory = sampleMemory();
    const fullStarted = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/uploadExcelDraftOrder?purpose=load&fileName=bench-${size}.xlsx`,
      headers,
      payload: file,
    });
    if (response.statusCode !== 202) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    const importId = response.json<{ import: { importId: string } }>().import.importId;
    let state = 'queued';
    let counts = { rows_read: 0, rows_ok: 0, rows_warning: 0, rows_error: 0 };
    while (state !== 'ready' && state !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows: found } = await database.pool.query<typeof counts & { state: string }>(
        'select state, rows_read, rows_ok, rows_warning, rows_error from bulk_imports where id = $1',
        [importId],
      );
      state = found[0]!.state;
      counts = found[0]!;
    }
    const fullMs = performance.now() - fullStarted;
    const peak = memory.stop();
    if (state !== 'ready') throw new Error(`import ${importId} ${state}`);

    const convertStarted = performance.now();
    const converted = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/bulkLoadCardOrder',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { importId },
    });
    const convertMs = performance.now() - convertStarted;
    const drafts = converted.json<{ drafts?: unknown[] }>().drafts?.length ?? 0;

    const rate = (ms: number) => Math.round(size / (ms / 1000)).toLocaleString('en-GB');
    console.log(
      `${size.toLocaleString('en-GB')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB xlsx): ` +
        `${counts.rows_read} read, ${counts.rows_ok} ok, ${counts.rows_warning} warnings, ${counts.rows_error} errors`,
    );
    console.log(
      `  full path (upload → preview ready)  ${(fullMs / 1000).toFixed(2)} s  ${rate(fullMs)} rows/s`,
    );
    console.log(
      `  floor (exceljs read ${(readMs / 1000).toFixed(2)} s + ${store} ${(copyMs / 1000).toFixed(2)} s)  ${(floorMs / 1000).toFixed(2)} s  ${rate(floorMs)} rows/s`,
    );
    console.log(
      `  ratio full/floor: ${(floorMs / fullMs).toFixed(2)} (target ≥ 0.3); peak growth rss ${peak.rss} MB, heap ${peak.heap} MB (target < 200 MB; the floor: rss ${floorPeak.rss} MB, heap ${floorPeak.heap} MB)`,
    );
    console.log(
      `  then bulkLoadCardOrder: ${drafts} draft(s) in ${(convertMs / 1000).toFixed(2)} s (HTTP ${converted.statusCode})`,
    );
  }

  await database.pool.query('drop table if exists bench_copy');
  await app.close();
  await database.close();
}

/** The bench's file, as Excel saves it (shared strings after the sheet). */
async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
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

/** exceljs's streaming read of the file: every row's values, as the floor keeps them for COPY. */
async function streamRead(file: Buffer): Promise<unknown[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: unknown[][] = [];
  for await (const sheet of reader)
    for await (const row of sheet) rows.push((row.values as unknown[]).slice(1));
  return rows.slice(1);
}

function cellsOf(row: unknown[]): string {
  return JSON.stringify({
    cardId: row[0] ?? '',
    last4: row[1] ?? '',
    employeeCode: row[2] ?? '',
    amount: String(row[3] ?? ''),
  });
}

/** Multi-row inserts of the rows, 5,000 a statement (the floor on PGlite). */
async function insertRows(pool: Pool, rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += 5_000) {
    const records = rows.slice(start, start + 5_000).map((row, index) => ({
      row_number: start + index + 2,
      cells: JSON.parse(cellsOf(row)) as object,
    }));
    await pool.query(
      `insert into bench_copy (import_id, row_number, company_id, status, kind, cells, parsed, local_level)
       select '00000000-0000-4000-8000-000000000000', r.row_number, 'C1001', 'ok', 'load', r.cells, '{}', 0
         from jsonb_to_recordset($1::jsonb) as r(row_number int, cells jsonb)`,
      [JSON.stringify(records)],
    );
  }
}

/** COPY of the rows into a table shaped like the preview's, as text. */
async function copyRows(pool: Pool, rows: unknown[][]): Promise<void> {
  const client = await pool.connect();
  try {
    const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
    const importId = '00000000-0000-4000-8000-000000000000';
    async function* lines() {
      for (const [index, row] of rows.entries()) {
        yield `${importId}\t${index + 2}\tC1001\tok\tload\t${escape(cellsOf(row))}\t{}\t0\n`;
      }
    }
    await pipeline(
      Readable.from(lines()),
      client.query(
        copyFrom(
          'copy bench_copy (import_id, row_number, company_id, status, kind, cells, parsed, local_level) from stdin',
        ),
      ),
    );
  } finally {
    client.release();
  }
}

// A full collection before each measurement, so the growth measured is this run's, not the seed's garbage.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** Samples the process's memory every 25 ms; `stop` answers the peak growth over the start, in MB. */
function sampleMemory(): { stop(): { rss: number; heap: number } } {
  collect();
  const base = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - base.rss);
    heap = Math.max(heap, now.heapUsed - base.heapUsed);
  }, 25);
  return {
    stop() {
      clearInterval(timer);
      return { rss: Math.round(rss / 1024 / 1024), heap: Math.round(heap / 1024 / 1024) };
    },
  };
}
