import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * The floor of `bench/bulk-import.ts`, run as its own process (so neither its memory nor its event
 * loop is the server's): exceljs's streaming read of the same xlsx file, each row handed as it is
 * read to a `COPY … FROM STDIN` (pg-copy-streams) into a scratch table shaped like the preview's
 * rows, on the same database as the server. No validation, no card lookups, no drafts.
 *
 * On the embedded database the floor reaches the server's PGlite through its pglite-socket (the
 * server started with PGLITE_SOCKET_PORT), never its data folder. COPY FROM STDIN does not pass
 * through pglite-socket (the copy sub-protocol is not relayed), so there the rows go in multi-row
 * INSERTs of 5,000 — said in the benchmark's output.
 *
 * Argument: JSON `{ file, url, store: 'copy' | 'insert' }`. Prints one JSON line
 * `{ rows, ms, cpuMs }`: the time from opening the file to the last row committed, and this
 * process's CPU time meanwhile.
 */
type FloorOptions = { file: string; url: string; store: 'copy' | 'insert' };

const options = JSON.parse(process.argv[2] ?? '{}') as FloorOptions;
const IMPORT_ID = '00000000-0000-4000-8000-000000000000';

/** The data rows of the file's first sheet as exceljs streams them (the header row skipped). */
async function* rowsOf(file: string): AsyncGenerator<unknown[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    let header = true;
    for await (const row of sheet) {
      if (header) {
        header = false;
        continue;
      }
      yield (row.values as unknown[]).slice(1);
    }
    return;
  }
}

function cellsOf(row: unknown[]): string {
  return JSON.stringify({
    cardId: row[0] ?? '',
    last4: row[1] ?? '',
    employeeCode: row[2] ?? '',
    amount: String(row[3] ?? ''),
  });
}

const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

async function copyRows(client: pg.Client): Promise<number> {
  let count = 0;
  async function* lines() {
    for await (const row of rowsOf(options.file)) {
      count += 1;
      yield `${IMPORT_ID}\t${count + 1}\tC1001\tok\tload\t${escape(cellsOf(row))}\t{}\t0\n`;
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
  return count;
}

async function insertRows(client: pg.Client): Promise<number> {
  let count = 0;
  let batch: { row_number: number; cells: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(
      `insert into bench_copy (import_id, row_number, company_id, status, kind, cells, parsed, local_level)
       select $1::uuid, r.row_number, 'C1001', 'ok', 'load', r.cells::jsonb, '{}', 0
         from jsonb_to_recordset($2::jsonb) as r(row_number int, cells text)`,
      [IMPORT_ID, JSON.stringify(batch)],
    );
    batch = [];
  };
  for await (const row of rowsOf(options.file)) {
    count += 1;
    batch.push({ row_number: count + 1, cells: cellsOf(row) });
    if (batch.length === 5_000) await flush();
  }
  await flush();
  return count;
}

const client = new pg.Client({ connectionString: options.url });
await client.connect();
const started = performance.now();
const cpuBefore = process.cpuUsage();
const rows = options.store === 'copy' ? await copyRows(client) : await insertRows(client);
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
await client.end();
// `cpuMs`: this process's CPU time (the database's is measured by the benchmark).
process.stdout.write(`${JSON.stringify({ rows, ms, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
