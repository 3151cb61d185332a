import { POLICIES, ROLE, type Action, type RoleId } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import {
  cardWithBalance,
  createTestMerchant,
  giveMerchantRecords,
  linkMerchantUser,
  terminalToken,
  type MerchantRecords,
  type TestTerminal,
} from '../../test/merchant-helper';
import { sampleRequest, type OpenApi, type Operation } from '../../test/openapi';
import { DEMO_USERS, seedDemoWorld, sessionHeaders, type DemoUserKey } from '../../test/tenant-helper';
import { actionsSeen } from './policy';
import { ROUTE_ACCESS } from './route-access';

/*
 * Issue 20 §1: the tenant and role matrix, generated from the route table instead of written route
 * by route. Every route the Fastify instance registers must be declared in `ROUTE_ACCESS`; every
 * route guarded by an action is called as every demo role, for the role's own company (or
 * merchant) and for a foreign one, named in the headers (and, for a merchant's routes, the
 * merchant's store, terminal, settlement, charge… ids in paths, queries and bodies too); then as the
 * order manager of C1001 with the ids of another company's cards, orders, drafts and rules in its
 * paths, queries and bodies; then as a merchant's administrator, as provider staff acting for that
 * merchant and as its terminal, with another merchant's ids. A refusal the policy table demands must
 * come (401 or 403), no answer may be a 500, no answer may carry the foreign company's or merchant's
 * data, and nothing of the foreign merchant may change.
 */

const KINDS = new Set(['public', 'session', 'terminal', 'api-client', 'callback', 'tooling']);
/** The foreign company: related to no demo user. */
const FOREIGN = 'C1006';
const ROLE_OF: Record<DemoUserKey, RoleId> = Object.fromEntries(
  Object.entries(DEMO_USERS).map(([key, user]) => [key, user.roleId]),
) as Record<DemoUserKey, RoleId>;

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
let ownMerchant = '';
let foreignMerchant = '';
let ownTerminal: TestTerminal;
let foreignRecords: MerchantRecords;
/** The foreign company's ids by the field names requests use for them. */
const foreignIds = new Map<string, string>();
/** The own and the foreign merchant's ids by the field names requests use for them. */
const ownMerchantIds = new Map<string, string>();
const foreignMerchantIds = new Map<string, string>();
/** Valid IBANs: the foreign merchant's, and the ones each merchant's pending change asks for. */
const FOREIGN_IBAN = 'GR0501101250000000098765432';
const FOREIGN_PENDING_IBAN = 'GR5201101250000000055511122';
const OWN_PENDING_IBAN = 'GR9101101250000000011122233';

const keyOf = (method: string, url: string) => `${method} ${url}`;
/** `/x/{id}` (OpenAPI) as `/x/:id` (Fastify). */
const fastifyKey = (key: string) => key.replace(/\{(\w+)\}/g, ':$1');

async function one<T>(sql: string): Promise<T | undefined> {
  return (await ctx.database.pool.query(sql)).rows[0] as T | undefined;
}

beforeAll(async () => {
  ctx = await createTestApp({
    demoWorld: { cardScale: 0.05 },
    env: {
      RATE_LIMIT_MAX: '1000000',
      LOGIN_RATE_LIMIT: '1000000',
      RESET_RATE_LIMIT: '1000000',
      TEST_HOOKS: 'true',
    },
  });
  ids = await seedDemoWorld(ctx, { cardScale: 0.05 });
  // Two merchants with a row of every kind their routes take by id; the demo merchant user
  // administers the first.
  const own = await createTestMerchant(ctx);
  await linkMerchantUser(ctx, ids.merchant, own.merchantId);
  ownMerchant = own.merchantId;
  ownTerminal = own.terminals[0]!;
  const ownRecords = await giveMerchantRecords(ctx, own, {
    staffUserId: ids.admin,
    pendingIban: OWN_PENDING_IBAN,
  });
  const foreign = await createTestMerchant(ctx, { iban: FOREIGN_IBAN, storeName: 'Ξένο κατάστημα' });
  foreignMerchant = foreign.merchantId;
  foreignRecords = await giveMerchantRecords(ctx, foreign, {
    staffUserId: ids.admin,
    pendingIban: FOREIGN_PENDING_IBAN,
  });
  for (const [records, map] of [
    [ownRecords, ownMerchantIds],
    [foreignRecords, foreignMerchantIds],
  ] as const) {
    for (const name of MERCHANT_ID_FIELDS) map.set(name, merchantIdOf(records, name));
  }
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

/**
 * The names under which requests carry a merchant's ids (`chargeIds`, `payoutIds` as arrays of
 * these), read from the merchant routes' schemas: `retrieveStoreDetails`, `updateStoreMids`,
 * `lockMerchantUser`, `updateMerchantNotification`, `retrieveSettlementDetails`,
 * `createMerchantPayment`, `validateMerchantPayment`, `confirmIbanChange` (the IBAN link's token),
 * the virtual terminal, the transaction filters, and the provider's payout, terminal and
 * supply-order routes; and the e-mail of a merchant's user, which `inviteMerchantUser` takes.
 */
const MERCHANT_ID_FIELDS = [
  'merchantId',
  'storeId',
  'terminalId',
  'userId',
  'notificationId',
  'transactionId',
  'settlementId',
  'payoutId',
  'fileId',
  'chargeId',
  'paymentId',
  'supplyOrderId',
  'token',
  'email',
] as const;

function merchantIdOf(records: MerchantRecords, name: (typeof MERCHANT_ID_FIELDS)[number]): string {
  switch (name) {
    case 'transactionId':
      return records.transactionIds[0]!;
    case 'chargeId':
      return records.rentalChargeId;
    case 'token':
      return records.ibanToken;
    case 'email':
      return records.userEmail;
    default:
      return records[name];
  }
}

/**
 * Everything of a merchant that could betray it in an answer: its names, VAT number, IBANs, ids of
 * its stores, terminals, users, calls, settlements, payouts, charges, orders, payments and
 * notifications. Read when asked (earlier tests may have added to them); values under six
 * characters are left out, as they would match by chance.
 */
async function merchantMarkers(merchantId: string): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ marker: string | null }>(
    `select unnest(array[id, legal_name, trade_name, vat_number, iban, contact_email]) as marker
       from merchants where id = $1
     union select unnest(array[id::text, name]) from merchant_stores where merchant_id = $1
     union select unnest(array[id::text, mid, client_id]) from merchant_terminals where merchant_id = $1
     union select unnest(array[u.id::text, u.email]) from merchant_users m join users u on u.id = m.user_id
            where m.merchant_id = $1
     union select unnest(array[id::text, terminal_transaction_id, authorisation_id])
             from terminal_transactions where merchant_id = $1
     union select id::text from settlements where merchant_id = $1
     union select unnest(array[id::text, end_to_end_id, iban, payout_file_id::text]) from payouts
            where merchant_id = $1
     union select id::text from merchant_charges where merchant_id = $1
     union select id::text from merchant_supply_orders where merchant_id = $1
     union select id::text from merchant_payments where merchant_id = $1
     union select id::text from merchant_notifications where merchant_id = $1
     union select iban from merchant_iban_changes where merchant_id = $1`,
    [merchantId],
  );
  return rows.map((row) => row.marker).filter((marker): marker is string => (marker?.length ?? 0) >= 6);
}

/** The merchant's rows as they stand, by kind (what a request must not change). */
async function merchantSnapshot(merchantId: string): Promise<Record<string, unknown>> {
  const rowsOf = (table: string) =>
    `(select coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]') from ${table} t where t.merchant_id = $1)`;
  const { rows } = await ctx.database.pool.query<{ snapshot: Record<string, unknown> }>(
    `select jsonb_build_object(
       'merchant', (select to_jsonb(m) from merchants m where m.id = $1),
       'stores', ${rowsOf('merchant_stores')},
       'terminals', ${rowsOf('merchant_terminals')},
       'users', (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'email', u.email, 'role', m.role,
                  'isLocked', u.is_locked, 'isConfirmed', u.is_confirmed) order by u.id), '[]')
                   from merchant_users m join users u on u.id = m.user_id where m.merchant_id = $1),
       'calls', ${rowsOf('terminal_transactions')},
       'settlements', ${rowsOf('settlements')},
       'payouts', ${rowsOf('payouts')},
       'charges', ${rowsOf('merchant_charges')},
       'supplyOrders', ${rowsOf('merchant_supply_orders')},
       'payments', ${rowsOf('merchant_payments')},
       'notifications', ${rowsOf('merchant_notifications')},
       'ibanChanges', ${rowsOf('merchant_iban_changes')}
     ) as snapshot`,
    [merchantId],
  );
  return rows[0]!.snapshot;
}

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

/**
 * A request of `route` (OpenAPI form) with every id-named path parameter, query parameter
 * and body leaf (`storeId`, `chargeIds: [...]`, `card: ...` for `cardId`) set to the value `values`
 * holds for that name; `replaced` counts them.
 */
function withIds(
  route: string,
  request: { url: string; payload: object | undefined },
  values: ReadonlyMap<string, string | number>,
): { url: string; payload: object | undefined; replaced: number } {
  let replaced = 0;
  const [base, query = ''] = request.url.split('?') as [string, string?];
  const template = route.split('/');
  const path = base
    .split('/')
    .map((segment, index) => {
      const value = values.get(/^\{(\w+)\}$/.exec(template[index] ?? '')?.[1] ?? '');
      if (value === undefined) return segment;
      replaced += 1;
      return encodeURIComponent(String(value));
    })
    .join('/');
  const params = new URLSearchParams(query);
  for (const [name] of [...params]) {
    const value = values.get(name);
    if (value !== undefined) {
      params.set(name, String(value));
      replaced += 1;
    }
  }
  const walk = (node: unknown, name: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, name.replace(/s$/, '')));
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, key)]));
    }
    const value = values.get(name) ?? values.get(`${name}Id`);
    if (value !== undefined && (typeof node === 'string' || typeof node === 'number')) {
      replaced += 1;
      return value;
    }
    return node;
  };
  const payload = request.payload === undefined ? undefined : (walk(request.payload, '') as object);
  const search = params.toString();
  return { url: search ? `${path}?${search}` : path, payload, replaced };
}

/**
 * Values the generic sample gets wrong for the merchant routes' schemas (a bag order of no packs, a
 * postal code of one letter) and a transaction file one can read (CSV, not a zipped workbook).
 */
const PASSABLE = new Map<string, string | number>([
  ['postalCode', '10563'],
  ['bags', 1],
  ['format', 'csv'],
]);

/**
 * The sample request of an operation that gets past its schema to the guard and the handler:
 * `PASSABLE` values, and of the query only what is required or names an id (the filters' samples,
 * a date or a product, would hide what a foreign id finds).
 */
function passable(route: string, operation: Operation): { url: string; payload: object | undefined } {
  const request = withIds(route, sampleRequest(route, operation), PASSABLE);
  const [path, query = ''] = request.url.split('?') as [string, string?];
  const required = new Set(
    (operation.parameters ?? []).filter((parameter) => parameter.required).map((parameter) => parameter.name),
  );
  const params = new URLSearchParams(query);
  for (const [name] of [...params]) {
    if (!required.has(name) && !PASSABLE.has(name) && !MERCHANT_ID_FIELDS.some((field) => field === name)) {
      params.delete(name);
    }
  }
  const search = params.toString();
  return { url: search ? `${path}?${search}` : path, payload: request.payload };
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

  it('never answers a merchant’s administrator, staff acting for the merchant or its terminal with another merchant’s store, terminal, sale, settlement, charge or user, and changes nothing of it', async () => {
    const samples = operations();
    const problems: string[] = [];
    const counts = { user: 0, staff: 0, terminal: 0 };
    let refused = 0;
    let answered = 0;
    const controls = { sent: 0, succeeded: 0 };
    const markers = await merchantMarkers(foreignMerchant);
    const before = await merchantSnapshot(foreignMerchant);
    const judge = (label: string, status: number, body: string, isDeclined = false) => {
      if (status >= 500) problems.push(`${label}: ${status} ${body.slice(0, 160)}`);
      else if ((status >= 400 && status < 500) || isDeclined) refused += 1;
      else answered += 1;
      // A success must not hand back the foreign merchant's things (an error body may name the field).
      if (status < 300) {
        const leaked = markers.filter((marker) => body.includes(marker));
        if (leaked.length > 0) problems.push(`${label}: ${status} with ${leaked.join(', ')}`);
      }
    };

    // Every guarded route as the merchant's administrator, and every merchant route as staff acting
    // for the merchant (who name the merchant they act for: only the other ids are foreign). Each
    // request is the own merchant's (the control) with one id at a time the foreign merchant's.
    const staffForeignIds = new Map([...foreignMerchantIds].filter(([name]) => name !== 'merchantId'));
    for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
      if (KINDS.has(access)) continue;
      const sample = samples.get(key);
      if (!sample) continue;
      const request = passable(sample.route, sample.operation);
      const callers = [
        { who: 'user' as const, userId: ids.merchant, foreign: foreignMerchantIds },
        ...(POLICIES[access as Action].scope === 'merchant'
          ? [{ who: 'staff' as const, userId: ids.care, foreign: staffForeignIds }]
          : []),
      ];
      for (const { who, userId, foreign } of callers) {
        const call = async (values: ReadonlyMap<string, string>) => {
          const sent = withIds(sample.route, request, values);
          return ctx.app.inject({
            method: sample.method as 'GET',
            url: sent.url,
            headers: { ...(await sessionHeaders(ctx, userId)), merchantid: ownMerchant, culture: 'en-us' },
            ...(sent.payload ? { payload: sent.payload } : {}),
          });
        };
        const names = [...foreign.keys()].filter(
          (name) => withIds(sample.route, request, new Map([[name, '']])).replaced > 0,
        );
        if (names.length === 0) continue;
        const control = await call(ownMerchantIds);
        controls.sent += 1;
        if (control.statusCode < 300) controls.succeeded += 1;
        for (const name of names) {
          const response = await call(new Map([...ownMerchantIds, [name, foreign.get(name)!]]));
          counts[who] += 1;
          judge(`${key} as ${who} with ${name}`, response.statusCode, response.body);
        }
      }
    }

    // The own merchant's terminal with the foreign one's MID or sale, or the foreign client id with
    // the own terminal's secret.
    const token = await terminalToken(ctx, ownTerminal);
    const card = await cardWithBalance(ctx, { product: 'TICKET_RESTAURANT', balanceCents: 5_000, skip: 1 });
    const foreignSale = foreignRecords.terminalTransactionIds[0]!;
    let sequence = 0;
    for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
      if (access !== 'terminal' || key.endsWith('/oauth/token')) continue;
      const sample = samples.get(key);
      if (!sample) continue;
      const own = {
        ...(sampleRequest(sample.route, sample.operation).payload as Record<string, unknown>),
        mid: ownTerminal.mid,
        cardToken: card.token,
        amountCents: 100,
        time: new Date().toISOString(),
      };
      const variants: Record<string, string>[] = [{ mid: foreignRecords.mid }];
      if ('originalTerminalTransactionId' in own)
        variants.push({ originalTerminalTransactionId: foreignSale });
      for (const variant of variants) {
        sequence += 1;
        const response = await ctx.app.inject({
          method: 'POST',
          url: sample.route,
          headers: { authorization: `Bearer ${token}`, culture: 'en-us' },
          payload: { ...own, terminalTransactionId: `MATRIX-${sequence}`, ...variant },
        });
        counts.terminal += 1;
        const answer = response.statusCode === 200 ? response.json<{ outcome?: string }>() : {};
        const label = `${key} with ${Object.keys(variant).join()}`;
        if (answer.outcome === 'approved') problems.push(`${label}: approved`);
        judge(label, response.statusCode, response.body, answer.outcome === 'declined');
      }
    }
    const tokenResponse = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/terminals/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: `term-${foreignMerchant.toLowerCase()}-1`,
        client_secret: ownTerminal.clientSecret,
      },
    });
    counts.terminal += 1;
    judge('POST /api/v1/terminals/oauth/token with client_id', tokenResponse.statusCode, tokenResponse.body);

    const after = await merchantSnapshot(foreignMerchant);
    const changed = Object.keys(before).filter(
      (part) => JSON.stringify(after[part]) !== JSON.stringify(before[part]),
    );
    if (changed.length > 0) problems.push(`the foreign merchant's ${changed.join(', ')} changed`);
    const attempts = counts.user + counts.staff + counts.terminal;
    console.log(
      `foreign merchant ids: ${attempts} requests naming another merchant's ids (${counts.user} as a merchant's administrator, ${counts.staff} as staff acting for it, ${counts.terminal} as its terminal), ${refused} refused, ${answered} answered without them, ${problems.length} leaks; the same requests with the own merchant's ids: ${controls.succeeded} of ${controls.sent} answered 2xx`,
    );
    expect(problems).toEqual([]);
    expect(counts.user).toBeGreaterThan(40);
    expect(counts.staff).toBeGreaterThan(10);
  }, 600_000);

  it('calls every guarded route as every role, own and foreign, and refuses what the policy table refuses', async () => {
    const samples = operations();
    const problems: string[] = [];
    let attempts = 0;
    let refusals = 0;
    let routes = 0;
    let merchantIdRequests = 0;
    for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
      if (KINDS.has(access)) continue;
      const policy = POLICIES[access as Action];
      const sample = samples.get(key);
      const [method, url] = key.split(' ') as [string, string];
      const sampled = sample
        ? sampleRequest(sample.route, sample.operation)
        : { url: url.replace(/:(\w+)/g, 'x'), payload: undefined };
      // A merchant's route names the merchant in the header and its store, terminal, charge… in the
      // path, query and body: the own merchant's, or the foreign one's.
      const requestFor = (which: 'own' | 'foreign') =>
        policy.scope === 'merchant' && sample
          ? withIds(sample.route, sampled, which === 'own' ? ownMerchantIds : foreignMerchantIds)
          : { ...sampled, replaced: 0 };
      routes += 1;
      for (const user of Object.keys(DEMO_USERS) as DemoUserKey[]) {
        const roleId = ROLE_OF[user];
        const isStaff = roleId === ROLE.ADMIN || roleId === ROLE.CUSTOMER_CARE;
        for (const which of ['own', 'foreign'] as const) {
          const company = which === 'own' ? (DEMO_USERS[user].companyIds[0] ?? 'C1001') : FOREIGN;
          const merchant = which === 'own' ? ownMerchant : foreignMerchant;
          const request = requestFor(which);
          if (request.replaced > 0) merchantIdRequests += 1;
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
      `route matrix: ${routes} guarded routes, ${attempts} attempts (every role, own and foreign; ${merchantIdRequests} with the merchant's ids in path, query or body), ${refusals} refused (401, 403 or a 400 before the guard)`,
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
      const request = withIds(sample.route, sampleRequest(sample.route, sample.operation), foreignIds);
      if (request.replaced === 0) continue;
      const response = await ctx.app.inject({
        method: sample.method as 'GET',
        url: request.url,
        headers: { ...(await sessionHeaders(ctx, ids.om1)), companyid: 'C1001', culture: 'en-us' },
        ...(request.payload ? { payload: request.payload } : {}),
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
