import {
  BulkLoadCardOrderRequestSchema,
  type BulkImport,
  type BulkLoadCardOrderResponse,
  type DraftOrder,
} from '@tessera/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBulkTestApp, waitForImport, xlsxOf, type BulkTestContext } from '../../../test/bulk-files';
import { demoApiClient, seedDemoWorld, type DemoUserKey } from '../../../test/tenant-helper';

/**
 * Drafts made from an import in batches (ADR 020): keyset batches cover every good row once, in
 * file order, whatever the batch size; a conversion stopped between batches leaves no visible
 * draft and resumes without writing a line twice; the audit keeps summaries, not lines.
 */

let ctx: BulkTestContext;
let ids: Record<DemoUserKey, string>;
const API = '/api/v1/orders';
const { api, ok, headersOf } = demoApiClient(
  () => ctx,
  () => ids,
  API,
);

const NEW_HEADER = ['Προϊόν', 'Επώνυμο', 'Όνομα', 'Κωδικός εργαζομένου', 'Ποσό (€)'];

/** A new-card file of `count` rows alternating Spendeo (25 €) and MyBenefits (30 €) cards. */
async function newCardsFile(count: number, tag: string): Promise<Buffer> {
  const rows: unknown[][] = [NEW_HEADER];
  for (let index = 0; index < count; index += 1) {
    rows.push(
      index % 3 === 2
        ? ['MyBenefits', `Παπαδάκη${tag}${index}`, 'Άννα', `${tag}M${index}`, 30]
        : ['Spendeo', `Οικονόμου${tag}${index}`, 'Νίκος', `${tag}S${index}`, '25,00'],
    );
  }
  return xlsxOf(rows);
}

async function imported(file: Buffer, fileName: string): Promise<BulkImport> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API}/uploadExcelDraftOrder?purpose=new&fileName=${encodeURIComponent(fileName)}`,
    headers: { ...(await headersOf('om1')), companyid: 'C1001', 'content-type': 'application/octet-stream' },
    payload: file,
  });
  expect(response.statusCode, response.body).toBe(202);
  const { importId } = response.json<{ import: BulkImport }>().import;
  return waitForImport(
    async () => ok<{ import: BulkImport }>(await api('om1', 'GET', `bulkImports/${importId}`)).import,
  );
}

async function convert(importId: string) {
  return api('om1', 'POST', 'bulkLoadCardOrder', { payload: { importId } });
}

/** Every line of the drafts, in draft order then position. */
async function linesOf(draftIds: string[]) {
  const { rows } = await ctx.database.pool.query<{
    draftId: string;
    tempCardId: string;
    position: number;
    amountCents: number;
  }>(
    `select draft_id as "draftId", temp_card_id as "tempCardId", position, amount_cents::int as "amountCents"
       from draft_order_cards where draft_id = any($1::uuid[])
      order by array_position($1::uuid[], draft_id), position`,
    [draftIds],
  );
  return rows;
}

/** The row numbers the file's rows of one product hold (data rows start at 2). */
function rowNumbers(count: number, product: 'Spendeo' | 'MyBenefits'): string[] {
  return Array.from({ length: count }, (_, index) => index)
    .filter((index) => (index % 3 === 2) === (product === 'MyBenefits'))
    .map((index) => `row-${index + 2}`);
}

beforeAll(async () => {
  ctx = await createBulkTestApp({ demoWorld: true, batchSize: 200 });
  ids = await seedDemoWorld(ctx);
});

afterEach(() => {
  ctx.app.services.bulk.conversion.batchSize = 2_000;
  delete ctx.app.services.bulk.conversion.afterBatch;
});

afterAll(async () => {
  await ctx?.close();
});

describe('drafts made from an import in batches', () => {
  it('cover every good row exactly once, in file order, with a batch size that does not divide the rows', async () => {
    const count = 1_003;
    const read = await imported(await newCardsFile(count, 'K'), 'κάθε γραμμή.xlsx');
    expect(read).toMatchObject({ state: 'ready', rowsOk: count, rowsError: 0 });
    ctx.app.services.bulk.conversion.batchSize = 7;
    const batches: number[] = [];
    ctx.app.services.bulk.conversion.afterBatch = async ({ lastRow }) => void batches.push(lastRow);
    const { drafts } = ok<BulkLoadCardOrderResponse>(await convert(read.importId));
    expect(drafts.map((draft) => [draft.product, draft.lines, draft.draftOrderAlias])).toEqual([
      ['MY_BENEFITS', 334, 'κάθε γραμμή'],
      ['SPENDEO', 669, 'κάθε γραμμή'],
    ]);
    // 1,003 rows in batches of 7: 143 full batches and one of 2, each ending at a row further on.
    expect(batches).toHaveLength(144);
    expect(batches.at(-1)).toBe(count + 1);
    expect([...batches].sort((a, b) => a - b)).toEqual(batches);
    const benefits = await linesOf([drafts[0]!.draftId]);
    const spendeo = await linesOf([drafts[1]!.draftId]);
    expect(benefits.map((line) => line.tempCardId)).toEqual(rowNumbers(count, 'MyBenefits'));
    expect(spendeo.map((line) => line.tempCardId)).toEqual(rowNumbers(count, 'Spendeo'));
    expect(spendeo.map((line) => line.position)).toEqual(spendeo.map((_, index) => index));
    expect(benefits.every((line) => line.amountCents === 3_000)).toBe(true);
    expect(spendeo.every((line) => line.amountCents === 2_500)).toBe(true);
    // The same draft as the portal shows it: priced from its lines.
    const draft = ok<{ draftOrder: DraftOrder }>(
      await api('om1', 'GET', `retrieveDraftOrder?draftId=${drafts[1]!.draftId}`),
    ).draftOrder;
    expect(draft.lines).toHaveLength(669);
    expect(draft.price.loadCents).toBe(669 * 2_500);
  });

  it('resume after a crash between batches without writing a line twice, showing no draft meanwhile', async () => {
    const count = 400;
    const read = await imported(await newCardsFile(count, 'C'), 'διακοπή.xlsx');
    const conversion = ctx.app.services.bulk.conversion;
    conversion.batchSize = 50;
    let committed = 0;
    conversion.afterBatch = async () => {
      committed += 1;
      // The process dies after its third batch is committed.
      if (committed === 3) throw new Error('killed');
    };
    const request = BulkLoadCardOrderRequestSchema.parse({ importId: read.importId });
    const actor = { userId: ids.om1, companyId: 'C1001' };
    await expect(ctx.app.services.bulk.convert(request, actor, { key: null, route: 'test' })).rejects.toThrow(
      'killed',
    );
    delete conversion.afterBatch;

    // As a killed process leaves it: the lease held and unrenewed.
    await ctx.database.pool.query(
      `update bulk_imports set convert_owner = 'killed-server', convert_heartbeat_at = now() - interval '1 hour'
        where id = $1`,
      [read.importId],
    );
    const { rows: pending } = await ctx.database.pool.query<{ id: string; lines: number }>(
      `select d.id, (select count(*)::int from draft_order_cards c where c.draft_id = d.id) as lines
         from draft_orders d where d.pending_import_id = $1 order by d.product`,
      [read.importId],
    );
    expect(pending).toHaveLength(2);
    expect(pending.reduce((sum, draft) => sum + draft.lines, 0)).toBe(150);
    // Nobody sees the half-written drafts, and the preview cannot change under the conversion.
    const listed = ok<{ draftOrders: { draftId: string }[] }>(await api('om1', 'GET', 'retrieveDraftOrders'));
    expect(listed.draftOrders.map((draft) => draft.draftId)).not.toContain(pending[0]!.id);
    expect((await api('om1', 'GET', `retrieveDraftOrder?draftId=${pending[0]!.id}`)).statusCode).toBe(404);
    expect(
      ok<{ import: BulkImport }>(await api('om1', 'GET', `bulkImports/${read.importId}`)).import.state,
    ).toBe('ready');
    const dropped = await api('om1', 'POST', `bulkImports/${read.importId}/dropRows`, {
      payload: { rowNumbers: [2] },
    });
    expect(dropped.statusCode).toBe(409);

    const { rows: before } = await ctx.database.pool.query<{ xmin: string; tempCardId: string }>(
      `select xmin::text, temp_card_id as "tempCardId" from draft_order_cards where draft_id = any($1::uuid[])`,
      [pending.map((draft) => draft.id)],
    );
    const { drafts } = ok<BulkLoadCardOrderResponse>(await convert(read.importId));
    expect(drafts.map((draft) => draft.draftId).sort()).toEqual(pending.map((draft) => draft.id).sort());
    expect(drafts.reduce((sum, draft) => sum + draft.lines, 0)).toBe(count);
    const lines = await linesOf(drafts.map((draft) => draft.draftId));
    expect(lines).toHaveLength(count);
    expect(new Set(lines.map((line) => `${line.draftId}:${line.tempCardId}`)).size).toBe(count);
    for (const draft of drafts) {
      const own = lines.filter((line) => line.draftId === draft.draftId);
      expect(own.map((line) => line.position)).toEqual(own.map((_, index) => index));
    }
    // The lines committed before the crash were kept as they were, not written again.
    const { rows: after } = await ctx.database.pool.query<{ xmin: string; tempCardId: string }>(
      `select xmin::text, temp_card_id as "tempCardId" from draft_order_cards where temp_card_id = any($1::text[])
          and draft_id = any($2::uuid[])`,
      [before.map((line) => line.tempCardId), pending.map((draft) => draft.id)],
    );
    expect(new Map(after.map((line) => [line.tempCardId, line.xmin]))).toEqual(
      new Map(before.map((line) => [line.tempCardId, line.xmin])),
    );
    const { rows: state } = await ctx.database.pool.query(
      `select state, convert_plan, convert_owner from bulk_imports where id = $1`,
      [read.importId],
    );
    expect(state[0]).toEqual({ state: 'converted', convert_plan: null, convert_owner: null });
    // A second call answers the same drafts and writes nothing more.
    expect(ok<BulkLoadCardOrderResponse>(await convert(read.importId)).drafts).toEqual(drafts);
  });

  it('refuse a second call while a conversion is under way', async () => {
    const read = await imported(await newCardsFile(30, 'B'), 'διπλό κλικ.xlsx');
    await ctx.database.pool.query(
      `update bulk_imports set convert_plan = '{"today":"2026-01-01","lastRow":0,"groups":[]}',
              convert_owner = 'another-call', convert_heartbeat_at = now() where id = $1`,
      [read.importId],
    );
    const busy = await convert(read.importId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ errorCode: number }>().errorCode).toBe(81);
    await ctx.database.pool.query(
      `update bulk_imports set convert_plan = null, convert_owner = null, convert_heartbeat_at = null where id = $1`,
      [read.importId],
    );
  });

  it('audit each draft and the conversion as one summary with the import, never the lines', async () => {
    const count = 600;
    const read = await imported(await newCardsFile(count, 'A'), 'έλεγχος.xlsx');
    ctx.app.services.bulk.conversion.batchSize = 64;
    const { drafts } = ok<BulkLoadCardOrderResponse>(await convert(read.importId));
    const { rows } = await ctx.database.pool.query<{
      action: string;
      entityId: string;
      after: Record<string, unknown>;
      size: number;
    }>(
      `select action, entity_id as "entityId", after, length(after::text) as size from audit_log
        where entity_id = any($1::text[]) and action in ('draft.create', 'bulk-import.convert') order by id`,
      [[read.importId, ...drafts.map((draft) => draft.draftId)]],
    );
    expect(rows.map((row) => row.action)).toEqual(['draft.create', 'draft.create', 'bulk-import.convert']);
    expect(rows[0]!.after).toMatchObject({
      reason: 'new-card',
      orderType: 'NEW',
      product: 'MY_BENEFITS',
      lines: 200,
      loadCents: 200 * 3_000,
      bulkImportId: read.importId,
    });
    expect(rows[1]!.after).toMatchObject({ product: 'SPENDEO', lines: 400, loadCents: 400 * 2_500 });
    expect(rows[2]!.after).toMatchObject({
      state: 'converted',
      lines: count,
      loadCents: 200 * 3_000 + 400 * 2_500,
      drafts,
    });
    for (const row of rows) {
      expect(row.after).not.toHaveProperty('cards');
      expect(row.size).toBeLessThan(2_000);
    }
  });
});
