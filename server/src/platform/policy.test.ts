import {
  ACTIONS,
  BULK_COLUMN_KEYS,
  POLICIES,
  ROLE,
  ROUTE_ACTIONS,
  type Action,
  type RoleId,
} from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestContext } from '../../test/harness';
import { sampleRequest, type OpenApi } from '../../test/openapi';
import { seedDemoWorld, sessionHeaders, type DemoUserKey } from '../../test/tenant-helper';
import { actionsSeen, forgetActionsSeen } from './policy';

/**
 * The guard and the policy table agree (issue 14): every route of the OpenAPI document either names
 * an action of `domain/src/policies.ts` through `requireActor`, or is public; every action is used by
 * a route or a page; and a role the table refuses is refused by the route.
 *
 * The routes under `/api/v1/orders` (drafts, orders, payments, documents) are listed here with the
 * action each must name: their role lists were the last to move into the table.
 */
const ORDERS_ACTIONS: Record<string, Action> = {
  'POST /api/v1/orders/saveDraftOrder': 'drafts.manage',
  'GET /api/v1/orders/retrieveDraftOrder': 'drafts.read',
  'GET /api/v1/orders/retrieveDraftOrders': 'drafts.read',
  'GET /api/v1/orders/retrieveDraftOrdersFinanceUser': 'orders.finance',
  'POST /api/v1/orders/updateDraftOrder': 'drafts.manage',
  'POST /api/v1/orders/deleteDraftOrder': 'drafts.manage',
  'POST /api/v1/orders/addDraftOrderCards': 'drafts.manage',
  'POST /api/v1/orders/updateDraftOrderCards': 'drafts.manage',
  'POST /api/v1/orders/deleteDraftOrderCards': 'drafts.manage',
  'GET /api/v1/orders/companyMaxDraftOrders': 'drafts.read',
  'POST /api/v1/orders/orderPriceCalculation': 'drafts.read',
  'POST /api/v1/orders/readyToTopUp': 'drafts.manage',
  'POST /api/v1/orders/checkCardholder': 'drafts.read',
  'GET /api/v1/orders/retrieveComplimentaryBundles': 'catalogue.read',
  'GET /api/v1/orders/retrieveVoucherBundles': 'catalogue.read',
  'POST /api/v1/orders/createBundleDraftOrder': 'drafts.manage',
  'POST /api/v1/orders/submitPaymentOm': 'orders.place',
  'POST /api/v1/orders/submitOrderFinanceUser': 'orders.finance',
  'POST /api/v1/orders/submitOrderPaymentManager': 'orders.payment-manager',
  'POST /api/v1/orders/rejectOrder': 'orders.reject',
  'POST /api/v1/orders/cancelOrder': 'orders.cancel',
  'GET /api/v1/orders/retrievePaymentMethods': 'orders.read',
  'POST /api/v1/orders/createPaymentOrder': 'orders.pay',
  'POST /api/v1/orders/submitPaymentOrder': 'orders.pay',
  'GET /api/v1/orders/retrievePayment': 'orders.read',
  'POST /api/v1/orders/importBankStatement': 'payments.import-statement',
  'GET /api/v1/orders/retrieveOrderHistory': 'orders.read',
  'GET /api/v1/orders/retrieveOrderDetails': 'orders.read',
  'GET /api/v1/orders/retrieveOrderCards': 'orders.read',
  'GET /api/v1/orders/retrieveOrdersOverview': 'orders.read',
  'GET /api/v1/orders/retrieveApmLoops': 'orders.read',
  'GET /api/v1/orders/approvalSettings': 'orders.read',
  'POST /api/v1/orders/approvalSettings': 'orders.approval-settings',
  'POST /api/v1/orders/advanceOrder': 'orders.advance',
  'POST /api/v1/orders/activateComplimentOrder': 'orders.activate',
  'POST /api/v1/orders/reorder': 'orders.place',
  'POST /api/v1/orders/unloadOrderPriceCalculation': 'orders.unload',
  'POST /api/v1/orders/submitUnloadOrder': 'orders.unload',
  'GET /api/v1/orders/proformaDocument': 'orders.read',
  'POST /api/v1/orders/sendProformaDocument': 'orders.read',
  'GET /api/v1/orders/downloadOrderAnalysisExcel': 'orders.read',
  // Issue 37 §4: the company's invoices and credit notes.
  'GET /api/v1/orders/invoices': 'invoices.read',
  'GET /api/v1/orders/invoices/ofOrder': 'invoices.read',
  'GET /api/v1/orders/invoices/export': 'invoices.read',
  'GET /api/v1/orders/invoices/{invoiceId}/pdf': 'invoices.read',
  'GET /api/v1/orders/invoices/{invoiceId}/xml': 'invoices.read',
};

const POINT = { streetNumber: '10', postalCode: '10671', phone: '2101234567' };
/** Bodies the schema's sample does not satisfy (patterns, refinements), merged over the sample. */
const VALID_BODIES: Record<string, object> = {
  'POST /api/v1/accounts/createDeliveryPoint': POINT,
  'POST /api/v1/accounts/addDeliveryPoint': POINT,
  'POST /api/v1/accounts/updateCardPrinting': { embossLine: 'ACME' },
  'POST /api/v1/orders/submitPaymentOrder': { signature: 'a'.repeat(64) },
  'PATCH /api/v1/orders/bulkImports/{importId}/rows/{rowNumber}': { cells: { [BULK_COLUMN_KEYS[0]]: 'x' } },
  'POST /api/v1/orders/bulkImports/{importId}/dropRows': { rowNumbers: undefined, status: 'error' },
  'POST /api/v1/merchants/updateStoreDetails': { postalCode: '10671' },
  'POST /api/v1/merchants/updateRedeemerProfile': { contactEmail: 'a@b.gr', iban: undefined, bic: undefined },
  'POST /api/v1/merchants/bagsTrvStickers': { bags: 1 },
  // Issue 18 §3, §6 (ADR 024): an AFM with its check digit, a postal code, MCC codes, an IBAN.
  'POST /api/v1/accounts/createCompany': {
    vat: '094019245',
    address: { street: 'Ερμού', streetNumber: '1', postalCode: '10563', city: 'Αθήνα' },
    leadId: undefined,
  },
  'POST /api/v1/accounts/updateCompany': {
    address: { street: 'Ερμού', streetNumber: '1', postalCode: '10563', city: 'Αθήνα' },
  },
  'POST /api/v1/accounts/saveCoreCategory': { code: 'abc', mccCodes: ['5411'] },
  'POST /api/v1/accounts/createContract': {
    contractNumber: 'ABC-1',
    validFrom: '2026-01-01',
    validTo: null,
  },
  'POST /api/v1/accounts/convertLeadToMerchant': { iban: 'GR1601101250000000012300695' },
  // Issue 21 (ADR 031): six digits of an authenticator app (the sampler cannot meet the pattern).
  'POST /api/v2/identity/second-factor/enrol/confirm': { code: '123456' },
  'POST /api/v2/identity/second-factor/recovery-codes': { code: '123456' },
  'POST /api/v2/identity/second-factor/disable': { code: '123456' },
  'POST /api/v2/identity/step-up': { code: '123456' },
};

/** Query strings of routes whose sampled query fails validation (a pattern the sampler cannot meet). */
const VALID_QUERIES: Record<string, string> = {
  'GET /api/v1/merchants/feeInvoice': 'month=2026-01',
  // Issue 35 §4 (ADR 047): the sampler's postal code and half a position fail the checks.
  'GET /api/my/stores': 'cardId=00000000-0000-4000-8000-000000000000',
  // Issue 35 §8 (ADR 049): an e-mail or four digits and a company, which the sampler does not meet.
  'GET /api/v1/cardholder-care/lookup': 'email=someone%40example.gr',
};

/**
 * Routes without a session: sign-in, the session client, the content, health, the bank's callback,
 * the terminal API (a terminal's Bearer token, never a session: ADR 016), the public API (ADR 034)
 * and a cardholder's sign-in (ADR 046).
 */
const PUBLIC =
  /^(GET|POST) \/api\/(auth|content|health|log|v2\/identity\/(interaction|password|confirmation))(\/|$)|^POST \/api\/v1\/orders\/payments\/callback$|^(GET|POST) \/sandbox\/bank\/|^POST \/api\/v1\/terminals\/|^(GET|POST|DELETE) \/api\/public\/v1\/|^POST \/api\/my\/(sign-in\/|passkeys\/authentication\/)/;

/** The demo user of each role (provider staff and merchants act for C1001, the others for theirs). */
const ROLE_USERS: Record<RoleId, DemoUserKey> = {
  [ROLE.ADMIN]: 'admin',
  [ROLE.CUSTOMER_CARE]: 'care',
  [ROLE.ORDER_MANAGER]: 'om1',
  [ROLE.FINANCE_USER]: 'finance',
  [ROLE.PAYMENT_MANAGER]: 'payment',
  [ROLE.MERCHANT]: 'merchant',
};

/** `/x/:id` (Fastify) as `/x/{id}` (OpenAPI). */
const openApiKey = (key: string) => key.replace(/:(\w+)/g, '{$1}');

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
let operations: { key: string; method: string; url: string; payload: object | undefined }[];

beforeAll(async () => {
  ctx = await createTestApp({
    demoWorld: true,
    env: { RATE_LIMIT_MAX: '1000000', LOGIN_RATE_LIMIT: '1000000', RESET_RATE_LIMIT: '1000000' },
  });
  ids = await seedDemoWorld(ctx);
  forgetActionsSeen();
  const spec = ctx.app.swagger() as unknown as OpenApi;
  operations = Object.entries(spec.paths).flatMap(([route, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const key = `${method.toUpperCase()} ${route}`;
        const { url, payload } = sampleRequest(route, operation);
        return {
          key,
          method: method.toUpperCase(),
          url: VALID_QUERIES[key] ? `${url.split('?')[0]}?${VALID_QUERIES[key]}` : url,
          payload: payload && { ...payload, ...VALID_BODIES[key] },
        };
      }),
  );
  // Once as a merchant, whom the table allows only their own account: the guard runs first in
  // every handler and records the action the route names, and almost nothing is changed.
  for (const operation of operations) {
    // Signing out ends the session; it names no action (the session is all it needs).
    if (operation.key === 'POST /api/auth/signout') continue;
    await ctx.app.inject({
      method: operation.method as 'GET',
      url: operation.url,
      headers: { ...(await sessionHeaders(ctx, ids.merchant)), companyid: 'C1001', culture: 'en-us' },
      ...(operation.payload ? { payload: operation.payload } : {}),
    });
  }
}, 300_000);
afterAll(async () => ctx?.close());

function actionOf(key: string): Action | undefined {
  for (const [route, action] of actionsSeen()) if (openApiKey(route) === key) return action;
  return undefined;
}

describe('the guard of every route reads the policy table', () => {
  it('has every route name an action (the orders routes the one listed), or be public', () => {
    const problems: string[] = [];
    for (const { key } of operations) {
      const action = actionOf(key);
      const expected = ORDERS_ACTIONS[key];
      if (action) {
        if (expected && expected !== action) problems.push(`${key}: names ${action}, expected ${expected}`);
      } else if (expected) {
        problems.push(`${key}: names no action, expected ${expected}`);
      } else if (!PUBLIC.test(key) && key !== 'POST /api/auth/signout') {
        problems.push(`${key}: no action named (or the sample request never reached its guard)`);
      }
    }
    expect(problems).toEqual([]);
    // The merchant reached the guard of (nearly) every route: the check above covered them.
    expect(actionsSeen().size).toBeGreaterThan(80);
  });

  it('uses every action of the table in a route or a page', () => {
    const used = new Set<Action>([
      ...actionsSeen().values(),
      ...Object.values(ORDERS_ACTIONS),
      ...(Object.values(ROUTE_ACTIONS) as (Action | null)[]).filter((action) => action !== null),
      'mailbox.read', // the development mailbox (mounted in development and demo mode only)
    ]);
    expect(ACTIONS.filter((action) => !used.has(action))).toEqual([]);
  });

  it('refuses, with 403, every role the table refuses the route’s action', async () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const action = actionOf(operation.key);
      // A cardholder's own routes (ADR 046) answer a portal session 401: it is no cardholder
      // session at all (the cardholders test calls each with company and merchant sessions).
      if (!action || POLICIES[action].scope === 'cardholder') continue;
      for (const roleId of Object.keys(ROLE_USERS).map(Number) as RoleId[]) {
        if ((POLICIES[action].roles as readonly RoleId[]).includes(roleId)) continue;
        const response = await ctx.app.inject({
          method: operation.method as 'GET',
          url: operation.url,
          headers: { ...(await sessionHeaders(ctx, ids[ROLE_USERS[roleId]])), companyid: 'C1001' },
          ...(operation.payload ? { payload: operation.payload } : {}),
        });
        const body = response.json<{ errorCode?: number }>();
        if (response.statusCode !== 403 || body.errorCode !== 4) {
          problems.push(`${operation.key} (${action}) as role ${roleId}: ${response.statusCode}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('answers 401 without a session on every route that names an action', async () => {
    const problems: string[] = [];
    const csrf = await csrfHeaders(ctx.app);
    for (const operation of operations) {
      if (!actionOf(operation.key)) continue;
      const response = await ctx.app.inject({
        method: operation.method as 'GET',
        url: operation.url,
        headers: { ...csrf, companyid: 'C1001' },
        ...(operation.payload ? { payload: operation.payload } : {}),
      });
      if (response.statusCode !== 401) problems.push(`${operation.key}: ${response.statusCode}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
