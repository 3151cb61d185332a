import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { loadConfig } from '../platform/config';
import { openDatabase, type Database } from '../platform/db';
import { backupDatabase, BackupError, restoreDatabase, type TableCount } from './backup';

/**
 * `npm run db:backup [FILE]` and `npm run db:restore FILE [--force]` (issue 20 §7, ADR 029): the
 * database the server's configuration names (DATABASE_URL, else the PGlite folder DATA_DIR), opened
 * the way the server opens it; on PostgreSQL both run as DATABASE_MIGRATION_URL's owner role when
 * it is set (ADR 041). An embedded database has one owner: the server must be stopped.
 */

const USAGE = [
  'usage: npm run db:backup [FILE]           (default backups/tessera-YYYYMMDD-HHMMSS.sql)',
  '       npm run db:restore -- FILE [--force]',
].join('\n');

/** `backups/tessera-20261126-134501.sql`, in local time. */
function defaultBackupFile(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return path.join('backups', `tessera-${day}-${time}.sql`);
}

function printCounts(tables: TableCount[]): void {
  const width = Math.max(...tables.map((table) => table.table.length));
  for (const table of tables) {
    process.stdout.write(`  ${table.table.padEnd(width)}  ${String(table.rows).padStart(9)}\n`);
  }
  const total = tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `  ${'total'.padEnd(width)}  ${String(total).padStart(9)}  (${tables.length} tables)\n`,
  );
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The server's database, or a message saying why not (PGlite: the running server holds the folder). */
async function openConfiguredDatabase(options: { mustExist: boolean }): Promise<Database> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    return openDatabase({
      url: config.DATABASE_URL,
      migrationUrl: config.DATABASE_MIGRATION_URL,
      poolSize: 2,
    });
  }
  if (config.DATA_DIR.startsWith('memory://')) {
    throw new BackupError(
      'DATA_DIR is memory://: an in-memory database ends with its process; there is nothing to back up or restore into.',
    );
  }
  if (options.mustExist && !(await exists(path.join(config.DATA_DIR, 'PG_VERSION')))) {
    throw new BackupError(`There is no database in ${path.resolve(config.DATA_DIR)} (DATA_DIR) to back up.`);
  }
  try {
    return await openDatabase({ dataDir: config.DATA_DIR, poolSize: 2 });
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes('is in use by process')) {
      throw new BackupError(
        `${message}\nThe embedded database (PGlite) has one owner at a time: stop the server (npm start, npm run dev) ` +
          'before npm run db:backup or npm run db:restore, then start it again.',
      );
    }
    throw error;
  }
}

async function backup(args: string[]): Promise<void> {
  if (args.length > 1 || args[0]?.startsWith('-')) throw new BackupError(USAGE);
  const file = args[0] ?? defaultBackupFile();
  if (await exists(file)) {
    throw new BackupError(`${file} exists already: name another file, or move that one away.`);
  }
  const database = await openConfiguredDatabase({ mustExist: true });
  try {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const out = createWriteStream(file, { flags: 'wx' });
    // A failed write surfaces through the backup's next write and `finished`, not as a crash.
    out.on('error', () => undefined);
    // Outside the try: a file that could not be made is not ours to remove.
    await once(out, 'open');
    try {
      const summary = await backupDatabase(database, out);
      out.end();
      await finished(out);
      process.stdout.write(
        `Backup of the ${database.kind} database (migration ${summary.migration}) written to\n  ${path.resolve(file)}\n`,
      );
      printCounts(summary.tables);
    } catch (error) {
      // A file cut short must not pass for a backup (the restore would refuse it anyway).
      out.destroy();
      await rm(file, { force: true });
      throw error;
    }
  } finally {
    await database.close();
  }
}

async function restore(args: string[]): Promise<void> {
  const isForce = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new BackupError(USAGE);
  const file = files[0]!;
  if (!(await exists(file))) throw new BackupError(`${file}: no such file.`);
  const database = await openConfiguredDatabase({ mustExist: false });
  try {
    const summary = await restoreDatabase(database, createReadStream(file), { force: isForce }).catch(
      (error: unknown) => {
        // `npm run db:restore FILE --force` gives --force to npm, not to us: say where it goes.
        if (!isForce && process.env.npm_config_force === 'true' && error instanceof BackupError) {
          throw new BackupError(
            `${error.message}\n(npm kept --force for itself: npm run db:restore -- ${file} --force)`,
          );
        }
        throw error;
      },
    );
    process.stdout.write(
      `Restored ${path.resolve(file)} into the ${database.kind} database (migration ${summary.migration}):\n`,
    );
    printCounts(summary.tables);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') return backup(args);
  if (command === 'restore') return restore(args);
  throw new BackupError(USAGE);
}

main().catch((error: unknown) => {
  const text =
    error instanceof BackupError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${text}\n`);
  process.exitCode = 1;
});
