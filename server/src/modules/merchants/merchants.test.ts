import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CARD_TOKENS,
  DEMO_MERCHANT_USERS,
  DEMO_TERMINAL,
  seedDemoMerchants,
} from '../../db/seed/demo-merchants';
import { terminalToken } from '../../../test/merchant-helper';
import { demoWorldTestFile, sessionHeaders, statusByUser } from '../../../test/tenant-helper';

const world = demoWorldTestFile({ cardScale: 0.05 });
/** The demo merchant users beside the demo merchant administrator (M2002), by e-mail. */
const others = new Map<string, string>();
let terminalIds: Record<string, string>;

beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 0 });
  const { rows } = await world.ctx.database.pool.query<{ id: string; email: string }>(
    `select id, email from users where email = any($1)`,
    [DEMO_MERCHANT_USERS.map((user) => user.email)],
  );
  for (const row of rows) others.set(row.email, row.id);
  const terminals = await world.ctx.database.pool.query<{ id: string; mid: string }>(
    'select id, mid from merchant_terminals',
  );
  terminalIds = Object.fromEntries(terminals.rows.map((row) => [row.mid, row.id]));
});

const viewer = () => others.get('merchant.viewer@tessera.demo')!;
const taverna = () => others.get('taverna@tessera.demo')!;

async function get(url: string, userId: string, headers: Record<string, string> = {}) {
  return world.ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(await sessionHeaders(world.ctx, userId)), ...headers },
  });
}

async function purchase(userId: string, body: object, headers: Record<string, string> = {}) {
  return world.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/merchants/virtualTerminal/authorise',
    headers: { ...(await sessionHeaders(world.ctx, userId)), culture: 'en-us', ...headers },
    payload: body,
  });
}

describe('merchant data', () => {
  it('shows a merchant user their own merchant only', async () => {
    const stores = await get('/api/v1/merchants/retrieveStoreList', world.ids.merchant);
    expect(stores.statusCode).toBe(200);
    const list = stores.json<{ stores: { name: string; terminals: { mid: string; state: string }[] }[] }>()
      .stores;
    // Five stores with tills and five Athens branches without yet (issue 35 §4, ADR 047).
    expect(list).toHaveLength(10);
    expect(list.flatMap((store) => store.terminals.map((terminal) => terminal.state)).sort()).toEqual(
      expect.arrayContaining(['enrolled', 'requested', 'suspended']),
    );
    const profile = await get('/api/v1/merchants/retrieveRedeemerProfileDetails', taverna());
    expect(profile.json()).toMatchObject({
      merchant: { merchantId: 'M2001', tradeName: 'Ταβέρνα Το Στέκι' },
    });
    // Naming another merchant is refused, not obeyed.
    const foreign = await get('/api/v1/merchants/retrieveStoreList', taverna(), { merchantid: 'M2002' });
    expect(foreign.statusCode).toBe(403);
  });

  it('keeps company roles out of every merchant route, and lets provider staff in by naming the merchant', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
      world.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/merchants/retrieveStoreList',
        headers: { ...headers, merchantid: 'M2003' },
      }),
    );
    expect(statuses).toEqual({
      admin: 200,
      care: 200,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      // The demo merchant works for M2002: naming M2003 is refused.
      merchant: 403,
    });
    expect((await get('/api/v1/merchants/retrieveStoreList', world.ids.care)).statusCode).toBe(400);
    expect(
      (await get('/api/v1/merchants/retrieveStoreList', world.ids.care, { merchantid: 'M9999' })).statusCode,
    ).toBe(404);
    const all = await get('/api/v1/merchants/merchants', world.ids.admin);
    expect(all.json<{ merchants: unknown[] }>().merchants).toHaveLength(3);
    expect((await get('/api/v1/merchants/merchants', world.ids.merchant)).statusCode).toBe(403);
  });

  it('lets the administrator ask for a new MID and the provider enrol it; view-only users change nothing', async () => {
    const [store] = (await get('/api/v1/merchants/retrieveStoreList', taverna())).json<{
      stores: { storeId: string }[];
    }>().stores;
    const asked = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/updateStoreMids',
      headers: await sessionHeaders(world.ctx, taverna()),
      payload: { storeId: store!.storeId, label: 'Ταμείο 2' },
    });
    expect(asked.statusCode).toBe(200);
    const { terminal, clientSecret } = asked.json<{
      terminal: { terminalId: string; state: string; clientId: string; mid: string };
      clientSecret: string;
    }>();
    expect(terminal.state).toBe('requested');
    // Another merchant's store is "not found".
    const [fresko] = (await get('/api/v1/merchants/retrieveStoreList', world.ids.merchant)).json<{
      stores: { storeId: string }[];
    }>().stores;
    const foreignStore = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/updateStoreMids',
      headers: await sessionHeaders(world.ctx, taverna()),
      payload: { storeId: fresko!.storeId, label: 'x' },
    });
    expect(foreignStore.statusCode).toBe(404);
    const byViewer = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/updateStoreMids',
      headers: await sessionHeaders(world.ctx, viewer()),
      payload: { storeId: fresko!.storeId, label: 'x' },
    });
    expect(byViewer.statusCode).toBe(403);
    const badInput = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/updateStoreMids',
      headers: { ...(await sessionHeaders(world.ctx, taverna())), culture: 'en-us' },
      payload: { storeId: 'not-a-uuid', label: '' },
    });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.body).toContain('storeId');

    // A requested terminal's purchases are declined until the provider enrols it.
    const token = await terminalToken(world.ctx, {
      terminalId: terminal.terminalId,
      clientId: terminal.clientId,
      clientSecret,
      mid: terminal.mid,
    });
    const body = {
      mid: terminal.mid,
      cardToken: DEMO_CARD_TOKENS.gift,
      amountCents: 100,
      time: new Date().toISOString(),
    };
    const before = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/terminals/authorise',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...body, terminalTransactionId: 'E-1' },
    });
    expect(before.json()).toMatchObject({ outcome: 'declined', reason: 'midNotEnrolled' });
    const enrolByMerchant = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/terminals/${terminal.terminalId}/state`,
      headers: await sessionHeaders(world.ctx, taverna()),
      payload: { merchantId: 'M2001', state: 'enrolled' },
    });
    expect(enrolByMerchant.statusCode).toBe(403);
    const enrol = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/terminals/${terminal.terminalId}/state`,
      headers: await sessionHeaders(world.ctx, world.ids.admin),
      payload: { merchantId: 'M2001', state: 'enrolled' },
    });
    expect(enrol.statusCode).toBe(200);
    // The taverna does not take gift cards of every kind? It does take vouchers: approved now.
    const after = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/terminals/authorise',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...body, terminalTransactionId: 'E-2' },
    });
    expect(after.json()).toMatchObject({ outcome: 'approved' });
  });
});

describe('the virtual terminal', () => {
  it('sells on the merchant’s own terminal once per idempotency key, and declines above the balance', async () => {
    const key = randomUUID();
    const body = {
      terminalId: terminalIds[DEMO_TERMINAL.mid]!,
      amountCents: 1_500,
      cardToken: DEMO_CARD_TOKENS.gift,
    };
    const first = await purchase(world.ids.merchant, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const answer = first.json<{ answer: { outcome: string; balanceCents: number } }>().answer;
    expect(answer.outcome).toBe('approved');
    const again = await purchase(world.ids.merchant, body, { 'idempotency-key': key });
    expect(again.json()).toEqual(first.json());
    const above = await purchase(world.ids.merchant, { ...body, amountCents: answer.balanceCents + 1 });
    expect(above.json()).toMatchObject({
      answer: { outcome: 'declined', reason: 'insufficientBalance', message: 'Insufficient balance' },
    });
  });

  it('refuses another merchant’s terminal, view-only users, company roles and bad input', async () => {
    const body = {
      terminalId: terminalIds[DEMO_TERMINAL.mid]!,
      amountCents: 100,
      cardToken: DEMO_CARD_TOKENS.gift,
    };
    expect((await purchase(taverna(), body)).statusCode).toBe(404);
    expect((await purchase(viewer(), body)).statusCode).toBe(403);
    expect((await purchase(world.ids.om1, body)).statusCode).toBe(403);
    expect((await purchase(world.ids.care, body, { merchantid: 'M2002' })).statusCode).toBe(200);
    const bad = await purchase(world.ids.merchant, { ...body, amountCents: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('amountCents');
    const badKey = await purchase(world.ids.merchant, body, { 'idempotency-key': 'x' });
    expect(badKey.statusCode).toBe(400);
  });

  it('accepts no portal session on the terminal API and no terminal token on the portal', async () => {
    const terminalCall = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/terminals/authorise',
      headers: await sessionHeaders(world.ctx, world.ids.merchant),
      payload: {
        terminalTransactionId: 'S-1',
        mid: DEMO_TERMINAL.mid,
        cardToken: DEMO_CARD_TOKENS.gift,
        amountCents: 100,
        time: new Date().toISOString(),
      },
    });
    expect(terminalCall.statusCode).toBe(401);
    const token = await terminalToken(world.ctx, {
      terminalId: terminalIds[DEMO_TERMINAL.mid]!,
      clientId: DEMO_TERMINAL.clientId,
      clientSecret: DEMO_TERMINAL.clientSecret,
      mid: DEMO_TERMINAL.mid,
    });
    const portal = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/retrieveStoreList',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(portal.statusCode).toBe(401);
  });
});
