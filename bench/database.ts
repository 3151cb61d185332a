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
