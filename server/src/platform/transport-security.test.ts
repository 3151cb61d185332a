import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODE } from '@tessera/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser';
import { createTestApp, type TestContext } from '../../test/harness';
import {
  DEMO_PASSWORD,
  seedDemoWorld,
  sessionHeaders,
  signInThroughProvider,
  type DemoUserKey,
} from '../../test/tenant-helper';
import { cookieNames, issueCsrfToken } from './csrf';
import { ROUTE_ACCESS } from './route-access';

/*
 * Issue 21 §5: the headers and cookies of ARCHITECTURE §7, checked over what the server really
 * sends rather than over a hand-picked list. Every state-changing route of the route table refuses a
 * request without its CSRF token, or with another session's, unless it carries its own proof (a
 * terminal's Bearer token, the bank's signature, the OpenID provider's state); in production every
 * cookie of a whole sign-in is Secure and SameSite, no URL carries the session id, every document
 * and answer has HSTS and a CSP whose scripts allow no inline code.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that prove themselves otherwise, by path: the OpenID provider and the log beacon (ADR 026). */
const OWN_PROOF_PATHS = [/^\/api\/v2\/identity\/oidc(\/|$)/, /^\/api\/log$/];
/** Kinds of route with no browser session to forge (route-access.ts). */
const OWN_PROOF_KINDS = new Set(['terminal', 'api-client', 'callback', 'tooling']);

function keyOf(method: string, url: string): string {
  return `${method} ${url}`;
}

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, 'x').replace(/\*/g, 'x');
}

describe('CSRF over the route table', () => {
  let ctx: TestContext;
  let ids: Record<DemoUserKey, string>;
  beforeAll(async () => {
    ctx = await createTestApp({ demoWorld: true, env: { RATE_LIMIT_MAX: '100000' } });
    ids = await seedDemoWorld(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('refuses every state-changing request of a signed-in browser without its token, or with another session’s', async () => {
    const names = cookieNames(ctx.config.secureCookies);
    const routes = ctx.app.routeList.filter((route) => STATE_CHANGING.has(route.method));
    let guarded = 0;
    const exempt: string[] = [];
    const unguarded: string[] = [];
    for (const route of routes) {
      const key = keyOf(route.method, route.url);
      const access = ROUTE_ACCESS[key];
      if (
        (access && OWN_PROOF_KINDS.has(access)) ||
        OWN_PROOF_PATHS.some((pattern) => pattern.test(route.url))
      ) {
        exempt.push(key);
        continue;
      }
      // A provider admin's session: the guard that would let the request through, were it not for CSRF.
      const { cookie } = (await sessionHeaders(ctx, ids.admin)) as { cookie: string };
      const otherToken = issueCsrfToken(ctx.config.sessionSecret, 'another-session-id');
      const attempts: Record<string, string>[] = [
        // The cookie is sent (as a browser would to a forged form), the header is not.
        { cookie },
        // A token of another session, in the header and its cookie.
        {
          cookie: cookie.replace(/(=)[^;]*$/, `$1${otherToken}`),
          'x-csrf-token': otherToken,
        },
      ];
      for (const headers of attempts) {
        const response: LightMyRequestResponse = await ctx.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { ...headers, 'content-type': 'application/json', companyid: 'C1001' },
          payload: '{}',
        });
        const code = response.headers['content-type']?.toString().includes('json')
          ? response.json<{ errorCode?: number }>().errorCode
          : undefined;
        if (response.statusCode !== 403 || code !== ERROR_CODE.CSRF_INVALID) {
          unguarded.push(`${key} → ${response.statusCode} ${code ?? ''}`);
        }
      }
      guarded += 1;
    }
    expect(names.csrf).toBeTruthy();
    expect(unguarded).toEqual([]);
    expect(guarded).toBeGreaterThan(100);
    console.log(
      `CSRF: ${routes.length} state-changing routes, ${guarded} refused without a token and with another session's (${guarded * 2} requests), ${exempt.length} with their own proof (terminal, bank callback, tooling, OpenID provider, log beacon)`,
    );
  }, 300_000);
});

describe('cookies, URLs and headers in production', () => {
  const SECRET = 'a-production-secret-of-at-least-32-characters';
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'tessera-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    ctx = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        PUBLIC_URL: 'https://portal.example',
        DEMO_SEED: 'true',
        WEB_DIST: dist,
        LOGIN_RATE_LIMIT: '1000',
      },
    });
    await seedDemoWorld(ctx);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sets every cookie of a whole sign-in and sign-out Secure and SameSite, and puts no session id in a URL', async () => {
    const browser = new TestBrowser(ctx.app, ctx.config.publicUrl);
    const responses: LightMyRequestResponse[] = [];
    const visit = async (method: 'GET' | 'POST', url: string, payload?: unknown, csrf = false) => {
      const response = await browser.request(method, url, {
        ...(payload === undefined ? {} : { payload }),
        headers: {
          'x-forwarded-proto': 'https',
          ...(csrf ? { 'x-csrf-token': browser.cookies.get(cookieNames(true).csrf) ?? '' } : {}),
        },
      });
      responses.push(response);
      return response;
    };
    const csrf = await visit('GET', '/api/auth/csrf');
    const csrfToken = csrf.json<{ csrfToken: string }>().csrfToken;
    const signin = await visit('POST', '/api/auth/signin/tessera', {
      csrfToken,
      callbackUrl: '/',
      json: true,
    });
    const authorize = await visit('GET', signin.json<{ url: string }>().url);
    const uid = new URL(authorize.headers.location as string, ctx.config.publicUrl).searchParams.get('uid')!;
    const login = await visit(
      'POST',
      `/api/v2/identity/interaction/${uid}/login`,
      { email: 'om1@tessera.demo', password: DEMO_PASSWORD },
      true,
    );
    expect(login.statusCode, login.body).toBe(200);
    const resume = await visit('GET', login.json<{ redirectTo: string }>().redirectTo);
    const callback = await visit('GET', resume.headers.location as string);
    expect(callback.statusCode).toBe(302);
    const sessionId = browser.cookies.get(cookieNames(true).session);
    expect(sessionId).toBeTruthy();
    await visit('GET', '/api/auth/session');
    const fresh = await visit('GET', '/api/auth/csrf');
    await visit(
      'POST',
      '/api/auth/signout',
      { csrfToken: fresh.json<{ csrfToken: string }>().csrfToken, callbackUrl: '/', json: true },
      true,
    );

    const cookies = responses.flatMap((response) =>
      ([] as string[]).concat(response.headers['set-cookie'] ?? []),
    );
    expect(cookies.length).toBeGreaterThan(4);
    for (const line of cookies) {
      const attributes = line.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes, line).toContain('secure');
      expect(
        attributes.some((part) => /^samesite=(lax|strict)$/.test(part)),
        line,
      ).toBe(true);
    }
    for (const response of responses) {
      const location = response.headers.location?.toString() ?? '';
      expect(location).not.toContain(sessionId!);
      expect(location).not.toMatch(/[?&](session|sid|sessionid)=/i);
    }
    console.log(
      `production sign-in: ${cookies.length} cookies set, all Secure and SameSite; no session id in ${responses.length} URLs`,
    );
  });

  it('sends HSTS everywhere and a CSP that runs no inline script', async () => {
    for (const url of ['/', '/en/cards', '/api/health', '/api/content/faqs', '/api/auth/session']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      const csp = response.headers['content-security-policy']?.toString() ?? '';
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scripts, url).not.toBe('');
      expect(scripts, url).not.toContain("'unsafe-inline'");
      expect(scripts, url).not.toContain("'unsafe-eval'");
      // A probe's CSP allows nothing at all (ADR 053); every other answer names script-src-attr.
      expect(csp, url).toMatch(url === '/api/health' ? /^default-src 'none'/ : /script-src-attr 'none'/);
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

/** A test browser that keeps every `Set-Cookie` line it was sent. */
class RecordingBrowser extends TestBrowser {
  readonly setCookies: string[] = [];

  override async request(...args: Parameters<TestBrowser['request']>): Promise<LightMyRequestResponse> {
    const response = await super.request(...args);
    this.setCookies.push(...([] as string[]).concat(response.headers['set-cookie'] ?? []));
    return response;
  }
}

describe('behind a trusted TLS proxy, with no https PUBLIC_URL (issue 33 §8)', () => {
  const SECRET = 'a-production-secret-of-at-least-32-characters';
  let ctx: TestContext;
  let untrusted: TestContext;
  beforeAll(async () => {
    const env = {
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DEMO_SEED: 'true',
      LOGIN_RATE_LIMIT: '1000',
    };
    // The proxy in front (one hop) says how the browser came: `X-Forwarded-Proto: https`.
    ctx = await createTestApp({ env: { ...env, TRUST_PROXY: '1' } });
    await seedDemoWorld(ctx);
    // A proxy elsewhere is trusted; the caller (127.0.0.1 under inject) is not.
    untrusted = await createTestApp({ env: { ...env, TRUST_PROXY: '10.9.8.7' } });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await untrusted?.close();
  });

  it('sends HSTS on every answer to a request that came over https, and none to plain http or an untrusted claim', async () => {
    for (const url of [
      '/api/health',
      '/api/content/faqs',
      '/api/auth/session',
      '/api/v2/identity/oidc/.well-known/openid-configuration',
    ]) {
      const https = await ctx.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      const plain = await ctx.app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
      const claimed = await untrusted.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(claimed.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sets every cookie of a whole sign-in, the sign-in provider’s too, Secure', async () => {
    const browser = new RecordingBrowser(ctx.app, 'https://portal.example');
    browser.headers['x-forwarded-proto'] = 'https';
    const { login, callback } = await signInThroughProvider(ctx, 'om1@tessera.demo', DEMO_PASSWORD, {
      browser,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(callback?.statusCode, callback?.body).toBe(302);
    expect(browser.cookies.get(cookieNames(true).session)).toBeTruthy();
    expect([...browser.cookies.keys()].some((name) => name.startsWith('tessera.op.'))).toBe(true);
    expect(browser.setCookies.length).toBeGreaterThan(4);
    for (const line of browser.setCookies) {
      expect(
        line.split(';').map((part) => part.trim().toLowerCase()),
        line,
      ).toContain('secure');
    }
  });
});
