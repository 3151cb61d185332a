import { addDays, athensDate, athensMidnight } from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardWithBalance, createTestMerchant, type TestTerminal } from '../../../test/merchant-helper';
import { demoWorldTestFile, sessionHeaders, statusByUser } from '../../../test/tenant-helper';

/**
 * The merchant's own settlements (issue 16, balance sheet): `retrieveSettlements` and
 * `retrieveSettlementDetails` show a merchant user its days with the fee per product and each
 * payout's state, to provider staff naming the merchant; another merchant's settlement is a 404.
 */
const world = demoWorldTestFile({ cardScale: 0.05 });

const dayAgo = (daysAgo: number) => addDays(athensDate(), -daysAgo);
const noonOf = (day: string, minutes = 0) =>
  new Date(athensMidnight(day).getTime() + (720 + minutes) * 60_000);

let merchantId: string;
let otherSettlementId: string;

function buy(terminal: TestTerminal, id: string, cardToken: string, amountCents: number, at: Date) {
  return world.ctx.app.services.terminals.authorise(
    { terminalId: terminal.terminalId, mid: terminal.mid },
    { terminalTransactionId: id, mid: terminal.mid, cardToken, amountCents, time: at.toISOString() },
    { locale: 'en', at },
  );
}

beforeAll(async () => {
  const mine = await createTestMerchant(world.ctx, {
    feePlan: { VOUCHER: 300, COPMLIMENT: 150 },
    acceptedProducts: ['VOUCHER', 'COPMLIMENT'],
    users: [{ userId: world.ids.merchant, role: 'viewer' }],
  });
  merchantId = mine.merchantId;
  const voucher = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 50_000 });
  const compliment = await cardWithBalance(world.ctx, { product: 'COPMLIMENT', balanceCents: 50_000 });
  const terminal = mine.terminals[0]!;
  await buy(terminal, 'S-1', voucher.token, 10_000, noonOf(dayAgo(3)));
  await buy(terminal, 'S-2', compliment.token, 4_000, noonOf(dayAgo(3), 1));
  await buy(terminal, 'S-3', voucher.token, 2_000, noonOf(dayAgo(2)));
  await world.ctx.app.services.settlements.settleMerchantDay(merchantId, dayAgo(3));
  await world.ctx.app.services.settlements.settleMerchantDay(merchantId, dayAgo(2));

  const other = await createTestMerchant(world.ctx, { feePlan: { VOUCHER: 100 } });
  await buy(other.terminals[0]!, 'O-1', voucher.token, 1_000, noonOf(dayAgo(3)));
  const settled = await world.ctx.app.services.settlements.settleMerchantDay(other.merchantId, dayAgo(3));
  otherSettlementId = settled.settlement.id;
}, 120_000);

async function asMerchant(url: string) {
  return world.ctx.app.inject({
    method: 'GET',
    url,
    headers: await sessionHeaders(world.ctx, world.ids.merchant),
  });
}

describe('a merchant’s own settlements', () => {
  it('lists each day with its fee per product, its payout state and the sums of the range', async () => {
    const response = await asMerchant(
      `/api/v1/merchants/retrieveSettlements?from=${dayAgo(3)}&to=${dayAgo(2)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(body.settlements.map((s: { businessDay: string }) => s.businessDay)).toEqual([
      dayAgo(2),
      dayAgo(3),
    ]);
    const older = body.settlements[1];
    // 3 % of 100 € and 1.5 % of 40 €, VAT 24 % on each fee.
    expect(older.lines).toEqual([
      expect.objectContaining({ product: 'COPMLIMENT', purchases: 4_000, fee: 60, vat: 14 }),
      expect.objectContaining({ product: 'VOUCHER', purchases: 10_000, fee: 300, vat: 72 }),
    ]);
    expect(older).toMatchObject({ feeCents: 360, vatCents: 86, netCents: 13_554 });
    expect(older.payout).toMatchObject({
      amountCents: 13_554,
      state: 'scheduled',
      sentAt: null,
      paidAt: null,
    });
    expect(older).not.toHaveProperty('merchantId');
    expect(body.totals).toEqual({ purchasesCents: 16_000, feeCents: 420, vatCents: 100, netCents: 15_480 });
    expect(body.invoiceMonths).toEqual([...new Set([dayAgo(2).slice(0, 7), dayAgo(3).slice(0, 7)])]);
  });

  it('shows one settlement by id, and another merchant’s as not found', async () => {
    const list = (await asMerchant('/api/v1/merchants/retrieveSettlements?pageSize=1')).json();
    const [first] = list.settlements;
    const own = await asMerchant(
      `/api/v1/merchants/retrieveSettlementDetails?settlementId=${first.settlementId}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().settlement).toEqual(first);
    const foreign = await asMerchant(
      `/api/v1/merchants/retrieveSettlementDetails?settlementId=${otherSettlementId}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('name a bad query field', async () => {
    const bad = await asMerchant('/api/v1/merchants/retrieveSettlements?from=2026-02-30x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ field: 'querystring.from' })]);
    const badId = await asMerchant('/api/v1/merchants/retrieveSettlementDetails?settlementId=nope');
    expect(badId.statusCode).toBe(400);
  });

  it('answer merchant users and provider staff naming the merchant; company roles get 403', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
      world.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/merchants/retrieveSettlements',
        headers: { ...headers, merchantid: merchantId },
      }),
    );
    expect(statuses).toEqual({
      admin: 200,
      care: 200,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 200,
    });
    const staff = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/retrieveSettlements',
      headers: { ...(await sessionHeaders(world.ctx, world.ids.admin)), merchantid: merchantId },
    });
    expect(staff.json()).toMatchObject({ total: 2 });
  });
});

// Last in the file: sending payouts sends every merchant's scheduled ones.
describe('a merchant’s next payout (issue 34 §2 item 2)', () => {
  it('is the next scheduled payout, never the oldest one already sent; the sent ones are on their way', async () => {
    const { merchantId: payee, terminals } = await createTestMerchant(world.ctx, {
      feePlan: { VOUCHER: 100 },
    });
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 50_000 });
    const settlements = world.ctx.app.services.settlements;
    for (const daysAgo of [7, 6, 5]) {
      await buy(terminals[0]!, `N-${daysAgo}`, card.token, 1_000 * daysAgo, noonOf(dayAgo(daysAgo)));
      await settlements.settleMerchantDay(payee, dayAgo(daysAgo));
    }
    await settlements.sendPayouts({ userId: world.ids.admin });
    const balance = async () => {
      const response = await world.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/merchants/retrieveBalance',
        headers: { ...(await sessionHeaders(world.ctx, world.ids.admin)), merchantid: payee },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    // 1 % fee + 24 % VAT on it: 7.000 → 6.913, 6.000 → 5.926, 5.000 → 4.938 cents.
    const onTheWay = [
      expect.objectContaining({ day: dayAgo(7), amountCents: 6_913, sentAt: expect.any(String) }),
      expect.objectContaining({ day: dayAgo(6), amountCents: 5_926 }),
      expect.objectContaining({ day: dayAgo(5), amountCents: 4_938 }),
    ];
    // Everything was sent: none is scheduled, three are on their way.
    expect(await balance()).toMatchObject({
      scheduledPayoutCents: 0,
      scheduledPayoutCount: 0,
      nextPayout: null,
      onTheWay,
      onTheWayCents: 17_777,
    });

    await buy(terminals[0]!, 'N-4', card.token, 2_000, noonOf(dayAgo(4)));
    await settlements.settleMerchantDay(payee, dayAgo(4));
    await buy(terminals[0]!, 'N-3', card.token, 3_000, noonOf(dayAgo(3)));
    await settlements.settleMerchantDay(payee, dayAgo(3));
    expect(await balance()).toMatchObject({
      scheduledPayoutCents: 1_975 + 2_963,
      scheduledPayoutCount: 2,
      nextPayout: { amountCents: 1_975, state: 'scheduled', day: dayAgo(4) },
      onTheWay,
      onTheWayCents: 17_777,
    });
  });
});
