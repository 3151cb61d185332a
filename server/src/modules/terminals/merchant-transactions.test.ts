import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMerchants } from '../../db/seed/demo-merchants';
import { cardWithBalance, createTestMerchant } from '../../../test/merchant-helper';
import { demoWorldTestFile, sessionHeaders } from '../../../test/tenant-helper';

const world = demoWorldTestFile({ cardScale: 0.2 });
let formulaMerchant: string;

beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 12 });
  // A merchant whose store name is a formula, with one purchase: exports must neutralise it.
  const merchant = await createTestMerchant(world.ctx, { storeName: '=HYPERLINK("http://x")' });
  formulaMerchant = merchant.merchantId;
  const card = await cardWithBalance(world.ctx, { balanceCents: 5_000, companyId: 'C1002' });
  const terminal = merchant.terminals[0]!;
  await world.ctx.app.services.terminals.authorise(
    terminal,
    {
      terminalTransactionId: 'F-1',
      mid: terminal.mid,
      cardToken: card.token,
      amountCents: 1_234,
      time: new Date().toISOString(),
    },
    { locale: 'en' },
  );
}, 120_000);

async function get(url: string, userId = world.ids.merchant, headers: Record<string, string> = {}) {
  return world.ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(await sessionHeaders(world.ctx, userId)), culture: 'en-us', ...headers },
  });
}

type Page = {
  transactions: { transactionId: string; at: string; outcome: string; storeId: string }[];
  nextCursor: string | null;
};

describe('retrieveTransactionList', () => {
  it('pages through every transaction once, newest first, by cursor', async () => {
    const { rows } = await world.ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from terminal_transactions where merchant_id = 'M2002'`,
    );
    const seen: Page['transactions'] = [];
    let cursor: string | null = null;
    do {
      const response = await get(
        `/api/v1/merchants/retrieveTransactionList?pageSize=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const page = response.json<Page>();
      seen.push(...page.transactions);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(rows[0]!.n);
    expect(new Set(seen.map((row) => row.transactionId)).size).toBe(seen.length);
    const times = seen.map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by outcome and store, and finds nothing at another merchant’s store', async () => {
    const declined = (
      await get('/api/v1/merchants/retrieveTransactionList?outcome=declined&pageSize=200')
    ).json<Page>();
    expect(declined.transactions.length).toBeGreaterThan(0);
    expect(declined.transactions.every((row) => row.outcome === 'declined')).toBe(true);
    const { rows } = await world.ctx.database.pool.query<{ id: string }>(
      `select id from merchant_stores where merchant_id = 'M2001' limit 1`,
    );
    const foreign = (
      await get(`/api/v1/merchants/retrieveTransactionList?storeId=${rows[0]!.id}`)
    ).json<Page>();
    expect(foreign.transactions).toEqual([]);
    const bad = await get('/api/v1/merchants/retrieveTransactionList?pageSize=0&from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/pageSize|from/);
  });

  it('answers company roles 403 and provider staff for the merchant they name', async () => {
    expect((await get('/api/v1/merchants/retrieveTransactionList', world.ids.om1)).statusCode).toBe(403);
    expect((await get('/api/v1/merchants/retrieveTransactionList', world.ids.finance)).statusCode).toBe(403);
    expect(
      (await get('/api/v1/merchants/retrieveTransactionList?merchantId=M2001', world.ids.care)).statusCode,
    ).toBe(200);
    expect((await get('/api/v1/merchants/retrieveTransactionList?merchantId=M2001')).statusCode).toBe(403);
  });
});

describe('downloadTransactionsList', () => {
  it('streams the filtered transactions as xlsx, read back row for row', async () => {
    const response = await get('/api/v1/merchants/downloadTransactionsList?format=xlsx&outcome=approved');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const { rows } = await world.ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from terminal_transactions where merchant_id = 'M2002' and outcome = 'approved'`,
    );
    expect(sheet.rowCount - 1).toBe(rows[0]!.n);
    expect(sheet.getRow(1).getCell(1).value).toBe('Date');
  });

  it('neutralises cells that would be formulas, in CSV and xlsx', async () => {
    const csv = await get(
      `/api/v1/merchants/downloadTransactionsList?format=csv&merchantId=${formulaMerchant}`,
      world.ids.admin,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`'=HYPERLINK`);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
    const xlsx = await get(
      `/api/v1/merchants/downloadTransactionsList?merchantId=${formulaMerchant}`,
      world.ids.admin,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(String(workbook.worksheets[0]!.getRow(2).getCell(2).value)).toBe(`'=HYPERLINK("http://x")`);
  });
});

describe('retrieveKpis', () => {
  it('sums the month’s sales as the transactions do, and lists the latest declines with reasons', async () => {
    const response = await get('/api/v1/merchants/retrieveKpis');
    expect(response.statusCode).toBe(200);
    const { kpis } = response.json<{
      kpis: {
        month: { salesCents: number; count: number };
        salesByDay: { salesCents: number }[];
        latestDeclines: { declineReason: string }[];
        peakHours: unknown[];
      };
    }>();
    const { rows } = await world.ctx.database.pool.query<{ sales: string }>(`
      select coalesce(sum(case kind when 'authorise' then amount_cents else -amount_cents end), 0) as sales
        from terminal_transactions
       where merchant_id = 'M2002' and outcome = 'approved'
         and created_at >= date_trunc('month', now() at time zone 'Europe/Athens') at time zone 'Europe/Athens'`);
    expect(kpis.month.salesCents).toBe(Number(rows[0]!.sales));
    expect(kpis.salesByDay).toHaveLength(30);
    expect(kpis.peakHours).toHaveLength(24);
    expect(kpis.latestDeclines.every((row) => row.declineReason)).toBe(true);
    expect((await get('/api/v1/merchants/retrieveKpis', world.ids.payment)).statusCode).toBe(403);
  });
});
