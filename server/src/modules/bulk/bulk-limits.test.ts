import type { BulkImport, BulkImportRow } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBulkTestApp,
  csvOf,
  waitForImport,
  xlsxOf,
  type BulkTestContext,
} from '../../../test/bulk-files';
import { demoApiClient, seedDemoWorld, type DemoUserKey } from '../../../test/tenant-helper';

/**
 * The row limit of a bulk file (issue 12 §8), in an app of its own: its uploads must not share the
 * per-minute upload limit of the other bulk tests.
 */

let ctx: BulkTestContext;
let ids: Record<DemoUserKey, string>;
const API = '/api/v1/orders';
const { api, ok, headersOf } = demoApiClient(
  () => ctx,
  () => ids,
  API,
);
const LOAD_HEADER = ['Κωδικός κάρτας', 'Τελευταία 4 ψηφία', 'Κωδικός εργαζομένου', 'Ποσό (€)'];

beforeAll(async () => {
  ctx = await createBulkTestApp({ demoWorld: true, batchSize: 200 });
  ids = await seedDemoWorld(ctx);
}, 120_000);
afterAll(async () => ctx?.close());

async function imported(file: Buffer, fileName: string): Promise<BulkImport> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API}/uploadExcelDraftOrder?${new URLSearchParams({ purpose: 'load', fileName }).toString()}`,
    headers: {
      ...(await headersOf('om1')),
      companyid: 'C1001',
      culture: 'en-us',
      'content-type': 'application/octet-stream',
    },
    payload: file,
  });
  expect(response.statusCode, response.body).toBe(202);
  const { importId } = response.json<{ import: BulkImport }>().import;
  return waitForImport(
    async () =>
      ok<{ import: BulkImport }>(await api('om1', 'GET', `bulkImports/${importId}`, { culture: 'en-us' }))
        .import,
  );
}

describe('a bulk file over the row limit', () => {
  it('is refused before any row is read or stored, as a CSV and as an xlsx', async () => {
    const rows = Array.from({ length: 100_001 }, (_, index) => [
      '',
      String(1000 + (index % 9000)),
      `E${index}`,
      '10',
    ]);
    for (const [file, name] of [
      [csvOf([LOAD_HEADER, ...rows]), 'πολλές.csv'],
      [await xlsxOf([LOAD_HEADER, ...rows]), 'πολλές.xlsx'],
    ] as const) {
      const read = await imported(file, name);
      expect(read.state, name).toBe('failed');
      expect(read.failure?.code).toBe('bulkTooManyRows');
      expect(read.failure?.message).toBe(
        'The file holds more than 100000 rows. Split it into smaller files.',
      );
      expect(read.rowsRead).toBe(0);
      const stored = ok<{ rows: BulkImportRow[] }>(
        await api('om1', 'GET', `bulkImports/${read.importId}/rows?status=all&pageSize=200`),
      );
      expect(stored.rows).toEqual([]);
    }
  }, 120_000);
});
