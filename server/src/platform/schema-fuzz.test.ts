import { POLICIES, type Action, type RoleId } from '@tessera/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineSeed, engineShare, shareNote } from '../../test/engine-share';
import { requestsOf, type FuzzRequest } from '../../test/fuzz';
import { createTestApp, type TestContext } from '../../test/harness';
import { createTestMerchant, merchantForDemoUser, terminalToken } from '../../test/merchant-helper';
import type { OpenApi } from '../../test/openapi';
import { DEMO_USERS, seedDemoWorld, sessionHeaders, type DemoUserKey } from '../../test/tenant-helper';
import { ROUTE_ACCESS } from './route-access';

/*
 * Issue 20 §2: every endpoint of the OpenAPI document, fed requests generated from its own schemas
 * (valid, at the bounds, hostile; wrong content types; both languages): no answer of 500 or more,
 * and every 4xx in the standard error body with a message. FUZZ_RUNS requests per route (100 in
 * `npm test`, shared between the engines when both run; `npm run bench schema-fuzz` asks for 10,000).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/**
 * `FUZZ_SHARD=i/n`: only every n-th route from the i-th (0-based), so the 10,000-a-route bench can
 * run in parts, on several machines or one after another; unset, every route.
 */
const [SHARD, SHARDS] = (process.env.FUZZ_SHARD ?? '0/1').split('/').map(Number) as [number, number];
/** `FUZZ_ROUTE=regex`: only the routes whose `METHOD /path` matches (to replay one route's failure). */
const ONLY = process.env.FUZZ_ROUTE ? new RegExp(process.env.FUZZ_ROUTE) : null;
/** Time allowed: generous per request (a loaded 2-core machine answers one in a few ms). */
const TIMEOUT_MS = Math.max(3_600_000, RUNS * 240 * 10);

/**
 * Routes left out: sign-out ends the session the next request uses; tooling (docs, test hooks,
 * metrics, the sandbox bank's HTML pages) is no product route.
 */
const SKIP =
  /^POST \/api\/auth\/signout$|^(GET|POST) \/api\/(docs|test)\b|^GET \/metrics$|^(GET|POST) \/sandbox\//;
/** The terminal API answers its OAuth token endpoint's errors as OAuth says (RFC 6749 §5.2). */
const OAUTH = /^POST \/api\/(v1\/terminals|public\/v1)\/oauth\/token$/;
/**
 * The terminal API's calls take a terminal's Bearer token (so requests reach their schemas) and
 * answer a refused token as RFC 6750 says, in the OAuth error shape (ADR 044).
 */
const TERMINAL_CALLS = /^POST \/api\/v1\/terminals\/(authorise|reverse|refund)$/;
/** The public API answers RFC 9457 problems (ADR 034). */
const PROBLEMS = /^(GET|POST|DELETE) \/api\/public\/v1\//;
/** The first of these roles the route's action allows calls it (so requests reach the handler). */
const CALLERS: DemoUserKey[] = ['om1', 'admin', 'merchant', 'finance', 'payment'];

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
let merchantId = '';
let bearer = '';
let terminalBearer = '';
let keys = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    demoWorld: { cardScale: 0.05 },
    env: {
      RATE_LIMIT_MAX: '100000000',
      LOGIN_RATE_LIMIT: '100000000',
      RESET_RATE_LIMIT: '100000000',
      LEAD_RATE_LIMIT: '100000000',
    },
  });
  ids = await seedDemoWorld(ctx, { cardScale: 0.05 });
  merchantId = await merchantForDemoUser(ctx, ids.merchant);
  terminalBearer = await terminalToken(ctx, (await createTestMerchant(ctx)).terminals[0]!);
  // The public API is called with a token of a client of C1001 with every scope (ADR 037), so
  // requests reach its schemas and services rather than stopping at the guard.
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/createApiClient',
    headers: { ...(await sessionHeaders(ctx, ids.om1)), companyid: 'C1001' },
    payload: {
      name: 'fuzz',
      scopes: ['cards:read', 'cards:write', 'orders:read', 'orders:write', 'webhooks'],
    },
  });
  const { client, clientSecret } = created.json<{ client: { clientId: string }; clientSecret: string }>();
  const token = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/v1/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret },
  });
  bearer = token.json<{ access_token: string }>().access_token;
}, 300_000);
afterAll(async () => ctx?.close());

function callerOf(key: string): DemoUserKey {
  const access = ROUTE_ACCESS[key.replace(/\{(\w+)\}/g, ':$1')];
  const policy = access && access in POLICIES ? POLICIES[access as Action] : undefined;
  if (!policy) return 'om1';
  return (
    CALLERS.find((user) => (policy.roles as readonly RoleId[]).includes(DEMO_USERS[user].roleId)) ?? 'admin'
  );
}

function bodyOf(request: FuzzRequest): string | undefined {
  if (request.payload === undefined) return undefined;
  if (request.contentType === 'application/x-www-form-urlencoded') {
    return `data=${encodeURIComponent(JSON.stringify(request.payload))}`;
  }
  return JSON.stringify(request.payload);
}

describe('schema fuzzing of every endpoint', () => {
  it(
    `answers ${RUNS} generated requests per route${shareNote(RUNS)} without a 5xx, each 4xx in the standard error body`,
    async () => {
      const spec = ctx.app.swagger() as unknown as OpenApi;
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let routes = 0;
      let requests = 0;
      let seed = 20_261_126;
      let index = -1;
      const started = Date.now();
      for (const [route, methods] of Object.entries(spec.paths)) {
        for (const [lower, operation] of Object.entries(methods)) {
          const method = lower.toUpperCase();
          if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
          const key = `${method} ${route}`;
          if (SKIP.test(key)) continue;
          index += 1;
          seed += 1;
          if (index % SHARDS !== SHARD) continue;
          if (ONLY && !ONLY.test(key)) continue;
          routes += 1;
          const headers = await sessionHeaders(ctx, ids[callerOf(key)]);
          const result = await fc.check(
            fc.asyncProperty(requestsOf(route, operation), async (request) => {
              const body = method === 'GET' ? undefined : bodyOf(request);
              const response = await ctx.app.inject({
                method: method as 'GET',
                url: request.url,
                headers: {
                  ...headers,
                  companyid: 'C1001',
                  merchantid: merchantId,
                  culture: request.culture,
                  ...(PROBLEMS.test(key) && !OAUTH.test(key) ? { authorization: `Bearer ${bearer}` } : {}),
                  ...(TERMINAL_CALLS.test(key) ? { authorization: `Bearer ${terminalBearer}` } : {}),
                  ...(PROBLEMS.test(key) && method === 'POST'
                    ? { 'idempotency-key': `fuzz-${(keys += 1)}` }
                    : {}),
                  ...(body !== undefined ? { 'content-type': request.contentType } : {}),
                },
                ...(body !== undefined ? { payload: body } : {}),
              });
              requests += 1;
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
              if (response.statusCode >= 500) {
                throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
              }
              if (response.statusCode >= 400) {
                const error = JSON.parse(response.body) as Record<string, unknown>;
                if ((OAUTH.test(key) || TERMINAL_CALLS.test(key)) && typeof error.error === 'string') return;
                if (
                  PROBLEMS.test(key) &&
                  typeof error.title === 'string' &&
                  typeof error.status === 'number'
                ) {
                  return;
                }
                if (
                  error.success !== false ||
                  typeof error.errorCode !== 'number' ||
                  typeof error.errorMessage !== 'string' ||
                  error.errorMessage.length === 0
                ) {
                  throw new Error(
                    `${response.statusCode} not in the standard error body: ${response.body.slice(0, 300)}`,
                  );
                }
              }
            }),
            { numRuns: engineShare(RUNS), seed: engineSeed(seed), endOnFailure: true },
          );
          if (RUNS >= 1_000) {
            // The long bench run says where it is, so a stopped run still has its figures.
            console.log(
              `schema fuzzing: ${routes} routes, ${requests} requests, ${failures.length + (result.failed ? 1 : 0)} failing, ${Math.round((Date.now() - started) / 1000)} s (last ${key})`,
            );
          }
          if (result.failed) {
            failures.push(
              `${key} (seed ${seed}): ${String(result.errorInstance)} with ${JSON.stringify(result.counterexample)?.slice(0, 400)}`,
            );
          }
        }
      }
      const byStatus = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(', ');
      const part = SHARDS > 1 ? ` (part ${SHARD} of ${SHARDS})` : '';
      console.log(
        `schema fuzzing${part}: ${routes} routes, ${requests} requests (${engineShare(RUNS)} a route${shareNote(RUNS)}): ${byStatus}`,
      );
      expect(failures).toEqual([]);
      expect(routes).toBeGreaterThan(ONLY ? 0 : 180 / SHARDS);
    },
    TIMEOUT_MS,
  );
});
