import { ERROR_CODE, ROLE, type DraftOrder, type OrderSummary } from '@tessera/domain';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { holderLine } from '../../test/draft-lines';
import { cardWithBalance } from '../../test/merchant-helper';
import { demoWorldTestFile, sessionHeaders } from '../../test/tenant-helper';
import { seedDemoMerchants } from '../db/seed/demo-merchants';
import { TOTP_PARAMETERS } from '../db/seed/demo-second-factor';
import { createUser } from '../db/seed/factories';
import { encryptTotpSecret, secondFactorKey } from '../modules/identity';
import { userSecondFactors } from '../modules/identity/schema';
import { loadConfig } from './config';
import { assertFreshSecondFactor } from './step-up';

/**
 * Step-up (issue 21 §2, ADR 031; issue 33 §9, ADR 040): with a second factor, every submission,
 * payment and unload (from the company's minimum amount, 0 unless set), approving an order,
 * changing who approves and changing a merchant's IBAN need a code typed within the window
 * (STEP_UP_MINUTES, 5 by default). Refused changes change nothing; after
 * `POST /api/v2/identity/step-up` with the current code the same request goes through. Without a
 * second factor nothing is asked, and an API client's own credentials stand in for one.
 */
const world = demoWorldTestFile({
  env: { LOGIN_RATE_LIMIT: '1000', RATE_LIMIT_MAX: '100000' },
  cardScale: 0.05,
});
const C = 'C1002';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const STALE = () => new Date(Date.now() - 6 * 60_000);

beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 0 });
}, 60_000);

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

async function enrol(userId: string): Promise<void> {
  await world.ctx.database.db.insert(userSecondFactors).values({
    userId,
    secretCiphertext: encryptTotpSecret(secondFactorKey(world.ctx.config.sessionSecret), SECRET),
    enrolledAt: new Date(),
  });
}

/** The current code (each user here steps up once: a code is never accepted twice). */
function code(): string {
  return new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(SECRET) }).generate({
    timestamp: Date.now(),
  });
}

/** A session signed in with both factors more than 5 minutes ago. */
const staleSession = (userId: string, companyId: string | null = C) =>
  sessionHeaders(world.ctx, userId, { companyId, secondFactorAt: STALE() });

function call(headers: Record<string, string>, url: string, payload?: object, culture = 'el-gr') {
  return world.ctx.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    headers: { ...headers, companyid: C, culture },
    ...(payload === undefined ? {} : { payload }),
  });
}

const stepUp = (headers: Record<string, string>, typed: string) =>
  call(headers, '/api/v2/identity/step-up', { code: typed });

let seq = 0;
async function draftOf(headers: Record<string, string>, cents: number): Promise<DraftOrder> {
  seq += 1;
  const saved = await call(headers, '/api/v1/orders/saveDraftOrder', {
    reason: 'new-card',
    orderType: 'NEW',
    product: 'TICKET_RESTAURANT',
    family: 'virtual',
    draftOrderAlias: `step-up ${seq}`,
    cards: [holderLine(`s${seq}`, cents)],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ draftOrder: DraftOrder }>().draftOrder;
}

async function submit(headers: Record<string, string>, draftId: string) {
  return call(headers, '/api/v1/orders/submitPaymentOm', { draftId, method: 'RF' });
}

function expectStepUp(response: { statusCode: number; json: <T>() => T }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ errorCode: ERROR_CODE.STEP_UP_REQUIRED });
}

describe('step-up for money (issue 21 §2)', () => {
  let approver: string;
  let maker: string;
  let makerWithout: string;

  beforeAll(async () => {
    approver = (await createUser(world.ctx.database.db, { roleId: ROLE.PAYMENT_MANAGER, companyIds: [C] }))
      .id;
    maker = (await createUser(world.ctx.database.db, { roleId: ROLE.ORDER_MANAGER, companyIds: [C] })).id;
    makerWithout = (await createUser(world.ctx.database.db, { roleId: ROLE.ORDER_MANAGER, companyIds: [C] }))
      .id;
    await enrol(approver);
    await enrol(maker);
    // C1002's rule: one approval above 10,00 € (set by an approver without a second factor yet).
    const setter = await createUser(world.ctx.database.db, { roleId: ROLE.PAYMENT_MANAGER, companyIds: [C] });
    const set = await call(await staleSession(setter.id), '/api/v1/orders/approvalSettings', {
      thresholdCents: 1_000,
      secondThresholdCents: null,
      expiryDays: 7,
    });
    expect(set.statusCode, set.body).toBe(200);
  });

  it('asks a maker with a second factor for a fresh code for any submission, and writes nothing before it', async () => {
    const headers = await staleSession(maker);
    const big = await draftOf(headers, 2_000);
    const ordersBefore = await query<{ n: number }>(
      `select count(*)::int as n from orders where company_id = $1`,
      [C],
    );

    const refused = await submit(headers, big.draftId);
    expectStepUp(refused);
    expect(refused.json<{ errorMessage: string }>().errorMessage).toMatch(/κωδικό της εφαρμογής επαλήθευσης/);
    const ordersAfter = await query<{ n: number }>(
      `select count(*)::int as n from orders where company_id = $1`,
      [C],
    );
    expect(ordersAfter[0]!.n).toBe(ordersBefore[0]!.n);
    const drafts = await query(`select 1 from draft_orders where id = $1`, [big.draftId]);
    expect(drafts).toHaveLength(1);

    // Below the threshold the money needs no approval, but a fresh code all the same (issue 33 §9).
    const small = await draftOf(headers, 500);
    expectStepUp(await submit(headers, small.draftId));
    expect(await query(`select 1 from draft_orders where id = $1`, [small.draftId])).toHaveLength(1);

    const wrong = await stepUp(headers, code() === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: ERROR_CODE.SECOND_FACTOR_INVALID });
    expectStepUp(await submit(headers, big.draftId));

    expect((await stepUp(headers, code())).statusCode).toBe(200);
    const submitted = await submit(headers, big.draftId);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<{ order: OrderSummary }>().order.status).toBe('awaiting_approval');
    // Within the window the next one goes through without another code.
    expect((await submit(headers, small.draftId)).statusCode).toBe(200);
  });

  it('asks an approver with a second factor before approving, never before rejecting', async () => {
    const makerHeaders = await staleSession(makerWithout);
    // A maker without a second factor is asked nothing.
    const first = await submit(makerHeaders, (await draftOf(makerHeaders, 2_500)).draftId);
    expect(first.statusCode, first.body).toBe(200);
    const orderId = first.json<{ order: OrderSummary }>().order.orderId;
    const second = await submit(makerHeaders, (await draftOf(makerHeaders, 2_500)).draftId);
    const otherId = second.json<{ order: OrderSummary }>().order.orderId;

    const headers = await staleSession(approver);
    const refused = await call(headers, '/api/v1/orders/approveOrder', { orderId }, 'en-us');
    expectStepUp(refused);
    expect(refused.json<{ errorMessage: string }>().errorMessage).toMatch(/authenticator app/);
    const [order] = await query<{ status: string }>(`select status from orders where id = $1`, [orderId]);
    expect(order!.status).toBe('awaiting_approval');
    expect(await query(`select 1 from order_approvals where order_id = $1`, [orderId])).toHaveLength(0);

    // Saying no moves no money.
    const rejected = await call(headers, '/api/v1/orders/rejectOrder', {
      orderId: otherId,
      reason: 'Διπλή παραγγελία',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    expect((await stepUp(headers, code())).statusCode).toBe(200);
    const approved = await call(headers, '/api/v1/orders/approveOrder', { orderId });
    expect(approved.statusCode, approved.body).toBe(200);
    const [after] = await query<{ status: string }>(`select status from orders where id = $1`, [orderId]);
    expect(after!.status).toBe('awaiting_payment');
  });

  it('asks before a change of who approves, not before saving the same rule', async () => {
    const headers = await staleSession(approver);
    const current = await call(headers, '/api/v1/orders/approvalSettings');
    const rule = current.json<{
      settings: { thresholdCents: number; secondThresholdCents: number | null; expiryDays: number };
    }>().settings;
    const same = {
      thresholdCents: rule.thresholdCents,
      secondThresholdCents: rule.secondThresholdCents,
      expiryDays: rule.expiryDays,
    };
    expect((await call(headers, '/api/v1/orders/approvalSettings', same)).statusCode).toBe(200);
    const changed = { ...same, thresholdCents: 50_000 };
    expectStepUp(await call(headers, '/api/v1/orders/approvalSettings', changed));
    const unchanged = await call(headers, '/api/v1/orders/approvalSettings');
    expect(unchanged.json()).toMatchObject({ settings: { thresholdCents: rule.thresholdCents } });
  });

  it('asks a merchant admin with a second factor before a new IBAN, and keeps the contact details until then', async () => {
    const [merchantUser] = await query<{ id: string }>(
      `select id from users where email = 'merchant@tessera.demo'`,
    );
    await enrol(merchantUser!.id);
    const headers = await staleSession(merchantUser!.id, null);
    const profileNow = await call(headers, '/api/v1/merchants/retrieveRedeemerProfileDetails');
    expect(profileNow.statusCode, profileNow.body).toBe(200);
    const merchant = profileNow.json<{
      merchant: { contactName: string; contactEmail: string; contactPhone: string; address: string };
    }>().merchant;
    const contact = {
      contactName: merchant.contactName,
      contactEmail: merchant.contactEmail,
      contactPhone: merchant.contactPhone,
      address: merchant.address,
    };
    const withIban = { ...contact, contactName: 'Νέο όνομα', iban: 'GR41 0260 1110 0000 0098 7654 321' };
    expectStepUp(await call(headers, '/api/v1/merchants/updateRedeemerProfile', withIban));
    const still = await call(headers, '/api/v1/merchants/retrieveRedeemerProfileDetails');
    expect(still.json()).toMatchObject({ merchant: { contactName: merchant.contactName } });

    // Contact details alone move no money.
    expect((await call(headers, '/api/v1/merchants/updateRedeemerProfile', contact)).statusCode).toBe(200);

    expect((await stepUp(headers, code())).statusCode).toBe(200);
    const asked = await call(headers, '/api/v1/merchants/updateRedeemerProfile', withIban);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ ibanChangePending: true, merchant: { contactName: 'Νέο όνομα' } });
  });
});

describe('step-up for every money move (issue 33 §9)', () => {
  let maker1001: string;
  let maker1002: string;
  let without1002: string;

  beforeAll(async () => {
    maker1001 = (
      await createUser(world.ctx.database.db, { roleId: ROLE.ORDER_MANAGER, companyIds: ['C1001'] })
    ).id;
    maker1002 = (await createUser(world.ctx.database.db, { roleId: ROLE.ORDER_MANAGER, companyIds: [C] })).id;
    without1002 = (await createUser(world.ctx.database.db, { roleId: ROLE.ORDER_MANAGER, companyIds: [C] }))
      .id;
    await enrol(maker1001);
    await enrol(maker1002);
  });

  /** Calls as `headers` for `company`. */
  const callFor = (company: string, headers: Record<string, string>, url: string, payload?: object) =>
    world.ctx.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers: { ...headers, companyid: company, culture: 'el-gr' },
      ...(payload === undefined ? {} : { payload }),
    });

  /** A load of `cents` on one of C1001's Ticket Restaurant cards, kept as a draft. */
  async function loadDraft(headers: Record<string, string>, cents: number): Promise<DraftOrder> {
    const [card] = await query<{ id: string; family: string }>(
      `select id, family from cards where company_id = 'C1001' and product = 'TICKET_RESTAURANT'
          and status = 'active' and replaced_by_card_id is null and expiry_date > current_date + 90
        order by id limit 1`,
    );
    seq += 1;
    const saved = await callFor('C1001', headers, '/api/v1/orders/saveDraftOrder', {
      reason: 'load-card',
      orderType: 'LOAD',
      product: 'TICKET_RESTAURANT',
      family: card!.family,
      draftOrderAlias: `step-up load ${seq}`,
      cards: [
        {
          tempCardId: 'l1',
          cardId: card!.id,
          cardholderId: null,
          cardholder: null,
          cardName: '',
          amountCents: cents,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json<{ draftOrder: DraftOrder }>().draftOrder;
  }

  const setMinimum = async (company: string, stepUpMinCents: number) => {
    const admin = await sessionHeaders(world.ctx, world.ids.admin, { companyId: company });
    const current = (await callFor(company, admin, '/api/v1/orders/approvalSettings')).json<{
      settings: { thresholdCents: number | null; secondThresholdCents: number | null; expiryDays: number };
    }>().settings;
    const saved = await callFor(company, admin, '/api/v1/orders/approvalSettings', {
      thresholdCents: current.thresholdCents,
      secondThresholdCents: current.secondThresholdCents,
      expiryDays: current.expiryDays,
      stepUpMinCents,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ settings: { stepUpMinCents } });
  };

  it('asks for a load order of a company without an approval threshold once the window has passed', async () => {
    const headers = await staleSession(maker1001, 'C1001');
    const draft = await loadDraft(headers, 5_000);
    const refused = await callFor('C1001', headers, '/api/v1/orders/submitPaymentOm', {
      draftId: draft.draftId,
      method: 'RF',
    });
    expectStepUp(refused);
    expect(await query(`select 1 from draft_orders where id = $1`, [draft.draftId])).toHaveLength(1);
    expect((await stepUp(headers, code())).statusCode).toBe(200);
    const submitted = await callFor('C1001', headers, '/api/v1/orders/submitPaymentOm', {
      draftId: draft.draftId,
      method: 'RF',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<{ order: OrderSummary }>().order.status).toBe('awaiting_payment');
  });

  it('asks before paying an order and before unloading cards, and writes nothing before it', async () => {
    const plain = await staleSession(without1002);
    const placed = await submit(plain, (await draftOf(plain, 500)).draftId);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json<{ order: OrderSummary }>().order;
    expect(order.status).toBe('awaiting_payment');
    const unloadCard = await cardWithBalance(world.ctx, { companyId: C, balanceCents: 5_000, skip: 3 });
    const leaverCard = await cardWithBalance(world.ctx, { companyId: C, balanceCents: 2_000, skip: 4 });
    const paymentsOf = async () =>
      (
        await query<{ n: number }>(`select count(*)::int as n from payments where order_id = $1`, [
          order.orderId,
        ])
      )[0]!.n;
    const unloadsOf = async () =>
      (
        await query<{ n: number }>(
          `select count(*)::int as n from orders where company_id = $1 and order_type = 'UNLOAD'`,
          [C],
        )
      )[0]!.n;
    const [paymentsBefore, unloadsBefore] = [await paymentsOf(), await unloadsOf()];

    const headers = await staleSession(maker1002);
    const pay = () =>
      call(headers, '/api/v1/orders/createPaymentOrder', { orderId: order.orderId, method: 'IRIS' });
    const unload = () =>
      call(headers, '/api/v1/orders/submitUnloadOrder', {
        cards: [{ cardId: unloadCard.cardId, amountCents: 1_000 }],
        comments: '',
      });
    const blockAndUnload = () =>
      call(headers, '/api/v1/orders/blockAndUnloadCards', { cardIds: [leaverCard.cardId] });
    expectStepUp(await pay());
    expectStepUp(await unload());
    expectStepUp(await blockAndUnload());
    expect([await paymentsOf(), await unloadsOf()]).toEqual([paymentsBefore, unloadsBefore]);
    const [leaver] = await query<{ status: string }>(`select status from cards where id = $1`, [
      leaverCard.cardId,
    ]);
    expect(leaver!.status).toBe('active');

    expect((await stepUp(headers, code())).statusCode).toBe(200);
    expect((await pay()).statusCode).toBe(200);
    expect((await unload()).statusCode).toBe(200);
    const blocked = await blockAndUnload();
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: 1, unloadedCents: 2_000 });
  });

  it('asks nothing below the company’s minimum amount, unless the order waits for approval', async () => {
    await setMinimum('C1001', 100_000);
    try {
      const headers = await staleSession(maker1001, 'C1001');
      // 50,00 €: below C1001's minimum of 1.000,00 €.
      const small = await loadDraft(headers, 5_000);
      const submitted = await callFor('C1001', headers, '/api/v1/orders/submitPaymentOm', {
        draftId: small.draftId,
        method: 'RF',
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      // 1.500,00 € of new cards: at or above it.
      seq += 1;
      const large = await callFor('C1001', headers, '/api/v1/orders/saveDraftOrder', {
        reason: 'new-card',
        orderType: 'NEW',
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        draftOrderAlias: `step-up large ${seq}`,
        cards: [0, 1, 2].map((index) => holderLine(`m${seq}-${index}`, 50_000)),
      });
      expect(large.statusCode, large.body).toBe(200);
      const { draftId } = large.json<{ draftOrder: DraftOrder }>().draftOrder;
      expectStepUp(
        await callFor('C1001', headers, '/api/v1/orders/submitPaymentOm', { draftId, method: 'RF' }),
      );
    } finally {
      await setMinimum('C1001', 0);
    }
    // C1002 waits for approval above 10,00 €: a minimum above that never spares a waiting order.
    await setMinimum(C, 100_000);
    try {
      const headers = await staleSession(maker1002);
      expectStepUp(await submit(headers, (await draftOf(headers, 2_000)).draftId));
    } finally {
      await setMinimum(C, 0);
    }
  });

  it('asks no code of an API client: its own credentials stand in for a second factor', async () => {
    const admin = await sessionHeaders(world.ctx, world.ids.admin, { companyId: 'C1001' });
    const created = await callFor('C1001', admin, '/api/v1/accounts/createApiClient', {
      name: 'Μισθοδοσία',
      scopes: ['orders:write'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { client, clientSecret } = created.json<{ client: { clientId: string }; clientSecret: string }>();
    const token = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret },
    });
    const ordered = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/orders',
      headers: {
        authorization: `Bearer ${token.json<{ access_token: string }>().access_token}`,
        'idempotency-key': `step-up-${Date.now()}`,
      },
      payload: {
        type: 'new',
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        lines: [{ cardholder: { firstName: 'Νίκος', lastName: 'Αλεξίου' }, amountCents: 5_000 }],
        paymentMethod: 'RF',
      },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
  });

  it('takes its window from STEP_UP_MINUTES and tells the account page', async () => {
    const headers = await sessionHeaders(world.ctx, maker1001, { companyId: 'C1001' });
    const status = await callFor('C1001', headers, '/api/v2/identity/second-factor');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ isEnrolled: true, stepUpMinutes: 5 });

    const now = new Date();
    const provedAt = new Date(now.getTime() - 6 * 60_000);
    const state = (windowMs: number) => ({ isEnrolled: true, provedAt, windowMs });
    expect(() => assertFreshSecondFactor(state(10 * 60_000), 'a load', now)).not.toThrow();
    expect(() => assertFreshSecondFactor(state(5 * 60_000), 'a load', now)).toThrow(/second factor/);
    expect(() => assertFreshSecondFactor({ ...state(60_000), provedAt: null }, 'a load', now)).toThrow();
    expect(() =>
      assertFreshSecondFactor({ ...state(60_000), isEnrolled: false }, 'a load', now),
    ).not.toThrow();
    expect(loadConfig({ NODE_ENV: 'test', STEP_UP_MINUTES: '1' }).STEP_UP_MINUTES).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test' }).STEP_UP_MINUTES).toBe(5);
    // The change asked for is sent again after the code: a window of nought would refuse it again.
    expect(() => loadConfig({ NODE_ENV: 'test', STEP_UP_MINUTES: '0' })).toThrow(/STEP_UP_MINUTES/);
    expect(() => loadConfig({ NODE_ENV: 'test', STEP_UP_MINUTES: '61' })).toThrow(/STEP_UP_MINUTES/);
  });
});
