import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import {
  DEMO_PASSWORD,
  DEMO_ROLE_KEYS,
  demoWorldTestFile,
  sessionHeaders,
  settle,
  signInThroughProvider,
  statusByUser,
} from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';

const world = demoWorldTestFile({ env: { LOGIN_RATE_LIMIT: '1000' } });

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser with its own cookie jar and User-Agent. */
function browserWith(userAgent: string): TestBrowser {
  const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
  browser.headers['user-agent'] = userAgent;
  return browser;
}

async function signIn(email: string, browser: TestBrowser): Promise<TestBrowser> {
  const { callback } = await signInThroughProvider(world.ctx, email, DEMO_PASSWORD, { browser });
  expect(callback?.statusCode).toBe(302);
  return browser;
}

type Listed = {
  sessionId: string;
  deviceType: string;
  os: string | null;
  browser: string | null;
  address: string | null;
  signedInAt: string;
  lastUsedAt: string;
  isCurrent: boolean;
};

async function sessionsOf(browser: TestBrowser): Promise<Listed[]> {
  const response = await browser.get('/api/auth/sessions');
  expect(response.statusCode).toBe(200);
  return response.json<{ sessions: Listed[] }>().sessions;
}

async function newDeviceMails(email: string): Promise<{ subject: string; text: string }[]> {
  await settle(world.ctx);
  const { rows } = await world.ctx.database.pool.query<{ subject: string; text: string }>(
    `select subject, text from mail_outbox where "to" = $1 and subject ~ '(New sign-in|Νέα σύνδεση)'
     order by created_at`,
    [email],
  );
  return rows;
}

describe('the user’s sessions (/api/auth/sessions)', () => {
  it('every role lists its own sessions; without a session it is 401', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
      world.ctx.app.inject({ url: '/api/auth/sessions', headers }),
    );
    expect(statuses).toEqual(Object.fromEntries(DEMO_ROLE_KEYS.map((key) => [key, 200])));
    expect((await world.ctx.app.inject({ url: '/api/auth/sessions' })).statusCode).toBe(401);
  });

  it('lists each live session with device, system, browser, address and times, the asking one marked', async () => {
    const user = await createUser(world.ctx.database.db);
    const laptop = await signIn(user.email, browserWith(FIREFOX_WINDOWS));
    const phone = await signIn(user.email, browserWith(SAFARI_IPHONE));
    const listed = await sessionsOf(laptop);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      deviceType: 'desktop',
      os: 'Windows 10',
      browser: 'Firefox 128',
      address: '127.0.0.1',
      isCurrent: true,
    });
    expect(listed[1]).toMatchObject({
      deviceType: 'mobile',
      os: 'iOS 17',
      browser: 'Safari 17',
      isCurrent: false,
    });
    expect(listed[0]!.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(listed[0]!.signedInAt)).not.toBeNaN();
    expect((await sessionsOf(phone)).map((session) => session.isCurrent)).toEqual([false, true]);
    // The reference is neither the cookie's value nor its stored hash.
    const { rows } = await world.ctx.database.pool.query<{ id_hash: string }>(
      'select id_hash from portal_sessions where user_id = $1',
      [user.id],
    );
    for (const { id_hash } of rows) expect(listed.map((session) => session.sessionId)).not.toContain(id_hash);
  });

  it('signs out another of one’s own sessions: that browser is signed out, audited', async () => {
    const user = await createUser(world.ctx.database.db);
    const laptop = await signIn(user.email, browserWith(FIREFOX_WINDOWS));
    const phone = await signIn(user.email, browserWith(SAFARI_IPHONE));
    const other = (await sessionsOf(laptop)).find((session) => !session.isCurrent)!;
    const ended = await laptop.post(`/api/auth/sessions/${other.sessionId}/end`);
    expect(ended.json()).toEqual({ success: true, endedSessions: 1 });
    expect((await phone.get('/api/auth/sessions')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/session')).json()).toEqual({});
    expect((await sessionsOf(laptop)).map((session) => session.isCurrent)).toEqual([true]);
    const again = await laptop.post(`/api/auth/sessions/${other.sessionId}/end`);
    expect(again.statusCode).toBe(404);
    const { rows } = await world.ctx.database.pool.query(
      `select actor_user_id, after from audit_log where action = 'session.end' and entity_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([
      { actor_user_id: user.id, after: { sessionId: other.sessionId, isCurrent: false, endedSessions: 1 } },
    ]);
  });

  it('cannot see or end another user’s session: its id is 404 and the session lives on', async () => {
    const owner = await createUser(world.ctx.database.db);
    const stranger = await createUser(world.ctx.database.db);
    const ownerBrowser = await signIn(owner.email, browserWith(FIREFOX_WINDOWS));
    const strangerBrowser = await signIn(stranger.email, browserWith(SAFARI_IPHONE));
    const [ownerSession] = await sessionsOf(ownerBrowser);
    expect((await sessionsOf(strangerBrowser)).map((session) => session.sessionId)).not.toContain(
      ownerSession!.sessionId,
    );
    const response = await strangerBrowser.post(`/api/auth/sessions/${ownerSession!.sessionId}/end`);
    expect(response.statusCode).toBe(404);
    expect((await ownerBrowser.get('/api/auth/sessions')).statusCode).toBe(200);
    // A malformed id is a validation error naming the field, never a 5xx.
    const malformed = await strangerBrowser.post('/api/auth/sessions/not-an-id/end');
    expect(malformed.statusCode).toBe(400);
  });

  it('signs out every other session and the provider’s sessions and grants, keeping this one', async () => {
    const user = await createUser(world.ctx.database.db);
    const laptop = await signIn(user.email, browserWith(FIREFOX_WINDOWS));
    const phone = await signIn(user.email, browserWith(SAFARI_IPHONE));
    const direct = await sessionHeaders(world.ctx, user.id);
    const response = await laptop.post('/api/auth/sessions/end-others');
    expect(response.json()).toEqual({ success: true, endedSessions: 2 });
    expect((await phone.get('/api/auth/sessions')).statusCode).toBe(401);
    expect((await world.ctx.app.inject({ url: '/api/auth/sessions', headers: direct })).statusCode).toBe(401);
    expect((await sessionsOf(laptop)).map((session) => session.isCurrent)).toEqual([true]);
    expect(await world.ctx.app.services.identity.providerArtefacts(user.id)).toEqual({});
    const { rows } = await world.ctx.database.pool.query(
      `select after from audit_log where action = 'session.end_others' and entity_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ after: { endedSessions: 2 } }]);
  });

  it('needs the CSRF token to end a session', async () => {
    const user = await createUser(world.ctx.database.db);
    const laptop = await signIn(user.email, browserWith(FIREFOX_WINDOWS));
    const response = await laptop.request('POST', '/api/auth/sessions/end-others', { payload: {} });
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-in from a new browser (known devices)', () => {
  it('keeps the first browser of an account quiet, then mails once per new browser in the user’s language', async () => {
    const user = await createUser(world.ctx.database.db, { preferredLanguage: 'en', firstName: 'Helen' });
    const laptop = await signIn(user.email, browserWith(FIREFOX_WINDOWS));
    expect(await newDeviceMails(user.email)).toEqual([]);
    const deviceCookie = laptop.cookies.get('tessera.device');
    expect(deviceCookie).toMatch(/^[\w-]{43}$/);

    // The same browser again (its device cookie kept): no mail.
    await signIn(user.email, laptop);
    expect(await newDeviceMails(user.email)).toEqual([]);

    // Another browser: one mail, in English, with the time in Athens, the browser, the address and the link.
    await signIn(user.email, browserWith(SAFARI_IPHONE));
    const mails = await newDeviceMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New sign-in to your Tessera account');
    expect(mails[0]!.text).toMatch(/^Dear Helen,/);
    expect(mails[0]!.text).toContain('Safari 17 · iOS 17 · mobile');
    expect(mails[0]!.text).toContain('Address: 127.0.0.1');
    expect(mails[0]!.text).toContain(`${world.ctx.config.publicUrl}/en/account/sessions`);
    expect(mails[0]!.text).toContain('change your password');
    const athens = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Athens',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date());
    expect(mails[0]!.text).toContain(athens.slice(0, 2));

    // A browser that lost its cookie is a new browser; one that kept it is not.
    const copy = browserWith(FIREFOX_WINDOWS);
    copy.cookies.set('tessera.device', deviceCookie!);
    await signIn(user.email, copy);
    expect(await newDeviceMails(user.email)).toHaveLength(1);
    await signIn(user.email, browserWith(FIREFOX_WINDOWS));
    expect(await newDeviceMails(user.email)).toHaveLength(2);
  });

  it('mails Greek users in Greek, and stores only a salted hash of the device id', async () => {
    const user = await createUser(world.ctx.database.db);
    const first = await signIn(user.email, browserWith(FIREFOX_WINDOWS));
    await signIn(user.email, browserWith(SAFARI_IPHONE));
    const [mail] = await newDeviceMails(user.email);
    expect(mail!.subject).toBe('Νέα σύνδεση στον λογαριασμό σας στην Tessera');
    expect(mail!.text).toContain(`${world.ctx.config.publicUrl}/account/sessions`);
    expect(mail!.text).toContain('αλλάξτε αμέσως τον κωδικό');
    const { rows } = await world.ctx.database.pool.query<{ device_hash: string; user_agent: string }>(
      'select device_hash, user_agent from known_devices where user_id = $1 order by first_seen_at',
      [user.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.device_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.device_hash).not.toBe(first.cookies.get('tessera.device'));
    expect(rows[0]!.user_agent).toBe(FIREFOX_WINDOWS);
  });

  it('sets the device cookie httpOnly, SameSite=Lax, for a year', async () => {
    const user = await createUser(world.ctx.database.db);
    const browser = browserWith(FIREFOX_WINDOWS);
    const { callback } = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, { browser });
    const cookie = (
      callback!.cookies as { name: string; httpOnly?: boolean; sameSite?: string; maxAge?: number }[]
    ).find((candidate) => candidate.name === 'tessera.device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
  });
});
