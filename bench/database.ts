import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../server/src/platform/db';

/**
 * A migrated database for one benchmark: an in-memory PGlite, or, with BENCH_DATABASE_URL, a new
 * database on that PostgreSQL server that is dropped afterwards (the server's own data is never touched).
 */
export async function openBenchDatabase(poolSize = 10): Promise<Database> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://', poolSize });
    await migrateDatabase(database);
    return database;
  }
  const name = `tessera_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A new, empty database for a benchmark whose server runs in its own process: created on the
 * PostgreSQL server of BENCH_DATABASE_URL (default the local one) and dropped by `drop()`.
 */
export async function createScratchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `tessera_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A database kept from an earlier run (the benches' `…_KEEP=1`): migrated again in case that
 * changed, `prepare` run on it (what an earlier run leaves that would spoil this one), analysed.
 * Answers the server's version, marked kept, and no seeding time.
 */
export async function reuseKeptDatabase(
  databaseUrl: string,
  prepare: (database: Database) => Promise<void> = async () => undefined,
): Promise<{ version: string; seconds: number }> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    await migrateDatabase(database);
    await prepare(database);
    await database.pool.query('vacuum analyze');
    const { rows } = await database.pool.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    return { version: `${rows[0]!.version}, kept database`, seconds: 0 };
  } finally {
    await database.close();
  }
}
