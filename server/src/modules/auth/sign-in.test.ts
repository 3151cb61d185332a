import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestContext } from '../../../test/harness';
import { TestBrowser } from '../../../test/browser';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  demoWorldTestFile,
  sessionHeaders,
  signInThroughProvider,
} from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';
import { hashSessionId } from './sessions';

const world = demoWorldTestFile({ env: { LOGIN_RATE_LIMIT: '1000' } });

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function startLogin(browser: TestBrowser, callbackUrl = '/'): Promise<string> {
  const csrfToken = await browser.csrf();
  const signin = await browser.request('POST', '/api/auth/signin/tessera', {
    payload: { csrfToken, callbackUrl, json: true },
  });
  const authorize = await browser.get(signin.json<{ url: string }>().url);
  return new URL(authorize.headers.location as string, world.ctx.config.publicUrl).searchParams.get('uid')!;
}

describe('sign-in round trip through the provider', () => {
  it('signs an order manager in and returns to the callback URL with a session', async () => {
    const { browser, login, callback } = await signInThroughProvider(
      world.ctx,
      DEMO_USERS.om3.email,
      DEMO_PASSWORD,
      {
        callbackUrl: '/orders/order-history',
      },
    );
    expect(login.statusCode, login.body).toBe(200);
    expect(callback?.statusCode, callback?.body).toBe(302);
    expect(callback?.headers.location).toBe(`${world.ctx.config.publicUrl}/orders/order-history`);
    const session = (await browser.get('/api/auth/session')).json();
    expect(session).toMatchObject({
      user: {
        name: 'Γιώργος Δημητρίου',
        email: DEMO_USERS.om3.email,
        userRoleId: 3,
        userId: world.ids.om3,
        firstName: 'Γιώργος',
        lastName: 'Δημητρίου',
        relatedCompanies: [{ companyId: 'C1001' }, { companyId: 'C1002' }, { companyId: 'C1003' }],
      },
    });
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now());
    expect(session.companyId).toBeUndefined();
  });

  it('gives the browser only an httpOnly, SameSite=Lax session cookie whose id is stored hashed', async () => {
    const { browser, callback } = await signInThroughProvider(
      world.ctx,
      DEMO_USERS.care.email,
      DEMO_PASSWORD,
    );
    const cookie = callback!.cookies.find((c) => c.name === 'tessera.session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    const { rows } = await world.ctx.database.pool.query(
      'select id_hash from portal_sessions where user_id = $1',
      [world.ids.care],
    );
    expect(rows.map((r) => r.id_hash)).toContain(hashSessionId(cookie.value));
    expect(JSON.stringify(rows)).not.toContain(cookie.value);
    const body = (await browser.get('/api/auth/session')).body;
    expect(body).not.toMatch(/eyJ|access_token|id_token/);
  });

  it('puts the custom claims of the specification in the id token', async () => {
    await signInThroughProvider(world.ctx, DEMO_USERS.om1.email, DEMO_PASSWORD);
    const { rows } = await world.ctx.database.pool.query<{ id_token: string }>(
      'select id_token from portal_sessions where user_id = $1 order by created_at desc limit 1',
      [world.ids.om1],
    );
    expect(claimsOf(rows[0]!.id_token)).toMatchObject({
      sub: world.ids.om1,
      userRoleId: 3,
      userId: world.ids.om1,
      firstName: 'Ελένη',
      lastName: 'Κωνσταντίνου',
      relatedCompanies: [{ companyId: 'C1001' }],
      iss: `${world.ctx.config.publicUrl}/api/v2/identity/oidc`,
    });
  });

  it('selects the only related company of an order manager at sign-in', async () => {
    const { browser } = await signInThroughProvider(world.ctx, DEMO_USERS.om1.email, DEMO_PASSWORD);
    expect((await browser.get('/api/auth/session')).json().companyId).toBe('C1001');
  });

  it('sends English callers to the English sign-in page', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const csrfToken = await browser.csrf();
    const signin = await browser.request('POST', '/api/auth/signin/tessera', {
      payload: { csrfToken, callbackUrl: '/en/card-list', json: true },
    });
    const authorize = await browser.get(signin.json().url);
    expect(authorize.headers.location).toMatch(/^\/en\/user\/login\?uid=/);
  });

  it('starts a new session id at sign-in and ends the one the browser brought', async () => {
    const first = await signInThroughProvider(world.ctx, DEMO_USERS.finance.email, DEMO_PASSWORD);
    const before = first.browser.cookies.get('tessera.session')!;
    const csrfBefore = first.browser.cookies.get('tessera.csrf')!;
    await signInThroughProvider(world.ctx, DEMO_USERS.finance.email, DEMO_PASSWORD, {
      browser: first.browser,
    });
    const after = first.browser.cookies.get('tessera.session')!;
    expect(after).not.toBe(before);
    expect(first.browser.cookies.get('tessera.csrf')).not.toBe(csrfBefore);
    const { rows } = await world.ctx.database.pool.query('select 1 from portal_sessions where id_hash = $1', [
      hashSessionId(before),
    ]);
    expect(rows).toHaveLength(0);
  });

  it('accepts the form post of the session client and redirects to the provider', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const csrfToken = await browser.csrf();
    const response = await browser.request('POST', '/api/auth/signin/tessera', {
      payload: new URLSearchParams({ csrfToken, callbackUrl: '/', json: 'false' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/\/api\/v2\/identity\/oidc\/auth\?/);
    expect(response.headers.location).toContain('code_challenge_method=S256');
  });

  it('returns only to same-origin paths after sign-in', async () => {
    for (const callbackUrl of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const { callback } = await signInThroughProvider(world.ctx, DEMO_USERS.om1.email, DEMO_PASSWORD, {
        callbackUrl,
      });
      expect(callback?.headers.location, callbackUrl).toBe(`${world.ctx.config.publicUrl}/`);
    }
    const { callback } = await signInThroughProvider(world.ctx, DEMO_USERS.om1.email, DEMO_PASSWORD, {
      callbackUrl: `${world.ctx.config.publicUrl}/card-list?x=1`,
    });
    expect(callback?.headers.location).toBe(`${world.ctx.config.publicUrl}/card-list?x=1`);
  });

  it('refuses a callback without the pending sign-in of the same browser, saying it expired', async () => {
    const { browser } = await signInThroughProvider(world.ctx, DEMO_USERS.om1.email, DEMO_PASSWORD);
    const uid = await startLogin(browser);
    const login = await browser.post(`/api/v2/identity/interaction/${uid}/login`, {
      email: DEMO_USERS.om1.email,
      password: DEMO_PASSWORD,
    });
    const resume = await browser.get(login.json().redirectTo);
    const stranger = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const callback = await stranger.get(resume.headers.location as string);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${world.ctx.config.publicUrl}/user/login?error=Expired`);
    expect(stranger.cookies.has('tessera.session')).toBe(false);
  });
});

describe('sign-in refusals', () => {
  it('answers a wrong password and an unknown email alike', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const wrong = await browser.post(`/api/v2/identity/interaction/${await startLogin(browser)}/login`, {
      email: DEMO_USERS.payment.email,
      password: 'Wrong-password-1',
    });
    const unknown = await browser.post(`/api/v2/identity/interaction/${await startLogin(browser)}/login`, {
      email: 'nobody@tessera.demo',
      password: 'Wrong-password-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json()).toMatchObject({ success: false, errorCode: 20 });
  });

  it('locks the account after 5 failed sign-ins with a clear message, in English too', async () => {
    const user = await createUser(world.ctx.database.db, { email: 'lockme@tessera.test' });
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await browser.post(`/api/v2/identity/interaction/${await startLogin(browser)}/login`, {
        email: user.email,
        password: 'Not-the-password-1',
      });
      codes.push(response.json().errorCode);
    }
    expect(codes).toEqual([20, 20, 20, 20, 21]);
    const right = await browser.post(
      `/api/v2/identity/interaction/${await startLogin(browser)}/login`,
      { email: user.email, password: DEMO_PASSWORD },
      { culture: 'en-us' },
    );
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ errorCode: 21 });
    expect(right.json().errorMessage).toMatch(/locked/);
    const greek = await browser.post(`/api/v2/identity/interaction/${await startLogin(browser)}/login`, {
      email: user.email,
      password: DEMO_PASSWORD,
    });
    expect(greek.json().errorMessage).toMatch(/κλειδώθηκε/);
  });

  it('refuses a user locked by staff and a user who has not confirmed the account', async () => {
    const locked = await createUser(world.ctx.database.db, { isLocked: true });
    const unconfirmed = await createUser(world.ctx.database.db, { isConfirmed: false });
    const noPassword = await createUser(world.ctx.database.db, { isConfirmed: false, password: null });
    const attempts = [
      [locked.email, 21],
      [unconfirmed.email, 22],
      [noPassword.email, 22],
    ] as const;
    for (const [email, code] of attempts) {
      const { login } = await signInThroughProvider(world.ctx, email, DEMO_PASSWORD);
      expect(login.json().errorCode, email).toBe(code);
    }
  });

  it('refuses the login API without a CSRF token', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const uid = await startLogin(browser);
    const response = await browser.request('POST', `/api/v2/identity/interaction/${uid}/login`, {
      payload: { email: DEMO_USERS.om1.email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 8 });
  });

  it('refuses sign-in and sign-out posts without a CSRF token', async () => {
    for (const url of ['/api/auth/signin/tessera', '/api/auth/signout']) {
      const response = await world.ctx.app.inject({
        method: 'POST',
        url,
        payload: { callbackUrl: '/', json: true },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().errorCode).toBe(8);
    }
  });

  it('answers an unknown or foreign interaction with code 26', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    await startLogin(browser);
    const response = await browser.post('/api/v2/identity/interaction/not-this-one/login', {
      email: DEMO_USERS.om1.email,
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(26);
    const fresh = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    expect((await fresh.get('/api/v2/identity/interaction/abc')).json().errorCode).toBe(26);
  });

  it('describes a live interaction for the sign-in page', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const uid = await startLogin(browser);
    expect((await browser.get(`/api/v2/identity/interaction/${uid}`)).json()).toEqual({
      success: true,
      uid,
      prompt: 'login',
    });
  });

  it('rate-limits sign-in attempts', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT: '2' } });
    try {
      const browser = new TestBrowser(limited.app, limited.config.publicUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await browser.post('/api/v2/identity/interaction/x/login', {
          email: 'a@b.gr',
          password: 'whatever-1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('session lifetime', () => {
  it('ends a session idle for longer than the idle timeout', async () => {
    const headers = await sessionHeaders(world.ctx, world.ids.om3);
    expect((await world.ctx.app.inject({ url: '/api/auth/session', headers })).json().user).toBeDefined();
    await world.ctx.database.pool.query(
      `update portal_sessions set last_seen_at = now() - interval '31 minutes' where user_id = $1`,
      [world.ids.om3],
    );
    expect((await world.ctx.app.inject({ url: '/api/auth/session', headers })).json()).toEqual({});
    const guarded = await world.ctx.app.inject({ url: '/api/v2/identity/users/me', headers });
    expect(guarded.statusCode).toBe(401);
    expect(guarded.json().errorCode).toBe(3);
  });

  it('ends a session older than the absolute timeout however active it is', async () => {
    const headers = await sessionHeaders(world.ctx, world.ids.payment);
    await world.ctx.database.pool.query(
      `update portal_sessions set created_at = now() - interval '12 hours 1 minute', last_seen_at = now() where user_id = $1`,
      [world.ids.payment],
    );
    expect((await world.ctx.app.inject({ url: '/api/auth/session', headers })).json()).toEqual({});
  });

  it('keeps an active session and reports when it expires', async () => {
    const headers = await sessionHeaders(world.ctx, world.ids.admin);
    await world.ctx.database.pool.query(
      `update portal_sessions set last_seen_at = now() - interval '29 minutes' where user_id = $1`,
      [world.ids.admin],
    );
    const session = (await world.ctx.app.inject({ url: '/api/auth/session', headers })).json();
    expect(session.user.userRoleId).toBe(1);
    // The request counted as activity: the session now runs 30 minutes from now.
    expect(Date.parse(session.expires) - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('honours tiny configured timeouts', async () => {
    const short = await createTestApp({ env: { SESSION_IDLE_SECONDS: '1', SESSION_ABSOLUTE_SECONDS: '2' } });
    try {
      const user = await createUser(short.database.db);
      const headers = await sessionHeaders(short, user.id);
      expect((await short.app.inject({ url: '/api/auth/session', headers })).json().user).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await short.app.inject({ url: '/api/auth/session', headers })).json()).toEqual({});
    } finally {
      await short.close();
    }
  });
});

describe('sign-out and revocation', () => {
  it('revokes the tokens, ends the session and sends the browser through the provider to /logout', async () => {
    const { browser } = await signInThroughProvider(world.ctx, DEMO_USERS.om3.email, DEMO_PASSWORD);
    const identity = world.ctx.app.services.identity;
    expect(Object.keys(await identity.providerArtefacts(world.ids.om3))).toEqual(
      expect.arrayContaining(['Session', 'Grant', 'AccessToken']),
    );

    const revoke = await browser.post('/api/revoke', {});
    expect(revoke.json()).toEqual({ success: true });
    expect(await identity.providerArtefacts(world.ids.om3)).toEqual({});
    expect((await browser.get('/api/auth/session')).json().user).toBeDefined();

    const csrfToken = await browser.csrf();
    const signout = await browser.request('POST', '/api/auth/signout', {
      payload: { csrfToken, callbackUrl: '/', json: true },
    });
    expect(signout.statusCode).toBe(200);
    const endSession = new URL(signout.json().url);
    expect(endSession.pathname).toBe('/api/v2/identity/oidc/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
      `${world.ctx.config.publicUrl}/logout`,
    );
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    expect((await browser.get('/api/auth/session')).json()).toEqual({});
    expect(browser.cookies.has('tessera.session')).toBe(false);

    // The provider's page submits itself with logout=yes and returns to /logout.
    const page = await browser.get(signout.json().url);
    expect(page.statusCode).toBe(200);
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const fields = Object.fromEntries(
      [...page.body.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(fields.logout).toBe('yes');
    expect(page.headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-/);
    const confirm = await browser.request('POST', action, {
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`${world.ctx.config.publicUrl}/logout`);
  });

  it('returns English users to /en/logout and signed-out callers straight there', async () => {
    // The browser opened the portal at its public address (the answer follows the host it used).
    const headers = {
      ...(await sessionHeaders(world.ctx, world.ids.finance)),
      host: new URL(world.ctx.config.publicUrl).host,
    };
    const response = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers,
      payload: { callbackUrl: '/en/', json: true },
    });
    expect(new URL(response.json().url).searchParams.get('post_logout_redirect_uri')).toBe(
      `${world.ctx.config.publicUrl}/en/logout`,
    );
    const csrf = await csrfHeaders(world.ctx.app);
    const anonymous = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { ...csrf, host: new URL(world.ctx.config.publicUrl).host },
      payload: { json: true },
    });
    expect(anonymous.json()).toEqual({ url: `${world.ctx.config.publicUrl}/logout` });
  });

  it('signs the user out of every browser at sign-out', async () => {
    const other = await sessionHeaders(world.ctx, world.ids.om1);
    const mine = await sessionHeaders(world.ctx, world.ids.om1);
    await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: mine,
      payload: { json: true },
    });
    expect((await world.ctx.app.inject({ url: '/api/auth/session', headers: other })).json()).toEqual({});
  });

  it('needs a session to revoke', async () => {
    const response = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/revoke',
      headers: await csrfHeaders(world.ctx.app),
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('session client endpoints', () => {
  it('lists the portal provider', async () => {
    const response = await world.ctx.app.inject({
      url: '/api/auth/providers',
      headers: { host: new URL(world.ctx.config.publicUrl).host },
    });
    expect(response.json()).toEqual({
      tessera: {
        id: 'tessera',
        name: 'Tessera',
        type: 'oidc',
        signinUrl: `${world.ctx.config.publicUrl}/api/auth/signin/tessera`,
        callbackUrl: `${world.ctx.config.publicUrl}/api/auth/callback/tessera`,
      },
    });
  });

  it('answers an empty session when signed out', async () => {
    expect((await world.ctx.app.inject({ url: '/api/auth/session' })).json()).toEqual({});
  });

  it('starts the sign-in from the SessionRequired page of the session client', async () => {
    const response = await world.ctx.app.inject({
      url: '/api/auth/signin?error=SessionRequired&callbackUrl=%2Fcard-list',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toContain('/api/v2/identity/oidc/auth?');
  });

  it('refuses an unknown provider', async () => {
    const response = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin/other',
      headers: await csrfHeaders(world.ctx.app),
      payload: { json: true },
    });
    expect(response.statusCode).toBe(404);
  });

  it('takes log beacons as JSON or text without a CSRF token', async () => {
    const json = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      payload: { level: 'error', message: 'boom' },
    });
    const text = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      payload: 'plain words',
      headers: { 'content-type': 'text/plain' },
    });
    const blob = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      payload: 'x',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect([json.statusCode, text.statusCode, blob.statusCode]).toEqual([204, 204, 204]);
    const big = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      payload: 'x'.repeat(10_000),
      headers: { 'content-type': 'text/plain' },
    });
    expect(big.statusCode).toBe(413);
  });

  it('publishes the provider discovery document at the issuer', async () => {
    const response = await world.ctx.app.inject({
      url: '/api/v2/identity/oidc/.well-known/openid-configuration',
      headers: { host: new URL(world.ctx.config.publicUrl).host },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: `${world.ctx.config.publicUrl}/api/v2/identity/oidc`,
      code_challenge_methods_supported: ['S256'],
    });
  });
});

describe('signing in from whatever address the portal was opened at (issue 13 §1)', () => {
  it('without PUBLIC_URL, a browser at 127.0.0.1 signs in and stays on 127.0.0.1', async () => {
    const browser = new TestBrowser(world.ctx.app, 'http://127.0.0.1:3000');
    // The test browser refuses to follow a redirect to another host: the fault this guards.
    const { login, callback } = await signInThroughProvider(world.ctx, DEMO_USERS.om1.email, DEMO_PASSWORD, {
      browser,
      callbackUrl: '/en/card-list',
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(callback?.headers.location).toBe('http://127.0.0.1:3000/en/card-list');
    const session = (await browser.get('/api/auth/session')).json<{ user?: { email: string } }>();
    expect(session.user?.email).toBe(DEMO_USERS.om1.email);
  });

  it('signs out back to the host the browser used, in its language', async () => {
    const browser = new TestBrowser(world.ctx.app, 'http://127.0.0.1:3000');
    await signInThroughProvider(world.ctx, DEMO_USERS.om1.email, DEMO_PASSWORD, { browser });
    const out = await browser.post('/api/auth/signout', { callbackUrl: '/en/card-list', json: true });
    const url = new URL(out.json<{ url: string }>().url);
    expect(url.origin).toBe('http://127.0.0.1:3000');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://127.0.0.1:3000/en/logout');
  });

  it('refuses an authorisation request whose return address is on another host than the request', async () => {
    const response = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/v2/identity/oidc/auth?${new URLSearchParams({
        client_id: 'tessera-portal',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: 'http://evil.example/api/auth/callback/tessera',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }).toString()}`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ field: 'redirect_uri' }] });
  });

  it('sends a sign-in the provider refused back to the login page in the language it started in', async () => {
    const browser = new TestBrowser(world.ctx.app, 'http://127.0.0.1:3000');
    const csrfToken = await browser.csrf();
    await browser.request('POST', '/api/auth/signin/tessera', {
      payload: { csrfToken, callbackUrl: '/en/orders/order-history', json: true },
    });
    const refused = await browser.get('/api/auth/callback/tessera?error=access_denied&state=x');
    expect(refused.headers.location).toBe('http://127.0.0.1:3000/en/user/login?error=Refused');
  });
});

describe('with PUBLIC_URL set', () => {
  let fixed: TestContext;
  beforeAll(async () => {
    fixed = await createTestApp({ env: { PUBLIC_URL: 'http://portal.test:3000' } });
  });
  afterAll(async () => fixed?.close());

  it('sends every browser to the public address, whatever host it came by', async () => {
    const response = await fixed.app.inject({
      method: 'POST',
      url: '/api/auth/signin/tessera',
      headers: { ...(await csrfHeaders(fixed.app)), host: '127.0.0.1:3000' },
      payload: { csrfToken: (await csrfHeaders(fixed.app))['x-csrf-token'], json: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(new URL(response.json<{ url: string }>().url).origin).toBe('http://portal.test:3000');
  });
});
