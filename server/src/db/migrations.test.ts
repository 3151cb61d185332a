import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type Database } from '../platform/db';

/**
 * Migrations that convert rows: a database is brought to the version before, given rows as that
 * version wrote them, then migrated to the end.
 */

type Journal = { entries: { idx: number; tag: string }[] };

/** A migrations folder holding the migrations up to `lastTag` only. */
async function foldersUpTo(lastTag: string): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  const entries = journal.entries.slice(0, last + 1);
  const folder = await mkdtemp(path.join(tmpdir(), 'tessera-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    await copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

describe('0008: order texts become codes', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    database = await openDatabase({ poolSize: 2 });
    folder = await foldersUpTo('0007_bulk_imports');
    const client = await database.pool.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      client.release();
    }
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('turns every note and failure reason the server used to write into its code, line numbers from 1', async () => {
    const query = (text: string, params: unknown[] = []) => database.pool.query(text, params);
    // Plain SQL: the factory writes today's columns, which a database at 0007 does not have yet.
    const company = { id: 'T0008' };
    await query(`insert into companies (id, name, vat) values ($1, 'Δοκιμαστική Εταιρεία', '094019245')`, [
      company.id,
    ]);
    const {
      rows: [order],
    } = await query(
      `insert into orders (company_id, order_type, product, family, status, price, total_cents, rf_code, submitted_by)
       values ($1, 'NEW', 'TICKET_RESTAURANT', 'plastic', 'cancelled', '{}', 1000, 'RF000000', gen_random_uuid())
       returning id`,
      [company.id],
    );
    const orderId = (order as { id: string }).id;
    const events: [string, string][] = [
      ['draft', ''],
      ['awaiting_payment', 'approved'],
      ['rejected', 'Λάθος ποσά'],
      ['shipped', 'ACS 7300112233'],
      [
        'in_production',
        'lines 0, 3 not loaded: the card was closed since submission; the amount stays on the company balance',
      ],
      ['loaded', 'activated 12'],
      ['cancelled', ''],
    ];
    for (const [status, note] of events) {
      await query(`insert into order_events (order_id, status, note) values ($1, $2, $3)`, [
        orderId,
        status,
        note,
      ]);
    }
    const failures = [
      '',
      'declined',
      'cancelled',
      'replaced by a new payment attempt',
      'paid by transfer',
      'order cancelled',
      'amount 1000 differs from 2000; refund due',
      'order already paid; refund due',
    ];
    for (const [index, reason] of failures.entries()) {
      await query(
        `insert into payments (order_id, company_id, method, status, amount_cents, failure_reason, created_at)
         values ($1, $2, 'VISA', 'failed', 1000, $3, now() + $4 * interval '1 second')`,
        [orderId, company.id, reason, index],
      );
    }

    await migrateDatabase(database);

    const notes = await query(`select status, note from order_events where order_id = $1 order by id`, [
      orderId,
    ]);
    expect(notes.rows).toEqual([
      { status: 'draft', note: null },
      { status: 'awaiting_payment', note: { code: 'approved' } },
      { status: 'rejected', note: { code: 'rejectionReason', reason: 'Λάθος ποσά' } },
      { status: 'shipped', note: { code: 'trackingNumber', trackingNumber: 'ACS 7300112233' } },
      { status: 'in_production', note: { code: 'linesNotLoaded', lines: [1, 4] } },
      { status: 'loaded', note: { code: 'cardsActivated', count: 12 } },
      { status: 'cancelled', note: null },
    ]);
    const reasons = await query(
      `select failure_reason from payments where order_id = $1 order by created_at`,
      [orderId],
    );
    expect(reasons.rows.map((row: { failure_reason: string | null }) => row.failure_reason)).toEqual([
      null,
      'declined',
      'cancelledByPayer',
      'replaced',
      'paidByTransfer',
      'orderCancelled',
      'amountMismatch',
      'orderNotAwaitingPayment',
    ]);
  });
});
