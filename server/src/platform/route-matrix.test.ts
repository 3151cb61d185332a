import { POLICIES, ROLE, type Action, type RoleId } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { createTestMerchant, merchantForDemoUser } from '../../test/merchant-helper';
import { sampleRequest, type OpenApi, type Operation } from '../../test/openapi';
import { DEMO_USERS, seedDemoWorld, sessionHeaders, type DemoUserKey } from '../../test/tenant-helper';
import { actionsSeen } from './policy';
import { ROUTE_ACCESS } from './route-access';

/*
 * Issue 20 §1: the tenant and role matrix, generated from the route table instead of written route
 * by route. Every route the Fastify instance registers must be declared in `ROUTE_ACCESS`; every
 * route guarded by an action is called as every demo role, for the role's own company (or
 * merchant) and for a foreign one, named in the headers; then as the order
 * manager of C1001 with the ids of another company's cards, orders, drafts and rules in its paths,
 * queries and bodies. A refusal the policy table demands must come (401 or 403), no answer may be a
 * 500, and no answer may carry the foreign company's data.
 */

const KINDS = new Set(['public', 'session', 'terminal', 'callback', 'tooling']);
/** The foreign company: related to no demo user. */
const FOREIGN = 'C1006';
const ROLE_OF: Record<DemoUserKey, RoleId> = Object.fromEntries(
  Object.entries(DEMO_USERS).map(([key, user]) => [key, user.roleId]),
) as Record<DemoUserKey, RoleId>;

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
let ownMerchant = '';
let foreignMerchant = '';
/** The foreign company's ids by the field names requests use for them. */
const foreignIds = new Map<string, string>();

const keyOf = (method: string, url: string) => `${method} ${url}`;
/** `/x/{id}` (OpenAPI) as `/x/:id` (Fastify). */
const fastifyKey = (key: string) => key.replace(/\{(\w+)\}/g, ':$1');

async function one<T>(sql: string): Promise<T | undefined> {
  return (await ctx.database.pool.query(sql)).rows[0] as T | undefined;
}

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      RATE_LIMIT_MAX: '1000000',
      LOGIN_RATE_LIMIT: '1000000',
      RESET_RATE_LIMIT: '1000000',
      TEST_HOOKS: 'true',
    },
  });
  ids = await seedDemoWorld(ctx, { cardScale: 0.05 });
  ownMerchant = await merchantForDemoUser(ctx, ids.merchant);
  foreignMerchant = (await createTestMerchant(ctx)).merchantId;
  // A card, cardholder, delivery point, draft and order of the foreign company, by field name.
  const card = await one<{ id: string; cardholder_id: string }>(
    `select id, cardholder_id from cards where company_id = '${FOREIGN}' order by id limit 1`,
  );
  if (card) {
    foreignIds.set('cardId', card.id);
    foreignIds.set('cardholderId', card.cardholder_id);
  }
  const point = await one<{ id: string }>(
    `select id from delivery_points where company_id = '${FOREIGN}' limit 1`,
  );
  if (point) foreignIds.set('deliveryPointId', point.id);
  const draft = await ctx.database.pool.query<{ id: string }>(
    `insert into draft_orders (company_id, reason, order_type, product, family, alias, created_by)
     values ('${FOREIGN}', 'load-card', 'LOAD', 'TICKET_RESTAURANT', 'plastic', 'Ξένο πρόχειρο', $1) returning id`,
    [ids.admin],
  );
  foreignIds.set('draftId', draft.rows[0]!.id);
  const rule = await ctx.database.pool.query<{ id: string }>(
    `insert into recurring_rules (company_id, name, product, amount_mode, amount_cents, schedule, start_day,
       submit_mode, payment_method, runs_from, created_by)
     values ('${FOREIGN}', 'Ξένος κανόνας', 'TICKET_RESTAURANT', 'sameForAll', 1000, '{"kind":"lastWorkingDay"}',
       current_date, 'draft', 'RF', current_date, $1) returning id`,
    [ids.admin],
  );
  foreignIds.set('ruleId', rule.rows[0]!.id);
  const order = await one<{ id: string }>(`select id from orders where company_id = '${FOREIGN}' limit 1`);
  if (order) foreignIds.set('orderId', order.id);
  foreignIds.set('companyId', FOREIGN);
  foreignIds.set('merchantId', foreignMerchant);
}, 300_000);
afterAll(async () => ctx?.close());

/** The sample request of every operation of the OpenAPI document, by Fastify route key. */
function operations(): Map<string, { method: string; route: string; operation: Operation }> {
  const spec = ctx.app.swagger() as unknown as OpenApi;
  const found = new Map<string, { method: string; route: string; operation: Operation }>();
  for (const [route, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      found.set(fastifyKey(keyOf(method.toUpperCase(), route)), {
        method: method.toUpperCase(),
        route,
        operation,
      });
    }
  }
  return found;
}

/** Replaces every id-named leaf (`cardId`, `orderId`, …) with the foreign company's id of that kind. */
function withForeignIds(value: unknown): { value: unknown; replaced: number } {
  let replaced = 0;
  const walk = (node: unknown, name: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, name.replace(/s$/, '')));
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, key)]));
    }
    const foreign = foreignIds.get(name) ?? foreignIds.get(`${name}Id`);
    if (foreign && typeof node === 'string') {
      replaced += 1;
      return foreign;
    }
    return node;
  };
  return { value: walk(value, ''), replaced };
}

describe('the route table', () => {
  it('declares every registered route, and every declared route is registered', () => {
    const registered = new Set(ctx.app.routeList.map((route) => keyOf(route.method, route.url)));
    expect([...registered].filter((key) => !(key in ROUTE_ACCESS)).sort(), 'routes not declared').toEqual([]);
    expect(
      Object.keys(ROUTE_ACCESS)
        .filter((key) => !registered.has(key))
        .sort(),
      'declared routes not registered',
    ).toEqual([]);
  });

  it('calls every guarded route as every role, own and foreign, and refuses what the policy table refuses', async () => {
    const samples = operations();
    const problems: string[] = [];
    let attempts = 0;
    let refusals = 0;
    let routes = 0;
    for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
      if (KINDS.has(access)) continue;
      const policy = POLICIES[access as Action];
      const sample = samples.get(key);
      const [method, url] = key.split(' ') as [string, string];
      const request = sample
        ? sampleRequest(sample.route, sample.operation)
        : { url: url.replace(/:(\w+)/g, 'x'), payload: undefined };
      routes += 1;
      for (const user of Object.keys(DEMO_USERS) as DemoUserKey[]) {
        const roleId = ROLE_OF[user];
        const isStaff = roleId === ROLE.ADMIN || roleId === ROLE.CUSTOMER_CARE;
        for (const which of ['own', 'foreign'] as const) {
          const company = which === 'own' ? (DEMO_USERS[user].companyIds[0] ?? 'C1001') : FOREIGN;
          const merchant = which === 'own' ? ownMerchant : foreignMerchant;
          const response = await ctx.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: {
              ...(await sessionHeaders(ctx, ids[user])),
              companyid: company,
              merchantid: merchant,
              culture: 'en-us',
            },
            ...(request.payload ? { payload: request.payload } : {}),
          });
          attempts += 1;
          const status = response.statusCode;
          if (status === 401 || status === 403 || status === 400) refusals += 1;
          const roleRefused = !(policy.roles as readonly RoleId[]).includes(roleId);
          const tenantRefused =
            which === 'foreign' &&
            ((policy.scope === 'company' && !isStaff) ||
              (policy.scope === 'merchant' && roleId === ROLE.MERCHANT));
          const label = `${key} as ${user} (${which})`;
          if (status >= 500) problems.push(`${label}: ${status} ${response.body.slice(0, 160)}`);
          // A body the route's schema refuses (400) never reaches the guard or the handler: nothing is
          // read or changed, so it is a refusal too.
          else if ((roleRefused || tenantRefused) && status !== 401 && status !== 403 && status !== 400) {
            problems.push(`${label}: ${status}, expected a refusal`);
          }
        }
      }
      // The route named the action it is declared with (when its guard was reached).
      const seen = [...actionsSeen()].find(([route]) => route === key)?.[1];
      if (seen && seen !== access) problems.push(`${key}: asks for ${seen}, declared ${access}`);
    }
    console.log(
      `route matrix: ${routes} guarded routes, ${attempts} attempts (every role, own and foreign), ${refusals} refused (401, 403 or a 400 before the guard)`,
    );
    expect(problems).toEqual([]);
    expect(routes).toBeGreaterThan(180);
  }, 600_000);

  it('never answers the order manager of C1001 with another company’s card, order, draft or rule named in the request', async () => {
    const samples = operations();
    const problems: string[] = [];
    let attempts = 0;
    let refused = 0;
    const markers = [...foreignIds.values()];
    for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
      if (KINDS.has(access)) continue;
      const policy = POLICIES[access as Action];
      if (policy.scope !== 'company' || !(policy.roles as readonly RoleId[]).includes(ROLE.ORDER_MANAGER))
        continue;
      const sample = samples.get(key);
      if (!sample) continue;
      const request = sampleRequest(sample.route, sample.operation);
      const [base, query = ''] = request.url.split('?') as [string, string?];
      const params = new URLSearchParams(query);
      let replaced = 0;
      for (const [name] of [...params]) {
        const foreign = foreignIds.get(name);
        if (foreign) {
          params.set(name, foreign);
          replaced += 1;
        }
      }
      const body = withForeignIds(request.payload);
      replaced += body.replaced;
      if (replaced === 0) continue;
      const search = params.toString();
      const response = await ctx.app.inject({
        method: sample.method as 'GET',
        url: search ? `${base}?${search}` : base,
        headers: { ...(await sessionHeaders(ctx, ids.om1)), companyid: 'C1001', culture: 'en-us' },
        ...(request.payload ? { payload: body.value as object } : {}),
      });
      attempts += 1;
      if (response.statusCode >= 400 && response.statusCode < 500) refused += 1;
      if (response.statusCode >= 500) problems.push(`${key}: ${response.statusCode}`);
      // A success must not hand back the foreign company's things (an error body may name the field).
      if (response.statusCode < 300) {
        const leaked = markers.filter((marker) => response.body.includes(marker));
        if (leaked.length > 0) problems.push(`${key}: ${response.statusCode} with ${leaked.join(', ')}`);
      }
    }
    console.log(
      `foreign ids: ${attempts} requests naming another company's ids, ${refused} refused, ${problems.length} leaks`,
    );
    expect(problems).toEqual([]);
    expect(attempts).toBeGreaterThan(20);
  }, 600_000);
});
