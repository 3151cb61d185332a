import { CLIENT_LOG_MAX_BYTES } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { createTestMerchant, terminalToken } from '../../test/merchant-helper';
import { seedDemoWorld, sessionHeaders, type DemoUserKey } from '../../test/tenant-helper';
import { JSON_MAX_DEPTH } from './json-body';
import { ROUTE_ACCESS } from './route-access';

/**
 * Issue 33 §3: a small JSON body nested thousands of levels deep once overflowed the stack of the
 * text guard and answered 500 (about a second of CPU each) on the token endpoints, the terminal API
 * and a dozen more routes, without signing in. Every route that takes a body, generated from the
 * route table, must refuse it as a 400 that names the limit, in its API's error shape.
 */

/**
 * `{"a":{"a":…1…}}` and `[[[…]]]`, 5,000 levels (about 30 and 10 KB), and 1,500 levels of arrays
 * (3 KB, within the log beacon's 4 KB limit; the larger two are 413 there).
 */
const DEEP_BODIES = {
  objects: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  arrays: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  small: `${'['.repeat(1_500)}${']'.repeat(1_500)}`,
};

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
let clientToken = '';
/** The terminal API checks its Bearer token before it reads the body (RFC 6750, issue 34 §2.9). */
let terminalBearer = '';

beforeAll(async () => {
  ctx = await createTestApp({
    demoWorld: true,
    env: {
      RATE_LIMIT_MAX: '1000000',
      LOGIN_RATE_LIMIT: '1000000',
      RESET_RATE_LIMIT: '1000000',
      LEAD_RATE_LIMIT: '1000000',
      API_TOKEN_RATE_LIMIT: '1000000',
    },
  });
  ids = await seedDemoWorld(ctx, { cardScale: 0 });
  // An API client of C1003 with every scope, so the public API's guard lets the body through.
  const headers = await sessionHeaders(ctx, ids.om3);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/createApiClient',
    headers: { ...headers, companyid: 'C1003' },
    payload: {
      name: 'Deep JSON',
      scopes: ['cards:read', 'cards:write', 'orders:read', 'orders:write', 'webhooks'],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const client = created.json<{ client: { clientId: string }; clientSecret: string }>();
  const token = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/v1/oauth/token',
    payload: {
      grant_type: 'client_credentials',
      client_id: client.client.clientId,
      client_secret: client.clientSecret,
    },
  });
  clientToken = token.json<{ access_token: string }>().access_token;
  terminalBearer = await terminalToken(ctx, (await createTestMerchant(ctx)).terminals[0]!);
}, 120_000);
afterAll(async () => ctx?.close());

/** Whether the answer names the depth limit, in the portal's, the public API's or OAuth's shape. */
function namesTheLimit(body: string): boolean {
  type Answer = {
    fields?: { field: string; message: string }[];
    errors?: { field: string; message: string }[];
    error?: string;
    error_description?: string;
  };
  let parsed: Answer;
  try {
    parsed = JSON.parse(body) as Answer;
  } catch {
    return false;
  }
  const limit = String(JSON_MAX_DEPTH);
  return (
    (parsed.fields ?? parsed.errors ?? []).some(
      (field) => field.field === 'body' && field.message.includes(limit),
    ) ||
    (parsed.error === 'invalid_request' && (parsed.error_description ?? '').includes(limit))
  );
}

describe('a JSON body nested too deep', () => {
  it('is refused by every route that takes a body with a 400 naming the limit, never a 500', async () => {
    const routes = ctx.app.routeList.filter((route) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    );
    const failures: string[] = [];
    const headers = await sessionHeaders(ctx, ids.om1);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const bearer = { 'api-client': clientToken, terminal: terminalBearer }[ROUTE_ACCESS[key] as string];
      const authorization = bearer ? { authorization: `Bearer ${bearer}` } : {};
      for (const [shape, payload] of Object.entries(DEEP_BODIES)) {
        const response = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            ...headers,
            ...authorization,
            companyid: 'C1001',
            culture: 'en-us',
            'accept-language': 'en',
            'content-type': 'application/json',
          },
          payload,
        });
        const isTooLarge = response.statusCode === 413 && payload.length > CLIENT_LOG_MAX_BYTES;
        if (isTooLarge && key === 'POST /api/log') continue;
        if (response.statusCode !== 400 || !namesTheLimit(response.body)) {
          failures.push(`${key} (${shape}): ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
    }
    expect(routes.length).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);

  it(`is accepted up to ${JSON_MAX_DEPTH} levels (a request's own nesting is far below)`, async () => {
    const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    const send = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/log',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    expect((await send(nested(JSON_MAX_DEPTH))).statusCode).toBe(204);
    const refused = await send(nested(JSON_MAX_DEPTH + 1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ success: boolean; errorCode: number }>()).toMatchObject({ success: false });
    // Brackets in a string (escaped quotes too) are text, not nesting.
    expect((await send(JSON.stringify({ message: '"['.repeat(1_000) }))).statusCode).toBe(204);
  });
});
