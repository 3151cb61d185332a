import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createTestApp, csrfHeaders, type TestContext } from '../../test/harness';
import {
  seedDemoWorld,
  sessionHeaders,
  signInThroughProvider,
  type DemoUserKey,
} from '../../test/tenant-helper';
import { loadConfig } from './config';
import { cookieNames, isValidCsrfToken, issueCsrfToken } from './csrf';
import { loggableError } from './errors';

/**
 * Issue 12: what a production server serves and believes. Every finding has a test here that
 * failed before its fix: demo data, mailbox, metrics, docs and sandbox bank off by default in
 * production; the mailbox only for a signed-in provider admin; X-Forwarded-For believed only from
 * named proxies; the CSRF token bound to its session; no bound values in the logs.
 */

const SECRET = 'a-production-secret-of-at-least-32-characters';
const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://portal.example' };

/**
 * Four sign-ins (of an interaction long gone: 400) from one connection, each claiming another
 * address; the limit is 2 a minute, so a believed claim would never reach 429.
 */
async function loginStatuses(ctx: TestContext): Promise<number[]> {
  const names = cookieNames(true);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const token = issueCsrfToken(SECRET);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/interaction/none/login',
      headers: {
        'x-csrf-token': token,
        cookie: `${names.csrf}=${token}`,
        'x-forwarded-for': `203.0.113.${attempt}`,
      },
      payload: { email: 'nobody@tessera.demo', password: 'wrong-password-1' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('production defaults', () => {
  it('turns demo data, the mailbox, the API docs, public metrics and the sandbox bank off', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET });
    expect(config).toMatchObject({
      DEMO_SEED: false,
      isDevMailbox: false,
      isApiDocs: false,
      isMetricsPublic: false,
      isSandboxBank: false,
      secureCookies: true,
      trustProxy: false,
      productionWarnings: [],
    });
  });

  it('refuses to start without a session secret, or with the published development one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required/);
    const development = loadConfig({ NODE_ENV: 'development' }).sessionSecret;
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: development })).toThrow(
      /SESSION_SECRET: the development default/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, TEST_HOOKS: 'true' })).toThrow(
      /TEST_HOOKS/,
    );
  });

  it('keeps them on outside production, where a developer needs them', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      DEMO_SEED: true,
      isDevMailbox: true,
      isApiDocs: true,
      isMetricsPublic: true,
      isSandboxBank: true,
      secureCookies: false,
    });
  });

  it('opens each only when asked for by name, and says so loudly', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DEMO_SEED: 'true',
      DEV_MAILBOX: 'true',
      SANDBOX_BANK: 'true',
    });
    expect(config.DEMO_SEED).toBe(true);
    expect(config.productionWarnings).toEqual([
      expect.stringContaining('DEMO_SEED'),
      expect.stringContaining('DEV_MAILBOX'),
      expect.stringContaining('SANDBOX_BANK'),
    ]);
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toBe(
      '10.0.0.1,192.168.0.0/16',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('a production server', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({ env: { ...PRODUCTION, LOGIN_RATE_LIMIT: '2' } });
  }, 60_000);
  afterAll(async () => prod?.close());

  it('serves no mailbox, API documentation, metrics or sandbox bank', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/api/docs', '/api/docs/json', '/metrics']) {
      const response = await prod.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    const bank = await prod.app.inject({ method: 'GET', url: '/sandbox/bank/pay?payment=x' });
    expect(bank.statusCode).toBe(404);
  });

  it('counts sign-in attempts by the connecting address, whatever X-Forwarded-For claims', async () => {
    expect(await loginStatuses(prod)).toEqual([400, 400, 429, 429]);
  });

  it('believes X-Forwarded-For from a proxy named in TRUST_PROXY', async () => {
    const behind = await createTestApp({
      env: { ...PRODUCTION, LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      expect(await loginStatuses(behind)).toEqual([400, 400, 400, 400]);
    } finally {
      await behind.close();
    }
  });

  it('names its session and CSRF cookies with the __Host- prefix, Secure', async () => {
    const response = await prod.app.inject({
      method: 'GET',
      url: '/api/auth/csrf',
      headers: { host: 'portal.example', 'x-forwarded-proto': 'https' },
    });
    const cookie = response.cookies.find((c) => c.name === '__Host-tessera.csrf');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(cookie).not.toHaveProperty('domain');
    expect(cookieNames(true).session).toBe('__Host-tessera.session');
  });
});

describe('metrics behind a token', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({
      env: { NODE_ENV: 'production', SESSION_SECRET: SECRET, METRICS_TOKEN: 'scrape-token-0123456789' },
    });
  }, 60_000);
  afterAll(async () => prod?.close());

  it('answers the scraper with the bearer token and nobody else', async () => {
    const anonymous = await prod.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await prod.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
    const scraper = await prod.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(scraper.statusCode).toBe(200);
    expect(scraper.body).toContain('http_request_duration_seconds');
  });
});

describe('the development mailbox, the client address and the CSRF token', () => {
  let ctx: TestContext;
  let ids: Record<DemoUserKey, string>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOGIN_RATE_LIMIT: '2', RESET_RATE_LIMIT: '1000' } });
    ids = await seedDemoWorld(ctx);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('shows the mailbox to a signed-in provider admin only, never to a visitor or another role', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/password/request-reset',
      headers: await csrfHeaders(ctx.app),
      payload: { email: 'care@tessera.demo' },
    });
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      const visitor = await ctx.app.inject({ method: 'GET', url });
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.body).not.toContain('care@tessera.demo');
      for (const role of ['care', 'om1', 'merchant'] as const) {
        const other = await ctx.app.inject({
          method: 'GET',
          url,
          headers: await sessionHeaders(ctx, ids[role]),
        });
        expect(other.statusCode, `${url} as ${role}`).toBe(403);
      }
    }
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/dev/mailbox.json?to=care@tessera.demo',
      headers: await sessionHeaders(ctx, ids.admin),
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json<{ mails: unknown[] }>().mails.length).toBeGreaterThan(0);
  });

  it('refuses a CSRF token fetched anonymously once the browser holds a session', async () => {
    const anonymous = await csrfHeaders(ctx.app);
    const session = await ctx.app.services.sessions.create(ids.om1, { companyId: 'C1001' });
    const names = cookieNames(false);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/notifications/mark-read',
      headers: {
        'x-csrf-token': anonymous['x-csrf-token']!,
        cookie: `${anonymous.cookie}; ${names.session}=${session.id}`,
        companyid: 'C1001',
      },
      payload: { ids: ['EXPIRING_CARDS'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 8 });
    // A token of another session fails too; the session's own passes.
    const other = await ctx.app.services.sessions.create(ids.om1, { companyId: 'C1001' });
    const foreign = issueCsrfToken(ctx.config.sessionSecret, other.id);
    const own = issueCsrfToken(ctx.config.sessionSecret, session.id);
    for (const [token, status] of [
      [foreign, 403],
      [own, 200],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/accounts/notifications/mark-read',
        headers: {
          'x-csrf-token': token,
          cookie: `${names.csrf}=${token}; ${names.session}=${session.id}`,
          companyid: 'C1001',
        },
        payload: { ids: ['EXPIRING_CARDS'] },
      });
      expect(response.statusCode, response.body).toBe(status);
    }
  });

  it('renews the CSRF token at sign-in, bound to the new session', async () => {
    const { browser, callback } = await signInThroughProvider(ctx, 'om1@tessera.demo', 'Tessera-2026');
    expect(callback?.statusCode).toBe(302);
    const token = browser.cookies.get('tessera.csrf')!;
    const session = browser.cookies.get('tessera.session')!;
    expect(isValidCsrfToken(token, ctx.config.sessionSecret, session)).toBe(true);
    expect(isValidCsrfToken(token, ctx.config.sessionSecret)).toBe(false);
    const answered = await browser.get('/api/auth/csrf');
    expect(answered.json<{ csrfToken: string }>().csrfToken).toBe(token);
  });
});

describe('what the log keeps of a failed query', () => {
  it('keeps the SQL and the cause, never the values bound to it', () => {
    const error = new DrizzleQueryError(
      'select * from cardholders where search_text like $1',
      ['%παπαδοπουλος\u0000%'],
      new Error('invalid byte sequence for encoding "UTF8": 0x00'),
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('select * from cardholders');
    expect(logged).toContain('invalid byte sequence');
    expect(logged).not.toContain('παπαδοπουλος');
  });
});
