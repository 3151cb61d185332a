import { afterAll, beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { cookieNames, issueCsrfToken } from '../src/platform/csrf';
import {
  DEMO_COMPANIES,
  DEMO_PASSWORD,
  DEMO_USERS,
  seedDemo,
  seedDemoCards,
  type DemoUserKey,
} from '../src/db/seed/demo';
import { demoTotpCode } from '../src/db/seed/demo-second-factor';
import { TestBrowser } from './browser';
import { createTestApp, type TestContext } from './harness';

export { DEMO_PASSWORD, DEMO_USERS, DEMO_COMPANIES, type DemoUserKey };
export const DEMO_ROLE_KEYS = Object.keys(DEMO_USERS) as DemoUserKey[];

/**
 * The set-up most server test files share: their own app (`createTestApp` with `env`, unless `app`
 * makes it) and demo world, made before the file's tests (the file's own `beforeAll` runs after
 * this one) and closed after them. `world.ctx` and `world.ids` are read when the tests run.
 */
export function demoWorldTestFile(
  options: {
    env?: Record<string, string>;
    app?: () => Promise<TestContext>;
    cardScale?: number;
    now?: () => Date;
    timeoutMs?: number;
  } = {},
) {
  let ctx: TestContext | undefined;
  let ids: Record<DemoUserKey, string> | undefined;
  beforeAll(async () => {
    // The run's demo template holds this world's companies and users when the file asks nothing
    // else of them (a pinned moment, its own session secret): only its cards are seeded then.
    const demoWorld = !options.app && options.now === undefined && !options.env?.SESSION_SECRET;
    ctx = options.app
      ? await options.app()
      : await createTestApp({
          ...(options.env ? { env: options.env } : {}),
          demoWorld: demoWorld && options.cardScale ? { cardScale: options.cardScale } : demoWorld,
        });
    ids = await seedDemoWorld(ctx, {
      ...(options.cardScale !== undefined ? { cardScale: options.cardScale } : {}),
      ...(options.now ? { now: options.now() } : {}),
    });
  }, options.timeoutMs);
  afterAll(async () => ctx?.close());
  return {
    get ctx(): TestContext {
      return ctx!;
    },
    get ids(): Record<DemoUserKey, string> {
      return ids!;
    },
  };
}

/** The demo companies and users in this file's database; returns each demo user's id. */
export async function seedDemoWorld(
  ctx: TestContext,
  options: {
    cardScale?: number;
    now?: Date;
  } = {},
): Promise<Record<DemoUserKey, string>> {
  const seed = {
    cardScale: options.cardScale ?? 0,
    ...(options.now ? { now: options.now } : {}),
  };
  // A database opened from the demo template (`demoWorld`) holds the companies and users: only the
  // cards are seeded then, unless the template held them too. An empty one gets the whole world.
  const { rows: seeded } = await ctx.database.pool.query<{ any: boolean; cards: boolean }>(
    'select exists (select 1 from users) as any, exists (select 1 from cards) as cards',
  );
  if (seeded[0]!.cards) return demoUserIds(ctx);
  if (seeded[0]!.any) await seedDemoCards(ctx.database, seed);
  else await seedDemo(ctx.database, { sessionSecret: ctx.config.sessionSecret, ...seed });
  return demoUserIds(ctx);
}

/** Each demo user's id in this file's database. */
async function demoUserIds(ctx: TestContext): Promise<Record<DemoUserKey, string>> {
  const ids = {} as Record<DemoUserKey, string>;
  const { rows } = await ctx.database.pool.query<{ id: string; email: string }>(
    'select id, email from users',
  );
  for (const key of DEMO_ROLE_KEYS) {
    const row = rows.find((r) => r.email === DEMO_USERS[key].email);
    if (!row) throw new Error(`demo user ${key} missing`);
    ids[key] = row.id;
  }
  return ids;
}

/**
 * Headers of a signed-in browser for `userId`, with a session made directly through the session
 * store (not the browser flow) and a CSRF token: pass them to `app.inject()`.
 */
export async function sessionHeaders(
  ctx: TestContext,
  userId: string,
  options: {
    companyId?: string | null;
    actingReason?: string | null;
    /**
     * The session's `amr` (issue 21): by default signed in with both factors a moment ago, as every
     * provider staff session must be; `['pwd']` makes a password-only session.
     */
    amr?: string[];
    secondFactorAt?: Date | null;
  } = {},
): Promise<Record<string, string>> {
  const amr = options.amr ?? ['pwd', 'otp', 'mfa'];
  const { id } = await ctx.app.services.sessions.create(userId, {
    companyId: options.companyId ?? null,
    amr,
    secondFactorAt:
      options.secondFactorAt === undefined
        ? amr.includes('otp')
          ? new Date()
          : null
        : options.secondFactorAt,
  });
  const csrf = issueCsrfToken(ctx.config.sessionSecret, id);
  const names = cookieNames(ctx.config.secureCookies);
  // Provider staff change a company's data only with a reason (issue 18, ADR 027); tests of other
  // rules give one with every call, as a staff tool would. Other roles ignore the header.
  const reason = options.actingReason === undefined ? TEST_ACTING_REASON : options.actingReason;
  return {
    cookie: `${names.session}=${id}; ${names.csrf}=${csrf}`,
    'x-csrf-token': csrf,
    ...(reason === null ? {} : { 'x-acting-reason': encodeURIComponent(reason) }),
  };
}

/** The reason test sessions of provider staff give for every change they make. */
export const TEST_ACTING_REASON = 'Integration test';

/**
 * The whole sign-in through the provider, as the browser does it: csrf → sign-in (json) →
 * authorisation → the SPA's login API → resume → callback. Returns the browser (holding the
 * session cookie) and the final redirect.
 */
export async function signInThroughProvider(
  ctx: TestContext,
  email: string,
  password: string,
  options: {
    callbackUrl?: string;
    browser?: TestBrowser;
    /**
     * The second step when the provider asks for it (issue 21): by default the demo code of the
     * moment (the demo staff's published secret); `false` stops after the password.
     */
    secondFactor?: false | { code?: string; recoveryCode?: string; rememberDevice?: boolean };
  } = {},
): Promise<{
  browser: TestBrowser;
  login: LightMyRequestResponse;
  secondFactor?: LightMyRequestResponse;
  callback?: LightMyRequestResponse;
}> {
  const browser = options.browser ?? new TestBrowser(ctx.app, ctx.config.publicUrl);
  const csrfToken = await browser.csrf();
  const signin = await browser.request('POST', '/api/auth/signin/tessera', {
    payload: { csrfToken, callbackUrl: options.callbackUrl ?? '/', json: true },
  });
  expect(signin.statusCode).toBe(200);
  const authorize = await browser.get(signin.json<{ url: string }>().url);
  expect(authorize.statusCode).toBe(303);
  const loginPage = new URL(authorize.headers.location as string, ctx.config.publicUrl);
  expect(loginPage.pathname).toMatch(/^(\/en)?\/user\/login$/);
  const uid = loginPage.searchParams.get('uid')!;
  const login = await browser.post(`/api/v2/identity/interaction/${uid}/login`, { email, password });
  if (login.statusCode !== 200) return { browser, login };
  let redirectTo = login.json<{ redirectTo?: string }>().redirectTo;
  let secondFactor: LightMyRequestResponse | undefined;
  if (!redirectTo) {
    if (options.secondFactor === false) return { browser, login };
    const proof = options.secondFactor ?? {};
    const body =
      proof.code !== undefined || proof.recoveryCode !== undefined
        ? proof
        : { ...proof, code: await nextDemoCode(ctx, email) };
    secondFactor = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor`, body);
    if (secondFactor.statusCode !== 200) return { browser, login, secondFactor };
    redirectTo = secondFactor.json<{ redirectTo: string }>().redirectTo;
  }
  const resume = await browser.get(redirectTo);
  expect(resume.statusCode).toBe(303);
  const callback = await browser.get(resume.headers.location as string);
  return { browser, login, ...(secondFactor ? { secondFactor } : {}), callback };
}

/** The last demo code step used per app and user: a code is accepted once (replay, issue 21). */
const usedDemoSteps = new WeakMap<object, Map<string, number>>();

/**
 * A demo code the server has not seen yet for `email`: the current step's, else the next one's
 * (one step ahead is accepted), else the next step is waited for.
 */
export async function nextDemoCode(ctx: TestContext, email: string): Promise<string> {
  const used = usedDemoSteps.get(ctx.app) ?? new Map<string, number>();
  usedDemoSteps.set(ctx.app, used);
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const last = used.get(email) ?? -1;
    for (const offset of [0, 1]) {
      if (step + offset > last) {
        used.set(email, step + offset);
        return demoTotpCode(now, offset);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - now + 50));
  }
}

export type TenantProbe = {
  method: 'GET' | 'POST';
  url: string;
  /** The body for a company id (routes that name the company in the body). */
  payload?: (companyId: string) => unknown;
};

export type TenantStatuses = Record<DemoUserKey, { own: number; foreign: number }>;

/**
 * Calls a company-scoped route as every demo role, once for a company of its own (the first related
 * one; C1001 for provider staff and merchants) and once for a foreign company (C1006, related to no
 * demo user), with the company in the `companyId` header and, when given, in the body. Every
 * company-scoped route of every issue asserts its matrix with this (issue 3 §8).
 */
export async function tenantMatrix(
  ctx: TestContext,
  ids: Record<DemoUserKey, string>,
  probe: TenantProbe,
): Promise<TenantStatuses> {
  const result = {} as TenantStatuses;
  for (const key of DEMO_ROLE_KEYS) {
    const own = DEMO_USERS[key].companyIds[0] ?? 'C1001';
    const statuses = { own: 0, foreign: 0 };
    for (const [which, companyId] of [
      ['own', own],
      ['foreign', 'C1006'],
    ] as const) {
      const headers = await sessionHeaders(ctx, ids[key]);
      const response = await ctx.app.inject({
        method: probe.method,
        url: probe.url,
        headers: { ...headers, companyid: companyId },
        ...(probe.payload ? { payload: probe.payload(companyId) as object } : {}),
      });
      statuses[which] = response.statusCode;
    }
    result[key] = statuses;
  }
  return result;
}

/**
 * `tenantMatrix` with the request built per company (resources such as drafts and orders have ids
 * of their own in each company): every demo role, for its first related
 * company (C1001 for provider staff and merchants) and for the foreign C1006.
 */
export async function tenantMatrixOf(
  ctx: TestContext,
  ids: Record<DemoUserKey, string>,
  base: string,
  probe: (companyId: string, user: DemoUserKey) => { method: 'GET' | 'POST'; url: string; payload?: object },
): Promise<TenantStatuses> {
  const result = {} as TenantStatuses;
  for (const key of DEMO_ROLE_KEYS) {
    const own = DEMO_USERS[key].companyIds[0] ?? 'C1001';
    const statuses = { own: 0, foreign: 0 };
    for (const [which, companyId] of [
      ['own', own],
      ['foreign', 'C1006'],
    ] as const) {
      const { method, url, payload } = probe(companyId, key);
      const response = await ctx.app.inject({
        method,
        url: `${base}/${url}`,
        headers: { ...(await sessionHeaders(ctx, ids[key])), companyid: companyId },
        ...(payload ? { payload } : {}),
      });
      statuses[which] = response.statusCode;
    }
    result[key] = statuses;
  }
  return result;
}

/** The matrix a company-scoped route open to every company-side role and provider staff must show. */
export const COMPANY_SCOPED_EXPECTATION: TenantStatuses = {
  admin: { own: 200, foreign: 200 },
  care: { own: 200, foreign: 200 },
  om1: { own: 200, foreign: 403 },
  om3: { own: 200, foreign: 403 },
  finance: { own: 200, foreign: 403 },
  payment: { own: 200, foreign: 403 },
  merchant: { own: 403, foreign: 403 },
};

/** Waits for the identity module's background work (mail of reset requests) to finish. */
export function settle(ctx: TestContext): Promise<void> {
  return ctx.app.services.identity.settle();
}

/** The latest mail sent to `to`, from the outbox. */
export async function lastMailTo(
  ctx: TestContext,
  to: string,
): Promise<{ subject: string; text: string } | undefined> {
  await settle(ctx);
  const { rows } = await ctx.database.pool.query<{ subject: string; text: string }>(
    'select subject, text from mail_outbox where "to" = $1 order by created_at desc limit 1',
    [to],
  );
  return rows[0];
}

/** The code of the latest reset or confirmation link in `text`. */
export function tokenOfMail(text: string): string {
  const match = /token=([\w-]+)&code_type=token/.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[1]!;
}

export type DemoApiOptions = {
  company?: string;
  payload?: object;
  culture?: string;
  headers?: Record<string, string>;
};

/**
 * Calls a service's routes as a demo user of this file's app: one session per user (made once),
 * the company in the `companyid` header (C1001 unless given). `ctx` and `ids` are read when called,
 * so test files create the client at module level and fill them in `beforeAll`.
 */
export function demoApiClient(
  context: () => TestContext,
  userIds: () => Record<DemoUserKey, string>,
  base: string,
) {
  const headerCache = new Map<DemoUserKey, Record<string, string>>();
  async function headersOf(user: DemoUserKey): Promise<Record<string, string>> {
    let headers = headerCache.get(user);
    if (!headers) {
      headers = await sessionHeaders(context(), userIds()[user]);
      headerCache.set(user, headers);
    }
    return headers;
  }
  return {
    headersOf,
    async api(
      user: DemoUserKey,
      method: 'GET' | 'POST',
      route: string,
      options: DemoApiOptions = {},
    ): Promise<LightMyRequestResponse> {
      return context().app.inject({
        method,
        url: route.startsWith('/') ? route : `${base}/${route}`,
        headers: {
          ...(await headersOf(user)),
          companyid: options.company ?? 'C1001',
          ...(options.culture ? { culture: options.culture } : {}),
          ...options.headers,
        },
        ...(options.payload ? { payload: options.payload } : {}),
      });
    },
    /** The body of a 200 (the assertion names the body when it is not one). */
    ok<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    },
  };
}

/** Provider staff only: roles 1 and 2 answer 200, every other demo user 403. */
export const PROVIDER_ONLY_EXPECTATION: Record<DemoUserKey, number> = {
  admin: 200,
  care: 200,
  om1: 403,
  om3: 403,
  finance: 403,
  payment: 403,
  merchant: 403,
};

/** The status each demo user gets for the same request, sent with that user's session headers. */
export async function statusByUser(
  ctx: TestContext,
  ids: Record<DemoUserKey, string>,
  send: (headers: Record<string, string>) => Promise<{ statusCode: number }>,
): Promise<Record<DemoUserKey, number>> {
  const statuses = {} as Record<DemoUserKey, number>;
  for (const key of Object.keys(DEMO_USERS) as DemoUserKey[]) {
    statuses[key] = (await send(await sessionHeaders(ctx, ids[key]))).statusCode;
  }
  return statuses;
}
