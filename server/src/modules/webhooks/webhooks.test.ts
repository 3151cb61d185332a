import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  DraftCard,
  DraftOrder,
  OrderSummary,
  PaymentInstructions,
  WebhookDelivery,
  WebhookEndpoint,
} from '@tessera/domain';
import { athensDate, ERROR_CODE, formatRf } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holderLine } from '../../../test/draft-lines';
import { demoApiClient, demoWorldTestFile, sessionHeaders } from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';
import { encryptTotpSecret, secondFactorKey } from '../identity';
import { userSecondFactors } from '../identity/schema';
import { publishEvent, verifyWebhookSignature } from '.';
import { signatureHeader } from './signing';

/**
 * Webhooks (issue 22 §3, ADR 035): endpoints per company, the transactional outbox, signed
 * deliveries retried with backoff and delivered at least once, the delivery log, replay, and the
 * disabling of an endpoint that keeps failing (with a mail to the order managers).
 */
const world = demoWorldTestFile({ env: { RATE_LIMIT_MAX: '100000' }, timeoutMs: 180_000 });
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);

type Created = { endpoint: WebhookEndpoint; secret: string };
type Received = { path: string; eventId: string; type: string; body: Record<string, unknown> };

/**
 * A receiver as a company would write one: it checks the signature, answers 500 to the first
 * `failFirst` attempts of each event (an outage), and applies each event once, by its id.
 */
class Receiver {
  readonly secrets = new Map<string, string>();
  readonly attempts = new Map<string, number>();
  readonly applied: Received[] = [];
  readonly appliedIds = new Set<string>();
  duplicates = 0;
  badSignatures = 0;
  failFirst = new Map<string, number>();
  server!: Server;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const raw = Buffer.concat(chunks).toString('utf8');
        const secret = this.secrets.get(path) ?? '';
        if (!verifyWebhookSignature(raw, request.headers['tessera-signature'] as string, secret)) {
          this.badSignatures += 1;
          response.writeHead(400).end('bad signature');
          return;
        }
        const eventId = request.headers['tessera-event-id'] as string;
        const key = `${path} ${eventId}`;
        const attempt = (this.attempts.get(key) ?? 0) + 1;
        this.attempts.set(key, attempt);
        if (attempt <= (this.failFirst.get(path) ?? 0)) {
          response.writeHead(500, { 'content-type': 'text/plain' }).end(`outage ${'x'.repeat(800)}`);
          return;
        }
        const body = JSON.parse(raw) as Record<string, unknown>;
        expect(body.id).toBe(eventId);
        if (this.appliedIds.has(key)) {
          this.duplicates += 1;
        } else {
          this.appliedIds.add(key);
          this.applied.push({ path, eventId, type: request.headers['tessera-event-type'] as string, body });
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  appliedAt(path: string): Received[] {
    return this.applied.filter((received) => received.path === path);
  }
}

const receiver = new Receiver();
let om2Headers: Record<string, string>;

beforeAll(async () => {
  await receiver.start();
  const om2 = await createUser(world.ctx.database.db, { companyIds: ['C1002'], password: null });
  om2Headers = await sessionHeaders(world.ctx, om2.id);
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.server?.close(() => resolve()));
});

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

async function createEndpoint(
  path: string,
  eventTypes: string[],
  company = 'C1001',
  user: 'om1' | 'om3' = company === 'C1001' ? 'om1' : 'om3',
): Promise<Created> {
  const created = ok<Created>(
    await api(user, 'POST', 'createWebhookEndpoint', {
      company,
      payload: { url: receiver.url(path), description: `test ${path}`, eventTypes },
    }),
  );
  receiver.secrets.set(path, created.secret);
  return created;
}

async function deliveriesOf(endpointId: string, company = 'C1001', user: 'om1' | 'om3' = 'om1') {
  return ok<{ deliveries: WebhookDelivery[] }>(
    await api(user, 'GET', `webhookDeliveries?endpointId=${endpointId}`, { company }),
  ).deliveries;
}

const minutes = (n: number) => n * 60_000;
const dispatch = (at: Date) => world.ctx.app.services.webhooks.dispatchDue({ now: at });

let draftSeq = 0;
async function paidOrder(
  cards: DraftCard[],
  header: Record<string, string> = { reason: 'new-card', orderType: 'NEW', product: 'TICKET_RESTAURANT' },
): Promise<OrderSummary> {
  draftSeq += 1;
  const draft = ok<{ draftOrder: DraftOrder }>(
    await api('om1', 'POST', '/api/v1/orders/saveDraftOrder', {
      payload: {
        family: 'virtual',
        ...header,
        draftOrderAlias: `webhooks ${draftSeq}`,
        cards,
      },
    }),
  ).draftOrder;
  const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
    await api('om1', 'POST', '/api/v1/orders/submitPaymentOm', {
      payload: { draftId: draft.draftId, method: 'VISA' },
    }),
  );
  const url = new URL(submitted.payment.redirectUrl!, world.ctx.config.publicUrl);
  const decided = await world.ctx.app.inject({
    method: 'POST',
    url: '/sandbox/bank/pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      session: url.searchParams.get('session')!,
      decision: 'approved',
    }).toString(),
  });
  expect(decided.statusCode).toBe(303);
  return submitted.order;
}

describe('signatures', () => {
  it('verifies its own signature and refuses a changed body, another secret, an old timestamp and junk', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const body = '{"id":"e1","type":"payment.received"}';
    const header = signatureHeader('whsec_a', body, at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(body, header, 'whsec_a', { now: at })).toBe(true);
    expect(verifyWebhookSignature(`${body} `, header, 'whsec_a', { now: at })).toBe(false);
    expect(verifyWebhookSignature(body, header, 'whsec_b', { now: at })).toBe(false);
    const late = new Date(at.getTime() + 301_000);
    expect(verifyWebhookSignature(body, header, 'whsec_a', { now: late })).toBe(false);
    expect(verifyWebhookSignature(body, header, 'whsec_a', { now: new Date(at.getTime() + 299_000) })).toBe(
      true,
    );
    for (const junk of [undefined, '', 't=1', 'v1=00', `t=abc,${header.split(',')[1]}`, 'x'.repeat(1000)]) {
      expect(verifyWebhookSignature(body, junk, 'whsec_a', { now: at })).toBe(false);
    }
  });
});

describe('endpoints of a company', () => {
  it('shows the signing secret once and never lists it; refuses a url that is not https, naming the field in both languages', async () => {
    const created = await createEndpoint('/listed', ['payment.received']);
    expect(created.secret).toMatch(/^whsec_.{40,}/);
    expect(created.endpoint.status).toBe('enabled');
    const list = await api('om1', 'GET', 'webhookEndpoints');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(created.endpoint.endpointId);
    expect(list.body).not.toContain(created.secret);
    const audit = await query<{ action: string; after: unknown }>(
      `select action, after from audit_log where entity = 'webhook-endpoint' and entity_id = $1`,
      [created.endpoint.endpointId],
    );
    expect(audit.map((row) => row.action)).toEqual(['webhook-endpoint.create']);
    expect(JSON.stringify(audit)).not.toContain(created.secret);

    for (const url of [
      'http://example.com/hook',
      'ftp://example.com/hook',
      'not a url',
      'https://user:pw@example.com/',
    ]) {
      const greek = await api('om1', 'POST', 'createWebhookEndpoint', {
        payload: { url, eventTypes: ['payment.received'] },
      });
      const english = await api('om1', 'POST', 'createWebhookEndpoint', {
        payload: { url, eventTypes: ['payment.received'] },
        culture: 'en-us',
      });
      expect(greek.statusCode, url).toBe(400);
      const el = greek.json<{ fields: { field: string; message: string }[] }>().fields[0]!;
      const en = english.json<{ fields: { field: string; message: string }[] }>().fields[0]!;
      expect([el.field, en.field]).toEqual(['url', 'url']);
      expect(el.message).not.toBe(en.message);
    }
    for (const eventTypes of [[], ['payment.received', 'payment.received'], ['everything']]) {
      const response = await api('om1', 'POST', 'createWebhookEndpoint', {
        payload: { url: receiver.url('/x'), eventTypes },
      });
      expect(response.statusCode, JSON.stringify(eventTypes)).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields[0]!.field).toMatch(/^eventTypes/);
    }
  });

  it('tells the portal that plain http to this machine is accepted, as the server’s setting says (issue 34 §3 item 7)', async () => {
    expect(world.ctx.config.webhookAllowPrivate).toBe(true);
    const listed = ok<{ allowsHttpToLoopback: boolean }>(await api('om1', 'GET', 'webhookEndpoints'));
    expect(listed.allowsHttpToLoopback).toBe(true);
  });

  it('needs a fresh second factor to create one, and only the order manager and provider staff may', async () => {
    const user = await createUser(world.ctx.database.db, { companyIds: ['C1001'], password: null });
    await world.ctx.database.db.insert(userSecondFactors).values({
      userId: user.id,
      secretCiphertext: encryptTotpSecret(
        secondFactorKey(world.ctx.config.sessionSecret),
        'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      ),
      enrolledAt: new Date(),
    });
    const stale = await sessionHeaders(world.ctx, user.id, {
      secondFactorAt: new Date(Date.now() - 6 * 60_000),
    });
    const refused = await api('om1', 'POST', 'createWebhookEndpoint', {
      headers: stale,
      payload: { url: receiver.url('/stale'), eventTypes: ['payment.received'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ errorCode: number }>().errorCode).toBe(ERROR_CODE.STEP_UP_REQUIRED);
    expect(await query(`select 1 from webhook_endpoints where url like '%/stale'`)).toHaveLength(0);
    const fresh = await sessionHeaders(world.ctx, user.id);
    const made = await api('om1', 'POST', 'createWebhookEndpoint', {
      headers: fresh,
      payload: { url: receiver.url('/stale'), eventTypes: ['payment.received'] },
    });
    expect(made.statusCode).toBe(200);
    // Disabling needs no second factor: stopping deliveries must never wait for a phone.
    const disabled = await api('om1', 'POST', 'updateWebhookEndpoint', {
      headers: stale,
      payload: { endpointId: made.json<Created>().endpoint.endpointId, isEnabled: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<{ endpoint: WebhookEndpoint }>().endpoint).toMatchObject({
      status: 'disabled',
      disabledReason: 'manual',
    });
    for (const user of ['finance', 'payment'] as const) {
      expect((await api(user, 'GET', 'webhookEndpoints', { company: 'C1002' })).statusCode).toBe(403);
      const create = await api(user, 'POST', 'createWebhookEndpoint', {
        company: 'C1002',
        payload: { url: receiver.url('/no'), eventTypes: ['payment.received'] },
      });
      expect(create.statusCode).toBe(403);
    }
    expect((await api('admin', 'GET', 'webhookEndpoints', { company: 'C1001' })).statusCode).toBe(200);
  });
});

describe('the transactional outbox', () => {
  it('writes no event for a change that rolled back, and one with a delivery per subscribed endpoint when it committed', async () => {
    const endpoint = await createEndpoint('/outbox', ['bulk_import.finished'], 'C1003', 'om3');
    const before = await query<{ n: number }>(`select count(*)::int as n from webhook_events`);
    await expect(
      world.ctx.database.db.transaction(async (tx) => {
        await publishEvent(tx, {
          companyId: 'C1003',
          type: 'bulk_import.finished',
          data: { importId: 'rolled-back' },
        });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await query<{ n: number }>(`select count(*)::int as n from webhook_events`)).toEqual(before);

    const eventId = await world.ctx.database.db.transaction((tx) =>
      publishEvent(tx, { companyId: 'C1003', type: 'bulk_import.finished', data: { importId: 'committed' } }),
    );
    // Not subscribed: nothing is written for another type or another company.
    await world.ctx.database.db.transaction((tx) =>
      publishEvent(tx, { companyId: 'C1003', type: 'card.blocked', data: {} }),
    );
    const deliveries = await query<{ event_id: string; endpoint_id: string; state: string }>(
      `select event_id, endpoint_id, state from webhook_deliveries where endpoint_id = $1`,
      [endpoint.endpoint.endpointId],
    );
    expect(deliveries).toEqual([
      { event_id: eventId, endpoint_id: endpoint.endpoint.endpointId, state: 'pending' },
    ]);
    await dispatch(new Date());
    expect(receiver.appliedAt('/outbox').map((r) => r.body.data)).toEqual([{ importId: 'committed' }]);
  });
});

describe('an order paid and its cards loaded, learnt by webhook', () => {
  it('delivers every event at least once through an outage, signed, each applied once, with the log of codes', async () => {
    receiver.failFirst.set('/erp', 2);
    const erp = await createEndpoint('/erp', [
      'order.status_changed',
      'payment.received',
      'cards.loaded',
      'card.blocked',
    ]);
    // Another company's endpoint, subscribed to everything, hears nothing of C1001.
    const other = await createEndpoint(
      '/other',
      ['order.status_changed', 'payment.received', 'cards.loaded', 'card.blocked'],
      'C1002',
      'om3',
    );
    const order = await paidOrder([holderLine('a', 5_000, 'Ελένη', 'Παππά'), holderLine('b', 2_500)]);

    const start = new Date();
    await dispatch(start);
    expect(receiver.appliedAt('/erp')).toEqual([]);
    await dispatch(new Date(start.getTime() + minutes(2)));
    expect(receiver.appliedAt('/erp')).toEqual([]);
    await dispatch(new Date(start.getTime() + minutes(10)));
    const applied = receiver.appliedAt('/erp');
    expect(receiver.badSignatures).toBe(0);
    expect(receiver.duplicates).toBe(0);

    const types = applied.map((received) => received.type).sort();
    expect(types).toEqual([
      'cards.loaded',
      'order.status_changed',
      'order.status_changed',
      'order.status_changed',
      'payment.received',
    ]);
    const statuses = applied
      .filter((received) => received.type === 'order.status_changed')
      .map((received) => (received.body.data as { status: string }).status);
    expect(statuses.sort()).toEqual(['awaiting_payment', 'loaded', 'paid']);
    const payment = applied.find((received) => received.type === 'payment.received')!.body.data as Record<
      string,
      unknown
    >;
    expect(payment).toMatchObject({ orderId: order.orderId, orderNumber: order.orderNumber, method: 'VISA' });
    expect(payment.amountCents).toBe(order.totalCents);
    const loaded = applied.find((received) => received.type === 'cards.loaded')!.body.data as {
      orderId: string;
      totalLoadedCents: number;
      cards: { cardId: string; amountCents: number }[];
    };
    expect(loaded.orderId).toBe(order.orderId);
    expect(loaded.totalLoadedCents).toBe(7_500);
    expect(loaded.cards.map((card) => card.amountCents).sort()).toEqual([2_500, 5_000]);
    for (const received of applied) expect(received.body.companyId).toBe('C1001');

    // Every event was tried three times (500, 500, 200); the log says so, excerpts cut at 500.
    const log = await deliveriesOf(erp.endpoint.endpointId);
    expect(log).toHaveLength(5);
    for (const delivery of log) {
      expect(delivery).toMatchObject({ state: 'succeeded', attempts: 3, lastStatusCode: 200 });
      expect(receiver.attempts.get(`/erp ${delivery.eventId}`)).toBe(3);
    }
    const events = await query<{ id: string }>(
      `select e.id from webhook_events e join webhook_deliveries d on d.event_id = e.id where d.endpoint_id = $1`,
      [erp.endpoint.endpointId],
    );
    expect(new Set(applied.map((r) => r.eventId))).toEqual(new Set(events.map((e) => e.id)));

    // Another company's endpoint got nothing; its order manager cannot read or replay C1001's log.
    expect(await deliveriesOf(other.endpoint.endpointId, 'C1002', 'om3')).toEqual([]);
    expect(receiver.appliedAt('/other')).toEqual([]);
    const foreignLog = await api('om1', 'GET', `webhookDeliveries?endpointId=${erp.endpoint.endpointId}`, {
      company: 'C1002',
      headers: om2Headers,
    });
    expect(foreignLog.statusCode).toBe(404);
    const foreignReplay = await api('om1', 'POST', 'replayWebhookDelivery', {
      company: 'C1002',
      headers: om2Headers,
      payload: { deliveryId: log[0]!.deliveryId },
    });
    expect(foreignReplay.statusCode).toBe(404);
    for (const route of ['updateWebhookEndpoint', 'deleteWebhookEndpoint']) {
      const response = await api('om1', 'POST', route, {
        company: 'C1002',
        headers: om2Headers,
        payload: { endpointId: erp.endpoint.endpointId },
      });
      expect(response.statusCode, route).toBe(404);
    }

    // A replay sends the same event id again: the receiver sees a duplicate and applies nothing.
    const replayed = ok<{ delivery: WebhookDelivery }>(
      await api('om1', 'POST', 'replayWebhookDelivery', { payload: { deliveryId: log[0]!.deliveryId } }),
    ).delivery;
    expect(replayed.state).toBe('pending');
    await dispatch(new Date(start.getTime() + minutes(11)));
    expect(receiver.duplicates).toBe(1);
    expect(receiver.appliedAt('/erp')).toHaveLength(5);
    const after = (await deliveriesOf(erp.endpoint.endpointId)).find(
      (d) => d.deliveryId === log[0]!.deliveryId,
    )!;
    expect(after).toMatchObject({ state: 'succeeded', attempts: 4, lastStatusCode: 200 });
  });

  it('keeps the first 500 characters of a failed answer in the log', async () => {
    receiver.failFirst.set('/excerpt', 1);
    const mine = await createEndpoint('/excerpt', ['recurring_run.created'], 'C1003', 'om3');
    await world.ctx.database.db.transaction((tx) =>
      publishEvent(tx, { companyId: 'C1003', type: 'recurring_run.created', data: { runId: 'r1' } }),
    );
    await dispatch(new Date());
    const [delivery] = await deliveriesOf(mine.endpoint.endpointId, 'C1003', 'om3');
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(delivery!.lastResponseExcerpt).toHaveLength(500);
    expect(delivery!.lastResponseExcerpt!.startsWith('outage x')).toBe(true);
  });
});

describe('a delivery sent again', () => {
  it('is queued for sending at once: the dispatcher job is queued with the replay, not left to the minute’s sweep (issue 34 §3 item 8)', async () => {
    const mine = await createEndpoint('/replay-now', ['bulk_import.finished'], 'C1003', 'om3');
    await world.ctx.database.db.transaction((tx) =>
      publishEvent(tx, { companyId: 'C1003', type: 'bulk_import.finished', data: { importId: 'again' } }),
    );
    await dispatch(new Date());
    const [delivered] = await deliveriesOf(mine.endpoint.endpointId, 'C1003', 'om3');
    expect(delivered).toMatchObject({ state: 'succeeded' });
    const queuedJobs = async () => {
      const [table] = await query<{ exists: boolean }>(
        `select to_regclass('pgboss.job') is not null as exists`,
      );
      if (!table?.exists) return 0;
      const [row] = await query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = 'webhooks.dispatch' and state = 'created'`,
      );
      return row!.n;
    };
    const before = await queuedJobs();
    const replayed = ok<{ delivery: WebhookDelivery }>(
      await api('om3', 'POST', 'replayWebhookDelivery', {
        company: 'C1003',
        payload: { deliveryId: delivered!.deliveryId },
      }),
    ).delivery;
    expect(replayed.state).toBe('pending');
    expect(Date.parse(replayed.nextAttemptAt!)).toBeLessThanOrEqual(Date.now());
    expect(await queuedJobs()).toBe(before + 1);
  });
});

describe('a card replaced after its loss', () => {
  it('is told as card.blocked with its masked number once the replacement order is paid', async () => {
    await createEndpoint('/blocked', ['card.blocked']);
    const [card] = await query<{ id: string; product: string; last4: string }>(
      `select id, product, last4 from cards where company_id = 'C1001' and status = 'active' and family = 'virtual'
          and replaced_by_card_id is null and expiry_date > current_date + 400 order by id limit 1`,
    );
    await paidOrder(
      [
        {
          tempCardId: 'lost',
          cardId: card!.id,
          cardholderId: null,
          cardholder: null,
          cardName: '',
          amountCents: 0,
        },
      ],
      { reason: 'lost-card', orderType: 'LOST', product: card!.product },
    );
    await dispatch(new Date());
    const told = receiver.appliedAt('/blocked').map((r) => r.body.data as Record<string, unknown>);
    expect(told).toEqual([expect.objectContaining({ cardId: card!.id, status: 'replaced' })]);
    expect(told[0]!.maskedNumber).toMatch(new RegExp(`${card!.last4}$`));
  });
});

describe('a recurring run', () => {
  it('is told to the company’s endpoint when it makes drafts and when it is refused, in its transaction', async () => {
    await createEndpoint('/recurring', ['recurring_run.created']);
    const [card] = await query<{ id: string; product: string }>(
      `select id, product from cards where company_id = 'C1001' and status = 'active'
          and replaced_by_card_id is null and expiry_date > current_date + 400 order by id limit 1`,
    );
    const today = athensDate(new Date());
    const rule = ok<{ rule: { ruleId: string } }>(
      await api('om1', 'POST', '/api/v1/orders/saveRecurringRule', {
        payload: {
          name: 'Webhook rule',
          product: card!.product,
          amountMode: 'sameForAll',
          amountCents: 15_000,
          lines: [{ cardId: card!.id }],
          schedule: { kind: 'monthly', dayOfMonth: 25, workingDaysOnly: true },
          startDay: today,
          endDay: null,
          submitMode: 'draft',
          paymentMethod: 'RF',
        },
      }),
    ).rule;
    const recurring = world.ctx.app.services.recurring;
    const made = await recurring.runRule(rule.ruleId, { runDay: today, period: 'webhook-1' });
    expect(made.run).toMatchObject({ status: 'created' });
    // The scheduler's own flag for a run it missed (not part of the service's declared type).
    const missedRun = { runDay: today, period: 'webhook-2', missed: true };
    const refused = await recurring.runRule(rule.ruleId, missedRun);
    expect(refused.run).toMatchObject({ status: 'failed' });
    await dispatch(new Date());
    // Deliveries carry no order guarantee: sorted by period here.
    const told = receiver
      .appliedAt('/recurring')
      .map((r) => r.body.data as Record<string, unknown>)
      .sort((a, b) => String(a.period).localeCompare(String(b.period)));
    expect(told).toEqual([
      expect.objectContaining({
        ruleId: rule.ruleId,
        period: 'webhook-1',
        status: 'created',
        cardCount: 1,
        draftIds: made.drafts,
      }),
      expect.objectContaining({
        ruleId: rule.ruleId,
        period: 'webhook-2',
        status: 'failed',
        failure: 'missed',
      }),
    ]);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is disabled after 15 failures in a row, audited, and the order managers are mailed', async () => {
    receiver.failFirst.set('/down', 1_000);
    const down = await createEndpoint('/down', ['card.blocked'], 'C1002', 'om3');
    for (let n = 0; n < 16; n += 1) {
      await world.ctx.database.db.transaction((tx) =>
        publishEvent(tx, { companyId: 'C1002', type: 'card.blocked', data: { n } }),
      );
    }
    const since = new Date();
    await dispatch(new Date());
    const [endpoint] = ok<{ endpoints: WebhookEndpoint[] }>(
      await api('om3', 'GET', 'webhookEndpoints', { company: 'C1002' }),
    ).endpoints.filter((e) => e.endpointId === down.endpoint.endpointId);
    expect(endpoint).toMatchObject({
      status: 'disabled',
      disabledReason: 'failures',
      consecutiveFailures: 15,
    });
    // The sixteenth was not attempted once the endpoint was disabled.
    const log = await deliveriesOf(down.endpoint.endpointId, 'C1002', 'om3');
    expect(log.filter((d) => d.attempts === 1)).toHaveLength(15);
    expect(log.filter((d) => d.attempts === 0)).toHaveLength(1);
    await dispatch(new Date(Date.now() + minutes(30)));
    expect(
      (await deliveriesOf(down.endpoint.endpointId, 'C1002', 'om3')).filter((d) => d.attempts > 1),
    ).toEqual([]);

    const audit = await query<{ action: string }>(
      `select action from audit_log where entity = 'webhook-endpoint' and entity_id = $1 order by id`,
      [down.endpoint.endpointId],
    );
    expect(audit.map((row) => row.action)).toEqual(['webhook-endpoint.create', 'webhook-endpoint.disable']);
    const mails = await query<{ to: string; subject: string; text: string }>(
      `select "to", subject, text from mail_outbox where created_at >= $1 and subject like '%webhook%'`,
      [since],
    );
    const om3 = mails.find((mail) => mail.to === 'om3@tessera.demo');
    expect(om3?.subject).toContain('απενεργοποιήθηκε');
    expect(om3?.text).toContain(receiver.url('/down'));
    // Enabling it again forgets the failures and the waiting deliveries go out.
    receiver.failFirst.set('/down', 0);
    const enabled = ok<{ endpoint: WebhookEndpoint }>(
      await api('om3', 'POST', 'updateWebhookEndpoint', {
        company: 'C1002',
        payload: { endpointId: down.endpoint.endpointId, isEnabled: true },
      }),
    ).endpoint;
    expect(enabled).toMatchObject({ status: 'enabled', consecutiveFailures: 0 });
    await dispatch(new Date(Date.now() + minutes(60)));
    expect(receiver.appliedAt('/down')).toHaveLength(16);
  });

  it('fails a delivery for good after three days and disables its endpoint, mailing in each manager’s language', async () => {
    const english = await createUser(world.ctx.database.db, {
      companyIds: ['C1006'],
      preferredLanguage: 'en',
      email: 'om-en@tessera.test',
      password: null,
    });
    const headers = await sessionHeaders(world.ctx, english.id);
    receiver.failFirst.set('/late', 1_000);
    const created = ok<Created>(
      await api('om1', 'POST', 'createWebhookEndpoint', {
        company: 'C1006',
        headers,
        payload: { url: receiver.url('/late'), eventTypes: ['payment.received'] },
      }),
    );
    receiver.secrets.set('/late', created.secret);
    await world.ctx.database.db.transaction((tx) =>
      publishEvent(tx, { companyId: 'C1006', type: 'payment.received', data: { paymentId: 'p1' } }),
    );
    const start = new Date();
    await dispatch(start);
    await dispatch(new Date(start.getTime() + 73 * 3_600_000));
    const [delivery] = ok<{ deliveries: WebhookDelivery[] }>(
      await api('om1', 'GET', `webhookDeliveries?endpointId=${created.endpoint.endpointId}`, {
        company: 'C1006',
        headers,
      }),
    ).deliveries;
    expect(delivery).toMatchObject({ state: 'failed', attempts: 2, nextAttemptAt: null });
    const [mail] = await query<{ subject: string }>(`select subject from mail_outbox where "to" = $1`, [
      'om-en@tessera.test',
    ]);
    expect(mail?.subject).toBe(`The webhook ${receiver.url('/late')} was disabled`);
  });
});

describe('cards expiring within 60 days', () => {
  it('are told once per card and expiry date, however often the daily job runs', async () => {
    const endpoint = await createEndpoint('/expiry', ['card.expiring']);
    const [first] = await query<{ d: string }>(
      `select min(expiry_date)::text as d from cards where company_id = 'C1001' and status in ('active', 'blocked')`,
    );
    const now = new Date(`${first!.d}T12:00:00Z`);
    now.setUTCDate(now.getUTCDate() - 10);
    const [expected] = await query<{ n: number }>(
      `select count(*)::int as n from cards where company_id = 'C1001' and status in ('active', 'blocked')
          and expiry_date between $1::date and ($1::date + 60)`,
      [now.toISOString().slice(0, 10)],
    );
    expect(expected!.n).toBeGreaterThan(0);
    const service = world.ctx.app.services.webhooks;
    expect(await service.announceExpiringCards(now)).toBe(expected!.n);
    expect(await service.announceExpiringCards(new Date(now.getTime() + 86_400_000))).toBeGreaterThanOrEqual(
      0,
    );
    expect(await service.announceExpiringCards(now)).toBe(0);
    await dispatch(new Date());
    const told = receiver.appliedAt('/expiry');
    const ids = told.map((r) => (r.body.data as { cardId: string }).cardId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(expected!.n);
    expect(JSON.stringify(told)).toMatch(/••/);
    // Each notice says whether a replacement is coming (ADR 036's "do not renew").
    expect(told.every((r) => typeof (r.body.data as { doNotRenew?: unknown }).doNotRenew === 'boolean')).toBe(
      true,
    );
    expect((await deliveriesOf(endpoint.endpoint.endpointId)).every((d) => d.state === 'succeeded')).toBe(
      true,
    );
  });
});

describe('the public API', () => {
  async function token(scopes: string[]): Promise<string> {
    const created = ok<{ client: { clientId: string }; clientSecret: string }>(
      await api('om1', 'POST', 'createApiClient', { payload: { name: `hooks ${scopes.join()}`, scopes } }),
    );
    const response = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: created.client.clientId,
        client_secret: created.clientSecret,
      }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ access_token: string }>().access_token;
  }

  it('lets an integration with the webhooks scope subscribe, list and delete its company’s endpoints only', async () => {
    const bearer = await token(['webhooks']);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, auth = bearer) =>
      world.ctx.app.inject({
        method,
        url: `/api/public/v1/webhook-endpoints${url}`,
        headers: { authorization: `Bearer ${auth}`, 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
    const created = await call('POST', '', { url: receiver.url('/public'), eventTypes: ['cards.loaded'] });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json<Created>();
    expect(secret).toMatch(/^whsec_/);
    const listed = await call('GET', '');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(endpoint.endpointId);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain('/other');

    const bad = await call('POST', '', { url: 'http://example.com/', eventTypes: ['cards.loaded'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json<{ detail: string }>().detail).toContain('url');

    const foreign = ok<{ endpoints: WebhookEndpoint[] }>(
      await api('om3', 'GET', 'webhookEndpoints', { company: 'C1002' }),
    ).endpoints[0]!;
    const notMine = await call('DELETE', `/${foreign.endpointId}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.headers['content-type']).toContain('application/problem+json');

    const narrow = await token(['cards:read']);
    expect((await call('GET', '', undefined, narrow)).statusCode).toBe(403);

    expect((await call('DELETE', `/${endpoint.endpointId}`)).statusCode).toBe(204);
    expect((await call('GET', '')).body).not.toContain(endpoint.endpointId);
    const audit = await query<{ action: string; actor_user_id: string | null }>(
      `select action, actor_user_id from audit_log where entity = 'webhook-endpoint' and entity_id = $1 order by id`,
      [endpoint.endpointId],
    );
    expect(audit).toEqual([
      { action: 'webhook-endpoint.create', actor_user_id: null },
      { action: 'webhook-endpoint.delete', actor_user_id: null },
    ]);
  });
});

describe('a payroll system, with only the public API', () => {
  it('subscribes itself, loads cards in one idempotent call and learns by webhook that the order was paid and the cards loaded', async () => {
    // Cards of the company to load (made and paid on the portal).
    await paidOrder([
      holderLine('pay-1', 1_000, 'Νίκος', 'Μισθός'),
      holderLine('pay-2', 1_000, 'Άννα', 'Μισθού'),
    ]);
    const cards = await query<{ id: string }>(
      `select c.id from cards c join cardholders h on h.id = c.cardholder_id
        where c.company_id = 'C1001' and h.last_name in ('Μισθός', 'Μισθού') order by c.id`,
    );
    expect(cards).toHaveLength(2);
    const created = ok<{ client: { clientId: string }; clientSecret: string }>(
      await api('om1', 'POST', 'createApiClient', {
        payload: { name: 'Payroll', scopes: ['orders:write', 'orders:read', 'webhooks'] },
      }),
    );
    const token = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: created.client.clientId,
        client_secret: created.clientSecret,
      },
    });
    const authorization = `Bearer ${token.json<{ access_token: string }>().access_token}`;
    const subscribed = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/webhook-endpoints',
      headers: { authorization, 'idempotency-key': 'payroll-subscribe' },
      payload: {
        url: receiver.url('/payroll'),
        description: 'payroll',
        eventTypes: ['order.status_changed', 'payment.received', 'cards.loaded'],
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    receiver.secrets.set('/payroll', subscribed.json<{ secret: string }>().secret);

    const load = () =>
      world.ctx.app.inject({
        method: 'POST',
        url: '/api/public/v1/loads/bulk',
        headers: { authorization, 'idempotency-key': 'payroll-2026-11' },
        payload: {
          paymentMethod: 'RF',
          lines: cards.map((card) => ({ cardId: card.id, amountCents: 15_000 })),
        },
      });
    const first = await load();
    expect(first.statusCode, first.body).toBe(201);
    expect((await load()).body).toBe(first.body);
    const [{ order, payment }] = first.json<{
      orders: { order: { orderId: string; totalCents: number }; payment: { rfCode: string } }[];
    }>().orders as [{ order: { orderId: string; totalCents: number }; payment: { rfCode: string } }];

    // The company pays by bank transfer; the provider's statement import matches it.
    const amount = (order.totalCents / 100).toFixed(2).replace('.', ',');
    const imported = ok<{ lines: { outcome: string }[] }>(
      await api('admin', 'POST', '/api/v1/orders/importBankStatement', {
        payload: {
          csv: `id;date;amount;reference;payer\nPAYROLL-1;${athensDate(new Date())};${amount};${formatRf(payment.rfCode)};ΑΚΜΗ`,
        },
      }),
    );
    expect(imported.lines.map((line) => line.outcome)).toEqual(['matched']);

    await dispatch(new Date());
    const told = receiver
      .appliedAt('/payroll')
      .filter((received) => (received.body.data as { orderId?: string }).orderId === order.orderId);
    const statuses = told
      .filter((received) => received.type === 'order.status_changed')
      .map((received) => (received.body.data as { status: string }).status);
    expect(statuses).toEqual(expect.arrayContaining(['awaiting_payment', 'paid', 'loaded']));
    expect(told.filter((received) => received.type === 'payment.received')).toHaveLength(1);
    const loaded = told.find((received) => received.type === 'cards.loaded')!.body.data as {
      totalLoadedCents: number;
      cards: { cardId: string }[];
    };
    expect(loaded.totalLoadedCents).toBe(30_000);
    expect(loaded.cards.map((card) => card.cardId).sort()).toEqual(cards.map((card) => card.id));
    expect(receiver.badSignatures).toBe(0);
  });
});
