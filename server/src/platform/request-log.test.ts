import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from './config';
import type { Database } from './db';
import { jsonLogger } from './request-log';
import { openTestDatabase } from '../../test/harness';

/** The server as production builds it, its JSON log lines caught in `lines`. */
const lines: Record<string, unknown>[] = [];
let app: App;
let database: Database;
/** Whether the database ping answers (the health routes' probe; the test turns it off). */
let databaseAnswers = true;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '.tmp/no-web-dist', RATE_LIMIT_MAX: '100000' });
  app = await buildApp({
    config,
    database,
    logger: jsonLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }),
    health: { pingMaxAgeMs: 0, pingDatabase: async () => databaseAnswers },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request log', () => {
  it('writes one line per request with the request, the status and the time taken, without the query', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'GET',
      url: '/api/docs/json?secret=4111111111111111',
      headers: { 'x-request-id': 'request-log-test-1' },
    });
    expect(response.statusCode).toBe(200);
    const mine = lines.filter((line) => line.reqId === 'request-log-test-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/docs/json' },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0]!.responseTime).toBe('number');
    expect(typeof mine[0]!.time).toBe('string');
    expect(JSON.stringify(lines)).not.toContain('4111111111111111');
  });

  it('logs a refused request in one line with its status', async () => {
    lines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/v1/accounts/cards',
      headers: { 'x-request-id': 'request-log-test-2' },
    });
    const mine = lines.filter(
      (line) => line.reqId === 'request-log-test-2' && line.msg === 'request completed',
    );
    expect(mine).toHaveLength(1);
    expect((mine[0]!.res as { statusCode: number }).statusCode).toBeGreaterThanOrEqual(400);
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(0);
  });

  it('writes no line for an answered health probe, and one for a refused probe (issue 36 §3)', async () => {
    lines.length = 0;
    for (const [index, url] of ['/api/health', '/api/health/live', '/api/health/ready'].entries()) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': `probe-answered-${index}` },
      });
      expect(response.statusCode, url).toBe(200);
    }
    expect(lines.filter((line) => String(line.reqId).startsWith('probe-answered-'))).toEqual([]);

    databaseAnswers = false;
    try {
      const refused = await app.inject({
        method: 'GET',
        url: '/api/health/ready',
        headers: { 'x-request-id': 'probe-refused' },
      });
      expect(refused.statusCode).toBe(503);
    } finally {
      databaseAnswers = true;
    }
    const logged = lines.filter(
      (line) => line.reqId === 'probe-refused' && String(line.msg).startsWith('request '),
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ req: { url: '/api/health/ready' }, res: { statusCode: 503 } });
  });
});

describe('response compression and security headers', () => {
  it('compresses JSON above 1 KB with brotli or gzip, as the client accepts, and leaves small answers alone', async () => {
    const url = '/api/docs/json';
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('sets the security headers on every answer, the CSP with no inline scripts', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/content/faqs' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // A health probe is never rendered: a built file's headers and a CSP that allows nothing (ADR 053).
    const probe = await app.inject({ method: 'GET', url: '/api/health' });
    expect(probe.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(probe.headers['x-content-type-options']).toBe('nosniff');
    expect(probe.headers['x-frame-options']).toBeUndefined();
  });
});
