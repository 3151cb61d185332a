import type { BulkImport } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createBulkTestApp, waitForImport, xlsxOf, type BulkTestContext } from '../../../test/bulk-files';
import { seedDemoWorld, sessionHeaders, type DemoUserKey } from '../../../test/tenant-helper';
import { purgeImports, writeRows } from './repository';

/**
 * A server that stops, or dies, in the middle of a 10,000-row import (ADR 011): the next server on
 * the same database resumes where the stored rows end, and the preview holds every row exactly
 * once.
 */

let ctx: BulkTestContext;
let ids: Record<DemoUserKey, string>;
let file: Buffer;
const ROWS = 10_000;

async function headers(app: App): Promise<Record<string, string>> {
  return { ...(await sessionHeaders({ ...ctx, app }, ids.om1)), companyid: 'C1001' };
}

async function upload(app: App): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/orders/uploadExcelDraftOrder?purpose=new&fileName=restart.xlsx',
    headers: { ...(await headers(app)), 'content-type': 'application/octet-stream' },
    payload: file,
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ import: BulkImport }>().import.importId;
}

async function progress(importId: string): Promise<{ state: string; rowsRead: number; stored: number }> {
  const { rows } = await ctx.database.pool.query<{ state: string; rows_read: number; stored: number }>(
    `select state, rows_read, (select count(*)::int from bulk_import_rows r where r.import_id = i.id) as stored
       from bulk_imports i where id = $1`,
    [importId],
  );
  return { state: rows[0]!.state, rowsRead: rows[0]!.rows_read, stored: rows[0]!.stored };
}

/**
 * Waits until some batches of the import are stored, then closes the app under it; answers how many
 * rows were stored and when the last of them was written.
 */
async function stopMidway(app: App, importId: string): Promise<{ stored: number; lastWrite: string }> {
  for (let polls = 0; ; polls += 1) {
    const { stored } = await progress(importId);
    if (stored >= 1_000) break;
    if (polls > 3_000) throw new Error('the import never started');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await app.close();
  const after = await progress(importId);
  expect(after.state).toBe('processing');
  expect(after.stored).toBeLessThan(ROWS);
  expect(after.rowsRead).toBe(after.stored);
  const { rows } = await ctx.database.pool.query<{ last: string }>(
    `select max(updated_at)::text as last from bulk_import_rows where import_id = $1`,
    [importId],
  );
  return { stored: after.stored, lastWrite: rows[0]!.last };
}

async function finished(app: App, importId: string): Promise<BulkImport> {
  const read = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/orders/bulkImports/${importId}`,
        headers: await headers(app),
      })
    ).json<{ import: BulkImport }>().import;
  return waitForImport(read, ['ready', 'failed'], 60_000);
}

async function expectEveryRowOnce(importId: string): Promise<void> {
  const { rows } = await ctx.database.pool.query<{ n: number; distinct: number; low: number; high: number }>(
    `select count(*)::int as n, count(distinct row_number)::int as distinct,
            min(row_number) as low, max(row_number) as high
       from bulk_import_rows where import_id = $1`,
    [importId],
  );
  expect(rows[0]).toEqual({ n: ROWS, distinct: ROWS, low: 2, high: ROWS + 1 });
}

beforeAll(async () => {
  ctx = await createBulkTestApp({ demoWorld: true, batchSize: 250 });
  ids = await seedDemoWorld(ctx);
  const rows: unknown[][] = [['Προϊόν', 'Επώνυμο', 'Όνομα', 'Κωδικός εργαζομένου', 'Ποσό (€)']];
  for (let index = 0; index < ROWS; index += 1) {
    rows.push(['MyBenefits', `Παπαδοπούλου${index}`, 'Ελένη', `R${index}`, 30]);
  }
  file = await xlsxOf(rows);
});

afterAll(async () => {
  await ctx?.close();
});

describe('a server that stops during a 10,000-row import', () => {
  it('leaves the import to the next server, which finishes it with every row exactly once', async () => {
    const importId = await upload(ctx.app);
    const before = await stopMidway(ctx.app, importId);
    const next = await ctx.restart();
    const read = await finished(next, importId);
    expect(read).toMatchObject({ state: 'ready', rowsRead: ROWS, rowsOk: ROWS, rowsError: 0 });
    await expectEveryRowOnce(importId);
    // Resumed, not restarted: the rows stored before the stop were not written again.
    const { rows } = await ctx.database.pool.query<{ attempts: number; untouched: number }>(
      `select attempts, (select count(*)::int from bulk_import_rows r
                           where r.import_id = i.id and r.updated_at <= $2::timestamptz) as untouched
         from bulk_imports i where id = $1`,
      [importId, before.lastWrite],
    );
    expect(rows[0]).toEqual({ attempts: 2, untouched: before.stored });
    await next.close();
  });

  it('resumes after a crash that kept the import and lost its job, once the lease has gone stale', async () => {
    const app = await ctx.restart();
    const importId = await upload(app);
    await stopMidway(app, importId);
    // As a killed process leaves it: its lease held and unrenewed, its job gone from the queue.
    await ctx.database.pool.query(
      `update bulk_imports set lease_owner = 'killed-worker', heartbeat_at = now() - interval '1 hour' where id = $1`,
      [importId],
    );
    await ctx.database.pool.query(`delete from pgboss.job where name = 'bulk-import'`);
    const next = await ctx.restart();
    const read = await finished(next, importId);
    expect(read).toMatchObject({ state: 'ready', rowsRead: ROWS, rowsOk: ROWS });
    await expectEveryRowOnce(importId);
    await next.close();
  });
});

describe('the rows of an import (ADR 055: no foreign key, a lease and a trigger)', () => {
  const storedRows = async (importId: string) =>
    (
      await ctx.database.pool.query<{ n: number }>(
        'select count(*)::int as n from bulk_import_rows where import_id = $1',
        [importId],
      )
    ).rows[0]!.n;
  const document = JSON.stringify([
    [90, 'ok', 'new', {}, { kind: 'new' }, [], 0, null, null, []],
    [91, 'ok', 'new', {}, { kind: 'new' }, [], 0, null, null, []],
  ]);
  const progress = { rows: 2, lastRowNumber: 91, levels: [2, 0, 0] };

  it('go with their import when it is deleted or purged, and a worker without the lease writes none', async () => {
    const app = await ctx.restart();
    const small = await xlsxOf([
      ['Προϊόν', 'Επώνυμο', 'Όνομα', 'Κωδικός εργαζομένου', 'Ποσό (€)'],
      ['MyBenefits', 'Αλεξίου', 'Μαρία', 'D1', 30],
      ['MyBenefits', 'Βασιλείου', 'Νίκη', 'D2', 30],
    ]);
    const uploadSmall = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/orders/uploadExcelDraftOrder?purpose=new&fileName=small.xlsx',
        headers: { ...(await headers(app)), 'content-type': 'application/octet-stream' },
        payload: small,
      });
      expect(response.statusCode, response.body).toBe(202);
      const importId = response.json<{ import: BulkImport }>().import.importId;
      await finished(app, importId);
      return importId;
    };

    const deleted = await uploadSmall();
    expect(await storedRows(deleted)).toBe(2);
    // A worker that still thinks it holds the import: the lease is checked in the same statement.
    expect(await writeRows(ctx.database.db, 'C1001', deleted, 'a-stale-worker', document, progress)).toBe(
      false,
    );
    expect(await storedRows(deleted)).toBe(2);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/orders/bulkImports/${deleted}`,
      headers: await headers(app),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storedRows(deleted)).toBe(0);
    // The worker's next batch after the import is gone writes nothing either.
    expect(await writeRows(ctx.database.db, 'C1001', deleted, 'a-stale-worker', document, progress)).toBe(
      false,
    );
    expect(await storedRows(deleted)).toBe(0);

    const purged = await uploadSmall();
    expect(await purgeImports(ctx.database.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await storedRows(purged)).toBe(0);
    await app.close();
  });
});
