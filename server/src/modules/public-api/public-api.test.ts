import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoApiClient, demoWorldTestFile } from '../../../test/tenant-helper';
import { orderFeeLines } from '../../../test/invoicing-helper';
import { issueInvoice, TEST_INVOICING_SETTINGS, validateMydataXml, validateUblXsd } from '../invoicing';

/**
 * The public API's resources (issue 22 §2, §5; ADR 037): every answer matches the public OpenAPI
 * document; clients of two companies never see or touch each other's cards, cardholders, orders
 * or money; each route needs its scope; every POST needs an Idempotency-Key and runs once per key;
 * the JSON bulk load is judged by the Excel rows' rules and names each refused line in the caller's
 * language.
 */
const world = demoWorldTestFile({
  env: { RATE_LIMIT_MAX: '100000', API_CLIENT_RATE_LIMIT: '100000', API_TOKEN_RATE_LIMIT: '1000' },
  cardScale: 0.02,
});
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);

type Created = { client: { clientId: string }; clientSecret: string };
const ALL = ['cards:read', 'cards:write', 'orders:read', 'orders:write', 'webhooks'];

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

async function tokenFor(company: string, scopes: string[]): Promise<string> {
  const created = ok<Created>(
    await api('om3', 'POST', 'createApiClient', { company, payload: { name: `ERP ${company}`, scopes } }),
  );
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

let document: {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

/** An OpenAPI 3.0 schema as JSON Schema: `nullable: true` becomes a `null` the value may be. */
function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, jsonSchemaOf(value)]),
  );
  if (nullable !== true) return converted;
  if (Array.isArray(converted.enum)) converted.enum = [...(converted.enum as unknown[]), null];
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}

/** Calls the public API and checks the answer against the public OpenAPI document's schema for it. */
async function call(
  bearer: string,
  method: 'GET' | 'POST',
  path: string,
  options: { payload?: unknown; key?: string | null; language?: string } = {},
): Promise<LightMyRequestResponse> {
  const response = await world.ctx.app.inject({
    method,
    url: `/api/public/v1${path}`,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(method === 'POST' && options.key !== null
        ? { 'idempotency-key': options.key ?? randomUUID() }
        : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  const template = `/api/public/v1${path.split('?')[0]!.replace(/\/[0-9a-f-]{36}(?=\/|$)/g, (_m) => '/{id}')}`;
  const entry = Object.entries(document.paths).find(
    ([documented]) => documented.replace(/\{[^}]+\}/g, '{id}') === template,
  );
  expect(entry, `${template} is documented`).toBeDefined();
  const operation = entry![1][method.toLowerCase()];
  expect(operation, `${method} ${template} is documented`).toBeDefined();
  const documented = operation!.responses[String(response.statusCode)];
  expect(
    documented,
    `${method} ${template} documents ${response.statusCode}: ${response.body}`,
  ).toBeDefined();
  const media =
    documented!.content?.['application/json'] ?? documented!.content?.['application/problem+json'];
  if (media) {
    const validate = ajv.compile(jsonSchemaOf(media.schema) as object);
    expect(
      validate(response.json()),
      `${method} ${path} ${response.statusCode}: ${JSON.stringify(validate.errors)}`,
    ).toBe(true);
  }
  if (response.statusCode >= 400)
    expect(response.headers['content-type']).toContain('application/problem+json');
  return response;
}

let a: string;
let b: string;
let cardOfA: { id: string; product: string; family: string };
let cardOfB: { id: string };

beforeAll(async () => {
  const served = await world.ctx.app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
  expect(served.statusCode).toBe(200);
  document = served.json();
  a = await tokenFor('C1001', ALL);
  b = await tokenFor('C1002', ALL);
  [cardOfA = undefined as never] = await query<{ id: string; product: string; family: string }>(
    `select c.id, c.product, c.family from cards c where c.company_id = 'C1001' and c.status = 'active'
        and c.expiry_date > current_date + 90 and c.replaced_by_card_id is null order by c.id limit 1`,
  );
  [cardOfB = undefined as never] = await query<{ id: string }>(
    `select id from cards where company_id = 'C1002' and status = 'active' order by id limit 1`,
  );
  expect(
    cardOfA,
    JSON.stringify(await query(`select company_id, status, count(*) from cards group by 1, 2`)),
  ).toBeTruthy();
  expect(cardOfB).toBeTruthy();
});

describe('the public API document', () => {
  it('documents every public route with its scope scheme, examples and the error codes', async () => {
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/public/v1/cards',
        '/api/public/v1/cards/{cardId}',
        '/api/public/v1/cardholders',
        '/api/public/v1/orders',
        '/api/public/v1/orders/{orderId}',
        '/api/public/v1/loads/bulk',
        '/api/public/v1/order-drafts/{draftId}/submit',
        '/api/public/v1/balance',
        '/api/public/v1/statements',
        '/api/public/v1/invoices',
        '/api/public/v1/invoices/{invoiceId}',
        '/api/public/v1/invoices/{invoiceId}/mydata',
        '/api/public/v1/invoices/{invoiceId}/pdf',
        '/api/public/v1/invoices/{invoiceId}/ubl',
        '/api/public/v1/oauth/token',
      ]),
    );
    const text = JSON.stringify(document);
    // Each operation names the scope its token needs.
    const bulk = document.paths['/api/public/v1/loads/bulk']!.post as unknown as { security: unknown };
    expect(bulk.security).toEqual([{ clientCredentials: ['orders:write'] }]);
    expect(text).toContain('clientCredentials');
    expect(text).toContain('Idempotency-Key');
    expect(text).toContain('bulkUnknownCard');
    expect(text).toContain('| 60 |');
  });
  it('passes `redocly lint` with the recommended rules: no error, and no warning when served on a real host (issue 34 §3 item 9)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const lint = async (source: unknown) =>
      (await lintFromString({ source: JSON.stringify(source), config })).map(
        (problem) =>
          `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
      );
    expect((await lint(document)).filter((problem) => problem.startsWith('error'))).toEqual([]);
    const onItsHost = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/public/v1/openapi.json',
      headers: { host: 'portal.tessera.gr' },
    });
    expect(await lint(onItsHost.json())).toEqual([]);
  });

  it('declares HTTP Basic on the token operation, an operationId on each operation, a licence and the request’s origin as its server', async () => {
    const served = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/public/v1/openapi.json',
      headers: { host: 'api.example.gr' },
    });
    const seen = served.json<{
      info: { license?: { name: string } };
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    }>();
    expect(seen.servers).toEqual([{ url: 'http://api.example.gr' }]);
    expect(seen.info.license?.name).toBeTruthy();
    const operations = Object.values(seen.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const token = seen.paths['/api/public/v1/oauth/token']!.post!;
    expect(token.security).toEqual([{ clientBasic: [] }, {}]);
    expect(seen.components.securitySchemes.clientBasic).toMatchObject({ type: 'http', scheme: 'basic' });
  });
});

describe('cards and cardholders', () => {
  it('pages through the company’s own cards only, with a cursor', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await call(a, 'GET', `/cards?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ data: { cardId: string }[]; nextCursor: string | null }>();
      for (const card of body.data) {
        expect(seen.has(card.cardId)).toBe(false);
        seen.add(card.cardId);
      }
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    const [count] = await query<{ n: number }>(
      `select count(*)::int as n from cards where company_id = 'C1001'`,
    );
    expect(seen.size).toBe(count!.n);
    expect(seen.has(cardOfB.id)).toBe(false);
    expect(pages).toBeGreaterThan(1);
  });

  it('answers another company’s card as not found, and a bad cursor as a 400 naming it', async () => {
    expect((await call(a, 'GET', `/cards/${cardOfA.id}`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `/cards/${cardOfA.id}`)).statusCode).toBe(404);
    const bad = await call(a, 'GET', '/cards?cursor=bm90LWEtdXVpZA', { language: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('cursor');
  });

  it('creates a cardholder once per key, and refuses a second with the same employee code naming it', async () => {
    const key = randomUUID();
    const payload = { firstName: 'Νίκος', lastName: 'Αλεξίου', employeeCode: `API-${key.slice(0, 8)}` };
    const first = await call(a, 'POST', '/cardholders', { payload, key });
    const again = await call(a, 'POST', '/cardholders', { payload, key });
    expect(first.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const rows = await query(`select id from cardholders where employee_code = $1`, [payload.employeeCode]);
    expect(rows).toHaveLength(1);
    const clash = await call(a, 'POST', '/cardholders', { payload, language: 'en' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual([
      expect.objectContaining({
        field: 'employeeCode',
        code: 'cardholderExists',
        message: expect.stringMatching(/already/),
      }),
    ]);
    // Company B does not see A's person; a person of the same code in B is its own.
    const list = await call(b, 'GET', `/cardholders?employeeCode=${payload.employeeCode}`);
    expect(list.json().data).toEqual([]);
    expect((await call(b, 'POST', '/cardholders', { payload })).statusCode).toBe(201);
  });
});

describe('orders', () => {
  it('needs an Idempotency-Key on every POST, named in the problem', async () => {
    const response = await call(a, 'POST', '/orders', {
      key: null,
      payload: {
        type: 'load',
        product: cardOfA.product,
        family: cardOfA.family,
        lines: [{ cardId: cardOfA.id, amountCents: 1000 }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('Idempotency-Key');
  });

  it('refuses a key used with another body in the API’s words, naming the Idempotency-Key (issue 34 §3 item 10)', async () => {
    const key = randomUUID();
    const payload = { firstName: 'Άννα', lastName: 'Ρήγα', employeeCode: `API-${key.slice(0, 8)}` };
    expect((await call(a, 'POST', '/cardholders', { payload, key })).statusCode).toBe(201);
    for (const language of ['en', 'el']) {
      const reused = await call(a, 'POST', '/cardholders', {
        payload: { ...payload, lastName: 'Ρήγα-Άλλη' },
        key,
        language,
      });
      expect(reused.statusCode).toBe(409);
      const problem = reused.json<{ type: string; title: string; detail: string; errors: unknown[] }>();
      expect(problem.type).toBe('urn:tessera:problem:idempotency-key-reused');
      expect(problem.errors).toEqual([
        expect.objectContaining({ field: 'Idempotency-Key', code: 'idempotencyKeyReused' }),
      ]);
      // No browser wording: an API client has no page to refresh.
      expect(`${problem.title} ${problem.detail}`).not.toMatch(/refresh|page|ανανεώστε|σελίδα/i);
      expect(problem.detail).toMatch(language === 'en' ? /another request body/ : /άλλο σώμα αιτήματος/);
    }
  });

  it('names the API client and its creator as the order’s submitter and in the audit log, not nobody or “System” (issue 34 §3 item 3)', async () => {
    const created = await call(a, 'POST', '/orders', {
      payload: {
        type: 'load',
        product: cardOfA.product,
        family: cardOfA.family,
        lines: [{ cardId: cardOfA.id, amountCents: 1200 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json<{ orders: { order: { orderId: string } }[] }>().orders[0]!.order.orderId;
    const [creator] = await query<{ name: string }>(
      `select first_name || ' ' || last_name as name from users where id = $1`,
      [world.ids.om3],
    );
    const expected = `ERP C1001 (API · ${creator!.name})`;
    const details = ok<{ order: { submittedByName: string } }>(
      await api('om1', 'GET', `/api/v1/orders/retrieveOrderDetails?orderId=${orderId}`),
    );
    expect(details.order.submittedByName).toBe(expected);
    const history = ok<{ orders: { orderId: string; submittedByName: string }[] }>(
      await api('om1', 'GET', '/api/v1/orders/retrieveOrderHistory'),
    );
    expect(history.orders.find((order) => order.orderId === orderId)?.submittedByName).toBe(expected);
    const log = ok<{ entries: { action: string; entityId: string | null; actorName: string | null }[] }>(
      await api('om1', 'GET', 'companyAuditLog?companyId=C1001'),
    );
    const submitted = log.entries.find((entry) => entry.entityId === orderId);
    expect(submitted, JSON.stringify(log.entries.slice(0, 5))).toBeTruthy();
    expect(submitted!.actorName).toBe(expected);
    const calls = log.entries.filter((entry) => entry.action === 'api.call');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((entry) => entry.actorName?.includes('(API · '))).toBe(true);
  });

  it('loads a card once per key: one order awaiting payment with its RF reference', async () => {
    const before = await query(`select count(*)::int as n from orders where company_id = 'C1001'`);
    const key = randomUUID();
    const payload = {
      type: 'load',
      product: cardOfA.product,
      family: cardOfA.family,
      lines: [{ cardId: cardOfA.id, amountCents: 2500 }],
    };
    const first = await call(a, 'POST', '/orders', { payload, key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(a, 'POST', '/orders', { payload, key });
    expect(again.body).toBe(first.body);
    const body = first.json<{
      orders: { order: { orderId: string; status: string }; payment: { rfCode: string } | null }[];
    }>();
    expect(body.orders).toHaveLength(1);
    expect(body.orders[0]!.order.status).toBe('awaiting_payment');
    expect(body.orders[0]!.payment?.rfCode).toMatch(/^RF\d{2}/);
    const after = await query(`select count(*)::int as n from orders where company_id = 'C1001'`);
    expect((after[0] as { n: number }).n).toBe((before[0] as { n: number }).n + 1);
    // Its timeline reads for A, not for B.
    const orderId = body.orders[0]!.order.orderId;
    const details = await call(a, 'GET', `/orders/${orderId}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().timeline.length).toBeGreaterThan(0);
    expect((await call(b, 'GET', `/orders/${orderId}`)).statusCode).toBe(404);
    const listB = await call(b, 'GET', '/orders?limit=200');
    expect(listB.body).not.toContain(orderId);
    // The same key with another body is a conflict, not a second order.
    const other = await call(a, 'POST', '/orders', {
      payload: { ...payload, lines: [{ cardId: cardOfA.id, amountCents: 2600 }] },
      key,
    });
    expect(other.statusCode).toBe(409);
  });

  it('refuses to load another company’s card and makes nothing', async () => {
    const before = await query(`select count(*)::int as n from orders where company_id = 'C1002'`);
    const response = await call(b, 'POST', '/orders', {
      payload: {
        type: 'load',
        product: cardOfA.product,
        family: cardOfA.family,
        lines: [{ cardId: cardOfA.id, amountCents: 1000 }],
      },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await query(`select count(*)::int as n from orders where company_id = 'C1002'`)).toEqual(before);
  });

  it('keeps a draft without a payment method and submits it later', async () => {
    const made = await call(a, 'POST', '/orders', {
      payload: {
        type: 'load',
        product: cardOfA.product,
        family: cardOfA.family,
        paymentMethod: null,
        lines: [{ cardId: cardOfA.id, amountCents: 1200 }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const draftId = made.json<{ drafts: { draftId: string }[] }>().drafts[0]!.draftId;
    expect((await call(b, 'POST', `/order-drafts/${draftId}/submit`, { payload: {} })).statusCode).toBe(404);
    const submitted = await call(a, 'POST', `/order-drafts/${draftId}/submit`, {
      payload: { paymentMethod: 'RF' },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json().payment.rfCode).toMatch(/^RF/);
  });
});

describe('bulk loads by JSON', () => {
  it('names every refused line, by the Excel rules, in Greek and English, and makes nothing', async () => {
    const before = await query(`select count(*)::int as n from draft_orders where company_id = 'C1001'`);
    const payload = {
      lines: [
        { cardId: cardOfA.id, amountCents: 1000 },
        { cardId: cardOfB.id, amountCents: 1000 },
        { cardId: randomUUID(), amountCents: 1000 },
      ],
    };
    const greek = await call(a, 'POST', '/loads/bulk', { payload });
    const english = await call(a, 'POST', '/loads/bulk', { payload, language: 'en' });
    expect(greek.statusCode).toBe(422);
    expect(english.statusCode).toBe(422);
    const fields = english.json<{ errors: { field: string }[] }>().errors.map((entry) => entry.field);
    expect(fields).toEqual(expect.arrayContaining(['lines.1.cardId', 'lines.2.cardId']));
    expect(fields.some((field) => field.startsWith('lines.0'))).toBe(false);
    expect(greek.headers['content-language']).toBe('el');
    expect(greek.json().errors[0].message).not.toBe(english.json().errors[0].message);
    expect(await query(`select count(*)::int as n from draft_orders where company_id = 'C1001'`)).toEqual(
      before,
    );
  });

  it('refuses a card loaded twice in one call, as the preview does', async () => {
    const response = await call(a, 'POST', '/loads/bulk', {
      payload: {
        lines: [
          { cardId: cardOfA.id, amountCents: 1000 },
          { cardId: cardOfA.id, amountCents: 2000 },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(
      response.json().errors.map((entry: { field: string; code: string }) => `${entry.field} ${entry.code}`),
    ).toEqual(['lines.1 bulkDuplicateCard']);
  });

  it('turns good lines into one order per product and family, once per key', async () => {
    const cards = await query<{ id: string; product: string; family: string }>(
      `select id, product, family from cards where company_id = 'C1001' and status = 'active'
          and expiry_date > current_date + 90 and replaced_by_card_id is null order by id limit 40`,
    );
    const key = randomUUID();
    const payload = { lines: cards.map((card, index) => ({ cardId: card.id, amountCents: 1000 + index })) };
    const first = await call(a, 'POST', '/loads/bulk', { payload, key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(a, 'POST', '/loads/bulk', { payload, key });
    expect(again.body).toBe(first.body);
    const groups = new Set(cards.map((card) => `${card.product}:${card.family}`));
    const orders = first.json<{
      orders: { order: { orderId: string; cards: number; orderType: string } }[];
    }>().orders;
    expect(orders).toHaveLength(groups.size);
    expect(orders.reduce((sum, entry) => sum + entry.order.cards, 0)).toBe(cards.length);
    expect(new Set(orders.map((entry) => entry.order.orderType))).toEqual(new Set(['BULK_LOAD']));
    const lines = await query<{ n: number }>(
      `select count(*)::int as n from order_lines where order_id = any($1::uuid[])`,
      [orders.map((entry) => entry.order.orderId)],
    );
    expect(lines[0]!.n).toBe(cards.length);
  });
});

describe('money and scopes', () => {
  it('reads the balance and a statement page of the company only', async () => {
    const balance = await call(a, 'GET', '/balance');
    expect(balance.statusCode).toBe(200);
    expect(balance.json().companyId).toBe('C1001');
    const statement = await call(a, 'GET', '/statements?limit=5');
    expect(statement.statusCode).toBe(200);
    const ids = statement.json<{ data: { transactionId: string }[] }>().data.map((row) => row.transactionId);
    if (ids.length > 0) {
      const companies = await query<{ company_id: string }>(
        `select distinct company_id from ledger_transactions where id = any($1::uuid[])`,
        [ids],
      );
      expect(companies).toEqual([{ company_id: 'C1001' }]);
    }
  });

  it('follows the cursors of orders and the statement page by page, never repeating a row', async () => {
    for (const [path, idOf] of [
      ['/orders', (row: Record<string, string>) => row.orderId!],
      ['/statements', (row: Record<string, string>) => row.transactionId!],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await call(a, 'GET', `${path}?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode).toBe(200);
        const body = response.json<{ data: Record<string, string>[]; nextCursor: string | null }>();
        seen.push(...body.data.map(idOf));
        cursor = body.nextCursor;
      } while (cursor && seen.length < 50);
      expect(seen.length, path).toBeGreaterThan(1);
      expect(new Set(seen).size).toBe(seen.length);
    }
    const bad = await call(a, 'GET', '/statements?cursor=eA');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a route the token has no scope for (403) and a missing token (401)', async () => {
    const readOnly = await tokenFor('C1001', ['cards:read']);
    expect((await call(readOnly, 'GET', '/cards?limit=1')).statusCode).toBe(200);
    expect((await call(readOnly, 'GET', '/orders')).statusCode).toBe(403);
    expect((await call(readOnly, 'GET', '/balance')).statusCode).toBe(403);
    expect(
      (await call(readOnly, 'POST', '/cardholders', { payload: { firstName: 'A', lastName: 'B' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(readOnly, 'POST', '/loads/bulk', {
          payload: { lines: [{ cardId: cardOfA.id, amountCents: 1 }] },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('not-a-token', 'GET', '/cards')).statusCode).toBe(401);
  });
});

describe('invoices (issue 37 §5)', () => {
  /** Documents of a company in a series of this file's own, dated as given. */
  async function issueDocuments(companyId: string, series: string, dates: string[]): Promise<string[]> {
    const [company] = await query<{ name: string; vat: string }>(
      `select name, vat from companies where id = $1`,
      [companyId],
    );
    const ids: string[] = [];
    for (const [index, issueDate] of dates.entries()) {
      const { invoice } = await world.ctx.database.db.transaction((tx) =>
        issueInvoice(tx, {
          idempotencyKey: `public-api-test:${series}:${index}`,
          kind: 'invoice',
          issuer: { vatNumber: TEST_INVOICING_SETTINGS.issuerVat },
          series,
          issueDate,
          customer: { companyId },
          counterpart: { vatNumber: company!.vat, country: 'GR', name: company!.name },
          lines: orderFeeLines(),
        }),
      );
      ids.push(invoice.id);
    }
    return ids;
  }
  let ownIds: string[] = [];
  let foreignIds: string[] = [];

  beforeAll(async () => {
    ownIds = await issueDocuments('C1001', 'APIA', ['2025-01-10', '2025-01-20', '2025-02-05', '2025-03-01']);
    foreignIds = await issueDocuments('C1002', 'APIB', ['2025-01-15']);
    await world.ctx.app.services.invoicing.transmitDue();
  });

  it('pages through the company’s own invoices of a period, newest first, never another company’s', async () => {
    const seen: { invoiceId: string; issueDate: string; customer: { vatNumber: string } }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `/invoices?from=2025-01-01&to=2025-02-28&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call(a, 'GET', path)).json<{ data: typeof seen; nextCursor: string | null }>();
      seen.push(...page.data);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    const expected = await query<{ id: string }>(
      `select id from invoices where company_id = 'C1001' and issue_date between '2025-01-01' and '2025-02-28'
        order by issue_date desc, series desc, document_type desc, number desc`,
    );
    expect(seen.map((invoice) => invoice.invoiceId)).toEqual(expected.map((row) => row.id));
    expect(seen.map((invoice) => invoice.invoiceId)).toEqual(expect.arrayContaining(ownIds.slice(0, 3)));
    expect(seen.map((invoice) => invoice.invoiceId)).not.toContain(ownIds[3]);
    expect(seen.map((invoice) => invoice.invoiceId)).not.toContain(foreignIds[0]);
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it('shows one invoice with its lines, MARK and download links, and another company’s as not found', async () => {
    const one = (await call(a, 'GET', `/invoices/${ownIds[0]}`)).json<{
      number: string;
      kind: string;
      state: string;
      mark: string | null;
      lines: unknown[];
      links: { mydataXml: string; pdf: string; ubl: string };
    }>();
    expect(one).toMatchObject({ number: 'APIA-1', kind: 'invoice', state: 'transmitted' });
    expect(one.mark).toMatch(/^\d+$/);
    expect(one.lines).toHaveLength(orderFeeLines().length);
    expect(one.links.mydataXml).toMatch(new RegExp(`/api/public/v1/invoices/${ownIds[0]}/mydata$`));
    for (const path of [`/invoices/${foreignIds[0]}`, `/invoices/${foreignIds[0]}/mydata`]) {
      const foreign = await call(a, 'GET', path);
      expect(foreign.statusCode, path).toBe(404);
      expect(foreign.body).not.toContain('APIB');
    }
  });

  it('downloads the myDATA XML as AADE’s schema takes it', async () => {
    const response = await call(a, 'GET', `/invoices/${ownIds[1]}/mydata`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['content-disposition']).toContain('APIA-2.xml');
    expect(response.body).toContain('<series>APIA</series>');
    expect(response.body).toContain('<aa>2</aa>');
    expect(await validateMydataXml(response.body)).toEqual({ valid: true });
  });

  it('downloads the PDF and the UBL document (EN 16931) of the company’s invoice, and of no other company’s', async () => {
    const pdf = await call(a, 'GET', `/invoices/${ownIds[1]}/pdf`, { language: 'en' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('APIA-2.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const ubl = await call(a, 'GET', `/invoices/${ownIds[1]}/ubl`);
    expect(ubl.statusCode).toBe(200);
    expect(ubl.headers['content-type']).toMatch(/^application\/xml/);
    expect(ubl.headers['content-disposition']).toContain('APIA-2-ubl.xml');
    expect(ubl.body).toContain('|2.1|APIA|2</cbc:ID>');
    expect(await validateUblXsd(ubl.body)).toEqual({ valid: true });

    for (const path of [`/invoices/${foreignIds[0]}/pdf`, `/invoices/${foreignIds[0]}/ubl`]) {
      expect((await call(a, 'GET', path)).statusCode, path).toBe(404);
    }
  });

  it('needs the orders:read scope', async () => {
    const cardsOnly = await tokenFor('C1001', ['cards:read']);
    expect((await call(cardsOnly, 'GET', '/invoices')).statusCode).toBe(403);
    expect((await call(cardsOnly, 'GET', `/invoices/${ownIds[0]}/mydata`)).statusCode).toBe(403);
  });
});

describe('every public route, generated from the route table', () => {
  it('answers a client of C1002 that names C1001’s card, cardholder, order or draft without any of it, and makes nothing', async () => {
    const { ROUTE_ACCESS } = await import('../../platform/route-access');
    const [order] = await query<{ id: string }>(`select id from orders where company_id = 'C1001' limit 1`);
    const [draft] = await query<{ id: string }>(
      `select id from draft_orders where company_id = 'C1001' limit 1`,
    );
    const [holder] = await query<{ id: string }>(
      `select id from cardholders where company_id = 'C1001' limit 1`,
    );
    const [invoice] = await query<{ id: string }>(
      `select id from invoices where company_id = 'C1001' limit 1`,
    );
    const foreign: Record<string, string> = {
      invoiceId: invoice?.id ?? randomUUID(),
      cardId: cardOfA.id,
      orderId: order?.id ?? randomUUID(),
      draftId: draft?.id ?? randomUUID(),
      cardholderId: holder!.id,
    };
    const bodies: Record<string, unknown> = {
      'POST /api/public/v1/orders': {
        type: 'load',
        product: cardOfA.product,
        family: cardOfA.family,
        lines: [{ cardId: cardOfA.id, amountCents: 1000 }],
      },
      'POST /api/public/v1/loads/bulk': { lines: [{ cardId: cardOfA.id, amountCents: 1000 }] },
      'POST /api/public/v1/cardholders': { firstName: 'Ξένος', lastName: 'Πελάτης' },
      'POST /api/public/v1/order-drafts/:draftId/submit': { paymentMethod: 'RF' },
    };
    const counts = async () =>
      query(`select (select count(*) from orders where company_id = 'C1001')::int as orders,
                    (select count(*) from draft_orders where company_id = 'C1001')::int as drafts,
                    (select count(*) from cardholders where company_id = 'C1001')::int as holders`);
    const before = await counts();
    const secrets = Object.values(foreign);
    let attempts = 0;
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      const [method, template] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      if (
        access !== 'api-client' ||
        !template.startsWith('/api/public/v1/') ||
        /oauth\/token$/.test(template)
      )
        continue;
      if (method === 'DELETE') continue;
      const url = template.replace(/:(\w+)/g, (_, name: string) => foreign[name] ?? randomUUID());
      // The card list is asked for the other company's cardholder too.
      const filter = template.endsWith('/cards') ? `?cardholderId=${foreign.cardholderId}` : '';
      const response = await world.ctx.app.inject({
        method,
        url: `${url}${filter}`,
        headers: {
          authorization: `Bearer ${b}`,
          ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
        },
        ...(method === 'POST' ? { payload: (bodies[route] ?? {}) as object } : {}),
      });
      attempts += 1;
      expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode < 300) {
        for (const secret of secrets) expect(response.body, `${route} leaks ${secret}`).not.toContain(secret);
      }
    }
    expect(attempts).toBeGreaterThanOrEqual(10);
    expect(await counts()).toEqual(before);
    console.log(`public API routes as a foreign client: ${attempts} requests, 0 leaks`);
  });
});
