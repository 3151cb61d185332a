import { readFile } from 'node:fs/promises';
import { addDays, athensDate, athensMidnight, type TerminalAnswer } from '@tessera/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { startApp } from '../../../test/bulk-files';
import { openTestDatabase } from '../../../test/harness';
import { cardWithBalance, createTestMerchant, type TestTerminal } from '../../../test/merchant-helper';
import {
  demoWorldTestFile,
  PROVIDER_ONLY_EXPECTATION,
  sessionHeaders,
  statusByUser,
} from '../../../test/tenant-helper';
import { loadConfig, PROVIDER_LEGAL_NAME } from '../../platform/config';

/**
 * Settlements and payouts (issue 15 §4): the day's sales settled once per merchant with the fee of
 * its plan and VAT, the payout through its states, the pain.001 file against the ISO 20022 schema,
 * the routes' roles, and a property test reconciling generated days of terminal traffic to the cent.
 *
 * The app of this file has a job queue (no workers until a test starts them), so the daily job can
 * be run by two "server processes" on the same database.
 */
const world = demoWorldTestFile({
  cardScale: 0.05,
  timeoutMs: 120_000,
  app: async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '.tmp/no-web-dist' });
    const app = await startApp(database, config, { workers: false });
    return {
      app,
      database,
      config,
      async close() {
        await app.close();
        await database.close();
      },
    };
  },
});

const XSD = new URL('../../../assets/iso20022/pain.001.001.03.xsd', import.meta.url);

/** Noon (plus `minutes`) of an Athens business day `daysAgo` days before today. */
function dayAgo(daysAgo: number): string {
  return addDays(athensDate(), -daysAgo);
}
function momentOf(day: string, minutes = 0): Date {
  return new Date(athensMidnight(day).getTime() + (12 * 60 + minutes) * 60_000);
}

/** A purchase at `terminal` through the terminal service, back-dated to `at`. */
function buy(terminal: TestTerminal, id: string, cardToken: string, amountCents: number, at: Date) {
  return world.ctx.app.services.terminals.authorise(
    { terminalId: terminal.terminalId, mid: terminal.mid },
    { terminalTransactionId: id, mid: terminal.mid, cardToken, amountCents, time: at.toISOString() },
    { locale: 'en', at },
  );
}

function giveBack(
  terminal: TestTerminal,
  id: string,
  originalId: string,
  amountCents: number | null,
  at: Date,
): Promise<TerminalAnswer> {
  const caller = { terminalId: terminal.terminalId, mid: terminal.mid };
  const base = {
    terminalTransactionId: id,
    mid: terminal.mid,
    originalTerminalTransactionId: originalId,
    time: at.toISOString(),
  };
  const terminals = world.ctx.app.services.terminals;
  return amountCents === null
    ? terminals.reverse(caller, base, { locale: 'en', at })
    : terminals.refund(caller, { ...base, amountCents }, { locale: 'en', at });
}

async function merchantBalance(merchantId: string): Promise<number> {
  const { rows } = await world.ctx.database.pool.query<{ balance_cents: string }>(
    `select a.balance_cents from merchants m join ledger_accounts a on a.id = m.ledger_account_id where m.id = $1`,
    [merchantId],
  );
  return Number(rows[0]!.balance_cents);
}

async function expectLedgerInvariants() {
  const problems = await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db);
  expect(problems).toEqual({ unbalancedTransactions: [], balanceMismatches: [], negativeAccounts: [] });
}

async function providerHeaders() {
  return sessionHeaders(world.ctx, world.ids.admin);
}

async function validatePain(xml: string) {
  return validateXML({
    xml: [{ fileName: 'payouts.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.03.xsd', contents: await readFile(XSD, 'utf8') }],
  });
}

describe('settling a merchant’s day', () => {
  it('takes the fee of the merchant’s plan per product and VAT on it, and schedules the net', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, {
      feePlan: { VOUCHER: 300, COPMLIMENT: 150 },
    });
    const terminal = terminals[0]!;
    const voucher = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 50_000 });
    const compliment = await cardWithBalance(world.ctx, { product: 'COPMLIMENT', balanceCents: 50_000 });
    const day = dayAgo(3);
    expect(await buy(terminal, 'A-1', voucher.token, 5_000, momentOf(day, 0))).toMatchObject({
      outcome: 'approved',
    });
    await buy(terminal, 'A-2', compliment.token, 10_000, momentOf(day, 1));
    await buy(terminal, 'A-3', compliment.token, 2_000, momentOf(day, 2));
    await giveBack(terminal, 'A-4', 'A-1', 1_000, momentOf(day, 3));
    // The next day's purchase belongs to the next settlement.
    await buy(terminal, 'A-5', voucher.token, 700, momentOf(addDays(day, 1), 0));

    const settlements = world.ctx.app.services.settlements;
    const first = await settlements.settleMerchantDay(merchantId, day);
    expect(first.isNew).toBe(true);
    expect(first.settlement).toMatchObject({
      purchasesCents: 17_000,
      refundsCents: 1_000,
      grossCents: 16_000,
      // COPMLIMENT 12,000 at 1.5 %: fee 180, VAT 43.2 → 43; VOUCHER 4,000 at 3 %: fee 120, VAT 28.8 → 29.
      feeCents: 300,
      vatCents: 72,
      netCents: 15_628,
      carriedCents: 0,
    });
    expect(first.settlement.lines).toEqual([
      {
        product: 'COPMLIMENT',
        purchases: 12_000,
        count: 2,
        givenBack: 0,
        sales: 12_000,
        basisPoints: 150,
        fee: 180,
        vat: 43,
        net: 11_777,
      },
      {
        product: 'VOUCHER',
        purchases: 5_000,
        count: 1,
        givenBack: 1_000,
        sales: 4_000,
        basisPoints: 300,
        fee: 120,
        vat: 29,
        net: 3_851,
      },
    ]);
    expect(first.payout).toMatchObject({
      amountCents: 15_628,
      state: 'scheduled',
      iban: 'GR1601101250000000012300695',
    });
    // Sales 16,000 + the next day's 700 arrived; fee and VAT left.
    expect(await merchantBalance(merchantId)).toBe(16_700 - 372);

    const again = await settlements.settleMerchantDay(merchantId, day);
    expect(again.isNew).toBe(false);
    expect(again.settlement.id).toBe(first.settlement.id);
    const { rows } = await world.ctx.database.pool.query<{
      settlements: string;
      payouts: string;
      fees: string;
    }>(
      `select (select count(*) from settlements where merchant_id = $1) as settlements,
              (select count(*) from payouts where merchant_id = $1) as payouts,
              (select count(*) from ledger_transactions where idempotency_key = $2) as fees`,
      [merchantId, `settlement-fee:${merchantId}:${day}`],
    );
    expect(rows[0]).toEqual({ settlements: 1, payouts: 1, fees: 1 });
    await expectLedgerInvariants();
  });

  it('makes one settlement of two concurrent settlements of the same day', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, { feePlan: { VOUCHER: 250 } });
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 10_000 });
    const day = dayAgo(4);
    await buy(terminals[0]!, 'C-1', card.token, 4_321, momentOf(day));
    const settlements = world.ctx.app.services.settlements;
    const results = await Promise.all([settlements.settleDay(day), settlements.settleDay(day)]);
    const mine = results.map((list) => list.find((result) => result.settlement.merchantId === merchantId)!);
    expect(mine.filter((result) => result.isNew)).toHaveLength(1);
    expect(mine[0]!.settlement.id).toBe(mine[1]!.settlement.id);
    const { rows } = await world.ctx.database.pool.query<{ settlements: string; payouts: string }>(
      `select (select count(*) from settlements where merchant_id = $1) as settlements,
              (select count(*) from payouts where merchant_id = $1) as payouts`,
      [merchantId],
    );
    expect(rows[0]).toEqual({ settlements: 1, payouts: 1 });
    await expectLedgerInvariants();
  });

  it('carries a day of more refunds than sales to the next day instead of paying it', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, { feePlan: { VOUCHER: 300 } });
    const terminal = terminals[0]!;
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 20_000 });
    const [first, second, third] = [dayAgo(6), dayAgo(5), dayAgo(4)];
    await buy(terminal, 'R-1', card.token, 10_000, momentOf(first));
    await giveBack(terminal, 'R-2', 'R-1', 8_000, momentOf(second));
    await buy(terminal, 'R-3', card.token, 5_000, momentOf(third));
    const settlements = world.ctx.app.services.settlements;
    const one = await settlements.settleMerchantDay(merchantId, first);
    const two = await settlements.settleMerchantDay(merchantId, second);
    const three = await settlements.settleMerchantDay(merchantId, third);
    // Day 1: 10,000, fee 300, VAT 72 → 9,628 paid. Day 2: −8,000, fee −240, VAT −58 → −7,702, no
    // payout. Day 3: 5,000 − 150 − 36 = 4,814, less the −7,702 carried → still −2,888, no payout.
    expect(one.payout?.amountCents).toBe(9_628);
    expect(two.settlement).toMatchObject({
      netCents: -7_702,
      feeCents: -240,
      vatCents: -58,
      carriedCents: 0,
    });
    expect(two.payout).toBeNull();
    expect(three.settlement).toMatchObject({ netCents: 4_814, carriedCents: -7_702 });
    expect(three.payout).toBeNull();
    // The merchant account: what is owed (9,628 scheduled) less what the merchant owes (2,888).
    expect(await merchantBalance(merchantId)).toBe(9_628 - 2_888);
    await expectLedgerInvariants();
  });
});

describe('payouts', () => {
  it('go scheduled → sent in one valid pain.001 file → paid, and refuse other moves with 409', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, { feePlan: { VOUCHER: 200 } });
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 30_000 });
    const day = dayAgo(2);
    await buy(terminals[0]!, 'P-1', card.token, 12_345, momentOf(day));
    const { payout } = await world.ctx.app.services.settlements.settleMerchantDay(merchantId, day);
    expect(payout).not.toBeNull();
    const headers = await providerHeaders();

    // Marking a scheduled payout paid skips a state.
    const early = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markPaid',
      headers,
      payload: { payoutIds: [payout!.id] },
    });
    expect(early.statusCode).toBe(409);

    // Staff whose code is older than the step-up window send nothing (issue 33 §9, ADR 040).
    const stale = await sessionHeaders(world.ctx, world.ids.admin, {
      secondFactorAt: new Date(Date.now() - 6 * 60_000),
    });
    const refused = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/send',
      headers: stale,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 33 });
    const waiting = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/payouts?merchantId=${merchantId}`,
      headers,
    });
    expect(waiting.json()).toMatchObject({ payouts: [{ payoutId: payout!.id, state: 'scheduled' }] });

    const send = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/send',
      headers,
    });
    expect(send.statusCode).toBe(200);
    const sent = send.json<{ fileId: string; count: number; totalCents: number }>();
    expect(sent.count).toBeGreaterThanOrEqual(1);
    const listed = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/payouts?merchantId=${merchantId}`,
      headers,
    });
    expect(listed.json()).toMatchObject({
      total: 1,
      payouts: [
        { payoutId: payout!.id, state: 'sent', payoutFileId: sent.fileId, amountCents: payout!.amountCents },
      ],
    });
    // Sent: the payout left the merchant account for the bank.
    expect(await merchantBalance(merchantId)).toBe(0);
    const nothingLeft = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/send',
      headers,
    });
    expect(nothingLeft.json()).toEqual({ success: true, fileId: null, count: 0, totalCents: 0, waiting: 0 });

    const file = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/payoutFiles/${sent.fileId}`,
      headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="TSP[0-9A-F]+\.xml"$/);
    expect(file.body).toContain(`<EndToEndId>${payout!.endToEndId}</EndToEndId>`);
    expect(file.body).toContain(`<NbOfTxs>${sent.count}</NbOfTxs>`);
    expect(file.body).toContain(`<CtrlSum>${(sent.totalCents / 100).toFixed(2)}</CtrlSum>`);
    // One legal name from one setting (issue 34 §2.7).
    expect(file.body).toContain(`<Nm>${PROVIDER_LEGAL_NAME}</Nm>`);

    const paid = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markPaid',
      headers,
      payload: { payoutIds: [payout!.id] },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ payouts: [{ payoutId: payout!.id, state: 'paid' }] });
    const twice = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markPaid',
      headers,
      payload: { payoutIds: [payout!.id] },
    });
    expect(twice.statusCode).toBe(409);
    const { rows } = await world.ctx.database.pool.query<{ action: string }>(
      `select action from audit_log where entity = 'payout' and entity_id = $1 order by id`,
      [payout!.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['payout.send', 'payout.paid']);
    await expectLedgerInvariants();
  });

  it('writes a file the official pain.001.001.03 schema accepts, and the schema refuses a broken one', async () => {
    const settlements = world.ctx.app.services.settlements;
    for (const name of ['Ταβέρνα «Ο Θωμάς» Ο.Ε.', 'Super Market & Co. '.repeat(6)]) {
      const { merchantId, terminals } = await createTestMerchant(world.ctx);
      await world.ctx.database.pool.query('update merchants set legal_name = $2 where id = $1', [
        merchantId,
        name,
      ]);
      const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 10_000 });
      await buy(terminals[0]!, 'X-1', card.token, 1_999, momentOf(dayAgo(2)));
      await settlements.settleMerchantDay(merchantId, dayAgo(2));
    }
    const sent = await settlements.sendPayouts({ userId: world.ids.admin });
    expect(sent.count).toBe(2);
    const { xml } = await settlements.payoutFile(sent.fileId!);
    const result = await validatePain(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml).toContain('<Nm>Taverna O Thomas O.E.</Nm>');
    expect(xml).toContain('<ChrgBr>SLEV</ChrgBr>');
    expect(xml).toMatch(/<SvcLvl>\s*<Cd>SEPA<\/Cd>\s*<\/SvcLvl>/);

    // The same file with a charge bearer the schema does not know, a negative amount and no
    // EndToEndId: each refused.
    for (const broken of [
      xml.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>NONE</ChrgBr>'),
      xml.replace(/(<InstdAmt Ccy="EUR">)/, '$1-'),
      xml.replace(/<EndToEndId>[^<]*<\/EndToEndId>/, ''),
    ]) {
      expect(broken).not.toBe(xml);
      expect((await validatePain(broken)).valid).toBe(false);
    }
  });
});

describe('the settlement routes', () => {
  it('answer provider staff only; merchants and company roles get 403', async () => {
    for (const url of ['/api/v1/merchants/settlements', '/api/v1/merchants/payouts']) {
      const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
        world.ctx.app.inject({ method: 'GET', url, headers }),
      );
      expect(statuses).toEqual(PROVIDER_ONLY_EXPECTATION);
    }
    const markPaid = await statusByUser(world.ctx, world.ids, (headers) =>
      world.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/merchants/payouts/markPaid',
        headers,
        payload: { payoutIds: ['00000000-0000-4000-8000-000000000000'] },
      }),
    );
    // No such payout for staff (404); refused before that for everyone else.
    expect(markPaid).toEqual({ ...PROVIDER_ONLY_EXPECTATION, admin: 404, care: 404 });
  });

  it('name the bad field of a query or body', async () => {
    const headers = await providerHeaders();
    const badQuery = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/settlements?from=2026-13-01',
      headers,
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().fields).toEqual([expect.objectContaining({ field: 'querystring.from' })]);
    const badBody = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markPaid',
      headers,
      payload: { payoutIds: ['not-a-uuid'] },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().fields).toEqual([expect.objectContaining({ field: 'payoutIds.0' })]);
    const unknown = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markPaid',
      headers,
      payload: { payoutIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists settlements by merchant and days, a page at a time', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, { feePlan: { VOUCHER: 100 } });
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 10_000 });
    for (const daysAgo of [9, 8, 7]) {
      await buy(terminals[0]!, `L-${daysAgo}`, card.token, 100 * daysAgo, momentOf(dayAgo(daysAgo)));
      await world.ctx.app.services.settlements.settleMerchantDay(merchantId, dayAgo(daysAgo));
    }
    const response = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/settlements?merchantId=${merchantId}&from=${dayAgo(9)}&to=${dayAgo(8)}&pageSize=1`,
      headers: await providerHeaders(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total: 2,
      page: 1,
      pageSize: 1,
      settlements: [{ merchantId, businessDay: dayAgo(8), grossCents: 800, feeCents: 8, vatCents: 2 }],
    });
  });

  it('show a merchant user its own balance, and refuse company roles', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, {
      feePlan: { VOUCHER: 300 },
      users: [{ userId: world.ids.merchant, role: 'viewer' }],
    });
    const other = await createTestMerchant(world.ctx);
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 20_000 });
    await buy(terminals[0]!, 'B-1', card.token, 10_000, momentOf(dayAgo(2)));
    await world.ctx.app.services.settlements.settleMerchantDay(merchantId, dayAgo(2));
    await buy(terminals[0]!, 'B-2', card.token, 2_500, new Date());

    const mine = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/retrieveBalance',
      headers: await sessionHeaders(world.ctx, world.ids.merchant),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      success: true,
      unsettledCents: 2_500,
      scheduledPayoutCents: 9_628,
      scheduledPayoutCount: 1,
      nextPayout: { amountCents: 9_628, state: 'scheduled', day: dayAgo(2) },
      onTheWay: [],
      onTheWayCents: 0,
      lastPayouts: [
        expect.objectContaining({ amountCents: 9_628, state: 'scheduled', day: dayAgo(2), sentAt: null }),
      ],
    });
    const foreign = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/retrieveBalance',
      headers: { ...(await sessionHeaders(world.ctx, world.ids.merchant)), merchantid: other.merchantId },
    });
    expect(foreign.statusCode).toBe(403);
    for (const key of ['om1', 'finance', 'payment'] as const) {
      const response = await world.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/merchants/retrieveBalance',
        headers: { ...(await sessionHeaders(world.ctx, world.ids[key])), merchantid: merchantId },
      });
      expect(response.statusCode).toBe(403);
    }
    const staff = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/retrieveBalance',
      headers: { ...(await providerHeaders()), merchantid: merchantId },
    });
    expect(staff.json()).toMatchObject({ unsettledCents: 2_500 });
  });
});

describe('the daily job', () => {
  it('queues yesterday once and settles each merchant’s day once with two server processes', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, { feePlan: { VOUCHER: 300 } });
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 5_000 });
    const yesterday = dayAgo(1);
    await buy(terminals[0]!, 'J-1', card.token, 1_000, momentOf(yesterday));
    const second = await startApp(world.ctx.database, world.ctx.config, { workers: true });
    try {
      await world.ctx.app.services.jobs.start();
      const first = await world.ctx.app.services.settlements.requestDay(yesterday);
      const repeat = await second.services.settlements.requestDay(yesterday);
      expect(first).not.toBeNull();
      // A singleton of that day is already queued: pg-boss answers no job.
      expect(repeat).toBeNull();
      // And were it run twice anyway, each merchant's day settles once.
      await Promise.all([
        second.services.settlements.settleDay(yesterday),
        world.ctx.app.services.settlements.settleDay(yesterday),
      ]);
      let state: string | undefined;
      for (let tries = 0; tries < 100; tries += 1) {
        const { rows } = await world.ctx.database.pool.query<{ state: string }>(
          `select state from pgboss.job where id = $1`,
          [first],
        );
        state = rows[0]?.state;
        if (state === 'completed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(state).toBe('completed');
      const { rows } = await world.ctx.database.pool.query<{ count: string }>(
        'select count(*) from settlements where merchant_id = $1 and business_day = $2',
        [merchantId, yesterday],
      );
      expect(rows[0]!.count).toBe(1);
    } finally {
      await second.close();
    }
  });
});

/**
 * The money loop reconciled to the cent over generated days: a fresh merchant per run, two cards,
 * and a few days of purchases, reversals and partial refunds (declined ones included) through the
 * real terminal service, back-dated to their day; some days settled, then maybe the payouts sent
 * and some paid. Then: purchases − given back = fees + VAT + payouts (any state) + carried (never
 * positive) + unsettled sales; the merchant account holds exactly what is scheduled, carried and
 * unsettled; the cards hold what they were given less what they spent; the ledger's invariants
 * hold. 60 database-backed runs here (a few seconds); the 1,000+ generated days the issue asks for
 * run on the same arithmetic (`settlementOf`, `payoutOf`) in domain/src/settlements.test.ts.
 */
describe('the reconciliation property', () => {
  type Op =
    | { kind: 'buy'; card: 0 | 1; amountCents: number }
    | { kind: 'reverse'; target: number }
    | { kind: 'refund'; target: number; share: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('buy' as const),
        card: fc.constantFrom(0 as const, 1 as const),
        amountCents: fc.integer({ min: 1, max: 6_000 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), target: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('refund' as const),
        target: fc.nat(),
        share: fc.double({ min: 0.01, max: 1.2, noNaN: true }),
      }),
    },
  );
  const scenario = fc.record({
    days: fc.array(fc.record({ ops: fc.array(op, { maxLength: 5 }), settle: fc.boolean() }), {
      minLength: 1,
      maxLength: 3,
    }),
    plan: fc.record({
      VOUCHER: fc.integer({ min: 0, max: 1_000 }),
      COPMLIMENT: fc.integer({ min: 0, max: 1_000 }),
    }),
    send: fc.boolean(),
    pay: fc.boolean(),
  });

  it('reconciles purchases with fees, VAT, payouts and what is unsettled, to the cent', async () => {
    const settlements = world.ctx.app.services.settlements;
    let run = 0;
    const seen = { approvedPurchases: 0, approvedGiveBacks: 0, settlements: 0, negativeDays: 0 };
    await fc.assert(
      fc.asyncProperty(scenario, async ({ days, plan, send, pay }) => {
        run += 1;
        const { merchantId, terminals } = await createTestMerchant(world.ctx, { feePlan: { ...plan } });
        const terminal = terminals[0]!;
        const funded = [30_000, 30_000];
        const cards = [
          await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: funded[0]!, skip: 1 }),
          await cardWithBalance(world.ctx, { product: 'COPMLIMENT', balanceCents: funded[1]!, skip: 1 }),
        ];
        const purchases: { id: string; card: number }[] = [];
        const spent = [0, 0];
        let netSales = 0;
        let unsettled = 0;
        for (const [index, day] of days.entries()) {
          const date = dayAgo(days.length + 1 - index);
          let sales = 0;
          for (const [step, action] of day.ops.entries()) {
            const at = momentOf(date, step);
            const id = `${run}-${index}-${step}`;
            let answer: TerminalAnswer;
            let card: number;
            if (action.kind === 'buy') {
              card = action.card;
              answer = await buy(terminal, id, cards[card]!.token, action.amountCents, at);
              if (answer.outcome === 'approved') purchases.push({ id, card });
            } else {
              const target = purchases[action.target % Math.max(purchases.length, 1)];
              if (!target) continue;
              card = target.card;
              const amount = action.kind === 'reverse' ? null : Math.max(1, Math.floor(action.share * 3_000));
              answer = await giveBack(terminal, id, target.id, amount, at);
            }
            if (answer.outcome !== 'approved') continue;
            const signed = action.kind === 'buy' ? answer.amountCents : -answer.amountCents;
            if (action.kind === 'buy') seen.approvedPurchases += 1;
            else seen.approvedGiveBacks += 1;
            sales += signed;
            spent[card] = spent[card]! + signed;
          }
          netSales += sales;
          if (day.settle) {
            const { settlement } = await settlements.settleMerchantDay(merchantId, date);
            expect(settlement.grossCents).toBe(sales);
            seen.settlements += 1;
            if (sales < 0) seen.negativeDays += 1;
          } else {
            unsettled += sales;
          }
        }
        if (send) await settlements.sendPayouts({ userId: world.ids.admin });
        const { rows: payoutRows } = await world.ctx.database.pool.query<{
          id: string;
          state: string;
          amount_cents: number;
        }>('select id, state, amount_cents from payouts where merchant_id = $1', [merchantId]);
        const sentIds = payoutRows.filter((row) => row.state === 'sent').map((row) => row.id);
        if (pay && sentIds.length > 0) await settlements.markPaid({ userId: world.ids.admin }, sentIds);

        const { rows } = await world.ctx.database.pool.query<{ fee: number; vat: number; net: number }>(
          `select coalesce(sum(fee_cents), 0)::bigint as fee, coalesce(sum(vat_cents), 0)::bigint as vat,
                  coalesce(sum(net_cents), 0)::bigint as net from settlements where merchant_id = $1`,
          [merchantId],
        );
        const { fee, vat, net } = rows[0]!;
        const payouts = payoutRows.reduce((sum, row) => sum + row.amount_cents, 0);
        const scheduled = payoutRows
          .filter((row) => row.state === 'scheduled')
          .reduce((sum, row) => sum + row.amount_cents, 0);
        const carried = net - payouts;
        expect(payoutRows.every((row) => row.amount_cents > 0)).toBe(true);
        expect(carried).toBeLessThanOrEqual(0);
        expect(fee + vat + payouts + carried + unsettled).toBe(netSales);
        expect(await merchantBalance(merchantId)).toBe(scheduled + carried + unsettled);
        const ledger = world.ctx.app.services.ledger;
        for (const [index, card] of cards.entries()) {
          const balance = await ledger.balance(world.ctx.database.db, card.accountId);
          expect(balance).toBe(funded[index]! - spent[index]!);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
      }),
      // Seeded: the coverage below (a day of more refunds than sales, among others) must not hang
      // on the luck of one run; an unseeded run missed the negative day once in CI.
      { numRuns: 60, seed: 20_261_126 },
    );
    await expectLedgerInvariants();
    // The runs did move money: purchases, money given back, settlements, a day of more refunds.
    expect(seen.approvedPurchases).toBeGreaterThan(50);
    expect(seen.approvedGiveBacks).toBeGreaterThan(10);
    expect(seen.settlements).toBeGreaterThan(20);
    expect(seen.negativeDays).toBeGreaterThan(0);
    console.log(`reconciliation property: ${JSON.stringify(seen)}`);
  }, 120_000);
});
