import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type pg from 'pg';
import { connectOwner, MIGRATIONS_FOLDER, migrateDatabase, type Database } from '../platform/db';

/**
 * Backup and restore of the portal's data as a plain SQL file that PGlite and PostgreSQL both read
 * (issue 20 §7, ADR 029): no pg_dump, which an embedded database does not have.
 *
 * The file: a header of `--` lines (format, date, source, the last migration applied), then per
 * table of the `public` schema, parents before children, multi-row INSERTs and a `-- rows` line with
 * the count, then a `setval` per sequence and an `-- end of backup` line. Values are written as
 * their PostgreSQL text form in quoted literals; a value holding a backslash or a line break is an
 * E'' literal with those escaped, so no literal spans lines and the restore reads statement by
 * statement, line by line. The schema is not in the file: the restore makes it with the migrations,
 * which is why the migration must be the same on both sides. pg-boss's `pgboss` schema is left out:
 * its jobs are transient.
 *
 * Both run as the owner role (`Database.migrationUrl`, DATABASE_MIGRATION_URL when set, ADR 041):
 * the restore migrates, empties every table and suspends triggers, which the server's own role may
 * not do.
 */

/** The first header line; the restore refuses a file without it. */
export const BACKUP_FORMAT = 'tessera-backup 1';

/** Rows per INSERT statement, and the most characters one statement grows to before it is cut. */
const ROWS_PER_INSERT = 500;
const CHARS_PER_INSERT = 1_000_000;
/** Rows read per FETCH of the backup's cursor. */
const ROWS_PER_FETCH = 1_000;
/** Characters of statements the restore sends per query. */
const CHARS_PER_BATCH = 2_000_000;

export type TableCount = { table: string; rows: number };

export type BackupSummary = {
  /** The tag of the last migration applied to the database (`0019_recurring_loads`). */
  migration: string;
  /** Every table of the `public` schema, in the order they were written, with their rows. */
  tables: TableCount[];
  /** Sequences whose position was written. */
  sequences: number;
};

export type RestoreSummary = {
  migration: string;
  /** Every table of the `public` schema after the restore, with its rows. */
  tables: TableCount[];
};

export type RestoreOptions = {
  /** Replaces the data of a database that has some (rows in `companies` or `users`). */
  force?: boolean;
};

/** A refusal the command line prints as it is, without a stack: the operator's to fix. */
export class BackupError extends Error {
  override name = 'BackupError';
}

type Table = { oid: number; name: string };
type Column = { name: string; category: string; isIdentityAlways: boolean };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (name: string) => `"public".${quoteIdent(name)}`;

/**
 * A value in its text form as an SQL literal. Numbers and booleans are written bare (they read
 * better); everything else is quoted and left to the column's input function, which reads back
 * exactly what the output function wrote (timestamps with their offset, bytea as hex, arrays,
 * json). A backslash or line break makes it an E'' literal with them escaped: no literal spans
 * lines, whatever `standard_conforming_strings` the reader has.
 */
export function sqlLiteral(value: string | null, category = 'S'): string {
  if (value === null) return 'NULL';
  if (category === 'N' && /^-?\d+(\.\d+)?$/.test(value)) return value;
  if (category === 'B' && (value === 't' || value === 'f')) return value === 't' ? 'true' : 'false';
  const quoted = value.replaceAll("'", "''");
  if (!/[\\\n\r]/.test(value)) return `'${quoted}'`;
  const escaped = quoted.replace(/[\\\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\n' ? '\\n' : '\\r',
  );
  return `E'${escaped}'`;
}

/** The tag of the last migration the database has applied, or null when it has none. */
export async function latestMigrationTag(client: pg.ClientBase): Promise<string | null> {
  const { rows: exists } = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return null;
  // drizzle records each migration's journal time (`when`) as created_at, not its tag.
  const { rows } = await client.query<{ createdAt: string }>(
    'select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const createdAt = rows[0]?.createdAt;
  if (createdAt === undefined) return null;
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.find((entry) => String(entry.when) === createdAt)?.tag ?? `unknown (${createdAt})`;
}

/** The tables of the `public` schema, each after the tables its foreign keys point to. */
async function listTables(client: pg.ClientBase): Promise<Table[]> {
  const { rows: tables } = await client.query<Table>(`
    select c.oid::int as oid, c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`);
  const { rows: edges } = await client.query<{ child: number; parent: number }>(`
    select k.conrelid::int as child, k.confrelid::int as parent
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`);
  const parentsOf = new Map<number, Set<number>>(tables.map((table) => [table.oid, new Set()]));
  for (const edge of edges) parentsOf.get(edge.child)?.add(edge.parent);
  const ordered: Table[] = [];
  const placed = new Set<number>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      [...(parentsOf.get(table.oid) ?? [])].every((parent) => placed.has(parent) || !parentsOf.has(parent)),
    );
    // A cycle of foreign keys has no first table: the rest go in name order (the restore suspends
    // the checks anyway; the order only makes the file read naturally).
    const next = ready.length > 0 ? ready : remaining;
    for (const table of next) {
      ordered.push(table);
      placed.add(table.oid);
    }
    remaining = remaining.filter((table) => !placed.has(table.oid));
  }
  return ordered;
}

/** The columns a backup writes: every stored one but generated columns, which the database makes. */
async function listColumns(client: pg.ClientBase, table: Table): Promise<Column[]> {
  const { rows } = await client.query<Column>(
    `select a.attname as name, t.typcategory as category, a.attidentity = 'a' as "isIdentityAlways"
       from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [table.oid],
  );
  return rows;
}

async function primaryKeyColumns(client: pg.ClientBase, table: Table): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select a.attname as name
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1 and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
    [table.oid],
  );
  return rows.map((row) => row.name);
}

/** Writes with back-pressure; a stream that failed (a full disk) fails the backup. */
async function write(out: Writable, text: string): Promise<void> {
  if (out.errored) throw out.errored;
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes the whole `public` schema's data to `out` as SQL, from one consistent snapshot (a
 * repeatable-read, read-only transaction), reading each table through a cursor so memory stays
 * flat whatever its size. Does not end `out`: the caller closes its file.
 */
export async function backupDatabase(database: Database, out: Writable): Promise<BackupSummary> {
  // One connection throughout: on PGlite another pooled connection would wait for this transaction.
  const owner = await connectOwner(database);
  const { client } = owner;
  try {
    await client.query('begin isolation level repeatable read read only');
    // Text forms that read back the same anywhere: ISO dates, UTC offsets, every float digit.
    await client.query(`set local timezone = 'UTC'`);
    await client.query(`set local datestyle = 'ISO, YMD'`);
    await client.query(`set local intervalstyle = 'postgres'`);
    await client.query('set local extra_float_digits = 3');
    const migration = await latestMigrationTag(client);
    if (!migration)
      throw new BackupError('The database has no migrations applied: there is nothing to back up.');
    await write(
      out,
      [
        `-- ${BACKUP_FORMAT}`,
        `-- created: ${new Date().toISOString()}`,
        `-- source: ${database.kind}`,
        `-- migration: ${migration}`,
        '-- Restore with `npm run db:restore FILE`: it makes the schema with the migrations, then loads',
        '-- these rows in one transaction with triggers and foreign-key checks suspended.',
        '',
        '',
      ].join('\n'),
    );

    const tables: TableCount[] = [];
    for (const table of await listTables(client)) {
      tables.push({ table: table.name, rows: await writeTable(client, out, table) });
    }

    const { rows: sequences } = await client.query<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'S' order by c.relname`);
    for (const sequence of sequences) {
      const { rows } = await client.query<{ lastValue: string; isCalled: boolean }>(
        `select last_value::text as "lastValue", is_called as "isCalled" from ${qualified(sequence.name)}`,
      );
      const state = rows[0]!;
      await write(
        out,
        `SELECT pg_catalog.setval(${sqlLiteral(qualified(sequence.name))}, ${state.lastValue}, ${state.isCalled});\n`,
      );
    }
    const total = tables.reduce((sum, table) => sum + table.rows, 0);
    await write(out, `\n-- end of backup: ${tables.length} tables, ${total} rows\n`);
    await client.query('commit');
    return { migration, tables, sequences: sequences.length };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await owner.release();
  }
}

/** Writes one table's rows as INSERT statements and its `-- rows` line; returns the count. */
async function writeTable(client: pg.ClientBase, out: Writable, table: Table): Promise<number> {
  const columns = await listColumns(client, table);
  const orderBy = (await primaryKeyColumns(client, table)).map(quoteIdent);
  await write(out, `-- table ${quoteIdent(table.name)}\n`);
  let count = 0;
  if (columns.length > 0) {
    const head =
      `INSERT INTO ${qualified(table.name)} (${columns.map((column) => quoteIdent(column.name)).join(', ')})` +
      (columns.some((column) => column.isIdentityAlways) ? ' OVERRIDING SYSTEM VALUE' : '') +
      ' VALUES\n';
    // Every value as its text form: what the column's input function reads back unchanged.
    const select = columns.map((column) => `${quoteIdent(column.name)}::text`).join(', ');
    await client.query(
      `declare tessera_backup no scroll cursor for select ${select} from ${qualified(table.name)}` +
        (orderBy.length > 0 ? ` order by ${orderBy.join(', ')}` : ''),
    );
    let statement: string[] = [];
    let size = 0;
    const flush = async () => {
      if (statement.length === 0) return;
      await write(out, `${head}${statement.join(',\n')};\n`);
      statement = [];
      size = 0;
    };
    for (;;) {
      const { rows } = await client.query<(string | null)[]>({
        text: `fetch ${ROWS_PER_FETCH} from tessera_backup`,
        rowMode: 'array',
      });
      for (const row of rows) {
        const tuple = `(${row.map((value, index) => sqlLiteral(value, columns[index]!.category)).join(', ')})`;
        statement.push(tuple);
        size += tuple.length;
        if (statement.length >= ROWS_PER_INSERT || size >= CHARS_PER_INSERT) await flush();
      }
      count += rows.length;
      if (rows.length < ROWS_PER_FETCH) break;
    }
    await flush();
    await client.query('close tessera_backup');
  }
  await write(out, `-- rows ${quoteIdent(table.name)} ${count}\n\n`);
  return count;
}

/** Rows of every `public` table, parents first. */
async function countTables(client: pg.ClientBase): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of await listTables(client)) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${qualified(table.name)}`,
    );
    counts.push({ table: table.name, rows: rows[0]!.n });
  }
  return counts;
}

/**
 * Loads a backup into `database`: applies the migrations (so the schema exists and matches the
 * file's), refuses a file of another migration and a database holding data (rows in `companies`
 * or `users`) unless `force`, then in one transaction empties every `public` table (the rows the
 * migrations and the content seed made too: the file has its own) and runs the file's statements
 * with triggers and foreign-key checks suspended (`session_replication_role = replica`): the rows
 * are the source's as they were, so the ledger's balance trigger must not add the entries again
 * and the append-only audit and ledger tables must take their rows. Each table's count is checked
 * against the file's before the commit; a file cut short is refused.
 */
export async function restoreDatabase(
  database: Database,
  input: Readable,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  await migrateDatabase(database);
  const owner = await connectOwner(database);
  const { client } = owner;
  const reader = createInterface({ input, crlfDelay: Infinity });
  // Reads ahead at most 1,024 lines: the input pauses while a batch of statements runs.
  const lines = reader[Symbol.asyncIterator]();
  let lineNumber = 0;
  const nextLine = async (): Promise<string | undefined> => {
    const next = await lines.next();
    if (next.done) return undefined;
    lineNumber += 1;
    return next.value;
  };
  try {
    const migration = await latestMigrationTag(client);
    const header = new Map<string, string>();
    let line = await nextLine();
    if (line !== `-- ${BACKUP_FORMAT}`) {
      throw new BackupError(`This is not a Tessera backup (its first line is not "-- ${BACKUP_FORMAT}").`);
    }
    for (line = await nextLine(); line?.startsWith('--'); line = await nextLine()) {
      const match = /^-- (\w+): (.*)$/.exec(line);
      if (match) header.set(match[1]!, match[2]!);
    }
    const fileMigration = header.get('migration');
    if (fileMigration !== migration) {
      throw new BackupError(
        `The backup was made at migration ${fileMigration ?? '(none)'}; this database and this version of ` +
          `Tessera are at ${migration ?? '(none)'}. Restore it with the version of Tessera that made it.`,
      );
    }
    if (!options.force) {
      const { rows } = await client.query<{ hasData: boolean }>(
        'select exists (select 1 from companies) or exists (select 1 from users) as "hasData"',
      );
      if (rows[0]?.hasData) {
        throw new BackupError(
          'The database already holds data (companies or users). Restore into an empty database, or add ' +
            '--force to replace everything in it with the backup.',
        );
      }
    }

    await client.query('begin');
    try {
      await client.query('set local session_replication_role = replica');
    } catch (error) {
      throw new BackupError(
        `Restoring suspends triggers and foreign-key checks (session_replication_role), which needs a ` +
          `superuser, or on PostgreSQL 15+: GRANT SET ON PARAMETER session_replication_role TO <user>, ` +
          `the owner role of DATABASE_MIGRATION_URL (README, ADR 041). ` +
          `(${(error as Error).message})`,
      );
    }
    // The migrations' own rows (products, the provider's accounts) and the content seed's go too:
    // the file has them as the source had them.
    const existing = await listTables(client);
    await client.query(
      `truncate ${existing.map((table) => qualified(table.name)).join(', ')} restart identity`,
    );

    const expected = new Map<string, number>();
    let isComplete = false;
    let batch: string[] = [];
    let batchSize = 0;
    let batchLine = 0;
    let statement: string[] = [];
    const send = async () => {
      if (batch.length === 0) return;
      try {
        await client.query(batch.join('\n'));
      } catch (error) {
        throw new BackupError(
          `A statement of the backup (from line ${batchLine} on) failed: ${(error as Error).message}. Nothing was restored.`,
        );
      }
      batch = [];
      batchSize = 0;
    };
    for (; line !== undefined; line = await nextLine()) {
      if (statement.length === 0) {
        if (line === '') continue;
        if (line.startsWith('--')) {
          const rows = /^-- rows "((?:[^"]|"")+)" (\d+)$/.exec(line);
          if (rows) expected.set(rows[1]!.replaceAll('""', '"'), Number(rows[2]));
          if (line.startsWith('-- end of backup')) isComplete = true;
          continue;
        }
        if (batch.length === 0) batchLine = lineNumber;
      }
      statement.push(line);
      batchSize += line.length + 1;
      // No literal spans lines (backslashes and line breaks are escaped), so a line ending in ';'
      // ends its statement.
      if (line.endsWith(';')) {
        batch.push(statement.join('\n'));
        statement = [];
        if (batchSize >= CHARS_PER_BATCH) await send();
      }
    }
    if (statement.length > 0 || !isComplete) {
      throw new BackupError(
        'The backup ends before its last line ("-- end of backup"): the file is incomplete. Nothing was restored.',
      );
    }
    await send();

    const tables = await countTables(client);
    for (const table of tables) {
      const want = expected.get(table.table) ?? 0;
      if (table.rows !== want) {
        throw new BackupError(
          `Table ${table.table} holds ${table.rows} rows after the restore; the backup has ${want}. Nothing was restored.`,
        );
      }
    }
    const unknown = [...expected.keys()].filter((name) => !tables.some((table) => table.table === name));
    if (unknown.length > 0) {
      throw new BackupError(`The backup has tables this database does not: ${unknown.join(', ')}.`);
    }
    await client.query('commit');
    return { migration: migration!, tables };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    reader.close();
    await owner.release();
  }
}
