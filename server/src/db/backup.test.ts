import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { demoWorldTestFile } from '../../test/tenant-helper';
import { writeAudit } from '../platform/audit';
import type { Database } from '../platform/db';
import { backupDatabase, restoreDatabase, sqlLiteral, type BackupSummary, type TableCount } from './backup';
import { seedDemoMerchants } from './seed/demo-merchants';
import { seedDemoOrders } from './seed/demo-orders';

/**
 * Backup and restore (issue 20 §7): the demo world with paid orders and a week of merchant trade,
 * backed up to a file and restored into a fresh database of the same engine.
 */

const world = demoWorldTestFile({ cardScale: 0.1, timeoutMs: 180_000 });

/** Quotes, backslashes, line breaks of both kinds, a tab, Greek with accents and an emoji. */
const AWKWARD = `Ο «Γιώργος» O'Brien "ο νέος" \\ C:\\temp\\new\nδεύτερη γραμμή\r\nτρίτη\tστήλη 🎉 ΐΰ`;
const BYTES = Buffer.from([0, 1, 39, 92, 10, 13, 34, 0x78, 255, 128, 0]);

let folder: string;
let file: string;
let summary: BackupSummary;
let target: Database;
let awkwardCardId: string;

const source = () => world.ctx.database;

async function rows<T = Record<string, unknown>>(database: Database, text: string, params: unknown[] = []) {
  return (await database.pool.query(text, params)).rows as T[];
}

/** Each `public` table's rows and a digest of its whole content, rows in their text form sorted. */
async function fingerprint(database: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local timezone = 'UTC'`);
    const { rows: tables } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const result: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const {
        rows: [row],
      } = await client.query<{ rows: number; md5: string }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
           from public."${name}" t`,
      );
      result[name] = row!;
    }
    await client.query('commit');
    return result;
  } finally {
    client.release();
  }
}

/** The ledger in figures: entries and their sum per kind of account, and the grand sum. */
async function ledgerTotals(database: Database) {
  const perKind = await rows(
    database,
    `select a.kind, count(e.id)::int as entries, coalesce(sum(e.amount_cents), 0)::text as sum,
            sum(a.balance_cents)::text as balances
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.kind order by a.kind`,
  );
  const [all] = await rows<{ total: string; debits: string; credits: string; transactions: number }>(
    database,
    `select coalesce(sum(amount_cents), 0)::text as total,
            coalesce(sum(amount_cents) filter (where amount_cents < 0), 0)::text as debits,
            coalesce(sum(amount_cents) filter (where amount_cents > 0), 0)::text as credits,
            (select count(*)::int from ledger_transactions) as transactions
       from ledger_entries`,
  );
  return { perKind, all };
}

const asMap = (tables: TableCount[]) => Object.fromEntries(tables.map((table) => [table.table, table.rows]));

async function writeBackup(database: Database, to: string): Promise<BackupSummary> {
  const out = createWriteStream(to);
  const result = await backupDatabase(database, out);
  out.end();
  await finished(out);
  return result;
}

beforeAll(async () => {
  const { db } = source();
  await seedDemoOrders(db, world.ctx.app.services);
  await seedDemoMerchants(db, world.ctx.app.services, { historyDays: 7 });
  const [card] = await rows<{ id: string }>(
    source(),
    `select id from cards where company_id = 'C1001' order by created_at, id limit 1`,
  );
  awkwardCardId = card!.id;
  await source().pool.query('update cards set card_name = $1 where id = $2', [AWKWARD, awkwardCardId]);
  await writeAudit(db, {
    actorUserId: world.ids.admin,
    companyId: 'C1001',
    action: 'card.rename',
    entity: 'card',
    entityId: awkwardCardId,
    before: { cardName: "Παλιό 'όνομα'", amounts: [1, 2.5, null], isActive: true },
    after: { cardName: AWKWARD, nested: { path: 'C:\\temp', emoji: '🎉' } },
    actingReason: 'Αίτημα πελάτη\n"επείγον"',
  });
  const [upload] = await rows<{ id: string }>(
    source(),
    `insert into bulk_imports (company_id, created_by, purpose, file_name, file_kind, file_bytes, file_sha256, state)
     values ('C1001', $1, 'new-cards', $2, 'csv', $3, 'abc', 'failed') returning id`,
    [world.ids.om1, 'κάρτες "Μαΐου".csv', BYTES.length],
  );
  await source().pool.query(
    `insert into bulk_import_files (import_id, company_id, content) values ($1, 'C1001', $2)`,
    [upload!.id, BYTES],
  );
  folder = await mkdtemp(path.join(tmpdir(), 'tessera-backup-'));
  file = path.join(folder, 'backup.sql');
  summary = await writeBackup(source(), file);
  target = await openTestDatabase();
}, 240_000);

afterAll(async () => {
  await target?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('backup and restore (issue 20 §7)', () => {
  it('writes a plain SQL file: a header with the migration, INSERTs per table, setval per sequence, an end line', async () => {
    const text = await readFile(file, 'utf8');
    expect(text.split('\n').slice(0, 4)).toEqual([
      '-- tessera-backup 1',
      expect.stringMatching(/^-- created: \d{4}-\d\d-\d\dT/),
      `-- source: ${source().kind}`,
      `-- migration: ${summary.migration}`,
    ]);
    expect(summary.migration).toMatch(/^\d{4}_\w+$/);
    expect(text).toMatch(/^INSERT INTO "public"\."ledger_entries" \("id", /m);
    expect(text).toMatch(/^SELECT pg_catalog\.setval\('"public"\."audit_log_id_seq"', \d+, true\);$/m);
    expect(text).toMatch(/\n-- end of backup: \d+ tables, \d+ rows\n$/);
    expect(text).not.toMatch(/pgboss/);
    // Parents before children: a card's company and ledger account come before it.
    const order = summary.tables.map((table) => table.table);
    expect(order.indexOf('companies')).toBeLessThan(order.indexOf('cards'));
    expect(order.indexOf('ledger_accounts')).toBeLessThan(order.indexOf('cards'));
    expect(order.indexOf('ledger_transactions')).toBeLessThan(order.indexOf('ledger_entries'));
    expect(asMap(summary.tables).ledger_entries).toBeGreaterThan(100);
  });

  it('restores into a fresh database every table with the same rows, the same ledger and the sequences after them', async () => {
    const before = await fingerprint(source());
    const restored = await restoreDatabase(target, createReadStream(file));
    expect(restored.migration).toBe(summary.migration);
    expect(asMap(restored.tables)).toEqual(asMap(summary.tables));
    expect(Object.fromEntries(Object.entries(before).map(([name, table]) => [name, table.rows]))).toEqual(
      asMap(restored.tables),
    );
    // Not only the counts: every row of every table, as text, is the source's.
    expect(await fingerprint(target)).toEqual(before);

    const ledger = await ledgerTotals(target);
    expect(ledger).toEqual(await ledgerTotals(source()));
    expect(ledger.all!.total).toBe('0');
    expect(BigInt(ledger.all!.credits)).toBe(-BigInt(ledger.all!.debits));
    expect(BigInt(ledger.all!.credits)).toBeGreaterThan(0n);
    // The balance trigger did not add the entries a second time.
    expect(await world.ctx.app.services.ledger.checkInvariants(target.db)).toEqual({
      unbalancedTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
    });

    const userQuery = `select * from users where email = 'admin@tessera.demo'`;
    expect(await rows(target, userQuery)).toEqual(await rows(source(), userQuery));
    const cardQuery = `select c.*, h.first_name, h.last_name from cards c join cardholders h on h.id = c.cardholder_id
                        where c.id = $1`;
    const [card] = await rows<{ card_name: string }>(target, cardQuery, [awkwardCardId]);
    expect(card!.card_name).toBe(AWKWARD);
    expect([card]).toEqual(await rows(source(), cardQuery, [awkwardCardId]));
    const greekQuery = `select h.first_name, h.last_name, c.card_name from cards c join cardholders h on h.id = c.cardholder_id
                         where h.first_name = 'Αθανασία' and h.last_name = 'Ρήγα'`;
    const greek = await rows(target, greekQuery);
    expect(greek).toHaveLength(1);
    expect(greek).toEqual(await rows(source(), greekQuery));
    const auditQuery = `select * from audit_log where action = 'card.rename' and entity_id = $1`;
    const [audit] = await rows<{ before: unknown; after: unknown; acting_reason: string }>(
      target,
      auditQuery,
      [awkwardCardId],
    );
    expect(audit!.after).toEqual({ cardName: AWKWARD, nested: { path: 'C:\\temp', emoji: '🎉' } });
    expect(audit!.before).toEqual({ cardName: "Παλιό 'όνομα'", amounts: [1, 2.5, null], isActive: true });
    expect(audit!.acting_reason).toBe('Αίτημα πελάτη\n"επείγον"');
    expect([audit]).toEqual(await rows(source(), auditQuery, [awkwardCardId]));
    const [upload] = await rows<{ content: Buffer; file_name: string }>(
      target,
      `select f.content, i.file_name from bulk_import_files f join bulk_imports i on i.id = f.import_id`,
    );
    expect(upload!.content.equals(BYTES)).toBe(true);
    expect(upload!.file_name).toBe('κάρτες "Μαΐου".csv');
    const [products] = await rows<{ families: string[] }>(
      target,
      `select families from products where code = 'TICKET_RESTAURANT'`,
    );
    expect(products!.families).toEqual(['plastic', 'virtual']);

    // New rows continue after the restored ones.
    const sequenceQuery = `select max(id)::int as id from audit_log`;
    const [last] = await rows<{ id: number }>(target, sequenceQuery);
    await writeAudit(target.db, { action: 'test.after-restore', entity: 'test' });
    const [next] = await rows<{ id: number }>(target, sequenceQuery);
    expect(next!.id).toBeGreaterThan(last!.id);
    const [entryIds] = await rows<{ restored: number; next: string }>(
      target,
      `select max(id)::int as restored, nextval('ledger_entries_id_seq')::text as next from ledger_entries`,
    );
    expect(Number(entryIds!.next)).toBe(entryIds!.restored + 1);
  });

  it('refuses to restore into a database holding data, unless forced', async () => {
    const before = await fingerprint(target);
    await expect(restoreDatabase(target, createReadStream(file))).rejects.toThrow(
      /already holds data.*--force/s,
    );
    expect(await fingerprint(target)).toEqual(before);
    await expect(restoreDatabase(source(), createReadStream(file))).rejects.toThrow(/already holds data/);

    const forced = await restoreDatabase(target, createReadStream(file), { force: true });
    expect(asMap(forced.tables)).toEqual(asMap(summary.tables));
    expect(await fingerprint(target)).toEqual(await fingerprint(source()));
  });

  it('refuses a backup of another migration, a file cut short and a file that is no backup, changing nothing', async () => {
    const text = await readFile(file, 'utf8');
    const before = await fingerprint(target);
    const older = text.replace(
      `-- migration: ${summary.migration}\n`,
      '-- migration: 0018_fulfilment_and_client_logs\n',
    );
    await expect(restoreDatabase(target, Readable.from([older]), { force: true })).rejects.toThrow(
      new RegExp(`made at migration 0018_fulfilment_and_client_logs.*at ${summary.migration}`, 's'),
    );
    const cut = text.slice(0, text.indexOf('\n', Math.floor(text.length * 0.6)) + 1);
    await expect(restoreDatabase(target, Readable.from([cut]), { force: true })).rejects.toThrow(
      /incomplete/,
    );
    await expect(restoreDatabase(target, Readable.from(['select 1;\n']), { force: true })).rejects.toThrow(
      /not a Tessera backup/,
    );
    expect(await fingerprint(target)).toEqual(before);
  });

  it('writes text as literals that keep quotes, backslashes and line breaks on one line', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral('a\\b\nc\r')).toBe("E'a\\\\b\\nc\\r'");
    expect(sqlLiteral('Γιώργος 🎉')).toBe("'Γιώργος 🎉'");
    expect(sqlLiteral('-12.50', 'N')).toBe('-12.50');
    expect(sqlLiteral('NaN', 'N')).toBe("'NaN'");
    expect(sqlLiteral('t', 'B')).toBe('true');
  });
});
