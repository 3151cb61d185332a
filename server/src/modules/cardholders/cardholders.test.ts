import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODES_PER_HOUR } from '@tessera/domain';
import { createTestApp, type TestContext } from '../../../test/harness';
import { cardWithBalance, createTestMerchant, terminalToken } from '../../../test/merchant-helper';
import { sampleRequest, type OpenApi, type Operation } from '../../../test/openapi';
import { seedDemoWorld, sessionHeaders, type DemoUserKey } from '../../../test/tenant-helper';
import { cookieNames, issueCsrfToken } from '../../platform/csrf';
import { ROUTE_ACCESS } from '../../platform/route-access';
import { latestSignInCode } from './test-support';

/*
 * Issue 35 §1–3, §7 (ADR 046): the cardholder's own API. Two cardholders, X and Y, each with a card
 * of C1001 (their holder records carry their e-mails); X signs in with a mailed code, sees and uses
 * their card; then every /api/my route of the app's route table is called with X's session and Y's
 * ids, with no session and with portal sessions.
 */

const X = 'xenia.cardholder@holder.test';
const Y = 'yannis.cardholder@holder.test';

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
let cardX: { cardId: string; token: string; companyId: string };
let cardY: { cardId: string; token: string; companyId: string };
let terminal: { token: string; mid: string };
let sequence = 0;

/** A CSRF token bound to no portal session, as the cardholder app's browser gets it. */
function csrfHeaders(extraCookie = ''): Record<string, string> {
  const csrf = issueCsrfToken(ctx.config.sessionSecret, '');
  const names = cookieNames(ctx.config.secureCookies);
  return {
    cookie: `${names.csrf}=${csrf}${extraCookie ? `; ${extraCookie}` : ''}`,
    'x-csrf-token': csrf,
  };
}

async function requestCode(email: string, locale: 'el' | 'en' = 'el') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/my/sign-in/code',
    headers: csrfHeaders(),
    payload: { email, locale },
  });
}

async function verify(email: string, code: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/my/sign-in/verify',
    headers: csrfHeaders(),
    payload: { email, code },
  });
}

/** Signs `email` in with a mailed code; answers the headers of the signed-in browser. */
async function signIn(email: string): Promise<Record<string, string>> {
  expect((await requestCode(email)).statusCode).toBe(202);
  const code = await latestSignInCode(ctx.database.db, email);
  expect(code).toMatch(/^\d{6}$/);
  const response = await verify(email, code!);
  expect(response.statusCode, response.body).toBe(200);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  expect(cookie).toMatch(/^tessera_my=/);
  return csrfHeaders(cookie);
}

async function authorise(cardToken: string, amountCents: number) {
  sequence += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/terminals/authorise',
    headers: { authorization: `Bearer ${terminal.token}` },
    payload: {
      mid: terminal.mid,
      cardToken,
      amountCents,
      terminalTransactionId: `CH-${sequence}`,
      time: new Date().toISOString(),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ outcome: string; reason?: string }>();
}

async function allRows(sql: string, params: unknown[]): Promise<unknown[]> {
  return (await ctx.database.pool.query(sql, params)).rows;
}

/** Everything of Y's card a request must not change. */
async function snapshotOf(cardId: string): Promise<string> {
  const rows = await allRows(
    `select c.status, c.locked_at, c.locked_by, a.balance_cents,
            (select count(*)::int from draft_orders d join draft_order_cards l on l.draft_id = d.id where l.card_id = c.id) as drafts,
            (select count(*)::int from cardholder_events e where e.card_id = c.id) as events
       from cards c join ledger_accounts a on a.id = c.account_id where c.id = $1`,
    [cardId],
  );
  return JSON.stringify(rows);
}

beforeAll(async () => {
  ctx = await createTestApp({
    demoWorld: { cardScale: 0.05 },
    env: { RATE_LIMIT_MAX: '1000000', LOGIN_RATE_LIMIT: '1000000', TEST_HOOKS: 'true' },
  });
  ids = await seedDemoWorld(ctx, { cardScale: 0.05 });
  cardX = await cardWithBalance(ctx, {
    companyId: 'C1001',
    product: 'TICKET_RESTAURANT',
    balanceCents: 5_000,
  });
  cardY = await cardWithBalance(ctx, {
    companyId: 'C1001',
    product: 'TICKET_RESTAURANT',
    balanceCents: 7_000,
    skip: 1,
  });
  await ctx.database.pool.query(
    `update cardholders set email = case id when (select cardholder_id from cards where id = $1) then $3
                                              else $4 end
      where id in (select cardholder_id from cards where id in ($1, $2))`,
    [cardX.cardId, cardY.cardId, X.toUpperCase(), Y],
  );
  const merchant = await createTestMerchant(ctx, { storeName: 'Φούρνος Γωνία' });
  terminal = { token: await terminalToken(ctx, merchant.terminals[0]!), mid: merchant.terminals[0]!.mid };
}, 120_000);
afterAll(async () => ctx?.close());

/** The little CBOR a software authenticator writes: maps, byte and text strings, small integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) =>
    length < 24
      ? Buffer.from([(major << 5) | length])
      : length < 256
        ? Buffer.from([(major << 5) | 24, length])
        : Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

/**
 * A passkey on a software authenticator (what Chromium's virtual authenticator does): a P-256 key,
 * "none" attestation; it answers the options the server gives for `origin`.
 */
function softwarePasskey(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const rpIdHash = createHash('sha256').update(new URL(origin).hostname).digest();
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const id = credentialId.toString('base64url');
  let counter = 0;
  return {
    id,
    register(challenge: string) {
      const coseKey = new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const length = Buffer.from([credentialId.length >> 8, credentialId.length & 255]);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x45, 0, 0, 0, 0]),
        Buffer.alloc(16),
        length,
        credentialId,
        cbor(coseKey),
      ]);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientData('webauthn.create', challenge).toString('base64url'),
          attestationObject: cbor({ fmt: 'none', attStmt: {}, authData }).toString('base64url'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    authenticate(challenge: string) {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05, 0, 0, counter >> 8, counter & 255])]);
      const json = clientData('webauthn.get', challenge);
      const signature = createSign('sha256')
        .update(Buffer.concat([authData, createHash('sha256').update(json).digest()]))
        .sign(privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: json.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
        },
        clientExtensionResults: {},
      };
    },
  };
}

describe('the cardholder area', () => {
  it('signs a cardholder in with a mailed code and shows their card, its movements and declines with advice, and lock stops the terminal at once', async () => {
    const headers = await signIn(X);
    const account = await allRows('select activated_at from cardholder_accounts where email = $1', [X]);
    expect(account).toHaveLength(1);

    const session = await ctx.app.inject({ method: 'GET', url: '/api/my/session', headers });
    expect(session.json()).toMatchObject({ cardholder: { email: X, locale: 'el' }, passkeys: 0 });

    const cards = (await ctx.app.inject({ method: 'GET', url: '/api/my/cards', headers })).json<{
      cards: { cardId: string; maskedNumber: string; availableCents: number; locked: boolean }[];
    }>();
    expect(cards.cards.map((card) => card.cardId)).toEqual([cardX.cardId]);
    expect(cards.cards[0]).toMatchObject({ availableCents: 5_000, locked: false });
    expect(cards.cards[0]!.maskedNumber).toMatch(/^\d{4} \d{2}•• •••• \d{4}$/);

    expect((await authorise(cardX.token, 1_200)).outcome).toBe('approved');
    expect((await authorise(cardX.token, 99_000)).reason).toBe('insufficientBalance');

    const lock = await ctx.app.inject({ method: 'POST', url: `/api/my/cards/${cardX.cardId}/lock`, headers });
    expect(lock.json()).toMatchObject({ locked: true });
    expect((await authorise(cardX.token, 100)).reason).toBe('cardLocked');
    const unlock = await ctx.app.inject({
      method: 'POST',
      url: `/api/my/cards/${cardX.cardId}/unlock`,
      headers,
    });
    expect(unlock.json()).toMatchObject({ locked: false });
    expect((await authorise(cardX.token, 100)).outcome).toBe('approved');

    const page = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/my/cards/${cardX.cardId}/movements?limit=3`,
        headers,
      })
    ).json<{
      movements: {
        kind: string;
        amountCents: number;
        storeName: string | null;
        declineReason: string | null;
        advice: { el: string; en: string } | null;
      }[];
      nextCursor: string | null;
    }>();
    expect(page.movements.map((m) => [m.kind, m.amountCents, m.declineReason])).toEqual([
      ['purchase', -100, null],
      ['decline', 100, 'cardLocked'],
      ['decline', 99_000, 'insufficientBalance'],
    ]);
    expect(page.movements[0]!.storeName).toBe('Φούρνος Γωνία');
    expect(page.movements[1]!.advice!.en).toMatch(/unlock/i);
    expect(page.movements[2]!.advice!.el).toMatch(/Ελέγξτε το υπόλοιπ/);
    const next = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/my/cards/${cardX.cardId}/movements?limit=3&cursor=${page.nextCursor}`,
        headers,
      })
    ).json<{ movements: { kind: string; amountCents: number }[] }>();
    expect(next.movements.map((m) => m.kind)).toContain('purchase');
    expect(next.movements.every((m) => m.kind !== 'decline')).toBe(true);

    const rules = await ctx.app.inject({
      method: 'GET',
      url: `/api/my/cards/${cardX.cardId}/rules`,
      headers,
    });
    expect(rules.json()).toMatchObject({ rules: [], dailyCapCents: 2_500 });

    const json = await ctx.app.inject({ method: 'GET', url: '/api/my/export?format=json', headers });
    expect(json.headers['content-disposition']).toMatch(/attachment/);
    const data = json.json<{ cards: { movements: unknown[] }[]; signInHistory: { kind: string }[] }>();
    expect(data.cards[0]!.movements.length).toBeGreaterThanOrEqual(5);
    expect(data.signInHistory.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['code-sent', 'sign-in', 'lock', 'unlock']),
    );
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/my/export?format=csv', headers });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('"movement"');

    // Sign-out revokes the row: the cookie opens nothing any more.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/my/sign-out', headers })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/my/cards', headers })).statusCode).toBe(401);
  });

  it('adds a passkey and signs in with it next time; a replayed answer, another origin and another person’s passkey are refused', async () => {
    const origin = 'http://localhost';
    const headers = { ...(await signIn(X)), host: 'localhost' };
    const passkey = softwarePasskey(origin);
    const options = await ctx.app.inject({
      method: 'POST',
      url: '/api/my/passkeys/registration/options',
      headers,
    });
    expect(options.json()).toMatchObject({ rp: { id: 'localhost' }, user: { name: X } });
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/my/passkeys/registration/verify',
      headers,
      payload: {
        response: passkey.register(options.json<{ challenge: string }>().challenge),
        label: 'Phone',
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { passkeyId } = registered.json<{ passkeyId: string }>();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/my/session', headers })).json()).toMatchObject({
      passkeys: 1,
    });

    const anonymous = { ...csrfHeaders(), host: 'localhost' };
    const challengeOf = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/my/passkeys/authentication/options',
          headers: anonymous,
          payload: {},
        })
      ).json<{ challenge: string; allowCredentials?: unknown[] }>();
    const first = await challengeOf();
    expect(first.allowCredentials ?? []).toEqual([]);
    const answer = passkey.authenticate(first.challenge);
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/my/passkeys/authentication/verify',
      headers: anonymous,
      payload: { response: answer },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ cardholder: { email: X } });
    expect(String(signedIn.headers['set-cookie'])).toMatch(/^tessera_my=/);
    // The same answer again: its challenge is spent.
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/my/passkeys/authentication/verify',
      headers: anonymous,
      payload: { response: answer },
    });
    expect(replay.statusCode).toBe(400);
    // Signed for another site: refused.
    const phishing = softwarePasskey('http://evil.test');
    const second = await challengeOf();
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/my/passkeys/authentication/verify',
      headers: anonymous,
      payload: {
        response: { ...phishing.authenticate(second.challenge), id: passkey.id, rawId: passkey.id },
      },
    });
    expect(foreign.statusCode).toBe(400);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/my/passkeys', headers });
    expect(list.json()).toMatchObject({ passkeys: [{ passkeyId, label: 'Phone' }] });
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/my/passkeys/${passkeyId}`, headers })).statusCode,
    ).toBe(204);
  });

  it('refuses the sixth try of a code even when it is right, and a sixth code within the hour; an unknown e-mail gets the same answer and no mail', async () => {
    const email = 'guessing.target@holder.test';
    await ctx.database.pool.query(
      `update cardholders set email = $1 where id = (select cardholder_id from cards where id <> all($2::uuid[]) and company_id = 'C1002' limit 1)`,
      [email, [cardX.cardId, cardY.cardId]],
    );
    expect((await requestCode(email, 'en')).statusCode).toBe(202);
    const code = (await latestSignInCode(ctx.database.db, email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= SIGN_IN_CODE_MAX_ATTEMPTS; attempt += 1) {
      const response = await verify(email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('code');
    }
    const sixth = await verify(email, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.headers['set-cookie']).toBeUndefined();

    // Five codes an hour per e-mail (one sent above), then 429 with the catalogue's error.
    for (let request = 2; request <= SIGN_IN_CODES_PER_HOUR; request += 1) {
      expect((await requestCode(email)).statusCode).toBe(202);
    }
    const limited = await requestCode(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, errorCode: 7 });

    const nobody = 'nobody.at.all@holder.test';
    const unknown = await requestCode(nobody);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe((await requestCode(email.replace('guessing', 'other'))).body);
    expect(await latestSignInCode(ctx.database.db, nobody)).toBeNull();
    expect(await allRows('select 1 from cardholder_accounts where email = $1', [nobody])).toHaveLength(0);
  });

  it('reports a card lost: blocked for good with an audit entry, a LOST draft keeping the balance for the company, the order managers mailed', async () => {
    const headers = await signIn(Y);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/my/cards/${cardY.cardId}/report-lost`,
      headers,
      payload: { reason: 'stolen' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { replacementDraftId } = response.json<{ status: string; replacementDraftId: string }>();
    expect(response.json()).toMatchObject({ status: 'blocked' });
    const [draft] = (await allRows(
      `select d.order_type, d.company_id, l.card_id, l.amount_cents from draft_orders d
         join draft_order_cards l on l.draft_id = d.id where d.id = $1`,
      [replacementDraftId],
    )) as { order_type: string; company_id: string; card_id: string; amount_cents: string }[];
    expect(draft).toMatchObject({ order_type: 'LOST', company_id: 'C1001', card_id: cardY.cardId });
    expect(Number(draft!.amount_cents)).toBe(0);
    expect(await allRows(`select status from cards where id = $1`, [cardY.cardId])).toEqual([
      { status: 'blocked' },
    ]);
    expect(
      await allRows(`select action from audit_log where entity = 'card' and entity_id = $1`, [cardY.cardId]),
    ).toEqual([{ action: 'card.block' }]);
    const mails = await allRows(
      `select m.subject from mail_outbox m join users u on lower(u.email) = lower(m.to)
        where u.id = $1 and m.subject like '%' || (select last4 from cards where id = $2)`,
      [ids.om1, cardY.cardId],
    );
    expect(mails).toHaveLength(1);
    expect((await authorise(cardY.token, 100)).reason).toBe('cardBlocked');
    // The company's draft list shows it.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders/retrieveDraftOrders',
      headers: { ...(await sessionHeaders(ctx, ids.om1)), companyid: 'C1001' },
    });
    expect(list.body).toContain(replacementDraftId);
    // And the bell tells the order managers, in their language.
    const bell = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/accounts/retrieveNotifications',
      headers: { ...(await sessionHeaders(ctx, ids.om1)), companyid: 'C1001', culture: 'en-us' },
    });
    expect(bell.body).toContain('reported lost');
    // Reported twice: a conflict, nothing more happens.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/my/cards/${cardY.cardId}/report-lost`,
      headers,
      payload: { reason: 'lost' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers every /api/my route of the route table with another cardholder’s ids 404, without a session 401, and to portal users 401, changing nothing', async () => {
    const headersX = await signIn(X);
    await signIn(Y);
    const [passkeyY] = (await allRows(
      `insert into cardholder_passkeys (email, credential_id, public_key, label)
       values ($1, 'cred-of-y', 'key', 'Y phone') returning id`,
      [Y],
    )) as { id: string }[];
    const foreign: Record<string, string> = { cardId: cardY.cardId, passkeyId: passkeyY!.id };
    const spec = ctx.app.swagger() as unknown as OpenApi;
    const routes = ctx.app.routeList.filter(
      (route) =>
        route.url.startsWith('/api/my/') && ROUTE_ACCESS[`${route.method} ${route.url}`] !== 'public',
    );
    // Sign-outs last: signing out everywhere ends X's other session too.
    routes.sort((a, b) => Number(a.url.includes('sign-out')) - Number(b.url.includes('sign-out')));
    const portal = [
      await sessionHeaders(ctx, ids.om1, { companyId: 'C1001' }),
      await sessionHeaders(ctx, ids.merchant),
    ];
    const problems: string[] = [];
    let withForeignIds = 0;
    const before = await snapshotOf(cardY.cardId);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const operation = spec.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] as
        Operation | undefined;
      const sampled = operation
        ? sampleRequest(route.url.replace(/:(\w+)/g, '{$1}'), operation)
        : { url: route.url, payload: undefined };
      // Every id a route takes, in its path or its query, is Y's.
      let named = false;
      const [path, query = ''] = sampled.url.split('?') as [string, string?];
      const url = route.url
        .split('/')
        .map((segment, index) => {
          const name = /^:(\w+)$/.exec(segment)?.[1];
          if (!name) return path.split('/')[index] ?? segment;
          named = true;
          return foreign[name] ?? segment;
        })
        .join('/');
      // Of the sampled query only what is required (the filters' samples may not pass their schema).
      const required = new Set(
        (operation?.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
      );
      const params = new URLSearchParams(query);
      for (const name of [...params.keys()]) if (!required.has(name)) params.delete(name);
      for (const name of Object.keys(foreign)) {
        if (
          params.has(name) ||
          (operation?.parameters ?? []).some((p) => p.in === 'query' && p.name === name)
        ) {
          params.set(name, foreign[name]!);
          named = true;
        }
      }
      const target = params.toString() ? `${url}?${params.toString()}` : url;
      const call = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: route.method as 'GET',
          url: target,
          headers,
          ...(sampled.payload !== undefined ? { payload: sampled.payload } : {}),
        });
      for (const headers of [csrfHeaders(), ...portal]) {
        const response = await call(headers);
        if (response.statusCode !== 401) problems.push(`${key} without a cardholder: ${response.statusCode}`);
      }
      // A sign-out ends the session it is called with: each gets a fresh one.
      const response = await call(key.includes('sign-out') ? await signIn(X) : headersX);
      if (named) {
        withForeignIds += 1;
        if (response.statusCode !== 404) problems.push(`${key} with Y's ids: ${response.statusCode}`);
      } else if ([401, 403].includes(response.statusCode) || response.statusCode >= 500) {
        problems.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      for (const marker of [cardY.cardId, passkeyY!.id, Y]) {
        if (response.body.includes(marker)) problems.push(`${key} answered with ${marker}`);
      }
    }
    expect(problems).toEqual([]);
    expect(withForeignIds).toBeGreaterThanOrEqual(7);
    expect(await snapshotOf(cardY.cardId)).toBe(before);
    expect(await allRows('select 1 from cardholder_passkeys where id = $1', [passkeyY!.id])).toHaveLength(1);
  });
});
