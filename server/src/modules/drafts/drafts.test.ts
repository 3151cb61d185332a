import {
  addDays,
  applyDraftDiff,
  athensDate,
  DEFAULT_PRICING,
  findCardNumbers,
  formatAmount,
  maskCardNumber,
  priceOrder,
  PRODUCTS,
  startOfAthensMonth,
  termsWithContract,
  type Card,
  type CardCategory,
  type CardFamily,
  type DraftCard,
  type DraftOrder,
  type DraftOrdersResponse,
  type Locale,
  type PricingTerms,
  type SaveDraftOrderRequest,
} from '@tessera/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { holderLine } from '../../../test/draft-lines';
import {
  COMPANY_SCOPED_EXPECTATION,
  DEMO_USERS,
  seedDemoWorld,
  type DemoUserKey,
  type TenantStatuses,
  demoApiClient,
  tenantMatrixOf,
} from '../../../test/tenant-helper';
import type { ValidationKey } from '../../platform/errors';

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;

const API = '/api/v1/orders';
const { api, ok, headersOf } = demoApiClient(
  () => ctx,
  () => ids,
  '/api/v1/orders',
);
async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

async function count(text: string, params: unknown[] = []): Promise<number> {
  const [row] = await query<{ n: number }>(`select count(*)::int as n from ${text}`, params);
  return row!.n;
}

/** A line naming an existing card (loads, replacements). */
function cardLine(tempCardId: string, cardId: string, amountCents: number): DraftCard {
  return { tempCardId, cardId, cardholderId: null, cardholder: null, cardName: '', amountCents };
}

function newCardsDraft(alias: string, cards: DraftCard[] = [holderLine('n1')]): SaveDraftOrderRequest {
  return {
    reason: 'new-card',
    orderType: 'NEW',
    product: 'TICKET_RESTAURANT',
    family: 'virtual',
    draftOrderAlias: alias,
    cards,
  };
}

function loadDraft(alias: string, cards: DraftCard[], product: CardCategory = 'TICKET_RESTAURANT') {
  return {
    reason: 'load-card' as const,
    orderType: 'LOAD' as const,
    product,
    family: PRODUCTS[product].families[0]!,
    draftOrderAlias: alias,
    cards,
  };
}

async function saveDraft(
  body: SaveDraftOrderRequest,
  options: { user?: DemoUserKey; company?: string; headers?: Record<string, string> } = {},
): Promise<DraftOrder> {
  const response = await api(options.user ?? 'om1', 'POST', 'saveDraftOrder', {
    company: options.company,
    payload: body,
    headers: options.headers,
  });
  return ok<{ draftOrder: DraftOrder }>(response).draftOrder;
}

async function retrieve(draftId: string, company = 'C1001'): Promise<DraftOrder> {
  return ok<{ draftOrder: DraftOrder }>(
    await api(company === 'C1001' ? 'om1' : 'admin', 'GET', `retrieveDraftOrder?draftId=${draftId}`, {
      company,
    }),
  ).draftOrder;
}

/** The DraftCard part of a returned line. */
function asDraftCard(line: DraftOrder['lines'][number]): DraftCard {
  return {
    tempCardId: line.tempCardId,
    cardId: line.cardId,
    cardholderId: line.cardholderId,
    cardholder: line.cardholder,
    cardName: line.cardName,
    amountCents: line.amountCents,
  };
}

/** Every card the card list gives for a filter, page after page (the list is the reference). */
async function listedCards(company: string, filter: object): Promise<Card[]> {
  const cards: Card[] = [];
  for (let page = 1; ; page += 1) {
    const body = ok<{ cards: Card[]; total: number }>(
      await api('admin', 'POST', '/api/v1/accounts/cardFilter', {
        company,
        payload: { ...filter, page, pageSize: 100 },
      }),
    );
    cards.push(...body.cards);
    if (cards.length >= body.total || body.cards.length === 0) return cards;
  }
}

function matrixOf(
  probe: (companyId: string, user: DemoUserKey) => { method: 'GET' | 'POST'; url: string; payload?: object },
): Promise<TenantStatuses> {
  return tenantMatrixOf(ctx, ids, API, probe);
}

/** Write routes: the order manager of the company and provider staff (for any company). */
const WRITE_EXPECTATION: TenantStatuses = {
  admin: { own: 200, foreign: 200 },
  care: { own: 200, foreign: 200 },
  om1: { own: 200, foreign: 403 },
  om3: { own: 200, foreign: 403 },
  finance: { own: 403, foreign: 403 },
  payment: { own: 403, foreign: 403 },
  merchant: { own: 403, foreign: 403 },
};

/** Catalogues: every company user for any company, never merchants. */
const CATALOGUE_EXPECTATION: TenantStatuses = {
  ...COMPANY_SCOPED_EXPECTATION,
  om1: { own: 200, foreign: 200 },
  om3: { own: 200, foreign: 200 },
  finance: { own: 200, foreign: 200 },
  payment: { own: 200, foreign: 200 },
};

const MATRIX_COMPANIES = ['C1001', 'C1002', 'C1006'] as const;

type Fixture = { id: string; masked: string; accountId: string };
let fixture: Record<string, Fixture>;
/** One draft of new cards per matrix company, with lines d1…d12 (taken by the delete matrix). */
let matrixDraft: Record<string, string>;
let matrixLines: Record<string, string[]>;
/** Spare drafts per matrix company for the deleteDraftOrder matrix. */
let spareDrafts: Record<string, string[]>;
let foreignCardholderId: string;
let pointOf: Record<string, string>;

const LAST_MONTH_CENTS = 12_000;
const LAST_MONTH_BIG_CENTS = 300_000;

async function loadCards(
  companyId: string,
  loads: { accountId: string; amountCents: number }[],
  postedAt?: Date,
): Promise<void> {
  const { ledger } = ctx.app.services;
  const db = ctx.database.db;
  const total = loads.reduce((sum, load) => sum + load.amountCents, 0);
  const bank = await ledger.bankAccount(db);
  const funding = await ledger.companyFundingAccount(db, companyId);
  const at = postedAt ?? new Date();
  await ledger.post(db, {
    kind: 'payment',
    companyId,
    postedAt: new Date(at.getTime() - 60_000),
    entries: [
      { accountId: bank, amountCents: -total },
      { accountId: funding, amountCents: total },
    ],
  });
  await ledger.post(db, {
    kind: 'load',
    companyId,
    postedAt: at,
    entries: [{ accountId: funding, amountCents: -total }, ...loads],
  });
}

beforeAll(async () => {
  ctx = await createTestApp({ demoWorld: { cardScale: 0.1 }, env: { RATE_LIMIT_MAX: '100000' } });
  ids = await seedDemoWorld(ctx, { cardScale: 0.1, now: new Date() });
  const { cards } = ctx.app.services;
  const db = ctx.database.db;
  const today = athensDate();
  const specs = [
    { key: 'trActive', product: 'TICKET_RESTAURANT', family: 'plastic' },
    { key: 'trActive2', product: 'TICKET_RESTAURANT', family: 'plastic' },
    { key: 'trBlocked', product: 'TICKET_RESTAURANT', family: 'plastic', status: 'blocked' },
    { key: 'trReplaced', product: 'TICKET_RESTAURANT', family: 'plastic', status: 'replaced' },
    { key: 'trLost', product: 'TICKET_RESTAURANT', family: 'plastic', status: 'lost' },
    { key: 'trPast', product: 'TICKET_RESTAURANT', family: 'plastic', expiryDate: addDays(today, -1) },
    { key: 'trVirtual', product: 'TICKET_RESTAURANT', family: 'virtual' },
    { key: 'spendeo', product: 'SPENDEO', family: 'spendeo' },
    { key: 'mbLastMonth', product: 'MY_BENEFITS', family: 'mybenefits' },
    { key: 'mbBig', product: 'MY_BENEFITS', family: 'mybenefits' },
  ] as const;
  const rows = await cards.createCards(
    db,
    'C1001',
    specs.map((spec, index) => ({
      ...spec,
      expiryDate: 'expiryDate' in spec ? spec.expiryDate : addDays(today, 400),
      cardholder: { firstName: 'Φίξτσερ', lastName: `Γραμμή${index}`, email: `orders${index}@example.gr` },
    })),
  );
  fixture = Object.fromEntries(
    specs.map((spec, index) => [
      spec.key,
      {
        id: rows[index]!.id,
        masked: maskCardNumber(rows[index]!.bin, rows[index]!.last4),
        accountId: rows[index]!.accountId,
      },
    ]),
  );
  // A live card and a cardholder of C1002: never loadable through C1001.
  const [foreign] = await cards.createCards(db, 'C1002', [
    {
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
      cardholder: { firstName: 'Ξένη', lastName: 'Κάτοχος', email: 'zoi.papadopoulou@example.gr' },
    },
  ]);
  fixture.foreign = {
    id: foreign!.id,
    masked: maskCardNumber(foreign!.bin, foreign!.last4),
    accountId: foreign!.accountId,
  };
  foreignCardholderId = foreign!.cardholderId;
  // Every matrix company gets a never-loaded Spendeo card: something ready to top up.
  for (const companyId of MATRIX_COMPANIES) {
    await cards.createCards(db, companyId, [
      { product: 'SPENDEO', family: 'spendeo', cardholder: { firstName: 'Έτοιμη', lastName: companyId } },
    ]);
  }
  // Last month's loads of the two MyBenefits fixtures (ready to top up: nothing this month).
  await loadCards(
    'C1001',
    [
      { accountId: fixture.mbLastMonth!.accountId, amountCents: LAST_MONTH_CENTS },
      { accountId: fixture.mbBig!.accountId, amountCents: LAST_MONTH_BIG_CENTS },
    ],
    new Date(startOfAthensMonth().getTime() - 5 * 86_400_000),
  );

  pointOf = {};
  for (const companyId of [...MATRIX_COMPANIES, 'C1004']) {
    const [point] = await query<{ id: string }>(
      `select id from delivery_points where company_id = $1 order by created_at, id limit 1`,
      [companyId],
    );
    pointOf[companyId] = point!.id;
  }

  // Drafts the matrices work on, made through the service as provider staff would.
  matrixDraft = {};
  matrixLines = {};
  spareDrafts = {};
  const { drafts } = ctx.app.services;
  const serviceSave = (companyId: string, alias: string, cards: DraftCard[]) =>
    drafts.saveDraftOrder(
      {
        reason: 'new-card',
        orderType: 'NEW',
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        draftOrderAlias: alias,
        invoiceComments: '',
        deliveryPointId: null,
        bulkAmountCents: null,
        expiringDate: null,
        cards,
      },
      { userId: ids.admin, companyId },
      { key: null, route: 'test' },
    );
  for (const companyId of MATRIX_COMPANIES) {
    const lines = Array.from({ length: 12 }, (_, index) => holderLine(`d${index + 1}`, 1_000));
    matrixDraft[companyId] = (await serviceSave(companyId, 'Πίνακας', lines)).draftId;
    matrixLines[companyId] = lines.map((line) => line.tempCardId).slice(1);
    spareDrafts[companyId] = [];
    for (let n = 0; n < 8; n += 1) {
      spareDrafts[companyId]!.push(
        (await serviceSave(companyId, `Για διαγραφή ${n}`, [holderLine('n1')])).draftId,
      );
    }
  }
});
afterAll(async () => ctx?.close());

describe('tenant scope of every orders route', () => {
  it.each([
    ['GET', 'retrieveDraftOrders'],
    ['GET', 'companyMaxDraftOrders'],
  ] as const)('%s %s answers every role for its own company only', async (method, url) => {
    expect(await matrixOf(() => ({ method, url }))).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('GET retrieveDraftOrder answers every role for its own company only', async () => {
    const matrix = await matrixOf((companyId) => ({
      method: 'GET',
      url: `retrieveDraftOrder?draftId=${matrixDraft[companyId]}`,
    }));
    expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('POST orderPriceCalculation and checkCardholder answer every role for its own company only', async () => {
    expect(
      await matrixOf((companyId) => ({
        method: 'POST',
        url: 'orderPriceCalculation',
        payload: { draftId: matrixDraft[companyId] },
      })),
    ).toEqual(COMPANY_SCOPED_EXPECTATION);
    expect(
      await matrixOf(() => ({
        method: 'POST',
        url: 'checkCardholder',
        payload: { cardholders: [{ tempCardId: 'x', firstName: 'Άννα', lastName: 'Ιωάννου' }] },
      })),
    ).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('GET retrieveDraftOrdersFinanceUser: the finance user of the company and provider staff only', async () => {
    expect(await matrixOf(() => ({ method: 'GET', url: 'retrieveDraftOrdersFinanceUser' }))).toEqual({
      admin: { own: 200, foreign: 200 },
      care: { own: 200, foreign: 200 },
      om1: { own: 403, foreign: 403 },
      om3: { own: 403, foreign: 403 },
      finance: { own: 200, foreign: 403 },
      payment: { own: 403, foreign: 403 },
      merchant: { own: 403, foreign: 403 },
    });
  });

  it.each(['retrieveComplimentaryBundles', 'retrieveVoucherBundles'])(
    'GET %s is a catalogue: every company user, no merchant',
    async (url) => {
      expect(await matrixOf(() => ({ method: 'GET', url }))).toEqual(CATALOGUE_EXPECTATION);
    },
  );

  it('a draft of another company is not found through one’s own', async () => {
    const response = await api('om1', 'GET', `retrieveDraftOrder?draftId=${matrixDraft.C1002}`);
    expect(response.statusCode).toBe(404);
    const price = await api('om1', 'POST', 'orderPriceCalculation', {
      payload: { draftId: matrixDraft.C1002 },
    });
    expect(price.statusCode).toBe(404);
    const change = await api('om1', 'POST', 'deleteDraftOrder', { payload: { draftId: matrixDraft.C1002 } });
    expect(change.statusCode).toBe(404);
    expect(await count(`draft_orders where id = $1`, [matrixDraft.C1002])).toBe(1);
  });

  async function countsByCompany(table: string, where: string): Promise<Record<string, number>> {
    const rows = await query<{ company_id: string; n: number }>(
      `select company_id, count(*)::int as n from ${table} where ${where} group by company_id order by company_id`,
    );
    return Object.fromEntries(rows.map((row) => [row.company_id, row.n]));
  }

  it('POST saveDraftOrder: order managers of the company and provider staff only; refused calls save nothing', async () => {
    const matrix = await matrixOf(() => ({
      method: 'POST',
      url: 'saveDraftOrder',
      payload: newCardsDraft('Πίνακας αποθήκευσης'),
    }));
    expect(matrix).toEqual(WRITE_EXPECTATION);
    // C1001: admin, care, om1, om3; C1006: admin, care; C1002 (finance, payment): none.
    expect(await countsByCompany('draft_orders', `alias = 'Πίνακας αποθήκευσης'`)).toEqual({
      C1001: 4,
      C1006: 2,
    });
    expect(
      await countsByCompany(
        'audit_log',
        `action = 'draft.create' and after->>'draftOrderAlias' = 'Πίνακας αποθήκευσης'`,
      ),
    ).toEqual({
      C1001: 4,
      C1006: 2,
    });
  });

  it('POST updateDraftOrder: writers only; a refused call leaves the draft as it was', async () => {
    const matrix = await matrixOf((companyId, user) => ({
      method: 'POST',
      url: 'updateDraftOrder',
      payload: {
        draftId: matrixDraft[companyId],
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        draftOrderAlias: `Αλλαγή από ${user}`,
        deliveryPointId: pointOf[companyId],
      },
    }));
    expect(matrix).toEqual(WRITE_EXPECTATION);
    const aliases = await query<{ company_id: string; alias: string }>(
      `select company_id, alias from draft_orders where id = any($1::uuid[]) order by company_id`,
      [Object.values(matrixDraft)],
    );
    // The last writer of each company: om3 for C1001 (after om1), care for C1006; C1002 untouched.
    expect(aliases).toEqual([
      { company_id: 'C1001', alias: 'Αλλαγή από om3' },
      { company_id: 'C1002', alias: 'Πίνακας' },
      { company_id: 'C1006', alias: 'Αλλαγή από care' },
    ]);
    expect(await countsByCompany('audit_log', `action = 'draft.update'`)).toEqual({ C1001: 4, C1006: 2 });
  });

  it('POST deleteDraftOrder: writers only; refused calls delete nothing', async () => {
    const matrix = await matrixOf((companyId) => ({
      method: 'POST',
      url: 'deleteDraftOrder',
      payload: { draftId: spareDrafts[companyId]!.shift() },
    }));
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(await countsByCompany('audit_log', `action = 'draft.delete'`)).toEqual({ C1001: 4, C1006: 2 });
    expect(await countsByCompany('draft_orders', `alias like 'Για διαγραφή %'`)).toEqual({
      C1001: 4,
      C1002: 8,
      C1006: 6,
    });
  });

  it('POST add, update and delete draft order cards: writers only; refused calls change no line', async () => {
    let next = 0;
    const lineCounts = async () =>
      countsByCompany(
        'draft_order_cards c join draft_orders d on d.id = c.draft_id',
        `d.id = any('{${Object.values(matrixDraft).join(',')}}'::uuid[])`,
      );
    const before = await lineCounts();
    expect(
      await matrixOf((companyId) => ({
        method: 'POST',
        url: 'addDraftOrderCards',
        payload: { draftId: matrixDraft[companyId], cards: [holderLine(`m${(next += 1)}`, 2_000)] },
      })),
    ).toEqual(WRITE_EXPECTATION);
    expect(
      await matrixOf((companyId, user) => ({
        method: 'POST',
        url: 'updateDraftOrderCards',
        payload: { draftId: matrixDraft[companyId], cards: [holderLine('d1', 3_000, 'Ενημέρωση', user)] },
      })),
    ).toEqual(WRITE_EXPECTATION);
    expect(
      await matrixOf((companyId) => ({
        method: 'POST',
        url: 'deleteDraftOrderCards',
        payload: { draftId: matrixDraft[companyId], tempCardIds: [matrixLines[companyId]!.shift()] },
      })),
    ).toEqual(WRITE_EXPECTATION);
    // Four adds and four deletes in C1001, two of each in C1006, none in C1002.
    expect(await lineCounts()).toEqual(before);
    expect(await countsByCompany('audit_log', `action like 'draft.cards.%'`)).toEqual({
      C1001: 12,
      C1006: 6,
    });
    const updated = await query<{ last_name: string }>(
      `select cardholder->>'lastName' as last_name from draft_order_cards where draft_id = $1 and temp_card_id = 'd1'`,
      [matrixDraft.C1002],
    );
    expect(updated).toEqual([{ last_name: 'Ιωάννου' }]);
  });

  it('POST readyToTopUp and createBundleDraftOrder: writers only; refused calls draft nothing', async () => {
    expect(
      await matrixOf(() => ({ method: 'POST', url: 'readyToTopUp', payload: { product: 'SPENDEO' } })),
    ).toEqual(WRITE_EXPECTATION);
    expect(await countsByCompany('draft_orders', `order_type = 'READY_TO_TOP_UP'`)).toEqual({
      C1001: 4,
      C1006: 2,
    });
    expect(
      await matrixOf(() => ({
        method: 'POST',
        url: 'createBundleDraftOrder',
        payload: { bundleId: 'VOUCHER-10x2000-virtual' },
      })),
    ).toEqual(WRITE_EXPECTATION);
    expect(await countsByCompany('draft_orders', `product = 'VOUCHER'`)).toEqual({ C1001: 4, C1006: 2 });
  });

  it('needs a session and, for changes, the CSRF token', async () => {
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `${API}/retrieveDraftOrders`,
      headers: { companyid: 'C1001' },
    });
    expect(anonymous.statusCode).toBe(401);
    const headers = await headersOf('om1');
    const before = await count('draft_orders');
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: `${API}/saveDraftOrder`,
      headers: { cookie: headers.cookie!, companyid: 'C1001' },
      payload: newCardsDraft('Χωρίς CSRF'),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await count('draft_orders')).toBe(before);
  });
});

describe('bad input answers 400 naming the line and the field, in the request’s language', () => {
  const limits = (product: CardCategory) => ({
    min: formatAmount(PRODUCTS[product].minLoadCents),
    max: formatAmount(PRODUCTS[product].maxLoadCents),
  });

  type BadInput = {
    what: string;
    route?: string;
    payload: () => object;
    field: string;
    key: ValidationKey;
    params?: () => Record<string, string | number>;
  };
  const cases: BadInput[] = [
    {
      what: 'a load of a blocked card',
      payload: () => loadDraft('x', [cardLine('a', fixture.trBlocked!.id, 5_000)]),
      field: 'cards.0.cardId',
      key: 'cardNotLoadable',
      params: () => ({ line: 1, card: fixture.trBlocked!.masked }),
    },
    {
      what: 'a load of a replaced card',
      payload: () =>
        loadDraft('x', [
          cardLine('a', fixture.trActive!.id, 5_000),
          cardLine('b', fixture.trReplaced!.id, 5_000),
        ]),
      field: 'cards.1.cardId',
      key: 'cardNotLoadable',
      params: () => ({ line: 2, card: fixture.trReplaced!.masked }),
    },
    {
      what: 'a load of a lost card',
      payload: () => loadDraft('x', [cardLine('a', fixture.trLost!.id, 5_000)]),
      field: 'cards.0.cardId',
      key: 'cardNotLoadable',
      params: () => ({ line: 1, card: fixture.trLost!.masked }),
    },
    {
      what: 'a load of an active card past its expiry date',
      payload: () => loadDraft('x', [cardLine('a', fixture.trPast!.id, 5_000)]),
      field: 'cards.0.cardId',
      key: 'cardNotLoadable',
      params: () => ({ line: 1, card: fixture.trPast!.masked }),
    },
    {
      what: 'the replacement of a card already replaced',
      payload: () => ({
        reason: 'lost-card',
        orderType: 'LOST',
        product: 'TICKET_RESTAURANT',
        family: 'plastic',
        cards: [cardLine('a', fixture.trReplaced!.id, 0)],
      }),
      field: 'cards.0.cardId',
      key: 'cardAlreadyReplaced',
      params: () => ({ line: 1, card: fixture.trReplaced!.masked }),
    },
    {
      what: 'a card of another company',
      payload: () => loadDraft('x', [cardLine('a', fixture.foreign!.id, 5_000)]),
      field: 'cards.0.cardId',
      key: 'cardNotOfCompany',
      params: () => ({ line: 1 }),
    },
    {
      what: 'a card of another product',
      payload: () => loadDraft('x', [cardLine('a', fixture.spendeo!.id, 5_000)]),
      field: 'cards.0.cardId',
      key: 'cardNotOfCompany',
      params: () => ({ line: 1 }),
    },
    {
      what: 'a load line without a card',
      payload: () => loadDraft('x', [holderLine('a', 5_000)]),
      field: 'cards.0.cardId',
      key: 'cardNotOfCompany',
      params: () => ({ line: 1 }),
    },
    {
      what: 'the same card twice',
      payload: () =>
        loadDraft('x', [
          cardLine('a', fixture.trActive!.id, 5_000),
          cardLine('b', fixture.trActive2!.id, 5_000),
          cardLine('c', fixture.trActive!.id, 6_000),
        ]),
      field: 'cards.2.cardId',
      key: 'duplicateCard',
      params: () => ({ line: 3, card: fixture.trActive!.masked }),
    },
    {
      what: 'a load below the product’s minimum',
      payload: () => loadDraft('x', [cardLine('a', fixture.trActive!.id, 499)]),
      field: 'cards.0.amountCents',
      key: 'lineAmountOutOfRange',
      params: () => ({ line: 1, ...limits('TICKET_RESTAURANT') }),
    },
    {
      what: 'a load of 0 (only orders that create cards may load nothing)',
      payload: () => loadDraft('x', [cardLine('a', fixture.spendeo!.id, 0)], 'SPENDEO'),
      field: 'cards.0.amountCents',
      key: 'lineAmountOutOfRange',
      params: () => ({ line: 1, ...limits('SPENDEO') }),
    },
    {
      what: 'a new card above the product’s maximum',
      payload: () => newCardsDraft('x', [holderLine('a', 0), holderLine('b', 50_001)]),
      field: 'cards.1.amountCents',
      key: 'lineAmountOutOfRange',
      params: () => ({ line: 2, ...limits('TICKET_RESTAURANT') }),
    },
    {
      what: 'a new card without a cardholder',
      payload: () => newCardsDraft('x', [{ ...holderLine('a'), cardholder: null }]),
      field: 'cards.0.cardholder',
      key: 'cardholderRequired',
      params: () => ({ line: 1 }),
    },
    {
      what: 'a new card for a cardholder of another company',
      payload: () =>
        newCardsDraft('x', [{ ...holderLine('a'), cardholder: null, cardholderId: foreignCardholderId }]),
      field: 'cards.0.cardholderId',
      key: 'cardholderNotOfCompany',
      params: () => ({ line: 1 }),
    },
    {
      what: 'a cardholder without a first name',
      payload: () => newCardsDraft('x', [holderLine('a', 0, ' ')]),
      field: 'cards.0.cardholder.firstName',
      key: 'required',
    },
    {
      what: 'an order type that is not the reason’s',
      payload: () => ({ ...newCardsDraft('x'), orderType: 'LOAD' }),
      field: 'orderType',
      key: 'invalidChoice',
    },
    {
      what: 'a delivery point of another company',
      payload: () => ({ ...newCardsDraft('x'), deliveryPointId: pointOf.C1002 }),
      field: 'deliveryPointId',
      key: 'invalidChoice',
    },
    {
      what: 'a bulk amount above the product’s maximum',
      payload: () => ({ ...newCardsDraft('x'), bulkAmountCents: 60_000 }),
      field: 'bulkAmountCents',
      key: 'amountOutOfRange',
      params: () => limits('TICKET_RESTAURANT'),
    },
    {
      what: 'a line already in the draft',
      route: 'addDraftOrderCards',
      payload: () => ({ draftId: matrixDraft.C1001, cards: [holderLine('zz-new'), holderLine('d1')] }),
      field: 'cards.1.tempCardId',
      key: 'lineExists',
    },
    {
      what: 'an update of a line not in the draft',
      route: 'updateDraftOrderCards',
      payload: () => ({ draftId: matrixDraft.C1001, cards: [holderLine('nowhere')] }),
      field: 'cards.0.tempCardId',
      key: 'lineNotFound',
    },
    {
      what: 'a deletion of a line not in the draft',
      route: 'deleteDraftOrderCards',
      payload: () => ({ draftId: matrixDraft.C1001, tempCardIds: ['d1', 'nowhere'] }),
      field: 'tempCardIds.1',
      key: 'lineNotFound',
    },
    {
      what: 'an added line with an amount out of range (numbered in the whole draft)',
      route: 'addDraftOrderCards',
      payload: () => ({ draftId: matrixDraft.C1001, cards: [holderLine('zz-over', 100)] }),
      field: 'cards.0.amountCents',
      key: 'lineAmountOutOfRange',
      params: () => ({ line: 13, ...limits('TICKET_RESTAURANT') }),
    },
  ];

  async function snapshot() {
    return query(
      `select (select count(*)::int from draft_orders) as drafts,
              (select count(*)::int from draft_order_cards) as lines,
              (select max(updated_at) from draft_orders) as changed,
              (select count(*)::int from audit_log where entity = 'draft-order') as audits`,
    );
  }

  it.each(cases.flatMap((c) => (['el', 'en'] as const).map((locale) => ({ ...c, locale }))))(
    '$what ($locale)',
    async ({ route, payload, field, key, params, locale }) => {
      const before = await snapshot();
      const response = await api('om1', 'POST', route ?? 'saveDraftOrder', {
        payload: payload(),
        culture: locale === 'el' ? 'el-gr' : 'en-us',
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false, errorCode: 2 });
      const message = await ctx.app.services.content
        .catalogue()
        .validationMessage(key, locale as Locale, params?.());
      expect(message).toBeTruthy();
      expect(message).not.toMatch(/\{\w+\}/);
      expect(body.fields).toContainEqual({ field, message });
      expect(/[\u0370-\u03ff]/.test(message!)).toBe(locale === 'el');
      expect(await snapshot()).toEqual(before);
    },
  );

  it('shows the catalogue’s exact texts, with the line, the card and the limits in euros', async () => {
    const greek = await api('om1', 'POST', 'saveDraftOrder', {
      payload: loadDraft('x', [
        cardLine('a', fixture.trActive!.id, 5_000),
        cardLine('b', fixture.trBlocked!.id, 100),
      ]),
      culture: 'el-gr',
    });
    expect(greek.json().fields).toEqual([
      {
        field: 'cards.1.cardId',
        message: `Γραμμή 2: η κάρτα ${fixture.trBlocked!.masked} δεν μπορεί να φορτωθεί, γιατί είναι μπλοκαρισμένη, αντικατεστημένη, χαμένη, κατεστραμμένη ή ληγμένη.`,
      },
      {
        field: 'cards.1.amountCents',
        message: 'Γραμμή 2: το ποσό πρέπει να είναι από 5,00\u00a0€ έως 500,00\u00a0€.',
      },
    ]);
    const english = await api('om1', 'POST', 'saveDraftOrder', {
      payload: loadDraft('x', [
        cardLine('a', fixture.trActive!.id, 5_000),
        cardLine('b', fixture.trActive!.id, 5_000),
      ]),
      culture: 'en-us',
    });
    expect(english.json().fields).toEqual([
      {
        field: 'cards.1.cardId',
        message: `Line 2: card ${fixture.trActive!.masked} is already in this order.`,
      },
    ]);
  });

  it('a family that is not the product’s is 422 with code 52', async () => {
    const before = await snapshot();
    const response = await api('om1', 'POST', 'saveDraftOrder', {
      payload: { ...newCardsDraft('x'), family: 'spendeo' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errorCode: 52 });
    const price = await api('om1', 'POST', 'orderPriceCalculation', {
      payload: { orderType: 'NEW', product: 'SPENDEO', family: 'virtual', lines: [] },
    });
    expect(price.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('a card added twice across requests is refused on the added line', async () => {
    const draft = await saveDraft(loadDraft('Δύο φορές', [cardLine('a', fixture.trActive!.id, 5_000)]));
    const response = await api('om1', 'POST', 'addDraftOrderCards', {
      payload: {
        draftId: draft.draftId,
        cards: [cardLine('b', fixture.trActive2!.id, 5_000), cardLine('c', fixture.trActive!.id, 5_000)],
      },
      culture: 'en-us',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      {
        field: 'cards.1.cardId',
        message: `Line 3: card ${fixture.trActive!.masked} is already in this order.`,
      },
    ]);
    // Nothing half-saved: the valid line b was not added either.
    expect((await retrieve(draft.draftId)).lines.map((line) => line.tempCardId)).toEqual(['a']);
  });

  it('changing the product checks every line again', async () => {
    const draft = await saveDraft(
      loadDraft('Αλλαγή προϊόντος', [cardLine('a', fixture.trActive!.id, 5_000)]),
    );
    const response = await api('om1', 'POST', 'updateDraftOrder', {
      payload: { draftId: draft.draftId, product: 'SPENDEO', family: 'spendeo' },
      culture: 'en-us',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((f: { field: string }) => f.field)).toEqual(['cards.0.cardId']);
    expect((await retrieve(draft.draftId)).product).toBe('TICKET_RESTAURANT');
  });

  it('a malformed Idempotency-Key is a 400 naming the header', async () => {
    const response = await api('om1', 'POST', 'saveDraftOrder', {
      payload: newCardsDraft('x'),
      headers: { 'idempotency-key': 'ä'.repeat(3) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((f: { field: string }) => f.field)).toEqual(['Idempotency-Key']);
  });
});

describe('saving and reading drafts', () => {
  it('saves a draft with its lines, reads it back with the cards it names and audits it', async () => {
    const body = {
      ...loadDraft('Φόρτωση Νοεμβρίου', [
        cardLine('a', fixture.trActive!.id, 5_000),
        cardLine('b', fixture.trActive2!.id, 7_550),
      ]),
      invoiceComments: 'Τιμολόγιο στο λογιστήριο',
      deliveryPointId: pointOf.C1001,
    };
    const saved = await saveDraft(body);
    expect(saved).toMatchObject({
      companyId: 'C1001',
      reason: 'load-card',
      orderType: 'LOAD',
      draftOrderAlias: 'Φόρτωση Νοεμβρίου',
      invoiceComments: 'Τιμολόγιο στο λογιστήριο',
      deliveryPoint: { deliveryPointId: pointOf.C1001 },
      createdBy: ids.om1,
    });
    expect(saved.lines.map(asDraftCard)).toEqual(body.cards);
    expect(saved.lines[0]!.card).toMatchObject({
      cardId: fixture.trActive!.id,
      maskedNumber: fixture.trActive!.masked,
      status: 'active',
      balanceCents: 0,
    });
    expect(await retrieve(saved.draftId)).toEqual(saved);
    expect(findCardNumbers(JSON.stringify(saved))).toEqual([]);
    const [audit] = await query<{ actor_user_id: string; after: { cards: DraftCard[] } }>(
      `select actor_user_id, after from audit_log where action = 'draft.create' and entity_id = $1`,
      [saved.draftId],
    );
    expect(audit!.actor_user_id).toBe(ids.om1);
    expect(audit!.after.cards).toEqual(body.cards);
  });

  it('new cards may load nothing (card only), for a new or an existing cardholder of the company', async () => {
    const [holder] = await query<{ id: string }>(`select cardholder_id as id from cards where id = $1`, [
      fixture.trActive!.id,
    ]);
    const saved = await saveDraft(
      newCardsDraft('Μόνο κάρτες', [
        holderLine('a', 0),
        { ...holderLine('b', 0), cardholder: null, cardholderId: holder!.id },
      ]),
    );
    expect(saved.lines).toHaveLength(2);
    expect(saved.price.loadCents).toBe(0);
  });

  it('updates the header and deletes a draft, audited before and after', async () => {
    const saved = await saveDraft(newCardsDraft('Πριν'));
    const updated = ok<{ draftOrder: DraftOrder }>(
      await api('om1', 'POST', 'updateDraftOrder', {
        payload: {
          draftId: saved.draftId,
          product: 'TICKET_RESTAURANT',
          family: 'plastic',
          draftOrderAlias: 'Μετά',
          deliveryPointId: pointOf.C1001,
          bulkAmountCents: 1_000,
        },
      }),
    ).draftOrder;
    expect(updated).toMatchObject({
      draftOrderAlias: 'Μετά',
      family: 'plastic',
      bulkAmountCents: 1_000,
      reason: 'new-card',
    });
    expect(updated.deliveryPoint?.deliveryPointId).toBe(pointOf.C1001);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(saved.updatedAt));
    const [audit] = await query<{ before: { draftOrderAlias: string }; after: { draftOrderAlias: string } }>(
      `select before, after from audit_log where action = 'draft.update' and entity_id = $1`,
      [saved.draftId],
    );
    expect([audit!.before.draftOrderAlias, audit!.after.draftOrderAlias]).toEqual(['Πριν', 'Μετά']);

    expect(ok(await api('om1', 'POST', 'deleteDraftOrder', { payload: { draftId: saved.draftId } }))).toEqual(
      {
        success: true,
      },
    );
    expect(await count(`draft_order_cards where draft_id = $1`, [saved.draftId])).toBe(0);
    expect((await api('om1', 'GET', `retrieveDraftOrder?draftId=${saved.draftId}`)).statusCode).toBe(404);
    expect(
      await count(`audit_log where action = 'draft.delete' and entity_id = $1 and before is not null`, [
        saved.draftId,
      ]),
    ).toBe(1);
  });

  it('lists the company’s drafts, newest change first, priced and named by their author', async () => {
    const list = ok<DraftOrdersResponse>(await api('om1', 'GET', 'retrieveDraftOrders'));
    const [{ n }] = (await query<{ n: number }>(
      `select count(*)::int as n from draft_orders where company_id = 'C1001'`,
    )) as [{ n: number }];
    expect(list.total).toBe(n);
    expect(list.draftOrders).toHaveLength(n);
    expect(list.isMaxReached).toBe(false);
    const times = list.draftOrders.map((draft) => Date.parse(draft.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const summary of list.draftOrders.slice(0, 6)) {
      const draft = await retrieve(summary.draftId);
      expect(summary.totalCents).toBe(draft.price.totalCents);
      expect(summary.cards).toBe(draft.lines.length);
    }
    const mine = list.draftOrders.find((draft) => draft.createdBy === ids.om1)!;
    expect(mine.createdByName).toBe(`${DEMO_USERS.om1.firstName} ${DEMO_USERS.om1.lastName}`);
    // The finance user's list of their company is the same list.
    const finance = ok<DraftOrdersResponse>(
      await api('finance', 'GET', 'retrieveDraftOrdersFinanceUser', { company: 'C1002' }),
    );
    const c1002 = ok<DraftOrdersResponse>(
      await api('admin', 'GET', 'retrieveDraftOrders', { company: 'C1002' }),
    );
    expect(finance).toEqual(c1002);
  });

  it('answers an empty list when the company has no drafts: no drafts is an answer, not an error', async () => {
    for (const route of ['retrieveDraftOrders', 'retrieveDraftOrdersFinanceUser']) {
      const response = await api('admin', 'GET', route, { company: 'C1004' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, draftOrders: [], total: 0, isMaxReached: false });
    }
    expect(ok(await api('payment', 'GET', 'companyMaxDraftOrders', { company: 'C1004' }))).toEqual({
      success: true,
      total: 0,
      max: 99,
      isMaxReached: false,
    });
  });
});

describe('the draft limit (SPEC §4, §9: the flag is set over 99)', () => {
  const COMPANY = 'C1003';
  async function fillTo(total: number) {
    const have = await count(`draft_orders where company_id = $1`, [COMPANY]);
    await ctx.database.pool.query(
      `insert into draft_orders (company_id, reason, order_type, product, family, alias, created_by)
       select $1, 'new-card', 'NEW', 'TICKET_RESTAURANT', 'virtual', 'Γέμισμα ' || n, $2
         from generate_series(1, $3::int) n`,
      [COMPANY, ids.om3, total - have],
    );
  }

  it('with 99 drafts one more may be saved; with 100 the next is refused with 422 code 60', async () => {
    await fillTo(99);
    expect(ok(await api('om3', 'GET', 'companyMaxDraftOrders', { company: COMPANY }))).toMatchObject({
      total: 99,
      isMaxReached: false,
    });
    await saveDraft(newCardsDraft('Η εκατοστή'), { user: 'om3', company: COMPANY });
    expect(ok(await api('om3', 'GET', 'companyMaxDraftOrders', { company: COMPANY }))).toEqual({
      success: true,
      total: 100,
      max: 99,
      isMaxReached: true,
    });
    expect(
      ok<DraftOrdersResponse>(await api('om3', 'GET', 'retrieveDraftOrders', { company: COMPANY }))
        .isMaxReached,
    ).toBe(true);
    for (const locale of ['el', 'en'] as const) {
      const refused = await api('om3', 'POST', 'saveDraftOrder', {
        company: COMPANY,
        payload: newCardsDraft('Η εκατοστή πρώτη'),
        culture: locale === 'el' ? 'el-gr' : 'en-us',
      });
      expect(refused.statusCode).toBe(422);
      const message = await ctx.app.services.content.catalogue().errorMessage(60, locale);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 60, errorMessage: message });
    }
    const bundle = await api('om3', 'POST', 'createBundleDraftOrder', {
      company: COMPANY,
      payload: { bundleId: 'COPMLIMENT-10x1500-plastic' },
    });
    expect(bundle.statusCode).toBe(422);
    expect(bundle.json().errorCode).toBe(60);
    expect(await count(`draft_orders where company_id = $1`, [COMPANY])).toBe(100);
  });

  it('concurrent saves at 99 drafts leave exactly 100', async () => {
    await ctx.database.pool.query(
      `delete from draft_orders where id = (select id from draft_orders where company_id = $1 order by created_at desc limit 1)`,
      [COMPANY],
    );
    expect(await count(`draft_orders where company_id = $1`, [COMPANY])).toBe(99);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        api('om3', 'POST', 'saveDraftOrder', { company: COMPANY, payload: newCardsDraft(`Αγώνας ${index}`) }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect(await count(`draft_orders where company_id = $1`, [COMPANY])).toBe(100);
  });
});

describe('lines change exactly as the SPEC §3 diff says', () => {
  it('after add, update and delete the lines equal applyDraftDiff(before, diff)', async () => {
    const COMPANY = 'C1005';
    const holders = (
      await query<{ id: string }>(`select id from cardholders where company_id = $1 order by id limit 3`, [
        COMPANY,
      ])
    ).map((row) => row.id);
    const first = ok<{ draftOrder: DraftOrder }>(
      await api('admin', 'POST', 'saveDraftOrder', {
        company: COMPANY,
        payload: newCardsDraft('Ιδιότητα', [
          holderLine('s1', 1_000),
          holderLine('s2', 0),
          holderLine('s3', 2_500),
        ]),
      }),
    ).draftOrder;
    let next = 0;
    const name = fc.constantFrom('Άννα', 'Ιωάννα', 'Σπύρος', 'Ευάγγελος', 'Χλόη');
    const content = fc.record({
      holder: fc.option(fc.constantFrom(...holders), { nil: null }),
      firstName: name,
      lastName: name,
      cardName: fc.constantFrom('', 'ANNA I', 'OFFICE'),
      amountCents: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: 50_000 })),
    });
    type Content = {
      holder: string | null;
      firstName: string;
      lastName: string;
      cardName: string;
      amountCents: number;
    };
    const toLine = (tempCardId: string, c: Content): DraftCard =>
      c.holder
        ? {
            ...holderLine(tempCardId, c.amountCents),
            cardholder: null,
            cardholderId: c.holder,
            cardName: c.cardName,
          }
        : { ...holderLine(tempCardId, c.amountCents, c.firstName, c.lastName), cardName: c.cardName };

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          deleteMask: fc.array(fc.boolean(), { maxLength: 40 }),
          updates: fc.array(fc.option(content, { nil: undefined }), { maxLength: 40 }),
          adds: fc.array(content, { maxLength: 4 }),
        }),
        async ({ deleteMask, updates, adds }) => {
          const before = (await retrieve(first.draftId, COMPANY)).lines.map(asDraftCard);
          const cardsToDelete = before.filter((_, index) => deleteMask[index]).map((card) => card.tempCardId);
          const kept = before.filter((card) => !cardsToDelete.includes(card.tempCardId));
          const cardsToUpdate = kept.flatMap((card, index) => {
            const change = updates[index];
            return change ? [toLine(card.tempCardId, change)] : [];
          });
          const cardsToAdd = adds.map((change) => toLine(`p${(next += 1)}`, change));
          const call = (route: string, payload: object) =>
            api('admin', 'POST', route, {
              company: COMPANY,
              payload: { draftId: first.draftId, ...payload },
            });
          if (cardsToDelete.length > 0)
            ok(await call('deleteDraftOrderCards', { tempCardIds: cardsToDelete }));
          if (cardsToUpdate.length > 0) ok(await call('updateDraftOrderCards', { cards: cardsToUpdate }));
          if (cardsToAdd.length > 0) ok(await call('addDraftOrderCards', { cards: cardsToAdd }));
          const after = (await retrieve(first.draftId, COMPANY)).lines.map(asDraftCard);
          expect(after).toEqual(applyDraftDiff(before, { cardsToAdd, cardsToUpdate, cardsToDelete }));
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('pricing (ADR 009)', () => {
  async function contractTerms(
    companyId: string,
    product: CardCategory,
    family: CardFamily,
  ): Promise<PricingTerms> {
    const [contract] = await query<{ cardFeeCents: number; loadFeeBasisPoints: number }>(
      `select card_fee_cents as "cardFeeCents", load_fee_basis_points as "loadFeeBasisPoints"
         from contracts where company_id = $1 and product = $2 and status = 'active'
          and valid_from <= current_date and (valid_to is null or valid_to >= current_date)`,
      [companyId, product],
    );
    return termsWithContract(family, contract ?? null);
  }

  it('prices a draft with priceOrder and the company’s contract, line by line and in total', async () => {
    const lines = [holderLine('a', 0), holderLine('b', 3_333), holderLine('c', 12_345)];
    const draft = await saveDraft({ ...newCardsDraft('Τιμή', lines), family: 'plastic' });
    const terms = await contractTerms('C1001', 'TICKET_RESTAURANT', 'plastic');
    const expected = priceOrder({ orderType: 'NEW', family: 'plastic', lines }, terms);
    const { lines: pricedLines, ...totals } = expected;
    expect(draft.price).toEqual(totals);
    expect(
      draft.lines.map((line) => ({
        tempCardId: line.tempCardId,
        loadCents: line.amountCents,
        cardFeeCents: line.cardFeeCents,
        replacementFeeCents: line.replacementFeeCents,
        serviceFeeCents: line.serviceFeeCents,
      })),
    ).toEqual(pricedLines);
    expect(draft.price.deliveryFeeCents).toBe(DEFAULT_PRICING.deliveryFeeCents);
    // The calculation for the saved draft and for the same lines unsaved agree.
    const byId = ok(
      await api('om1', 'POST', 'orderPriceCalculation', { payload: { draftId: draft.draftId } }),
    );
    expect(byId).toEqual({ success: true, price: totals, lines: pricedLines });
    const unsaved = ok(
      await api('om1', 'POST', 'orderPriceCalculation', {
        payload: { orderType: 'NEW', product: 'TICKET_RESTAURANT', family: 'plastic', lines },
      }),
    );
    expect(unsaved).toEqual(byId);
  });

  it('uses the default terms where the product’s contract has expired', async () => {
    const [expired] = await query<{ product: CardCategory; cardFeeCents: number }>(
      `select product, card_fee_cents as "cardFeeCents" from contracts where company_id = 'C1002' and status = 'expired'`,
    );
    expect(expired).toBeDefined();
    const lines = [holderLine('a', 2_000), holderLine('b', 1_000)];
    const body = {
      reason: 'new-card' as const,
      orderType: 'NEW' as const,
      product: expired!.product,
      family: 'virtual' as const,
      cards: lines,
    };
    const draft = await saveDraft(body, { user: 'admin', company: 'C1002' });
    const { lines: _lines, ...totals } = priceOrder(
      { orderType: 'NEW', family: 'virtual', lines },
      DEFAULT_PRICING,
    );
    expect(draft.price).toEqual(totals);
  });

  it('replacements carry the replacement fee and loads none of the card fees', async () => {
    const lost = await saveDraft({
      reason: 'lost-card',
      orderType: 'LOST',
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
      cards: [cardLine('a', fixture.trActive!.id, 0)],
    });
    expect(lost.lines[0]).toMatchObject({
      cardFeeCents: 0,
      replacementFeeCents: DEFAULT_PRICING.replacementFeeCents.LOST,
    });
    const load = await saveDraft(loadDraft('Φόρτωση', [cardLine('a', fixture.trActive!.id, 10_000)]));
    const terms = await contractTerms('C1001', 'TICKET_RESTAURANT', 'plastic');
    expect(load.price).toMatchObject({
      cardFeesCents: 0,
      replacementFeesCents: 0,
      deliveryFeeCents: 0,
      serviceFeesCents: Math.floor((10_000 * terms.serviceFeeBasisPoints + 5_000) / 10_000),
    });
  });
});

describe('ready to top up (ADR 006)', () => {
  it.each([
    ['SPENDEO', 'spendeo'],
    ['MY_BENEFITS', 'mybenefits'],
    ['TICKET_RESTAURANT', 'plastic'],
    ['TICKET_RESTAURANT', 'virtual'],
  ] as const)('drafts exactly the cards the card list reports ready for %s %s', async (product, family) => {
    const response = await api('om1', 'POST', 'readyToTopUp', {
      payload: product === 'TICKET_RESTAURANT' && family === 'virtual' ? { product, family } : { product },
    });
    const listed = await listedCards('C1001', { product, family, readyToTopUp: true });
    // The fixtures make every one of these non-empty (never-loaded active cards).
    expect(listed.length).toBeGreaterThan(0);
    const { draftId } = ok<{ draftId: string }>(response);
    const draft = await retrieve(draftId);
    expect(draft).toMatchObject({ reason: 'load-card', orderType: 'READY_TO_TOP_UP', product, family });
    expect(draft.lines.map((line) => line.cardId)).toEqual(listed.map((card) => card.cardId));
    // Each line loads last month's loads (within the product's limits), else the product's minimum.
    const { minLoadCents, maxLoadCents } = PRODUCTS[product];
    const lastMonth = new Map(
      (
        await query<{ id: string; loaded: number }>(
          `select c.id,
                  (select coalesce(sum(e.amount_cents), 0)::bigint
                     from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                    where e.account_id = c.account_id and e.amount_cents > 0 and t.kind = 'load'
                      and t.posted_at >= (date_trunc('month', (now() at time zone 'Europe/Athens') - interval '1 month') at time zone 'Europe/Athens')
                      and t.posted_at < (date_trunc('month', now() at time zone 'Europe/Athens') at time zone 'Europe/Athens')) as loaded
             from cards c where c.id = any($1::uuid[])`,
          [listed.map((card) => card.cardId)],
        )
      ).map((row) => [row.id, Number(row.loaded)]),
    );
    for (const line of draft.lines) {
      const loaded = lastMonth.get(line.cardId!) ?? 0;
      expect(line.amountCents).toBe(
        loaded > 0 ? Math.min(maxLoadCents, Math.max(minLoadCents, loaded)) : minLoadCents,
      );
    }
    if (product === 'MY_BENEFITS') {
      const amountOf = (cardId: string) => draft.lines.find((line) => line.cardId === cardId)?.amountCents;
      expect(amountOf(fixture.mbLastMonth!.id)).toBe(LAST_MONTH_CENTS);
      expect(amountOf(fixture.mbBig!.id)).toBe(maxLoadCents);
    }
  });

  it('refuses with 422 when no card of the product is ready, drafting nothing', async () => {
    const ready = await listedCards('C1004', {
      product: 'MY_BENEFITS',
      family: 'mybenefits',
      readyToTopUp: true,
    });
    const loads = ready.map((card) => card.cardId);
    if (loads.length > 0) {
      const accounts = await query<{ account_id: string }>(
        `select account_id from cards where id = any($1::uuid[])`,
        [loads],
      );
      await loadCards(
        'C1004',
        accounts.map((row) => ({ accountId: row.account_id, amountCents: 1_000 })),
      );
      ctx.app.services.cards.forgetTotals('C1004');
    }
    expect(
      await listedCards('C1004', { product: 'MY_BENEFITS', family: 'mybenefits', readyToTopUp: true }),
    ).toEqual([]);
    const response = await api('admin', 'POST', 'readyToTopUp', {
      company: 'C1004',
      payload: { product: 'MY_BENEFITS' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errorCode: 10 });
    expect(await count(`draft_orders where company_id = 'C1004'`)).toBe(0);
    const wrongFamily = await api('admin', 'POST', 'readyToTopUp', {
      company: 'C1004',
      payload: { product: 'SPENDEO', family: 'plastic' },
    });
    expect(wrongFamily.statusCode).toBe(422);
    expect(wrongFamily.json().errorCode).toBe(52);
  });
});

describe('checkCardholder', () => {
  let holderId: string;
  beforeAll(async () => {
    const [row] = await ctx.app.services.cards.createCards(ctx.database.db, 'C1001', [
      {
        product: 'SPENDEO',
        family: 'spendeo',
        cardholder: {
          firstName: 'Ζωή',
          lastName: 'Παπαδοπούλου',
          email: 'Zoi.Papadopoulou@example.gr',
          employeeCode: 'EMP-77',
          taxId: '094019245',
        },
      },
    ]);
    holderId = row!.cardholderId;
    // A second card for her.
    await ctx.app.services.cards.createCards(ctx.database.db, 'C1001', [
      { product: 'MY_BENEFITS', family: 'mybenefits', cardholder: { cardholderId: holderId } },
    ]);
  });

  const person = (
    tempCardId: string,
    fields: Partial<Record<'firstName' | 'lastName' | 'email' | 'employeeCode' | 'taxId', string>>,
  ) => ({
    tempCardId,
    firstName: 'Άλλος',
    lastName: 'Άνθρωπος',
    ...fields,
  });

  it('finds each kind of duplicate, the name without accents or case, in the company only', async () => {
    const body = ok<{
      matches: {
        tempCardId: string;
        candidates: { cardholderId: string; reasons: string[]; cards: number }[];
      }[];
    }>(
      await api('om1', 'POST', 'checkCardholder', {
        payload: {
          cardholders: [
            person('name', { firstName: 'ΖΩΗ', lastName: 'παπαδοπουλου' }),
            person('email', { email: ' ZOI.PAPADOPOULOU@EXAMPLE.GR' }),
            person('tax', { taxId: '094 019 245' }),
            person('code', { employeeCode: 'emp-77' }),
            person('all', {
              firstName: 'Ζωή',
              lastName: 'Παπαδοπούλου',
              email: 'zoi.papadopoulou@example.gr',
              employeeCode: 'EMP-77',
              taxId: '094019245',
            }),
            person('nobody', { email: 'nobody@example.gr', employeeCode: 'NONE' }),
          ],
        },
      }),
    );
    const reasonsOf = (tempCardId: string) =>
      body.matches
        .find((match) => match.tempCardId === tempCardId)
        ?.candidates.filter((c) => c.cardholderId === holderId)
        .map((c) => c.reasons);
    expect(reasonsOf('name')).toEqual([['name']]);
    expect(reasonsOf('email')).toEqual([['email']]);
    expect(reasonsOf('tax')).toEqual([['taxId']]);
    expect(reasonsOf('code')).toEqual([['employeeCode']]);
    expect(reasonsOf('all')).toEqual([['email', 'taxId', 'employeeCode', 'name']]);
    expect(body.matches.map((match) => match.tempCardId)).not.toContain('nobody');
    const candidate = body.matches[0]!.candidates.find((c) => c.cardholderId === holderId)!;
    expect(candidate.cards).toBe(2);
    // The cardholder of C1002 with the same email is never shown through C1001.
    const everyone = body.matches.flatMap((match) => match.candidates.map((c) => c.cardholderId));
    expect(everyone).not.toContain(foreignCardholderId);
  });
});

describe('bundles', () => {
  it('lists fixed bundles in the request’s language, within each product’s limits', async () => {
    for (const [route, product] of [
      ['retrieveVoucherBundles', 'VOUCHER'],
      ['retrieveComplimentaryBundles', 'COPMLIMENT'],
    ] as const) {
      const el = ok<{
        bundles: { bundleId: string; product: string; name: string; denominationCents: number }[];
      }>(await api('om1', 'GET', route, { culture: 'el-gr' }));
      const en = ok<typeof el>(await api('om1', 'GET', route, { culture: 'en-us' }));
      expect(el.bundles.length).toBeGreaterThan(0);
      expect(el.bundles.map((b) => b.bundleId)).toEqual(en.bundles.map((b) => b.bundleId));
      for (const bundle of el.bundles) {
        expect(bundle.product).toBe(product);
        expect(bundle.denominationCents).toBeGreaterThanOrEqual(PRODUCTS[product].minLoadCents);
        expect(bundle.denominationCents).toBeLessThanOrEqual(PRODUCTS[product].maxLoadCents);
      }
      expect(el.bundles[0]!.name).toMatch(/[\u0370-\u03ff]/);
      expect(en.bundles[0]!.name).not.toMatch(/[\u0370-\u03ff]/);
    }
  });

  it('creates a NEW draft of anonymous cards carrying the denomination', async () => {
    const { draftId } = ok<{ draftId: string }>(
      await api('om1', 'POST', 'createBundleDraftOrder', {
        payload: { bundleId: 'COPMLIMENT-25x1000-plastic', quantity: 2 },
      }),
    );
    const draft = await retrieve(draftId);
    expect(draft).toMatchObject({
      reason: 'new-card',
      orderType: 'NEW',
      product: 'COPMLIMENT',
      family: 'plastic',
    });
    expect(draft.lines).toHaveLength(50);
    expect(new Set(draft.lines.map((line) => line.amountCents))).toEqual(new Set([1_000]));
    expect(draft.lines[0]!.cardholder).toMatchObject({ firstName: 'Κάρτα φιλοξενίας', lastName: '001' });
    expect(draft.lines[49]!.cardholder).toMatchObject({ lastName: '050' });
    const unknown = await api('om1', 'POST', 'createBundleDraftOrder', { payload: { bundleId: 'GOLD-1x1' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.map((f: { field: string }) => f.field)).toEqual(['bundleId']);
  });
});

describe('Idempotency-Key (ARCHITECTURE §5)', () => {
  it('the same key sent 20 times at once makes one draft, and every reply is the same', async () => {
    const key = 'b6f0c4c8-5d0e-4d77-9d0b-4c1f6a9e2a01';
    const body = newCardsDraft('Μία φορά μόνο', [holderLine('a', 1_000), holderLine('b', 2_000)]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('om1', 'POST', 'saveDraftOrder', { payload: body, headers: { 'idempotency-key': key } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(await count(`draft_orders where alias = 'Μία φορά μόνο'`)).toBe(1);
    expect(
      await count(`audit_log where action = 'draft.create' and after->>'draftOrderAlias' = 'Μία φορά μόνο'`),
    ).toBe(1);
    // Later replays too; the key is the user's own: another user's same key is another draft.
    const replay = await api('om1', 'POST', 'saveDraftOrder', {
      payload: body,
      headers: { 'idempotency-key': key },
    });
    expect(replay.body).toBe(responses[0]!.body);
    await saveDraft(body, { user: 'om3', headers: { 'idempotency-key': key } });
    expect(await count(`draft_orders where alias = 'Μία φορά μόνο'`)).toBe(2);
  });

  it('a key reused for another request is a 409 and changes nothing', async () => {
    const key = 'reuse-1';
    await saveDraft(newCardsDraft('Πρώτο αίτημα'), { headers: { 'idempotency-key': key } });
    const other = await api('om1', 'POST', 'saveDraftOrder', {
      payload: newCardsDraft('Άλλο αίτημα'),
      headers: { 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(409);
    expect(await count(`draft_orders where alias = 'Άλλο αίτημα'`)).toBe(0);
  });

  it('a refused first attempt leaves no key: the corrected retry runs', async () => {
    const key = 'retry-after-400';
    const refused = await api('om1', 'POST', 'saveDraftOrder', {
      payload: newCardsDraft('Διόρθωση', [holderLine('a', 1)]),
      headers: { 'idempotency-key': key },
    });
    expect(refused.statusCode).toBe(400);
    await saveDraft(newCardsDraft('Διόρθωση', [holderLine('a', 1_000)]), {
      headers: { 'idempotency-key': key },
    });
    expect(await count(`draft_orders where alias = 'Διόρθωση'`)).toBe(1);
  });

  it('readyToTopUp and createBundleDraftOrder answer a replay with the first draft', async () => {
    for (const [route, payload] of [
      ['readyToTopUp', { product: 'SPENDEO' }],
      ['createBundleDraftOrder', { bundleId: 'VOUCHER-20x2500-plastic' }],
    ] as const) {
      const before = await count(`draft_orders`);
      const headers = { 'idempotency-key': `replay-${route}` };
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => api('om1', 'POST', route, { payload, headers })),
      );
      expect(new Set(responses.map((response) => ok<{ draftId: string }>(response).draftId)).size).toBe(1);
      expect(await count(`draft_orders`)).toBe(before + 1);
    }
  });
});
