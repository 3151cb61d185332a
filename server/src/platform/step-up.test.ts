import { ERROR_CODE, ROLE, type DraftOrder, type OrderSummary } from '@tessera/domain';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { holderLine } from '../../test/draft-lines';
import { demoWorldTestFile, sessionHeaders } from '../../test/tenant-helper';
import { seedDemoMerchants } from '../db/seed/demo-merchants';
import { TOTP_PARAMETERS } from '../db/seed/demo-second-factor';
import { createUser } from '../db/seed/factories';
import { encryptTotpSecret, secondFactorKey } from '../modules/identity';
import { userSecondFactors } from '../modules/identity/schema';

/**
 * Step-up (issue 21 §2, ADR 031): with a second factor, submitting or approving an order above the
 * company's threshold, changing who approves and changing a merchant's IBAN need a code typed
 * within 5 minutes. Refused changes change nothing; after `POST /api/v2/identity/step-up` with the
 * current code the same request goes through. Without a second factor nothing is asked.
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

  it('asks a maker with a second factor for a fresh code above the threshold only, and writes nothing before it', async () => {
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

    // Below the threshold the money needs no approval and no fresh code.
    const small = await draftOf(headers, 500);
    expect((await submit(headers, small.draftId)).statusCode).toBe(200);

    const wrong = await stepUp(headers, code() === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: ERROR_CODE.SECOND_FACTOR_INVALID });
    expectStepUp(await submit(headers, big.draftId));

    expect((await stepUp(headers, code())).statusCode).toBe(200);
    const submitted = await submit(headers, big.draftId);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<{ order: OrderSummary }>().order.status).toBe('awaiting_approval');
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
