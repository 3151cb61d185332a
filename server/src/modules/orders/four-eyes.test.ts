import { randomUUID } from 'node:crypto';
import {
  athensDate,
  ERROR_CODE,
  RecurringRuleInputSchema,
  type BulkImport,
  type BulkLoadCardOrderResponse,
  type DraftOrder,
  type OrderDetails,
  type OrderSummary,
  type PublicOrdersCreated,
} from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBulkTestApp, waitForImport, xlsxOf } from '../../../test/bulk-files';
import { holderLine } from '../../../test/draft-lines';
import { recurringServiceOf } from '../../../test/recurring-helper';
import { demoApiClient, demoWorldTestFile, type DemoUserKey } from '../../../test/tenant-helper';

/**
 * Four eyes whoever or whatever made the order (issue 33 §2, ADR 032, ADR 040): an approver is never
 * one of the people who made it — its submitter, whoever made or changed its draft, the people behind
 * an API client (who created it or made a secret that still works), whoever uploaded or edited the
 * bulk file it came from, whoever made or changed the recurring rule that ran it, whoever made the
 * order a reorder copies. Every path that makes an order is tried with provider staff acting for
 * the company as the other maker.
 */
const world = demoWorldTestFile({
  app: () =>
    createBulkTestApp({
      env: { RATE_LIMIT_MAX: '100000', API_CLIENT_RATE_LIMIT: '100000', API_TOKEN_RATE_LIMIT: '1000' },
    }),
  cardScale: 0.05,
});
const { api, ok, headersOf } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/orders',
);
const C = 'C1002';

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

const approve = (user: DemoUserKey, orderId: string) =>
  api(user, 'POST', 'approveOrder', { company: C, payload: { orderId } });

/** The approver who made the order is refused (422, code 71) and nothing changes; another may approve. */
async function expectOwnOrder(maker: DemoUserKey, orderId: string, other: DemoUserKey = 'payment') {
  const refused = await approve(maker, orderId);
  expect(refused.statusCode, refused.body).toBe(422);
  expect(refused.json()).toMatchObject({ errorCode: ERROR_CODE.SELF_APPROVAL });
  const details = ok<{ order: OrderDetails }>(
    await api(maker, 'GET', `retrieveOrderDetails?orderId=${orderId}`, { company: C }),
  ).order;
  expect(details.status).toBe('awaiting_approval');
  expect(details.actions.approve).toBe(false);
  expect(await query(`select 1 from order_approvals where order_id = $1`, [orderId])).toHaveLength(0);
  const approved = ok<{ order: OrderSummary }>(await approve(other, orderId)).order;
  expect(approved.status).toBe('awaiting_payment');
}

/** New virtual Ticket Restaurant cards loaded with `cents` in all, at most 500,00 € a card (its limit). */
function holders(prefix: string, cents: number) {
  const lines = [];
  for (let left = cents, index = 0; left > 0; left -= 50_000, index += 1) {
    lines.push(holderLine(`${prefix}-${index}`, Math.min(left, 50_000), 'Ελένη', `Μάρκου ${index}`));
  }
  return lines;
}

let seq = 0;
async function saveDraft(user: DemoUserKey, cents: number): Promise<DraftOrder> {
  seq += 1;
  return ok<{ draftOrder: DraftOrder }>(
    await api(user, 'POST', 'saveDraftOrder', {
      company: C,
      payload: {
        reason: 'new-card',
        orderType: 'NEW',
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        draftOrderAlias: `four eyes ${seq}`,
        cards: holders(`f${seq}`, cents),
      },
    }),
  ).draftOrder;
}

async function submit(user: DemoUserKey, draftId: string): Promise<OrderSummary> {
  return ok<{ order: OrderSummary }>(
    await api(user, 'POST', 'submitPaymentOm', { company: C, payload: { draftId, method: 'RF' } }),
  ).order;
}

type Created = { client: { clientId: string }; clientSecret: string };

async function newClient(user: DemoUserKey): Promise<Created> {
  return ok<Created>(
    await api(user, 'POST', '/api/v1/accounts/createApiClient', {
      company: C,
      payload: { name: `ERP ${randomUUID().slice(0, 8)}`, scopes: ['orders:write', 'orders:read'] },
    }),
  );
}

async function tokenOf(created: Created): Promise<string> {
  const response = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/public/v1/oauth/token',
    payload: {
      grant_type: 'client_credentials',
      client_id: created.client.clientId,
      client_secret: created.clientSecret,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

/** The public API's lines of `holders`. */
const publicLines = (cents: number) =>
  holders('api', cents).map((line) => ({
    cardholder: { firstName: line.cardholder!.firstName, lastName: line.cardholder!.lastName },
    amountCents: line.amountCents,
  }));

async function publicOrder(token: string, cents: number): Promise<OrderSummary> {
  const response = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/public/v1/orders',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload: {
      type: 'new',
      product: 'TICKET_RESTAURANT',
      family: 'virtual',
      lines: publicLines(cents),
      paymentMethod: 'RF',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [created] = response.json<PublicOrdersCreated>().orders;
  return created!.order;
}

beforeAll(async () => {
  // C1002 asks one approval above 2.000,00 € (the review's figure).
  ok(
    await api('payment', 'POST', 'approvalSettings', {
      company: C,
      payload: { thresholdCents: 200_000, secondThresholdCents: null, expiryDays: 14 },
    }),
  );
});

describe('an approver is never a maker of the order (issue 33 §2)', () => {
  it('public API: the staff member who created the client does not approve its order of 2.750,22 €', async () => {
    const token = await tokenOf(await newClient('admin'));
    const order = await publicOrder(token, 275_022);
    expect(order.status).toBe('awaiting_approval');
    await expectOwnOrder('admin', order.orderId);
  });

  it('public API: whoever made a secret that still works is a maker too (a rotation by staff)', async () => {
    const created = await newClient('om3');
    const rotated = ok<Created>(
      await api('care', 'POST', '/api/v1/accounts/rotateApiClientSecret', {
        company: C,
        payload: { clientId: created.client.clientId, overlapHours: 1 },
      }),
    );
    // Either secret works for an hour; an order made now is the creator's and the rotator's.
    const order = await publicOrder(
      await tokenOf({ ...created, clientSecret: rotated.clientSecret }),
      210_000,
    );
    expect(order.status).toBe('awaiting_approval');
    await expectOwnOrder('care', order.orderId, 'admin');
  });

  it('public API: a draft the client kept and an order manager submitted is still the client’s people’s', async () => {
    const token = await tokenOf(await newClient('admin'));
    const kept = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/orders',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload: {
        type: 'new',
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        lines: publicLines(210_000),
        paymentMethod: null,
      },
    });
    expect(kept.statusCode, kept.body).toBe(201);
    const [draft] = kept.json<PublicOrdersCreated>().drafts;
    const order = await submit('om3', draft!.draftId);
    expect(order.status).toBe('awaiting_approval');
    await expectOwnOrder('admin', order.orderId);
  });

  it('portal: staff who changed an order manager’s draft do not approve the order made of it', async () => {
    const draft = await saveDraft('om3', 100_000);
    ok(
      await api('admin', 'POST', 'addDraftOrderCards', {
        company: C,
        payload: { draftId: draft.draftId, cards: holders('more', 150_000) },
      }),
    );
    const order = await submit('om3', draft.draftId);
    expect(order.status).toBe('awaiting_approval');
    expect(order.draftedBy).toBe(world.ids.om3);
    await expectOwnOrder('admin', order.orderId);
  });

  it('reorder: the staff member who made the original order does not approve its reorder', async () => {
    const original = await submit('admin', (await saveDraft('admin', 210_000)).draftId);
    const { draftId } = ok<{ draftId: string }>(
      await api('om3', 'POST', 'reorder', { company: C, payload: { orderId: original.orderId } }),
    );
    const reordered = await submit('om3', draftId);
    expect(reordered.status).toBe('awaiting_approval');
    await expectOwnOrder('admin', reordered.orderId);
  });

  it('recurring run: staff who changed the rule do not approve the order its run made', async () => {
    const [card] = await query<{ id: string; product: string }>(
      `select id, product from cards where company_id = $1 and status = 'active' and replaced_by_card_id is null
         and expiry_date > current_date + 400 and product = 'TICKET_RESTAURANT' order by id limit 1`,
      [C],
    );
    expect(card).toBeTruthy();
    const recurring = recurringServiceOf(world.ctx);
    const input = RecurringRuleInputSchema.parse({
      name: 'Μηνιαία φόρτιση',
      product: card!.product,
      amountMode: 'sameForAll',
      amountCents: 10_000,
      lines: [{ cardId: card!.id }],
      schedule: { kind: 'monthly', dayOfMonth: 25, workingDaysOnly: true },
      startDay: athensDate(new Date()),
      endDay: null,
      submitMode: 'submit',
      paymentMethod: 'RF',
    });
    const rule = await recurring.saveRule(input, { userId: world.ids.om3, companyId: C, locale: 'el' });
    await recurring.updateRule(
      rule.ruleId,
      { ...input, name: 'Μηνιαία φόρτιση (αλλαγή)' },
      { userId: world.ids.care, companyId: C, locale: 'el' },
    );
    // A low threshold for this run's small load.
    ok(
      await api('payment', 'POST', 'approvalSettings', {
        company: C,
        payload: { thresholdCents: 1_000, secondThresholdCents: null, expiryDays: 14 },
      }),
    );
    try {
      const outcome = await recurring.runRule(rule.ruleId, { runDay: athensDate(new Date()), period: 'fe' });
      expect(outcome.orders).toHaveLength(1);
      const [made] = outcome.orders;
      expect(made!.status).toBe('awaiting_approval');
      expect(made!.submittedBy).toBe(world.ids.om3);
      await expectOwnOrder('care', made!.id);
    } finally {
      ok(
        await api('payment', 'POST', 'approvalSettings', {
          company: C,
          payload: { thresholdCents: 200_000, secondThresholdCents: null, expiryDays: 14 },
        }),
      );
    }
  });

  it('bulk conversion: staff who uploaded the file do not approve the orders an order manager made of it', async () => {
    const file = await xlsxOf([
      ['Προϊόν', 'Οικογένεια', 'Επώνυμο', 'Όνομα', 'Ποσό (€)'],
      ...Array.from({ length: 5 }, (_, index) => [
        'Ticket Restaurant',
        'Ψηφιακή',
        'Οικονόμου',
        `Νίκος ${index + 1}`,
        '500,00',
      ]),
    ]);
    const uploaded = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders/uploadExcelDraftOrder?purpose=new&fileName=${encodeURIComponent('μισθοδοσία.xlsx')}`,
      headers: {
        ...(await headersOf('admin')),
        companyid: C,
        'content-type': 'application/octet-stream',
      },
      payload: file,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    const { importId } = uploaded.json<{ import: BulkImport }>().import;
    const read = await waitForImport(
      async () =>
        ok<{ import: BulkImport }>(await api('om3', 'GET', `bulkImports/${importId}`, { company: C })).import,
    );
    expect(read, JSON.stringify(read)).toMatchObject({ state: 'ready', rowsError: 0 });
    const { drafts } = ok<BulkLoadCardOrderResponse>(
      await api('om3', 'POST', 'bulkLoadCardOrder', { company: C, payload: { importId } }),
    );
    expect(drafts).toHaveLength(1);
    const order = await submit('om3', drafts[0]!.draftId);
    expect(order.status).toBe('awaiting_approval');
    expect(order.draftedBy).toBe(world.ids.om3);
    await expectOwnOrder('admin', order.orderId);
  });
});
