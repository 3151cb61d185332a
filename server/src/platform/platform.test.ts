import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors';
import { createTestApp, csrfHeaders, type TestContext } from '../../test/harness';

const DIST = path.resolve('.tmp/test-web-dist');
let ctx: TestContext;

beforeAll(async () => {
  await mkdir(path.join(DIST, 'assets'), { recursive: true });
  await writeFile(
    path.join(DIST, 'index.html'),
    '<!doctype html><html lang="el"><head><meta charset="UTF-8" /><meta name="description" content="Από το build" /><title>Tessera</title></head><body><div id="root">SPA</div></body></html>',
  );
  await writeFile(path.join(DIST, 'assets', 'app-abc123.js'), 'console.log("app")');
  ctx = await createTestApp({
    env: { WEB_DIST: DIST },
    extend(app) {
      app.get('/api/test/boom', async () => {
        throw new Error('secret internal detail');
      });
      app.get('/api/test/conflict', async () => {
        throw new AppError('CONFLICT', 'already there');
      });
      app.get('/api/test/company-gone', async () => {
        throw new AppError('COMPANY_UNAVAILABLE', 'company removed');
      });
      app.get('/api/test/rule', async () => {
        throw new AppError('BUSINESS_RULE', 'internal', { userMessage: 'Ειδικό μήνυμα' });
      });
      app
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/api/test/echo',
          { schema: { body: z.object({ count: z.number().int().min(1) }) } },
          async (request) => ({
            success: true,
            count: request.body.count,
          }),
        );
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await rm(DIST, { recursive: true, force: true });
});

describe('health and metrics', () => {
  it('reports the database as ok', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, status: 'ok', database: 'ok' });
  });

  it('exposes Prometheus text with request durations', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('publishes the OpenAPI document built from the zod schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/content/contact'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/health']).toBeDefined();
  });
});

describe('error bodies and statuses', () => {
  it('turns an unknown error into 500 with a request id and no internal detail', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { culture: 'en-us' },
    });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toMatchObject({ success: false, errorCode: 1, errorLevel: 'error' });
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
    expect(body.errorMessage).toMatch(/^[\x20-\x7e]+$/);
  });

  it('translates the catalogue message for the request culture', async () => {
    const greek = (await ctx.app.inject({ method: 'GET', url: '/api/test/conflict' })).json();
    const english = (
      await ctx.app.inject({ method: 'GET', url: '/api/test/conflict', headers: { culture: 'en' } })
    ).json();
    expect(greek.errorCode).toBe(6);
    expect(greek.errorMessage).toMatch(/[α-ωΑ-Ω]/);
    expect(english.errorMessage).toMatch(/^[\x20-\x7e]+$/);
    expect(greek.errorMessage).not.toBe(english.errorMessage);
  });

  it.each([
    ['/api/test/conflict', 409, 6],
    ['/api/test/company-gone', 403, 135],
    ['/api/test/rule', 422, 10],
    ['/api/unknown/path', 404, 5],
  ])('%s answers %i with error code %i', async (url, status, code) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ success: false, errorCode: code });
  });

  it('keeps a user message given by the service', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/rule' })).json().errorMessage).toBe(
      'Ειδικό μήνυμα',
    );
  });

  it('answers 400 naming the field for a body that fails its schema', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...(await csrfHeaders(ctx.app)), culture: 'en-us' },
      payload: { count: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 2, fields: [{ field: 'count' }] });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...(await csrfHeaders(ctx.app)), 'content-type': 'application/json' },
      payload: '{"count":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 2 });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...(await csrfHeaders(ctx.app)), 'content-type': 'application/json' },
      payload: JSON.stringify({ count: 1, pad: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, errorCode: 9 });
  });

  it('refuses a state change whose CSRF header does not match its cookie', async () => {
    const headers = await csrfHeaders(ctx.app);
    const other = await csrfHeaders(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'x-csrf-token': other['x-csrf-token']! },
      payload: { count: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 8 });
  });

  it('refuses a forged CSRF token even when cookie and header agree', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'x-csrf-token': 'abc.def', cookie: 'tessera.csrf=abc.def' },
      payload: { count: 1 },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('single-page app', () => {
  it('serves index.html for any non-API GET (history fallback), in both languages', async () => {
    for (const url of ['/', '/en', '/card-list', '/en/orders/order-history?page=2']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">SPA</div>');
    }
  });

  it('sends the language, title and description of the page’s locale in the HTML itself', async () => {
    for (const [url, lang, title, description] of [
      ['/en/card-list', 'en', 'Meal, gift and benefit cards for companies', 'Order, load and manage'],
      ['/en', 'en', 'Meal, gift and benefit cards for companies', 'Order, load and manage'],
      ['/card-list', 'el', 'Κάρτες σίτισης, δώρων και παροχών', 'Παραγγείλτε, φορτίστε'],
      ['/english-breakfast', 'el', 'Κάρτες σίτισης, δώρων και παροχών', 'Παραγγείλτε, φορτίστε'],
    ] as const) {
      const html = (await ctx.app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain(`<html lang="${lang}">`);
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], url).toContain(title);
      const descriptions = [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]);
      expect(descriptions, url).toHaveLength(1);
      expect(descriptions[0], url).toContain(description);
      expect(html, url).toContain(
        `<meta property="og:locale" content="${lang === 'en' ? 'en_GB' : 'el_GR'}" />`,
      );
      expect(html, url).toContain('<div id="root">SPA</div>');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never answers an unknown /api path with the SPA', async () => {
    for (const url of ['/api/nothing', '/api/v1/accounts/unknown', '/api']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errorCode: 5 });
    }
  });

  it('sets security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
    expect(response.headers['referrer-policy']).toBeDefined();
  });
});

describe('database outage', () => {
  it('reports 503 from health when the database stops answering', async () => {
    const local = await createTestApp();
    await local.database.pool.end();
    const response = await local.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, errorCode: 11 });
    await local.app.close();
    await local.database.close().catch(() => undefined);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => {
  it('counts requests of two instances together', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, RATE_LIMIT_MAX: '3' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env });
    // A client address of its own, so runs and other files never share a counter.
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const call = (ctx: TestContext) =>
      ctx.app.inject({ method: 'GET', url: '/api/content/menu', remoteAddress: address });
    const statuses = [await call(first), await call(second), await call(first), await call(second)].map(
      (response) => response.statusCode,
    );
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await call(first)).json()).toMatchObject({ success: false, errorCode: 7 });
    await first.close();
    await second.close();
  });
});

describe('content security policy for the support chatbot', () => {
  it('allows the configured chatbot origin and nothing else', async () => {
    const local = await createTestApp({ env: { CHATBOT_URL: 'https://chat.example.com/widget.js' } });
    const csp = (await local.app.inject({ method: 'GET', url: '/api/content/faqs' })).headers[
      'content-security-policy'
    ];
    expect(csp).toContain("script-src 'self' https://chat.example.com");
    await local.close();
    const plain = (await ctx.app.inject({ method: 'GET', url: '/api/content/faqs' })).headers[
      'content-security-policy'
    ];
    expect(plain).toContain("script-src 'self';");
  });
});
