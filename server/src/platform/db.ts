import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { createDatabaseInvalidations, type Invalidations } from './db-invalidation';
import { currentRole, grantApplicationRole } from './db-roles';
import { keepProtocolBatchesTogether } from './pglite-queue';
import { serverPath } from './paths';

/** Drizzle over the pool; `$client` is the pool itself, for a named statement drizzle cannot send. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The database or a transaction of it: what a repository function runs its SQL on. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/** The database the server talks to: always a node-postgres pool, whatever is behind it. */
export type Database = {
  db: Db;
  pool: pg.Pool;
  /** Connection string other clients (pg-boss, psql, drizzle-kit) use to reach the same database. */
  url: string;
  /**
   * The owner role's connection string to the same database (DATABASE_MIGRATION_URL, ADR 041):
   * migrations, pg-boss's schema and queues, backup and restore. The same as `url` when one role
   * does everything, and always on PGlite.
   */
  migrationUrl: string;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when there is one (tests dump it as a template). */
  pglite?: PGlite;
  /** The database's notifications of changed principals, for the process's cache (ADR 050). */
  invalidations: Invalidations;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = serverPath('src/db/migrations');

/** Any fixed 64-bit number: the advisory lock that lets one instance at a time apply migrations. */
const MIGRATION_LOCK = 7_341_002_026;

// node-postgres returns int8 (bigint) and numeric as strings; money is integer cents that fits in a
// JS number far beyond any card balance, so int8 is parsed as a number where it is safe to.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : value;
});

export type OpenDatabaseOptions = {
  /** A PostgreSQL server; without it, an embedded PGlite is started. */
  url?: string | undefined;
  /** The same database as its owner role, for migrations (ADR 041); unset → `url`. PostgreSQL only. */
  migrationUrl?: string | undefined;
  /** PGlite data folder; `memory://` or undefined keeps it in memory. */
  dataDir?: string | undefined;
  /** A `dumpDataDir()` tarball to start PGlite from (tests clone a migrated template this way). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** Extra socket connections for other clients of the embedded database (pg-boss, psql). */
  extraConnections?: number;
};

/**
 * An idle pooled connection the server ends (a restart, an administrator, a dropped database)
 * makes the pool emit `error`; without a listener that would end the process. The pool drops the
 * broken client by itself and the next query opens a fresh one.
 */
function keepIdleErrorsFromCrashing(pool: pg.Pool): void {
  pool.on('error', (error) => {
    process.emitWarning(`idle database connection closed: ${error.message}`);
  });
}

/**
 * Whether hot queries may be named statements (parsed and planned once per connection). On a
 * PostgreSQL server, yes; on PGlite, no: its pool connections share one session, where a name
 * prepared by one connection collides with the same name prepared by another.
 */
let namedStatements = false;

/** The name of a hot query's statement, or '' (an unnamed one) where names would collide. */
export function statementName(name: string): string {
  return namedStatements ? name : '';
}

/**
 * PostgreSQL settings of the embedded database. Its buffer cache lives in the WebAssembly heap,
 * beside a data folder the operating system already caches (or, in memory, beside the files
 * themselves), and WebAssembly memory once touched is never given back: 16 MB instead of
 * PostgreSQL's 128 MB (32 MB in ADR 022) holds the demo's working set, and a page it lacks is a
 * read from the operating system's cache, not from the disk (ADR 055).
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB'];

/**
 * Opens the database. With a URL it is a plain pool; without, PGlite owns the data folder and is
 * served on a random loopback port through pglite-socket, so the pool, pg-boss and psql all use
 * the PostgreSQL protocol the same way (ADR 0003). Never open one PGlite folder from two processes.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const poolSize = options.poolSize ?? 10;
  if (options.url) {
    const notifications = createDatabaseInvalidations({ kind: 'postgres', url: options.url });
    // Every pool connection listens before its first query (ADR 050): the process is told of its
    // own writes before they return.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: poolSize,
      verify: notifications.verifyConnection,
    });
    pool.on('connect', notifications.watchConnection);
    keepIdleErrorsFromCrashing(pool);
    namedStatements = true;
    return {
      db: drizzle(pool, { schema }),
      pool,
      url: options.url,
      migrationUrl: options.migrationUrl || options.url,
      kind: 'postgres',
      invalidations: notifications.invalidations,
      async close() {
        await notifications.invalidations.close();
        await pool.end();
      },
    };
  }

  const inMemory = !options.dataDir || options.dataDir.startsWith('memory://');
  let releaseLock = async () => undefined as void;
  if (!inMemory && options.dataDir) {
    await mkdir(path.resolve(options.dataDir), { recursive: true });
    releaseLock = await lockDataDir(path.resolve(options.dataDir));
  }
  const pglite = await PGlite.create({
    ...(inMemory ? {} : { dataDir: path.resolve(options.dataDir as string) }),
    ...(await pgliteArtifacts()),
    postgresqlconf: PGLITE_SETTINGS,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const socket = new PGLiteSocketServer({
    db: pglite,
    // Loopback only, always. The port is random unless PGLITE_SOCKET_PORT names one: a tool of the
    // operator's (psql, the bulk benchmark's floor) can then reach the running server's embedded
    // database through the same socket pg-boss uses, instead of opening its folder a second time
    // (which silently loses writes, ADR 003).
    host: '127.0.0.1',
    port: socketPort(),
    // The pool plus room for pg-boss and an occasional psql: its default of 1 drops the second client.
    maxConnections: poolSize + (options.extraConnections ?? 6),
  });
  // Several pool connections share PGlite's one session: keep each query's messages together.
  keepProtocolBatchesTogether(socket);
  await socket.start();
  const url = `postgres://postgres@${socket.getServerConn()}/postgres`;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // What a pool connection writes is told on that connection (the instance's one session listens).
  const notifications = createDatabaseInvalidations({ kind: 'pglite', pglite });
  pool.on('connect', notifications.watchConnection);
  keepIdleErrorsFromCrashing(pool);
  return {
    db: drizzle(pool, { schema }),
    pool,
    url,
    migrationUrl: url,
    kind: 'pglite',
    pglite,
    invalidations: notifications.invalidations,
    async close() {
      await notifications.invalidations.close();
      await pool.end();
      await socket.stop();
      await pglite.close();
      await releaseLock();
    },
  };
}

let modules:
  Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined;

/**
 * PGlite's WebAssembly, compiled once a process, and its file-system bundle: each `PGlite.create()`
 * otherwise reads and compiles them again. A server opens one database, but a test worker opens one
 * per test file (ADR 038, round four: about half a second each). The bundle is read again for each
 * (milliseconds): PGlite copies it into its own file system, and a kept copy would be 6 MB that a
 * server holds for nothing (ADR 055).
 */
async function pgliteArtifacts(): Promise<{
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}> {
  // Node's global; the server's TypeScript libraries declare its types but not the value.
  const wasm = (
    globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
  ).WebAssembly;
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  modules ??= (async () => {
    const [pgliteWasm, initdbWasm] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((file) => readFile(path.join(dist, file))),
    );
    return {
      pgliteWasmModule: await wasm.compile(pgliteWasm!),
      initdbWasmModule: await wasm.compile(initdbWasm!),
    };
  })();
  const [compiled, bundle] = await Promise.all([modules, readFile(path.join(dist, 'pglite.data'))]);
  return { ...compiled, fsBundle: bytesBlob(bundle) };
}

/**
 * Bytes already in memory, as the `Blob` PGlite reads with `arrayBuffer()`: Node 20's own Blob
 * hands them back through a chunked reader, about 0.1 s for PGlite's 6 MB file-system bundle and
 * 0.4 s for a 45 MB data folder, at every `PGlite.create()` (ADR 038, round five). Each read gets
 * its own copy, as from a Blob.
 */
export function bytesBlob(bytes: Uint8Array): Blob {
  // ArrayBuffer slices are one memory copy each (a typed array built from a Buffer copies by element).
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return {
    size: buffer.byteLength,
    type: '',
    arrayBuffer: async () => buffer.slice(0),
  } as unknown as Blob;
}

/** The embedded database's socket port: PGLITE_SOCKET_PORT (1–65535) or 0, any free port. */
function socketPort(): number {
  const raw = process.env.PGLITE_SOCKET_PORT;
  if (raw === undefined || raw === '') return 0;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`PGLITE_SOCKET_PORT must be a port number, not ${raw}`);
  }
  return port;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a PGlite data folder for this process: two processes writing one folder silently lose
 * writes (ADR 003), so a second `npm start` on the same folder stops with a clear message instead.
 * A lock left by a process that no longer runs is taken over.
 */
export async function lockDataDir(folder: string): Promise<() => Promise<void>> {
  const lockFile = path.join(folder, 'tessera.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isProcessAlive(owner)) {
        throw new Error(
          `The database folder ${folder} is in use by process ${owner}. Stop that process, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server.`,
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${folder}`);
}

/** Whether migrations run as a role of their own (DATABASE_MIGRATION_URL), not the server's. */
export function hasOwnerRole(database: Database): boolean {
  return database.migrationUrl !== database.url;
}

export type OwnerConnection = { client: pg.Client | pg.PoolClient; release(): Promise<void> };

/**
 * One connection as the owner role: a client of its own on `migrationUrl`, or one of the pool when
 * the server has no separate owner (and on PGlite, whose socket the pool already shares).
 */
export async function connectOwner(database: Database): Promise<OwnerConnection> {
  if (!hasOwnerRole(database)) {
    const client = await database.pool.connect();
    return { client, release: async () => client.release() };
  }
  const client = new pg.Client({
    connectionString: database.migrationUrl,
    application_name: 'tessera-owner',
  });
  client.on('error', (error) => process.emitWarning(`owner connection closed: ${error.message}`));
  await client.connect();
  return { client, release: () => client.end() };
}

/**
 * Applies the forward-only SQL migrations as the owner role, one instance at a time; with a
 * separate owner, then grants the server's role what it needs and no more (ADR 041).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const owner = await connectOwner(database);
  const { client } = owner;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    if (hasOwnerRole(database)) {
      const app = await currentRole(database.pool);
      if (app !== (await currentRole(client))) await grantApplicationRole(client, app);
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await owner.release();
  }
}

/** True when the database answers a trivial query. */
export async function pingDatabase(database: Database): Promise<boolean> {
  try {
    await database.pool.query('select 1');
    return true;
  } catch {
    return false;
  }
}
