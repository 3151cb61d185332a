import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { MerchantKpis } from '@tessera/domain';
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

describe('downloadTransactionsList for spreadsheets (issue 34 §2 item 4)', () => {
  /** Every call of M2002 with its signed amount in cents and its Athens wall-clock time. */
  async function callsOfM2002() {
    const { rows } = await world.ctx.database.pool.query<{ cents: string; athens: string }>(`
      select case kind when 'authorise' then amount_cents else -amount_cents end as cents,
             to_char(created_at at time zone 'Europe/Athens', 'YYYY-MM-DD HH24:MI:SS') as athens
        from terminal_transactions where merchant_id = 'M2002'
       order by created_at desc, id desc`);
    return rows.map((row) => ({ cents: Number(row.cents), athens: row.athens }));
  }

  it('writes Greek CSV with ; between fields and a decimal comma, English with , and .', async () => {
    const calls = await callsOfM2002();
    expect(calls.some((call) => call.cents < 0)).toBe(true);
    for (const [lang, delimiter, decimal] of [
      ['el', ';', ','],
      ['en', ',', '.'],
    ] as const) {
      const response = await get(`/api/v1/merchants/downloadTransactionsList?format=csv&lang=${lang}`);
      expect(response.statusCode).toBe(200);
      const records = parse(response.body, { bom: true, delimiter }) as string[][];
      const [header, ...rows] = records;
      expect(header).toHaveLength(12);
      expect(header![9]).toBe(lang === 'el' ? 'Ποσό (€)' : 'Amount (€)');
      expect(rows.map((row) => row.length)).toEqual(rows.map(() => 12));
      const amount = new RegExp(`^-?\\d+\\${decimal}\\d{2}$`);
      expect(rows.map((row) => row[9]).filter((cell) => !amount.test(cell!))).toEqual([]);
      expect(rows.map((row) => Math.round(Number(row[9]!.replace(decimal, '.')) * 100))).toEqual(
        calls.map((call) => call.cents),
      );
      expect(rows.map((row) => row[0])).toEqual(calls.map((call) => call.athens));
    }
    // `…;7,35;…` in Greek, never `…,7.35,…`.
    const greek = await get('/api/v1/merchants/downloadTransactionsList?format=csv&lang=el');
    expect(greek.body.split('\n')[1]).toMatch(/;-?\d+,\d{2};/);
    expect(greek.body).not.toMatch(/,-?\d+\.\d{2},/);
  });

  it('writes the xlsx date column as date cells showing the Athens time', async () => {
    const calls = await callsOfM2002();
    const response = await get('/api/v1/merchants/downloadTransactionsList?format=xlsx&lang=el');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount - 1).toBe(calls.length);
    for (const [index, call] of calls.slice(0, 20).entries()) {
      const cell = sheet.getRow(index + 2).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt).toBe('dd/mm/yyyy hh:mm:ss');
      // A spreadsheet's date has no zone: its fields are the Athens wall-clock time.
      expect((cell.value as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(call.athens);
      const amount = sheet.getRow(index + 2).getCell(10);
      expect(amount.type).toBe(ExcelJS.ValueType.Number);
      expect(Math.round((amount.value as number) * 100)).toBe(call.cents);
    }
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
    // The month's purchases, each less what was given back for it (ADR 044).
    const { rows } = await world.ctx.database.pool.query<{ sales: string; kept: number }>(`
      select coalesce(sum(p.amount_cents - coalesce(g.back, 0)), 0) as sales,
             (count(*) filter (where p.amount_cents > coalesce(g.back, 0)))::int as kept
        from terminal_transactions p
        left join lateral (select sum(r.amount_cents) as back from terminal_transactions r
                            where r.original_id = p.id and r.outcome = 'approved') g on true
       where p.merchant_id = 'M2002' and p.outcome = 'approved' and p.kind = 'authorise'
         and p.created_at >= date_trunc('month', now() at time zone 'Europe/Athens') at time zone 'Europe/Athens'`);
    expect(kpis.month.salesCents).toBe(Number(rows[0]!.sales));
    expect(kpis.month.count).toBe(rows[0]!.kept);
    expect(kpis.salesByDay).toHaveLength(30);
    expect(kpis.peakHours).toHaveLength(24);
    expect(kpis.latestDeclines.every((row) => row.declineReason)).toBe(true);
    expect((await get('/api/v1/merchants/retrieveKpis', world.ids.payment)).statusCode).toBe(403);
  });

  it('counts, sums and averages today on one basis: purchases less what was given back for them (issue 34 §2 item 5)', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx);
    const terminal = terminals[0]!;
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 20_000, skip: 3 });
    const terminalsService = world.ctx.app.services.terminals;
    const time = () => new Date().toISOString();
    const buy = (id: string, amountCents: number) =>
      terminalsService.authorise(
        terminal,
        { terminalTransactionId: id, mid: terminal.mid, cardToken: card.token, amountCents, time: time() },
        { locale: 'en' },
      );
    const refund = (id: string, original: string, amountCents: number) =>
      terminalsService.refund(
        terminal,
        {
          terminalTransactionId: id,
          mid: terminal.mid,
          originalTerminalTransactionId: original,
          amountCents,
          time: time(),
        },
        { locale: 'en' },
      );
    await buy('K-1', 1_000); // kept whole
    await buy('K-2', 2_000);
    await terminalsService.reverse(
      terminal,
      {
        terminalTransactionId: 'K-2R',
        mid: terminal.mid,
        originalTerminalTransactionId: 'K-2',
        time: time(),
      },
      { locale: 'en' },
    ); // reversed: no sale, no transaction
    await buy('K-3', 3_000);
    await refund('K-3F', 'K-3', 1_000); // refunded in part: one transaction of 20 €
    await buy('K-4', 500);
    await refund('K-4F', 'K-4', 500); // refunded whole: no transaction
    await buy('K-5', 50_000); // declined: more than the balance

    const response = await get(`/api/v1/merchants/retrieveKpis?merchantId=${merchantId}`, world.ids.admin);
    expect(response.statusCode).toBe(200);
    const { kpis } = response.json<{ kpis: MerchantKpis }>();
    // 10 € + 20 € kept by two purchases: an average ticket of 15 €, not 30 € over four purchases.
    expect(kpis.today).toEqual({ salesCents: 3_000, count: 2, averageTicketCents: 1_500 });
    expect(kpis.month).toEqual({ salesCents: 3_000, count: 2, averageTicketCents: 1_500 });
    expect(kpis.declinesToday).toBe(1);
    expect(kpis.salesByDay.at(-1)).toMatchObject({ salesCents: 3_000, count: 2 });
    expect(kpis.peakHours.reduce((sum, hour) => sum + hour.count, 0)).toBe(2);
    expect(kpis.salesByStore.reduce((sum, store) => sum + store.salesCents, 0)).toBe(3_000);
    expect(kpis.salesByProduct).toEqual([{ product: 'VOUCHER', salesCents: 3_000 }]);
  });
});
