import { randomUUID } from 'node:crypto';
import {
  formatRf,
  type Card,
  type DraftOrder,
  type OrderSummary,
  type PaymentInstructions,
} from '@tessera/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { demoApiClient, seedDemoWorld, type DemoUserKey } from '../../../test/tenant-helper';

/**
 * ARCHITECTURE §5: a replay of a money-moving request with its `Idempotency-Key` answers the first
 * response and changes nothing. Each call here is sent 100 times with one key, one session and one
 * body, in 5 waves of 20 at once: the concurrent ones race for the key (on PGlite the connections
 * take turns, which still interleaves the requests' steps).
 */

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
const { api, ok } = demoApiClient(
  () => ctx,
  () => ids,
  '/api/v1/orders',
);

const WAVES = 5;
const AT_ONCE = 20;

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

/** Sends the same request WAVES × AT_ONCE times with one key; answers every response. */
async function hammer(route: string, payload: object, key: string): Promise<LightMyRequestResponse[]> {
  const responses: LightMyRequestResponse[] = [];
  for (let wave = 0; wave < WAVES; wave += 1) {
    responses.push(
      ...(await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          api('om1', 'POST', route, { payload, headers: { 'idempotency-key': key } }),
        ),
      )),
    );
  }
  return responses;
}

/** Every response is a 200 with the very same bytes. */
function expectOneAnswer(responses: LightMyRequestResponse[]): void {
  expect(responses).toHaveLength(WAVES * AT_ONCE);
  const statuses = responses.map((response) => response.statusCode);
  expect(
    statuses.filter((status) => status !== 200),
    responses.find((r) => r.statusCode !== 200)?.body,
  ).toEqual([]);
  expect(new Set(responses.map((response) => response.body)).size).toBe(1);
}

async function ledgerIsSound(): Promise<void> {
  expect(await ctx.app.services.ledger.checkInvariants(ctx.database.db)).toEqual({
    unbalancedTransactions: [],
    balanceMismatches: [],
    negativeAccounts: [],
  });
}

let drafts = 0;
/** A draft of new virtual cards, one per amount, by the order manager of C1001. */
async function newDraft(amounts: number[]): Promise<DraftOrder> {
  drafts += 1;
  return ok<{ draftOrder: DraftOrder }>(
    await api('om1', 'POST', 'saveDraftOrder', {
      payload: {
        reason: 'new-card',
        orderType: 'NEW',
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        draftOrderAlias: `replayed ${drafts}`,
        cards: amounts.map((amountCents, index) => ({
          tempCardId: `line${index}`,
          cardholder: { firstName: 'Ελένη', lastName: `Παππά ${index}` },
          amountCents,
        })),
      },
    }),
  ).draftOrder;
}

/** An order submitted (once, without a key) and paying by card. */
async function placedOrder(amounts: number[]): Promise<OrderSummary> {
  const draft = await newDraft(amounts);
  return ok<{ order: OrderSummary }>(
    await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
  ).order;
}

beforeAll(async () => {
  // 300 requests and more within a minute: above the default rate limit, which is not under test.
  ctx = await createTestApp({ demoWorld: true, env: { RATE_LIMIT_MAX: '100000000' } });
  ids = await seedDemoWorld(ctx, { cardScale: 0 });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('an Idempotency-Key replayed 100 times, 20 at once', () => {
  it('submitPaymentOm makes one order, one payment attempt and one audit entry', async () => {
    const draft = await newDraft([5_000, 5_000]);
    const key = randomUUID();
    const body = { draftId: draft.draftId, method: 'VISA' };
    const responses = await hammer('submitPaymentOm', body, key);
    expectOneAnswer(responses);
    const order = responses[0]!.json<{ order: OrderSummary }>().order;
    expect(order.status).toBe('awaiting_payment');

    const orders = await query<{ id: string }>('select id from orders where source_draft_id = $1', [
      draft.draftId,
    ]);
    expect(orders.map((row) => row.id)).toEqual([order.orderId]);
    const attempts = await query('select id from payments where order_id = $1', [order.orderId]);
    expect(attempts).toHaveLength(1);
    const audits = await query(`select id from audit_log where action = 'order.submit' and entity_id = $1`, [
      order.orderId,
    ]);
    expect(audits).toHaveLength(1);

    // The same key with another body is a conflict, and changes nothing.
    const other = await api('om1', 'POST', 'submitPaymentOm', {
      payload: { ...body, method: 'RF' },
      headers: { 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(409);
    expect(await query('select id from payments where order_id = $1', [order.orderId])).toHaveLength(1);
  });

  it('createPaymentOrder starts one new attempt', async () => {
    const order = await placedOrder([2_000]);
    const key = randomUUID();
    const body = { orderId: order.orderId, method: 'RF' };
    const responses = await hammer('createPaymentOrder', body, key);
    expectOneAnswer(responses);
    const payment = responses[0]!.json<{ payment: PaymentInstructions }>().payment;

    const attempts = await query<{ id: string; method: string; status: string }>(
      'select id, method, status from payments where order_id = $1 order by created_at',
      [order.orderId],
    );
    // The submission's card attempt, replaced once by the one transfer attempt.
    expect(attempts.map((row) => [row.method, row.status])).toEqual([
      ['VISA', 'cancelled'],
      ['RF', 'pending'],
    ]);
    expect(attempts[1]!.id).toBe(payment.paymentId);
    const audits = await query(
      `select id from audit_log where action = 'payment.create' and after->>'orderId' = $1`,
      [order.orderId],
    );
    expect(audits).toHaveLength(2);

    const other = await api('om1', 'POST', 'createPaymentOrder', {
      payload: { ...body, method: 'IRIS' },
      headers: { 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(409);
    expect(await query('select id from payments where order_id = $1', [order.orderId])).toHaveLength(2);
  });

  it('submitUnloadOrder posts one unload and moves the balances once', async () => {
    // An order paid by transfer: its cards hold money.
    const order = await placedOrder([5_000, 5_000]);
    const amount = (order.totalCents / 100).toFixed(2).replace('.', ',');
    const imported = ok<{ lines: { outcome: string }[] }>(
      await api('admin', 'POST', 'importBankStatement', {
        payload: {
          csv: `id;date;amount;reference;payer\nREPLAY-1;2026-11-22;${amount};${formatRf(order.rfCode)};ΑΚΜΗ`,
        },
      }),
    );
    expect(imported.lines.map((line) => line.outcome)).toEqual(['matched']);
    const cards = ok<{ cards: { card: Card }[] }>(
      await api('om1', 'GET', `retrieveOrderCards?orderId=${order.orderId}`),
    ).cards.map((line) => line.card);
    expect(cards.map((card) => card.balanceCents)).toEqual([5_000, 5_000]);
    const cardIds = cards.map((card) => card.cardId);
    const funding = await ctx.app.services.ledger.companyFundingAccount(ctx.database.db, 'C1001');
    const fundingBefore = await ctx.app.services.ledger.balance(ctx.database.db, funding);

    const key = randomUUID();
    const body = {
      cards: [
        { cardId: cardIds[0], amountCents: 1_200 },
        { cardId: cardIds[1], amountCents: null },
      ],
      comments: 'replayed unload',
    };
    const responses = await hammer('submitUnloadOrder', body, key);
    expectOneAnswer(responses);
    const unload = responses[0]!.json<{ order: OrderSummary }>().order;
    expect(unload.status).toBe('unloaded');
    expect(unload.totalCents).toBe(-6_200);

    const postings = await query(
      `select id from ledger_transactions where kind = 'unload' and reference = $1`,
      [`#${unload.orderNumber}`],
    );
    expect(postings).toHaveLength(1);
    expect(
      await query(`select id from audit_log where action = 'order.unload' and entity_id = $1`, [
        unload.orderId,
      ]),
    ).toHaveLength(1);
    const unloads = await query(`select id from orders where company_id = 'C1001' and order_type = 'UNLOAD'`);
    expect(unloads).toHaveLength(1);
    const after = ok<{ cards: { card: Card }[] }>(
      await api('om1', 'GET', `retrieveOrderCards?orderId=${order.orderId}`),
    ).cards.map((line) => line.card.balanceCents);
    expect(after).toEqual([3_800, 0]);
    expect(await ctx.app.services.ledger.balance(ctx.database.db, funding)).toBe(fundingBefore + 6_200);

    const other = await api('om1', 'POST', 'submitUnloadOrder', {
      payload: { ...body, comments: 'another body' },
      headers: { 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(409);
    expect(await query(`select id from orders where order_type = 'UNLOAD'`)).toHaveLength(1);
    await ledgerIsSound();
  });
});

describe('retries spread over the first request', () => {
  it('a retry arriving while the first submission commits answers the first response, not 404', async () => {
    // The retries are spread over the first request's lifetime (one every millisecond) rather than
    // sent together: some read the key before the first commits and the draft after, when the
    // submission has deleted it.
    const statuses = new Map<number, number>();
    for (let round = 0; round < 20; round += 1) {
      const draft = await newDraft([1_000]);
      const key = randomUUID();
      const sent: Promise<LightMyRequestResponse>[] = [];
      for (let retry = 0; retry < 25; retry += 1) {
        sent.push(
          api('om1', 'POST', 'submitPaymentOm', {
            payload: { draftId: draft.draftId, method: 'RF' },
            headers: { 'idempotency-key': key },
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      for (const response of await Promise.all(sent)) {
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 500 });
  });
});
