import {
  addDays,
  athensDate,
  athensMidnight,
  feeOf,
  formatAmount,
  isValidRf,
  supplyPriceOf,
  TERMINAL_RENTAL_CENTS,
  withVat,
  type MerchantCharge,
} from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { demoWorldTestFile, sessionHeaders } from '../../../test/tenant-helper';
import { DEMO_CARD_TOKENS, DEMO_MERCHANT_USERS, seedDemoMerchants } from '../../db/seed/demo-merchants';
import { athensMonth } from './charge-rentals';

const world = demoWorldTestFile({ cardScale: 0.05 });
const users = new Map<string, string>();
let frescoStore: string;
let tavernaStore: string;
let frescoTill: { id: string; mid: string };
const month = athensMonth(new Date());

beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 0 });
  const { rows } = await world.ctx.database.pool.query<{ id: string; email: string }>(
    'select id, email from users where email = any($1)',
    [DEMO_MERCHANT_USERS.map((user) => user.email)],
  );
  for (const row of rows) users.set(row.email, row.id);
  const stores = await world.ctx.database.pool.query<{ id: string; merchant_id: string }>(
    'select id, merchant_id from merchant_stores order by name',
  );
  frescoStore = stores.rows.find((row) => row.merchant_id === 'M2002')!.id;
  tavernaStore = stores.rows.find((row) => row.merchant_id === 'M2001')!.id;
  const tills = await world.ctx.database.pool.query<{ id: string; mid: string }>(
    `select id, mid from merchant_terminals where merchant_id = 'M2002' and state = 'enrolled' order by mid limit 1`,
  );
  frescoTill = tills.rows[0]!;
});

const viewer = () => users.get('merchant.viewer@tessera.demo')!;
const taverna = () => users.get('taverna@tessera.demo')!;
const BASE = '/api/v1/merchants';

async function call(
  method: 'GET' | 'POST',
  url: string,
  userId: string,
  payload?: object,
  options: { culture?: string; merchantId?: string } = {},
) {
  return world.ctx.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: {
      ...(await sessionHeaders(world.ctx, userId)),
      culture: options.culture ?? 'en-us',
      ...(options.merchantId ? { merchantid: options.merchantId } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

async function query<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query<T>(text, values)).rows;
}

async function expectBalancedLedger() {
  expect(await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db)).toEqual({
    unbalancedTransactions: [],
    balanceMismatches: [],
    negativeAccounts: [],
  });
}

/** A 400 naming `field`, in English and in Greek. */
async function expectRefused(
  method: 'GET' | 'POST',
  url: string,
  payload: object | undefined,
  field: string,
) {
  for (const culture of ['en-us', 'el-gr']) {
    const response = await call(method, url, world.ids.merchant, payload, { culture });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ fields?: { field: string; message: string }[] }>();
    const problem = body.fields?.find((entry) => entry.field === field || entry.field.endsWith(`.${field}`));
    expect(problem, `${url} ${culture}: ${response.body}`).toBeDefined();
    expect(problem!.message.length).toBeGreaterThan(0);
    if (culture === 'el-gr') expect(problem!.message).toMatch(/[α-ωά-ώ]/i);
  }
}

/** Follows the sandbox bank's page with a decision; answers where the browser is sent back. */
async function throughBank(redirectUrl: string, decision: 'approved' | 'declined' | 'cancelled') {
  const url = new URL(redirectUrl, world.ctx.config.publicUrl);
  const page = await world.ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  const decided = await world.ctx.app.inject({
    method: 'POST',
    url: '/sandbox/bank/pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ session: url.searchParams.get('session')!, decision }).toString(),
  });
  expect(decided.statusCode).toBe(303);
  const back = new URL(decided.headers.location as string);
  return {
    pathname: back.pathname,
    params: {
      paymentId: back.searchParams.get('paymentId')!,
      result: back.searchParams.get('result')!,
      bankReference: back.searchParams.get('bankReference')!,
      signature: back.searchParams.get('signature')!,
    },
  };
}

describe('terminal rentals', () => {
  it('charges each enrolled terminal once a month, whoever runs it twice', async () => {
    const billing = world.ctx.app.services.merchantBilling;
    const made = await billing.chargeRentals(month);
    const [enrolled] = await query<{ n: number }>(
      `select count(*)::int as n from merchant_terminals where state = 'enrolled'`,
    );
    expect(made).toBe(enrolled!.n);
    expect(await billing.chargeRentals(month)).toBe(0);
    const response = await call('GET', '/merchantCharges?status=open', viewer());
    expect(response.statusCode).toBe(200);
    const charges = response.json<{ charges: MerchantCharge[] }>().charges;
    expect(charges.length).toBeGreaterThan(0);
    const price = withVat(TERMINAL_RENTAL_CENTS);
    expect(charges[0]).toMatchObject({
      kind: 'terminalRental',
      amountCents: price.grossCents,
      vatCents: price.vatCents,
      period: month,
      status: 'open',
      paidAt: null,
    });
    expect(charges[0]!.description).toContain('Terminal rental');
    const greek = await call('GET', '/merchantCharges', viewer(), undefined, { culture: 'el-gr' });
    expect(greek.json<{ charges: MerchantCharge[] }>().charges[0]!.description).toContain(
      'Μίσθωση τερματικού',
    );
  });

  it('refuses a bad status filter (named, in both languages) and company users', async () => {
    await expectRefused('GET', '/merchantCharges?status=overdue', undefined, 'status');
    expect((await call('GET', '/merchantCharges', world.ids.om1)).statusCode).toBe(403);
    expect((await call('GET', '/merchantCharges', world.ids.finance)).statusCode).toBe(403);
    const staff = await call('GET', '/merchantCharges', world.ids.admin, undefined, { merchantId: 'M2001' });
    expect(staff.statusCode).toBe(200);
    expect(
      staff.json<{ charges: MerchantCharge[] }>().charges.every((charge) => charge.period === month),
    ).toBe(true);
  });
});

describe('bags and TRV stickers', () => {
  it('orders packs for the merchant’s store as an open charge, listed for the view-only user', async () => {
    const response = await call('POST', '/bagsTrvStickers', world.ids.merchant, {
      storeId: frescoStore,
      bags: 3,
      stickers: 2,
      notes: 'Παράδοση πρωί',
    });
    expect(response.statusCode).toBe(200);
    const price = supplyPriceOf(3, 2);
    const body = response.json<{
      order: { orderId: string; storeName: string; amountCents: number; status: string };
      charge: MerchantCharge;
    }>();
    expect(body.order).toMatchObject({
      amountCents: price.grossCents,
      status: 'ordered',
      bags: 3,
      stickers: 2,
    });
    expect(body.charge).toMatchObject({ kind: 'supplies', amountCents: price.grossCents, status: 'open' });
    const listed = await call('GET', '/bagsTrvStickers', viewer());
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ orders: { orderId: string; chargeId: string }[] }>().orders[0]).toMatchObject({
      orderId: body.order.orderId,
      chargeId: body.charge.chargeId,
    });
    const [audit] = await query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'supplies.order' and entity_id = $1`,
      [body.order.orderId],
    );
    expect(audit!.n).toBe(1);
  });

  it('refuses bad input by field, another merchant’s store, the view-only user and company users', async () => {
    await expectRefused('POST', '/bagsTrvStickers', { storeId: frescoStore, bags: 0, stickers: 0 }, 'bags');
    await expectRefused('POST', '/bagsTrvStickers', { storeId: frescoStore, bags: 51 }, 'bags');
    await expectRefused('POST', '/bagsTrvStickers', { storeId: frescoStore, stickers: 21 }, 'stickers');
    await expectRefused('POST', '/bagsTrvStickers', { storeId: frescoStore, bags: 1.5 }, 'bags');
    await expectRefused('POST', '/bagsTrvStickers', { storeId: 'nope', bags: 1 }, 'storeId');
    await expectRefused(
      'POST',
      '/bagsTrvStickers',
      { storeId: frescoStore, bags: 1, notes: 'x'.repeat(301) },
      'notes',
    );
    expect(
      (await call('POST', '/bagsTrvStickers', world.ids.merchant, { storeId: tavernaStore, bags: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/bagsTrvStickers', viewer(), { storeId: frescoStore, bags: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/bagsTrvStickers', world.ids.om1, { storeId: frescoStore, bags: 1 })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/bagsTrvStickers', world.ids.payment)).statusCode).toBe(403);
  });
});

describe('paying by RF transfer', () => {
  it('answers one valid RF for the open charges while they are unchanged, a new one after a change', async () => {
    const first = await call('GET', '/retrieveRfCode', viewer());
    expect(first.statusCode).toBe(200);
    const answer = first.json<{
      rfCode: string;
      amountCents: number;
      charges: MerchantCharge[];
      bank: { iban: string };
    }>();
    expect(isValidRf(answer.rfCode)).toBe(true);
    expect(answer.rfCode).toContain('M2002');
    expect(answer.amountCents).toBe(answer.charges.reduce((sum, charge) => sum + charge.amountCents, 0));
    expect(answer.bank.iban).toMatch(/^GR/);
    const again = await call('GET', '/retrieveRfCode', world.ids.merchant);
    expect(again.json<{ rfCode: string }>().rfCode).toBe(answer.rfCode);
    await call('POST', '/bagsTrvStickers', world.ids.merchant, { storeId: frescoStore, stickers: 1 });
    const changed = await call('GET', '/retrieveRfCode', viewer());
    const next = changed.json<{ rfCode: string; amountCents: number }>();
    expect(next.rfCode).not.toBe(answer.rfCode);
    expect(isValidRf(next.rfCode)).toBe(true);
    expect(next.amountCents).toBe(answer.amountCents + supplyPriceOf(0, 1).grossCents);
    // Another merchant's reference is its own.
    const other = await call('GET', '/retrieveRfCode', taverna());
    expect(other.json<{ rfCode: string }>().rfCode).toContain('M2001');
    expect((await call('GET', '/retrieveRfCode', world.ids.om1)).statusCode).toBe(403);
  });
});

describe('paying by card at the sandbox bank', () => {
  it('pays every open charge once, posts bank → fees + VAT once, and a repeat finds it paid', async () => {
    const open = (await call('GET', '/merchantCharges?status=open', world.ids.merchant)).json<{
      charges: MerchantCharge[];
    }>().charges;
    const total = open.reduce((sum, charge) => sum + charge.amountCents, 0);
    const vat = open.reduce((sum, charge) => sum + charge.vatCents, 0);
    expect((await call('POST', '/createMerchantPayment', viewer(), {})).statusCode).toBe(403);
    const created = await call('POST', '/createMerchantPayment', world.ids.merchant, {});
    expect(created.statusCode).toBe(200);
    const payment = created.json<{ paymentId: string; redirectUrl: string; amountCents: number }>();
    expect(payment.amountCents).toBe(total);
    expect(payment.redirectUrl).toContain('/sandbox/bank/pay?session=');
    // Nothing is paid before the bank decides.
    expect(
      (await call('POST', '/validateMerchantPayment', viewer(), { paymentId: payment.paymentId })).json(),
    ).toMatchObject({ status: 'pending', amountCents: total });

    const back = await throughBank(payment.redirectUrl, 'approved');
    expect(back.pathname).toBe('/en/merchant/payment/success');
    expect(back.params.paymentId).toBe(payment.paymentId);
    // The bank's callback (to the orders' callback address) already applied it ...
    expect(
      (await call('POST', '/validateMerchantPayment', viewer(), { paymentId: payment.paymentId })).json(),
    ).toMatchObject({ status: 'paid' });
    const [notice] = await query<{ outcome: string }>(
      `select outcome from bank_notices where payment_id = $1 and id like 'callback:%'`,
      [payment.paymentId],
    );
    expect(notice!.outcome).toBe('matched');
    // ... and the signed return (twice) changes nothing more.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const validated = await call('POST', '/validateMerchantPayment', world.ids.merchant, back.params);
      expect(validated.statusCode).toBe(200);
      expect(validated.json()).toMatchObject({ success: true, status: 'paid', amountCents: total });
    }
    const charges = await query<{ status: string; payment_id: string | null }>(
      `select status, payment_id from merchant_charges where id = any($1)`,
      [open.map((charge) => charge.chargeId)],
    );
    expect(charges.every((row) => row.status === 'paid' && row.payment_id === payment.paymentId)).toBe(true);
    const postings = await query<{ id: string }>(
      `select id from ledger_transactions where idempotency_key = $1`,
      [`merchant-payment:${payment.paymentId}`],
    );
    expect(postings).toHaveLength(1);
    const entries = await query<{ kind: string; amount: string }>(
      `select a.kind, e.amount_cents as amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = $1 order by a.kind`,
      [postings[0]!.id],
    );
    expect(entries.map((entry) => [entry.kind, Number(entry.amount)])).toEqual([
      ['bank', -total],
      ['fees', total - vat],
      ['vat', vat],
    ]);
    const [audit] = await query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'merchantPayment.paid' and entity_id = $1`,
      [payment.paymentId],
    );
    expect(audit!.n).toBe(1);
    const paid = (await call('GET', '/merchantCharges?status=paid', viewer())).json<{
      charges: MerchantCharge[];
    }>().charges;
    expect(paid.map((charge) => charge.chargeId).sort()).toEqual(
      open.map((charge) => charge.chargeId).sort(),
    );
    expect(paid.every((charge) => charge.paidAt !== null)).toBe(true);
    // Paying a paid charge again is a conflict; with nothing open, so is paying "everything".
    expect(
      (
        await call('POST', '/createMerchantPayment', world.ids.merchant, {
          chargeIds: [open[0]!.chargeId],
        })
      ).statusCode,
    ).toBe(409);
    expect((await call('POST', '/createMerchantPayment', world.ids.merchant, {})).statusCode).toBe(409);
    // Nothing open: no RF.
    expect((await call('GET', '/retrieveRfCode', viewer())).json()).toMatchObject({
      rfCode: null,
      amountCents: 0,
    });
    await expectBalancedLedger();
  });

  it('leaves the charges open when the bank declines, and returns to the failure page in Greek', async () => {
    await call('POST', '/bagsTrvStickers', world.ids.merchant, { storeId: frescoStore, bags: 1 });
    const created = await call(
      'POST',
      '/createMerchantPayment',
      world.ids.merchant,
      {},
      { culture: 'el-gr' },
    );
    const payment = created.json<{ paymentId: string; redirectUrl: string }>();
    const back = await throughBank(payment.redirectUrl, 'declined');
    expect(back.pathname).toBe('/merchant/payment/failure');
    const validated = await call('POST', '/validateMerchantPayment', viewer(), back.params);
    expect(validated.json()).toMatchObject({ status: 'failed' });
    const open = (await call('GET', '/merchantCharges?status=open', viewer())).json<{
      charges: MerchantCharge[];
    }>().charges;
    expect(open).toHaveLength(1);
    // A forged return is refused, naming the signature.
    const forged = await call('POST', '/validateMerchantPayment', world.ids.merchant, {
      ...back.params,
      result: 'approved',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('signature');
    await expectBalancedLedger();
  });

  it('keeps payments and charges to their merchant, and refuses bad input by field', async () => {
    const created = await call('POST', '/createMerchantPayment', world.ids.merchant, {});
    const { paymentId } = created.json<{ paymentId: string }>();
    // The taverna sees neither the supermarket's payment nor may pay its charges.
    expect((await call('POST', '/validateMerchantPayment', taverna(), { paymentId })).statusCode).toBe(404);
    const [frescoCharge] = await query<{ id: string }>(
      `select id from merchant_charges where merchant_id = 'M2002' and status = 'open' limit 1`,
    );
    expect(
      (await call('POST', '/createMerchantPayment', taverna(), { chargeIds: [frescoCharge!.id] })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/createMerchantPayment', world.ids.om1, {})).statusCode).toBe(403);
    expect((await call('POST', '/validateMerchantPayment', world.ids.om1, { paymentId })).statusCode).toBe(
      403,
    );
    await expectRefused('POST', '/createMerchantPayment', { chargeIds: ['not-a-uuid'] }, 'chargeIds.0');
    await expectRefused('POST', '/createMerchantPayment', { chargeIds: [] }, 'chargeIds');
    await expectRefused('POST', '/validateMerchantPayment', { paymentId: 'x' }, 'paymentId');
    await expectRefused('POST', '/validateMerchantPayment', { paymentId, result: 'maybe' }, 'result');
  });
});

describe('the monthly fee invoice', () => {
  it('prints the month’s fees per product from its settlements, in Greek', async () => {
    const services = world.ctx.app.services;
    const now = new Date();
    const day = addDays(athensDate(now), -1);
    const at = new Date(athensMidnight(day).getTime() + 12 * 3_600_000);
    const purchases = [
      { token: DEMO_CARD_TOKENS.meal, amountCents: 1_850 },
      { token: DEMO_CARD_TOKENS.gift, amountCents: 4_000 },
    ];
    for (const [index, purchase] of purchases.entries()) {
      const answer = await services.terminals.authorise(
        { terminalId: frescoTill.id, mid: frescoTill.mid },
        {
          terminalTransactionId: `INV-${index}`,
          mid: frescoTill.mid,
          cardToken: purchase.token,
          amountCents: purchase.amountCents,
          time: at.toISOString(),
        },
        { locale: 'el', at },
      );
      expect(answer.outcome).toBe('approved');
    }
    await services.settlements.settleMerchantDay('M2002', day, { at: now });
    // M2002's plan: Ticket Restaurant and gift vouchers 3%.
    const meal = feeOf(1_850, 300);
    const gift = feeOf(4_000, 300);
    const response = await call('GET', `/feeInvoice?month=${day.slice(0, 7)}`, viewer());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Κατάσταση προμηθειών');
    expect(text).toContain('Δεν αποτελεί φορολογικό στοιχείο');
    expect(text).toContain('Tessera Prepaid Cards S.A.');
    expect(text).toContain('ΑΦΜ: ');
    expect(text).toContain(formatAmount(meal.feeCents + gift.feeCents));
    expect(text).toContain(formatAmount(meal.vatCents + gift.vatCents));
    expect(text).toContain(formatAmount(meal.feeCents + gift.feeCents + meal.vatCents + gift.vatCents));
    expect(text).toContain(formatAmount(5_850));
    expect(text).toContain('3,00%');
    // Only the merchant's own settlements: the taverna had none that month.
    expect((await call('GET', `/feeInvoice?month=${day.slice(0, 7)}`, taverna())).statusCode).toBe(404);
    expect((await call('GET', '/feeInvoice?month=2020-01', viewer())).statusCode).toBe(404);
    expect((await call('GET', `/feeInvoice?month=${day.slice(0, 7)}`, world.ids.om1)).statusCode).toBe(403);
    await expectRefused('GET', '/feeInvoice?month=2026-13', undefined, 'month');
    await expectRefused('GET', '/feeInvoice', undefined, 'month');
    await expectBalancedLedger();
  });
});

describe('decline spikes', () => {
  it('tells the merchant once per threshold and day, with the most frequent reason in the reader’s language', async () => {
    const services = world.ctx.app.services;
    const at = new Date();
    const decline = (index: number) =>
      services.terminals.authorise(
        { terminalId: frescoTill.id, mid: frescoTill.mid },
        {
          terminalTransactionId: `SPIKE-${index}`,
          mid: frescoTill.mid,
          cardToken: 'tok_unknown_card',
          amountCents: 500,
          time: at.toISOString(),
        },
        { locale: 'el', at },
      );
    const spikes = async () =>
      (
        await query<{ n: number }>(
          `select count(*)::int as n from merchant_notifications where merchant_id = 'M2002' and kind = 'declineSpike'`,
        )
      )[0]!.n;
    for (let index = 0; index < 9; index += 1) expect((await decline(index)).outcome).toBe('declined');
    expect(await spikes()).toBe(0);
    await decline(9);
    expect(await spikes()).toBe(1);
    await decline(10);
    await decline(10); // a repeat of the same call
    expect(await spikes()).toBe(1);
    const en = await call('GET', '/retrieveMerchantNotifications', viewer());
    const spike = en
      .json<{ notifications: { kind: string; body: string }[] }>()
      .notifications.find((notification) => notification.kind === 'declineSpike')!;
    expect(spike.body).toMatch(/^10 declines today, most often: .+\.$/);
    expect(spike.body).not.toContain('cardNotActive');
    const el = await call('GET', '/retrieveMerchantNotifications', viewer(), undefined, { culture: 'el-gr' });
    expect(
      el
        .json<{ notifications: { kind: string; body: string }[] }>()
        .notifications.find((notification) => notification.kind === 'declineSpike')!.body,
    ).toMatch(/^10 απορρίψεις σήμερα, συχνότερος λόγος: [^a-z]+\.$/);
    await expectBalancedLedger();
  });
});
