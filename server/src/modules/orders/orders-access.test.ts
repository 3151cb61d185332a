import type { OrderSummary } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  COMPANY_SCOPED_EXPECTATION,
  DEMO_USERS,
  demoApiClient,
  tenantMatrixOf,
  seedDemoWorld,
  type DemoUserKey,
  type TenantStatuses,
} from '../../../test/tenant-helper';

/**
 * Who may call each route of submitted orders, for which company, and what bad input gets
 * (ADR 010): every read is company-scoped, every write names its roles, every refusal changes
 * nothing.
 */
let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
const API = '/api/v1/orders';
const { api, ok } = demoApiClient(
  () => ctx,
  () => ids,
  API,
);
/** An order awaiting payment in each company the matrices use. */
const orderOf: Record<string, OrderSummary> = {};

function matrixOf(
  probe: (companyId: string, user: DemoUserKey) => { method: 'GET' | 'POST'; url: string; payload?: object },
): Promise<TenantStatuses> {
  return tenantMatrixOf(ctx, ids, API, probe);
}

async function count(table: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

beforeAll(async () => {
  ctx = await createTestApp({ demoWorld: true });
  ids = await seedDemoWorld(ctx, { cardScale: 0 });
  for (const companyId of ['C1001', 'C1002', 'C1006']) {
    const { draftOrder } = ok<{ draftOrder: { draftId: string } }>(
      await api('admin', 'POST', 'saveDraftOrder', {
        company: companyId,
        payload: {
          reason: 'new-card',
          orderType: 'NEW',
          product: 'TICKET_RESTAURANT',
          family: 'virtual',
          cards: [
            {
              tempCardId: 'a',
              cardholder: { firstName: 'Μαρία', lastName: 'Κώστα' },
              amountCents: 1_000,
            },
          ],
        },
      }),
    );
    orderOf[companyId] = ok<{ order: OrderSummary }>(
      await api('admin', 'POST', 'submitPaymentOm', {
        company: companyId,
        payload: { draftId: draftOrder.draftId, method: 'RF' },
      }),
    ).order;
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('reads are company-scoped', () => {
  const reads: [string, (companyId: string) => string][] = [
    ['retrieveOrderHistory', () => 'retrieveOrderHistory'],
    ['retrieveOrdersOverview', () => 'retrieveOrdersOverview'],
    ['retrieveApmLoops', () => 'retrieveApmLoops'],
    ['approvalSettings', () => 'approvalSettings'],
    ['retrieveOrderDetails', (c) => `retrieveOrderDetails?orderId=${orderOf[c]!.orderId}`],
    ['retrieveOrderCards', (c) => `retrieveOrderCards?orderId=${orderOf[c]!.orderId}`],
    ['retrievePaymentMethods', (c) => `retrievePaymentMethods?orderId=${orderOf[c]!.orderId}`],
    ['proformaDocument', (c) => `proformaDocument?orderId=${orderOf[c]!.orderId}`],
    ['downloadOrderAnalysisExcel', (c) => `downloadOrderAnalysisExcel?orderId=${orderOf[c]!.orderId}`],
  ];
  for (const [name, url] of reads) {
    it(`${name}: every company role for its own company, provider staff for any, never merchants`, async () => {
      expect(await matrixOf((companyId) => ({ method: 'GET', url: url(companyId) }))).toEqual(
        COMPANY_SCOPED_EXPECTATION,
      );
    });
  }

  it('an order of another company is not found, even with its id', async () => {
    const response = await api('om1', 'GET', `retrieveOrderDetails?orderId=${orderOf.C1002!.orderId}`);
    expect(response.statusCode).toBe(404);
    const history = ok<{ orders: OrderSummary[] }>(await api('om1', 'GET', 'retrieveOrderHistory'));
    expect(history.orders.every((order) => order.companyId === 'C1001')).toBe(true);
  });
});

describe('writes name their roles', () => {
  const uuid = '00000000-0000-4000-8000-000000000000';
  const cases: [string, object, DemoUserKey[]][] = [
    ['submitPaymentOm', { draftId: uuid, method: 'RF' }, ['finance', 'payment', 'merchant']],
    ['submitOrderFinanceUser', { draftId: uuid }, ['om1', 'payment', 'merchant']],
    ['submitOrderPaymentManager', { orderId: uuid }, ['om1', 'finance', 'merchant']],
    ['rejectOrder', { orderId: uuid, reason: 'όχι' }, ['om1', 'finance', 'merchant']],
    ['createPaymentOrder', { orderId: uuid, method: 'RF' }, ['admin', 'care', 'merchant']],
    ['importBankStatement', { csv: 'id,amount,reference' }, ['om1', 'finance', 'payment', 'merchant']],
    ['advanceOrder', { orderId: uuid }, ['om1', 'finance', 'payment', 'merchant']],
    ['approvalSettings', { thresholdCents: 100 }, ['om1', 'finance', 'merchant']],
    ['reorder', { orderId: uuid }, ['finance', 'payment', 'merchant']],
    ['activateComplimentOrder', { orderId: uuid }, ['finance', 'payment', 'merchant']],
    [
      'submitUnloadOrder',
      { cards: [{ cardId: uuid, amountCents: null }] },
      ['finance', 'payment', 'merchant'],
    ],
  ];
  for (const [route, payload, refused] of cases) {
    it(`${route}: refused to ${refused.join(', ')}`, async () => {
      for (const user of refused) {
        const company = DEMO_USERS[user].companyIds[0] ?? 'C1001';
        const response = await api(user, 'POST', route, { company, payload });
        expect(response.statusCode, `${user} ${response.body}`).toBe(403);
      }
    });
  }

  it('a company user cannot act for a foreign company', async () => {
    const response = await api('om1', 'POST', 'createPaymentOrder', {
      company: 'C1006',
      payload: { orderId: orderOf.C1006!.orderId, method: 'RF' },
    });
    expect(response.statusCode).toBe(403);
    const byId = await api('om1', 'POST', 'cancelOrder', { payload: { orderId: orderOf.C1002!.orderId } });
    expect(byId.statusCode).toBe(404);
  });
});

describe('bad input is named and changes nothing', () => {
  it('names the field in the user’s language', async () => {
    const before = { orders: await count('orders'), payments: await count('payments') };
    const missing = await api('om1', 'POST', 'submitPaymentOm', {
      payload: { draftId: 'nope' },
      culture: 'en-us',
    });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json<{ fields: { field: string }[] }>()
        .fields.map((field) => field.field)
        .sort(),
    ).toEqual(['draftId', 'method']);
    const method = await api('om1', 'POST', 'createPaymentOrder', {
      payload: { orderId: orderOf.C1001!.orderId, method: 'PAYPAL' },
      culture: 'el-gr',
    });
    expect(method.statusCode).toBe(400);
    const [field] = method.json<{ fields: { field: string; message: string }[] }>().fields;
    expect(field!.field).toBe('method');
    expect(field!.message).toMatch(/[α-ω]/i);
    expect((await api('om1', 'GET', 'retrieveOrderHistory?from=22/11/2026')).statusCode).toBe(400);
    expect((await api('om1', 'GET', 'retrieveOrderHistory?pageSize=1000')).statusCode).toBe(400);
    expect(
      (
        await api('payment', 'POST', 'rejectOrder', {
          company: 'C1002',
          payload: { orderId: orderOf.C1002!.orderId, reason: ' ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await api('payment', 'POST', 'approvalSettings', {
          company: 'C1002',
          payload: { thresholdCents: -1 },
        })
      ).statusCode,
    ).toBe(400);
    const statement = await api('admin', 'POST', 'importBankStatement', { payload: { csv: 'a,b\n1,2' } });
    expect(statement.statusCode).toBe(400);
    expect(statement.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('csv');
    expect({ orders: await count('orders'), payments: await count('payments') }).toEqual(before);
  });

  it('refuses an order not in the right state', async () => {
    // Awaiting payment, not approval: nothing to approve.
    const approve = await api('payment', 'POST', 'submitOrderPaymentManager', {
      company: 'C1002',
      payload: { orderId: orderOf.C1002!.orderId },
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json<{ errorCode: number }>().errorCode).toBe(70);
    // Nothing paid yet: nothing to advance.
    const advance = await api('admin', 'POST', 'advanceOrder', {
      payload: { orderId: orderOf.C1001!.orderId },
    });
    expect(advance.statusCode).toBe(409);
  });

  it('refuses a bank notice without the bank’s signature', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${API}/payments/callback`,
      headers: { 'x-bank-signature': 'f'.repeat(64) },
      payload: {
        eventId: 'e1',
        paymentId: '00000000-0000-4000-8000-000000000000',
        result: 'approved',
        bankReference: 'X',
        amountCents: 1,
      },
    });
    expect(response.statusCode).toBe(403);
  });
});
