import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODE } from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoApiClient, demoWorldTestFile, sessionHeaders } from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';
import { encryptTotpSecret, secondFactorKey } from '../identity';
import { userSecondFactors } from '../identity/schema';
import { publicApiRoutes } from './public-routes';

/**
 * API clients (issue 22 §1, ADR 034): an order manager creates a client of the company (its secret
 * shown once, stored hashed), rotates the secret with an overlap, revokes it; the client takes a
 * token and calls the public API, each call scoped, rate-limited per client and audited.
 */
const RATE = 6;
const world = demoWorldTestFile({
  env: { RATE_LIMIT_MAX: '100000', API_CLIENT_RATE_LIMIT: String(RATE), API_TOKEN_RATE_LIMIT: '1000' },
});
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);
type Created = { client: { clientId: string; name: string; scopes: string[] }; clientSecret: string };

/** An order manager of C1002 only. */
let om2Headers: Record<string, string>;

beforeAll(async () => {
  const om2 = await createUser(world.ctx.database.db, { companyIds: ['C1002'], password: null });
  om2Headers = await sessionHeaders(world.ctx, om2.id);
});

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

async function create(name: string, scopes: string[] = ['cards:read'], company = 'C1001'): Promise<Created> {
  return ok<Created>(await api('om3', 'POST', 'createApiClient', { company, payload: { name, scopes } }));
}

function token(clientId: string, clientSecret: string, form: Record<string, string> = {}) {
  return world.ctx.app.inject({
    method: 'POST',
    url: '/api/public/v1/oauth/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    },
    payload: new URLSearchParams({ grant_type: 'client_credentials', ...form }).toString(),
  });
}

async function accessToken(created: Created, scope?: string): Promise<string> {
  const response = await token(created.client.clientId, created.clientSecret, scope ? { scope } : {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

function me(bearer: string, language?: string) {
  return world.ctx.app.inject({
    method: 'GET',
    url: '/api/public/v1/me',
    headers: { authorization: `Bearer ${bearer}`, ...(language ? { 'accept-language': language } : {}) },
  });
}

describe('API clients of a company', () => {
  it('shows the secret once, stores only its SHA-256 and never lists it, and audits the creation without it', async () => {
    const created = await create('ERP', ['orders:read', 'cards:read']);
    expect(created.client.clientId).toMatch(/^tc_/);
    expect(created.clientSecret).toMatch(/^tcs_.{40,}/);
    expect(created.client.scopes).toEqual(['cards:read', 'orders:read']);
    const [row] = await query<{ secret_hash: string; company_id: string; created_by: string }>(
      `select s.secret_hash, c.company_id, c.created_by from api_client_secrets s
         join api_clients c on c.id = s.client_id where c.client_id = $1`,
      [created.client.clientId],
    );
    expect(row!.company_id).toBe('C1001');
    expect(row!.created_by).toBe(world.ids.om3);
    expect(row!.secret_hash).toBe(createHash('sha256').update(created.clientSecret).digest('base64url'));
    const list = await api('om3', 'GET', 'apiClients');
    expect(list.body).toContain(created.client.clientId);
    expect(list.body).not.toContain(created.clientSecret);
    const audit = await query<{ action: string; after: unknown; actor_user_id: string }>(
      `select action, after, actor_user_id from audit_log where entity = 'api-client' and entity_id = $1`,
      [created.client.clientId],
    );
    expect(audit).toEqual([
      {
        action: 'api-client.create',
        after: { name: 'ERP', scopes: ['cards:read', 'orders:read'] },
        actor_user_id: world.ids.om3,
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(created.clientSecret);
  });

  it('refuses a bad name or scope list naming the field, in Greek and in English', async () => {
    const greek = await api('om1', 'POST', 'createApiClient', {
      payload: { name: '', scopes: ['cards:read'] },
    });
    const english = await api('om1', 'POST', 'createApiClient', {
      payload: { name: '', scopes: ['cards:read'] },
      culture: 'en-us',
    });
    expect(greek.statusCode).toBe(400);
    const greekField = greek.json<{ fields: { field: string; message: string }[] }>().fields[0]!;
    const englishField = english.json<{ fields: { field: string; message: string }[] }>().fields[0]!;
    expect(greekField.field).toBe('name');
    expect(englishField.field).toBe('name');
    expect(greekField.message).not.toBe(englishField.message);
    for (const scopes of [[], ['cards:read', 'cards:read'], ['everything']]) {
      const response = await api('om1', 'POST', 'createApiClient', { payload: { name: 'X', scopes } });
      expect(response.statusCode, JSON.stringify(scopes)).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields[0]!.field).toMatch(/^scopes/);
    }
    const overlap = await api('om1', 'POST', 'rotateApiClientSecret', {
      payload: { clientId: 'tc_x', overlapHours: 169 },
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('overlapHours');
  });

  it('issues a token only for the right secret, by HTTP Basic or the form, and only for its own scopes', async () => {
    const created = await create('Token', ['cards:read', 'orders:read']);
    const wrong = await token(created.client.clientId, `${created.clientSecret}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_client' });
    const unknown = await token('tc_nobody', created.clientSecret);
    expect(unknown.json()).toEqual({ error: 'invalid_client' });
    const basic = await token(created.client.clientId, created.clientSecret);
    expect(basic.statusCode).toBe(200);
    expect(basic.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'cards:read orders:read',
    });
    const form = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: created.client.clientId,
        client_secret: created.clientSecret,
        scope: 'orders:read',
      },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json<{ scope: string }>().scope).toBe('orders:read');
    const tooMuch = await token(created.client.clientId, created.clientSecret, { scope: 'cards:write' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ error: 'invalid_scope' });
    const grant = await token(created.client.clientId, created.clientSecret, { grant_type: 'password' });
    expect(grant.json<{ error: string }>().error).toBe('unsupported_grant_type');

    const answer = await me(form.json<{ access_token: string }>().access_token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      clientId: created.client.clientId,
      name: 'Token',
      companyId: 'C1001',
      scopes: ['orders:read'],
    });
  });

  it('answers a missing or bad token with a problem in the caller’s language (Greek by default)', async () => {
    const greek = await me('nonsense');
    expect(greek.statusCode).toBe(401);
    expect(greek.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(greek.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(greek.json()).toMatchObject({
      type: 'urn:tessera:problem:invalid-token',
      status: 401,
      title: 'Μη έγκυρο διακριτικό πρόσβασης',
    });
    const english = await me('nonsense', 'en-GB,en;q=0.9');
    expect(english.json()).toMatchObject({ status: 401, title: 'Invalid access token' });
    // A portal session is not a Bearer token, and a terminal's token is not an API client's.
    const session = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/public/v1/me',
      headers: await sessionHeaders(world.ctx, world.ids.om1),
    });
    expect(session.statusCode).toBe(401);
  });

  it('lets the old secret work through the overlap and not after it; an overlap of 0 ends it at once', async () => {
    const created = await create('Rotating');
    const rotated = ok<Created & { client: { previousSecretExpiresAt: string } }>(
      await api('om3', 'POST', 'rotateApiClientSecret', {
        payload: { clientId: created.client.clientId, overlapHours: 2 },
      }),
    );
    expect(rotated.clientSecret).not.toBe(created.clientSecret);
    const expected = Date.now() + 2 * 3_600_000;
    expect(Math.abs(Date.parse(rotated.client.previousSecretExpiresAt) - expected)).toBeLessThan(60_000);
    expect((await token(created.client.clientId, created.clientSecret)).statusCode).toBe(200);
    expect((await token(created.client.clientId, rotated.clientSecret)).statusCode).toBe(200);
    // The overlap ends.
    await query(
      `update api_client_secrets set expires_at = now() - interval '1 second'
        where expires_at is not null and client_id = (select id from api_clients where client_id = $1)`,
      [created.client.clientId],
    );
    const old = await token(created.client.clientId, created.clientSecret);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: 'invalid_client' });
    expect((await token(created.client.clientId, rotated.clientSecret)).statusCode).toBe(200);

    const now = ok<Created>(
      await api('om3', 'POST', 'rotateApiClientSecret', {
        payload: { clientId: created.client.clientId, overlapHours: 0 },
      }),
    );
    expect((await token(created.client.clientId, rotated.clientSecret)).statusCode).toBe(401);
    expect((await token(created.client.clientId, now.clientSecret)).statusCode).toBe(200);
    const actions = await query<{ action: string; after: Record<string, unknown> }>(
      `select action, after from audit_log where entity_id = $1 order by id`,
      [created.client.clientId],
    );
    expect(actions.map((entry) => entry.action)).toEqual([
      'api-client.create',
      'api-client.rotate',
      'api-client.rotate',
    ]);
    expect(JSON.stringify(actions)).not.toContain(rotated.clientSecret);
  });

  it('ends the access tokens of a secret when the secret ends: at once for an overlap of 0, as revocation does', async () => {
    const created = await create('Rotating tokens');
    const first = await accessToken(created);
    // Rotated with an overlap: the old secret works on, and so do its tokens.
    const rotated = ok<Created>(
      await api('om3', 'POST', 'rotateApiClientSecret', {
        payload: { clientId: created.client.clientId, overlapHours: 2 },
      }),
    );
    expect((await me(first)).statusCode).toBe(200);
    // The overlap ends: so does the token the old secret bought, though its hour is not over.
    await query(
      `update api_client_secrets set expires_at = now() - interval '1 second'
        where expires_at is not null and client_id = (select id from api_clients where client_id = $1)`,
      [created.client.clientId],
    );
    expect((await me(first)).statusCode).toBe(401);
    const second = await accessToken({ ...created, clientSecret: rotated.clientSecret });
    expect((await me(second)).statusCode).toBe(200);
    // Rotated with no overlap (a leaked secret): its tokens stop at the next call.
    const replaced = ok<Created>(
      await api('om3', 'POST', 'rotateApiClientSecret', {
        payload: { clientId: created.client.clientId, overlapHours: 0 },
      }),
    );
    const refused = await me(second, 'en');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ status: 401, title: 'Invalid access token' });
    expect(
      (await me(await accessToken({ ...created, clientSecret: replaced.clientSecret }))).statusCode,
    ).toBe(200);
  });

  it('refuses a revoked client a token and its live tokens at once', async () => {
    const created = await create('Revoked');
    const bearer = await accessToken(created);
    expect((await me(bearer)).statusCode).toBe(200);
    const revoked = ok<{ client: { status: string; revokedAt: string } }>(
      await api('om3', 'POST', 'revokeApiClient', { payload: { clientId: created.client.clientId } }),
    );
    expect(revoked.client.status).toBe('revoked');
    expect((await token(created.client.clientId, created.clientSecret)).json()).toEqual({
      error: 'invalid_client',
    });
    expect((await me(bearer)).statusCode).toBe(401);
    const rotate = await api('om3', 'POST', 'rotateApiClientSecret', {
      payload: { clientId: created.client.clientId },
    });
    expect(rotate.statusCode).toBe(422);
  });

  it('keeps each company’s clients to itself: an order manager of C1002 can neither list, rotate nor revoke C1001’s', async () => {
    const own = await create('C1001 ERP', ['cards:read'], 'C1001');
    const other = await create('C1002 ERP', ['cards:read'], 'C1002');
    const call = (method: 'GET' | 'POST', route: string, company: string, payload?: object) =>
      world.ctx.app.inject({
        method,
        url: `/api/v1/accounts/${route}`,
        headers: { ...om2Headers, companyid: company },
        ...(payload ? { payload } : {}),
      });
    expect((await call('GET', 'apiClients', 'C1001')).statusCode).toBe(403);
    const list = await call('GET', 'apiClients', 'C1002');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(other.client.clientId);
    expect(list.body).not.toContain(own.client.clientId);
    // Naming C1001's client while acting for C1002: not found; naming C1001: forbidden.
    expect(
      (await call('POST', 'rotateApiClientSecret', 'C1002', { clientId: own.client.clientId })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', 'revokeApiClient', 'C1002', { clientId: own.client.clientId })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', 'revokeApiClient', 'C1001', { clientId: own.client.clientId })).statusCode,
    ).toBe(403);
    expect((await token(own.client.clientId, own.clientSecret)).statusCode).toBe(200);
    // Finance and payment managers have no say over API clients.
    expect((await api('finance', 'GET', 'apiClients', { company: 'C1002' })).statusCode).toBe(403);
    // The client's token speaks for its own company only.
    expect((await me(await accessToken(other))).json()).toMatchObject({ companyId: 'C1002' });
  });

  it('rate-limits calls per client, not per address, and audits every call with its status', async () => {
    const busy = await create('Busy');
    const calm = await create('Calm');
    const busyToken = await accessToken(busy);
    const statuses: number[] = [];
    for (let call = 0; call <= RATE; call += 1) statuses.push((await me(busyToken)).statusCode);
    expect(statuses).toEqual([...Array<number>(RATE).fill(200), 429]);
    const limited = await me(busyToken, 'en');
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.json()).toMatchObject({ status: 429, title: 'Too many requests' });
    // A second token of the same client shares its budget; another client has its own.
    expect((await me(await accessToken(busy))).statusCode).toBe(429);
    expect((await me(await accessToken(calm))).statusCode).toBe(200);

    const calls = await query<{
      after: { method: string; route: string; status: number };
      company_id: string;
    }>(`select after, company_id from audit_log where action = 'api.call' and entity_id = $1 order by id`, [
      busy.client.clientId,
    ]);
    expect(calls.map((entry) => entry.after.status)).toEqual([
      ...Array<number>(RATE).fill(200),
      429,
      429,
      429,
    ]);
    expect(calls[0]).toEqual({
      after: { method: 'GET', route: '/api/public/v1/me', status: 200 },
      company_id: 'C1001',
    });
    const [row] = await query<{ last_used_at: Date | null }>(
      'select last_used_at from api_clients where client_id = $1',
      [busy.client.clientId],
    );
    expect(row!.last_used_at).not.toBeNull();
  });

  it('asks for a fresh second factor to create or rotate when the user has one', async () => {
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
    const fresh = await sessionHeaders(world.ctx, user.id);
    const post = (headers: Record<string, string>, route: string, payload: object) =>
      world.ctx.app.inject({
        method: 'POST',
        url: `/api/v1/accounts/${route}`,
        headers: { ...headers, companyid: 'C1001' },
        payload,
      });
    const refused = await post(stale, 'createApiClient', { name: 'Stale', scopes: ['cards:read'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ errorCode: number }>().errorCode).toBe(ERROR_CODE.STEP_UP_REQUIRED);
    expect(await query("select 1 from api_clients where name = 'Stale'")).toHaveLength(0);
    const made = await post(fresh, 'createApiClient', { name: 'Fresh', scopes: ['cards:read'] });
    expect(made.statusCode, made.body).toBe(200);
    const clientId = made.json<Created>().client.clientId;
    const rotate = await post(stale, 'rotateApiClientSecret', { clientId });
    expect(rotate.json<{ errorCode: number }>().errorCode).toBe(ERROR_CODE.STEP_UP_REQUIRED);
    // Revoking needs none: stopping a leaked secret must never wait for a phone.
    expect((await post(stale, 'revokeApiClient', { clientId })).statusCode).toBe(200);
  });
});

describe('the Bearer guard of the public API', () => {
  it('refuses a token without the scope a route needs (403 insufficient_scope) and lets one with it through', async () => {
    const scoped = await create('Scoped', ['cards:read', 'orders:write']);
    const { apiClients } = world.ctx.app.services;
    // A public API scope with one more route that needs `orders:write`.
    const app = Fastify().withTypeProvider();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(fastifyRateLimit, { global: false });
    await app.register(
      async (scope) => {
        await publicApiRoutes(apiClients, { rateLimitMax: 100, tokenPerMinute: 100 })(scope, {});
        scope.get('/orders', { config: { apiScope: 'orders:write' } }, async () => ({ ok: true }));
      },
      { prefix: '/api/public/v1' },
    );
    const call = (bearer: string) =>
      app.inject({
        method: 'GET',
        url: '/api/public/v1/orders',
        headers: { authorization: `Bearer ${bearer}` },
      });
    const narrow = await call(await accessToken(scoped, 'cards:read'));
    expect(narrow.statusCode).toBe(403);
    expect(narrow.headers['www-authenticate']).toContain('insufficient_scope');
    expect(narrow.json()).toMatchObject({ type: 'urn:tessera:problem:insufficient-scope', status: 403 });
    expect(narrow.json<{ detail: string }>().detail).toContain('orders:write');
    expect((await call(await accessToken(scoped))).statusCode).toBe(200);
    await app.close();
    const statuses = await query<{ status: number }>(
      `select (after->>'status')::int as status from audit_log where action = 'api.call' and entity_id = $1 order by id`,
      [scoped.client.clientId],
    );
    expect(statuses.map((row) => row.status)).toEqual([403, 200]);
  });
});
