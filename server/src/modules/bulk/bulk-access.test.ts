import type { BulkImport } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBulkTestApp, waitForImport, xlsxOf, type BulkTestContext } from '../../../test/bulk-files';
import {
  COMPANY_SCOPED_EXPECTATION,
  DEMO_ROLE_KEYS,
  DEMO_USERS,
  demoApiClient,
  seedDemoWorld,
  sessionHeaders,
  type DemoUserKey,
  type TenantStatuses,
} from '../../../test/tenant-helper';

/**
 * Who may call each bulk route, for which company, and what bad input gets (ADR 011): reads are
 * open to every company role and provider staff, writes to the order manager and provider staff
 * (like the drafts); an import of another company is not found; nothing refused changes anything.
 */

let ctx: BulkTestContext;
let ids: Record<DemoUserKey, string>;
const API = '/api/v1/orders';
const { api, ok } = demoApiClient(
  () => ctx,
  () => ids,
  API,
);
/** A ready import of C1001 (the first company of the order managers and of provider staff). */
let importId: string;
let file: Buffer;

type Probe = (companyId: string) => {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

/** `tenantMatrix` for any method: every demo role, for a company of its own and for C1006. */
async function matrixOf(probe: Probe): Promise<TenantStatuses> {
  const result = {} as TenantStatuses;
  for (const key of DEMO_ROLE_KEYS) {
    const own = DEMO_USERS[key].companyIds[0] ?? 'C1001';
    const statuses = { own: 0, foreign: 0 };
    for (const [which, companyId] of [
      ['own', own],
      ['foreign', 'C1006'],
    ] as const) {
      const { method, url, payload, headers } = probe(companyId);
      const response = await ctx.app.inject({
        method,
        url: `${API}/${url}`,
        headers: { ...(await sessionHeaders(ctx, ids[key])), companyid: companyId, ...headers },
        ...(payload ? { payload } : {}),
      });
      statuses[which] = response.statusCode;
    }
    result[key] = statuses;
  }
  return result;
}

/** The matrix of a route that reads one import of C1001: the others' companies do not have it. */
const READ_ONE: TenantStatuses = {
  admin: { own: 200, foreign: 404 },
  care: { own: 200, foreign: 404 },
  om1: { own: 200, foreign: 403 },
  om3: { own: 200, foreign: 403 },
  finance: { own: 404, foreign: 403 },
  payment: { own: 404, foreign: 403 },
  merchant: { own: 403, foreign: 403 },
};

/** The matrix of a write on one import of C1001 (`done` is the status of the allowed call). */
function writeOne(done: number): TenantStatuses {
  return {
    admin: { own: done, foreign: 404 },
    care: { own: done, foreign: 404 },
    om1: { own: done, foreign: 403 },
    om3: { own: done, foreign: 403 },
    finance: { own: 403, foreign: 403 },
    payment: { own: 403, foreign: 403 },
    merchant: { own: 403, foreign: 403 },
  };
}

async function count(table: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

async function readyImport(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API}/uploadExcelDraftOrder?purpose=new&fileName=access.xlsx`,
    headers: {
      ...(await sessionHeaders(ctx, ids.om1)),
      companyid: 'C1001',
      'content-type': 'application/octet-stream',
    },
    payload: file,
  });
  const created = response.json<{ import: BulkImport }>().import;
  await waitForImport(
    async () => ok<{ import: BulkImport }>(await api('om1', 'GET', `bulkImports/${created.importId}`)).import,
  );
  return created.importId;
}

beforeAll(async () => {
  ctx = await createBulkTestApp({ demoWorld: true, env: { BULK_MAX_ACTIVE_IMPORTS: '5' } });
  ids = await seedDemoWorld(ctx);
  file = await xlsxOf([
    ['Product', 'Last name', 'First name', 'Amount'],
    ['Spendeo', 'Ραφαηλίδου', 'Ιφιγένεια', 20],
    ['Spendeo', '', 'Χωρίς επώνυμο', 20],
  ]);
  importId = await readyImport();
});

afterAll(async () => {
  await ctx?.close();
});

describe('reads', () => {
  it('list the imports of any company of the user, and of any company for provider staff', async () => {
    expect(await matrixOf(() => ({ method: 'GET', url: 'bulkImports' }))).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('find an import, its rows and its problem rows only in its own company', async () => {
    for (const url of [
      `bulkImports/${importId}`,
      `bulkImports/${importId}/rows`,
      `bulkImports/${importId}/problemRows`,
    ]) {
      expect(await matrixOf(() => ({ method: 'GET', url })), url).toEqual(READ_ONE);
    }
  });

  it('refuse malformed ids, filters and pages', async () => {
    for (const url of [
      'bulkImports/not-an-id',
      `bulkImports/${importId}/rows?status=everything`,
      `bulkImports/${importId}/rows?page=0`,
      `bulkImports/${importId}/rows?pageSize=1000`,
    ]) {
      const response = await api('om1', 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ errorCode: number }>().errorCode).toBe(2);
    }
    expect((await api('om1', 'GET', 'bulkImports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `${API}/bulkImports`,
      headers: { companyid: 'C1001' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('writes', () => {
  it('upload for the order manager and provider staff only, each for a company they may act for', async () => {
    const before = await count('bulk_imports');
    const matrix = await matrixOf(() => ({
      method: 'POST',
      url: 'uploadExcelDraftOrder?purpose=new&fileName=m.xlsx',
      payload: file,
      headers: { 'content-type': 'application/octet-stream' },
    }));
    expect(matrix).toEqual({
      admin: { own: 202, foreign: 202 },
      care: { own: 202, foreign: 202 },
      om1: { own: 202, foreign: 403 },
      om3: { own: 202, foreign: 403 },
      finance: { own: 403, foreign: 403 },
      payment: { own: 403, foreign: 403 },
      merchant: { own: 403, foreign: 403 },
    });
    // Six accepted uploads; the refused ones stored nothing.
    expect(await count('bulk_imports')).toBe(before + 6);
  });

  it('refuse uploads without a purpose or a name, and one more import than the company may have under way', async () => {
    for (const url of [
      'uploadExcelDraftOrder?fileName=a.xlsx',
      'uploadExcelDraftOrder?purpose=load',
      'uploadExcelDraftOrder?purpose=load&fileName=',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API}/${url}`,
        headers: {
          ...(await sessionHeaders(ctx, ids.om1)),
          companyid: 'C1001',
          'content-type': 'application/octet-stream',
        },
        payload: file,
      });
      expect(response.statusCode, url).toBe(400);
    }
    // Five imports of C1003 under way (the limit this app was given).
    await ctx.database.pool.query(
      `insert into bulk_imports (company_id, created_by, purpose, file_name, file_kind, file_bytes, file_sha256, state, heartbeat_at)
       select 'C1003', $1, 'load', 'waiting.xlsx', 'xlsx', 1, '', 'queued', now() from generate_series(1, 5)`,
      [ids.om3],
    );
    const fourth = await api('om3', 'POST', 'uploadExcelDraftOrder?purpose=new&fileName=four.xlsx', {
      company: 'C1003',
      headers: { 'content-type': 'application/octet-stream' },
      payload: file,
      culture: 'en-us',
    });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json<{ fields: { field: string; message: string }[] }>().fields[0]).toEqual({
      field: 'file',
      message: '5 files are already being read for this company. Wait for one to finish and try again.',
    });
    await ctx.database.pool.query(`update bulk_imports set state = 'failed' where company_id = 'C1003'`);
  });

  it('edit a row for the order manager and provider staff of the import’s company only', async () => {
    const matrix = await matrixOf(() => ({
      method: 'PATCH',
      url: `bulkImports/${importId}/rows/3`,
      payload: { cells: { lastName: 'Ραφαηλίδης' } },
    }));
    expect(matrix).toEqual(writeOne(200));
  });

  it('drop rows for the order manager and provider staff of the import’s company only', async () => {
    const matrix = await matrixOf(() => ({
      method: 'POST',
      url: `bulkImports/${importId}/dropRows`,
      payload: { rowNumbers: [3], restore: true },
    }));
    expect(matrix).toEqual(writeOne(200));
    for (const payload of [{}, { rowNumbers: [] }, { status: 'ok' }, { rowNumbers: [2], status: 'error' }]) {
      const response = await api('om1', 'POST', `bulkImports/${importId}/dropRows`, { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('make drafts for the order manager and provider staff of the import’s company only', async () => {
    const drafts = await count('draft_orders');
    const refused = await matrixOf((companyId) => ({
      method: 'POST',
      url: 'bulkLoadCardOrder',
      payload: { importId: companyId === 'C1001' ? '00000000-0000-4000-8000-000000000000' : importId },
    }));
    expect(refused).toEqual({
      admin: { own: 404, foreign: 404 },
      care: { own: 404, foreign: 404 },
      om1: { own: 404, foreign: 403 },
      om3: { own: 404, foreign: 403 },
      finance: { own: 403, foreign: 403 },
      payment: { own: 403, foreign: 403 },
      merchant: { own: 403, foreign: 403 },
    });
    expect(await count('draft_orders')).toBe(drafts);
    for (const payload of [
      {},
      { importId: 'x' },
      { importId, deliveryPointId: 'x' },
      { importId, draftOrderAlias: 'α'.repeat(71) },
    ]) {
      const response = await api('om1', 'POST', 'bulkLoadCardOrder', { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const badKey = await api('om1', 'POST', 'bulkLoadCardOrder', {
      payload: { importId },
      headers: { 'idempotency-key': 'a b' },
    });
    expect(badKey.statusCode).toBe(400);
    const foreignPoint = await api('om1', 'POST', 'bulkLoadCardOrder', {
      payload: { importId, deliveryPointId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(foreignPoint.statusCode).toBe(400);
    expect(foreignPoint.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('deliveryPointId');
    expect(await count('draft_orders')).toBe(drafts);
    ok(await api('care', 'POST', 'bulkLoadCardOrder', { payload: { importId } }));
    expect(await count('draft_orders')).toBe(drafts + 1);
  });

  it('delete an import for the order manager and provider staff of its company only', async () => {
    const target = await readyImport();
    const matrix = await matrixOf((companyId) => ({
      method: 'DELETE',
      url: `bulkImports/${companyId === 'C1006' ? target : '00000000-0000-4000-8000-000000000000'}`,
    }));
    expect(matrix).toEqual({
      admin: { own: 404, foreign: 404 },
      care: { own: 404, foreign: 404 },
      om1: { own: 404, foreign: 403 },
      om3: { own: 404, foreign: 403 },
      finance: { own: 403, foreign: 403 },
      payment: { own: 403, foreign: 403 },
      merchant: { own: 403, foreign: 403 },
    });
    expect((await api('om1', 'GET', `bulkImports/${target}`)).statusCode).toBe(200);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `${API}/bulkImports/${target}`,
      headers: { ...(await sessionHeaders(ctx, ids.admin)), companyid: 'C1001' },
    });
    expect(removed.statusCode).toBe(200);
  });

  it('need the CSRF token like every state change', async () => {
    const headers = await sessionHeaders(ctx, ids.om1);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `${API}/bulkImports/${importId}/rows/2`,
      headers: { cookie: headers.cookie!, companyid: 'C1001' },
      payload: { cells: { lastName: 'Χ' } },
    });
    expect(response.statusCode).toBe(403);
  });
});
