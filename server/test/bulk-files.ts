import { deflateRawSync } from 'node:zlib';
import type { BulkImport } from '@tessera/domain';
import ExcelJS from 'exceljs';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config';
import type { Database } from '../src/platform/db';
import { openTestDatabase, testJobs, type DemoWorld, type TestContext } from './harness';

/**
 * Bulk import tests (ADR 011): an app whose job workers run (short polling, immediate retries),
 * files made in the test with exceljs or by hand, and a wait for an import to be read.
 */

export type BulkTestContext = TestContext & {
  /** A second app on the same database (a restarted server), its workers started. */
  restart(): Promise<App>;
};

/** Builds an app on `database` with its bulk workers started. */
export async function startApp(
  database: Database,
  config: Config,
  options: { batchSize?: number; workers?: boolean } = {},
): Promise<App> {
  const app = await buildApp({
    config,
    database,
    logger: false,
    jobs: testJobs(database),
    bulkBatchSize: options.batchSize ?? 500,
  });
  await app.ready();
  if (options.workers ?? true) await app.services.jobs.start();
  return app;
}

/** `createTestApp` with the bulk workers running. */
export async function createBulkTestApp(
  options: { env?: Record<string, string>; batchSize?: number; demoWorld?: DemoWorld } = {},
): Promise<BulkTestContext> {
  const database = await openTestDatabase({ demoWorld: options.demoWorld ?? false });
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '.tmp/no-web-dist', ...options.env });
  const apps: App[] = [await startApp(database, config, options)];
  const context: BulkTestContext = {
    app: apps[0]!,
    database,
    config,
    async restart() {
      const app = await startApp(database, config, options);
      apps.push(app);
      return app;
    },
    async close() {
      // Some were closed by the test itself (a stopped server).
      for (const app of apps) await app.close().catch(() => undefined);
      await database.close();
    },
  };
  return context;
}

/** An `.xlsx` of `rows` (the first is the header) on one sheet, as Excel would save it. */
export async function xlsxOf(
  rows: readonly (readonly unknown[])[],
  options: { sheet?: string; extraSheets?: { name: string; rows: unknown[][] }[] } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheet ?? 'Φύλλο1');
  for (const row of rows) sheet.addRow([...row]);
  for (const extra of options.extraSheets ?? []) {
    const other = workbook.addWorksheet(extra.name);
    for (const row of extra.rows) other.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV of `rows`, `;`-separated with quotes where needed, in UTF-8 (with a BOM) or Windows-1253. */
export function csvOf(
  rows: readonly (readonly string[])[],
  options: { delimiter?: string; encoding?: 'utf8' | 'windows-1253' } = {},
): Buffer {
  const delimiter = options.delimiter ?? ';';
  const text = rows
    .map((row) =>
      row.map((cell) => (/[";,\n\t]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(delimiter),
    )
    .join('\r\n');
  if (options.encoding === 'windows-1253') {
    // The Greek block of Windows-1253: U+0384–U+03CE map to 0xB4–0xFE (ά έ ή ί… included).
    return Buffer.from(
      [...text].map((char) => {
        const code = char.codePointAt(0)!;
        if (code < 0x80) return code;
        if (char === '€') return 0x80;
        if (code >= 0x0384 && code <= 0x03ce) return code - 0x0384 + 0xb4;
        throw new Error(`no Windows-1253 byte for ${char}`);
      }),
    );
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

export type ZipPart = { name: string; data: Buffer; declaredSize?: number; stored?: boolean };

/**
 * A zip written by hand, so a test can make it lie: `declaredSize` replaces an entry's uncompressed
 * size in both headers (a zip bomb declares a small one, or a huge one).
 */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const data = part.stored ? part.data : deflateRawSync(part.data);
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(part.stored ? 0 : 8, 8);
    local.writeUInt32LE(0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.stored ? 0 : 8, 10);
    central.writeUInt32LE(0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The bare parts a zip needs to pass as a workbook. */
export const WORKBOOK_PARTS: ZipPart[] = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
];

/** Polls an import until it is in one of `states` (ready or failed by default). */
export async function waitForImport(
  read: () => Promise<BulkImport>,
  states: readonly BulkImport['state'][] = ['ready', 'failed'],
  timeoutMs = 45_000,
): Promise<BulkImport> {
  const started = Date.now();
  for (;;) {
    const current = await read();
    if (states.includes(current.state)) return current;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`import ${current.importId} still ${current.state} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
