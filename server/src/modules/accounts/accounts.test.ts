import {
  addDays,
  athensDate,
  CORE_CATEGORIES,
  SERVICE_NOTIFICATION_IDS,
  type CardCategory,
  type CardFamily,
  type Locale,
  type PortalNotification,
  type ServiceNotificationId,
} from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestContext } from '../../../test/harness';
import {
  COMPANY_SCOPED_EXPECTATION,
  DEMO_ROLE_KEYS,
  DEMO_USERS,
  lastMailTo,
  seedDemoWorld,
  sessionHeaders,
  tenantMatrix,
  tokenOfMail,
  type DemoUserKey,
  type TenantStatuses,
  demoApiClient,
} from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';
import type { ValidationKey } from '../../platform/errors';

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;

const API = '/api/v1/accounts';
const { api, ok } = demoApiClient(
  () => ctx,
  () => ids,
  '/api/v1/accounts',
);
async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

/** A delivery point that is valid for any company. */
const ADDRESS = {
  alias: 'Γραφείο Πειραιά',
  street: 'Ακτή Μιαούλη',
  streetNumber: '45',
  postalCode: '185 36',
  city: 'Πειραιάς',
  region: 'attica',
  contactName: 'Σταύρος Λιάπης',
  phone: '210 412 3456',
  notes: 'Ισόγειο',
};

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

/** Catalogues that are no company's data: every company user, never merchants. */
const CATALOGUE_EXPECTATION: TenantStatuses = {
  ...COMPANY_SCOPED_EXPECTATION,
  om1: { own: 200, foreign: 200 },
  om3: { own: 200, foreign: 200 },
  finance: { own: 200, foreign: 200 },
  payment: { own: 200, foreign: 200 },
};

const COMPANIES = ['C1001', 'C1002', 'C1006'] as const;
let firstPoint: Record<string, string>;
/** Spend rules made for the deleteSpendRule matrix, taken one per call. */
const spareRules: Record<string, string[]> = {};
/** A colleague of role 4 in C1001 and a manager of C1006 (related to no demo user). */
let colleague: { id: string };
let c1006Manager: { id: string };

beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  ids = await seedDemoWorld(ctx, { cardScale: 0.1, now: new Date() });
  // Something to notify of in every kind: live cards expiring in ten days, never loaded.
  const expiry = addDays(athensDate(), 10);
  const kinds: [CardCategory, CardFamily][] = [
    ['TICKET_RESTAURANT', 'plastic'],
    ['TICKET_RESTAURANT', 'virtual'],
    ['SPENDEO', 'spendeo'],
    ['MY_BENEFITS', 'mybenefits'],
  ];
  await ctx.app.services.cards.createCards(
    ctx.database.db,
    'C1001',
    kinds.map(([product, family], index) => ({
      product,
      family,
      expiryDate: expiry,
      cardholder: { firstName: 'Ειδοποίηση', lastName: `Δοκιμή${index}` },
    })),
  );
  firstPoint = {};
  for (const companyId of COMPANIES) {
    const [point] = await query<{ id: string }>(
      `select id from delivery_points where company_id = $1 order by created_at, id limit 1`,
      [companyId],
    );
    firstPoint[companyId] = point!.id;
    const rules = await query<{ id: string }>(
      `insert into spend_rules (company_id, product, name, target, period, limit_cents)
       select $1, 'SPENDEO', 'Για διαγραφή ' || n, '{"kind":"period"}', 'day', 1000 from generate_series(1, 8) n
       returning id`,
      [companyId],
    );
    spareRules[companyId] = rules.map((row) => row.id);
  }
  colleague = await createUser(ctx.database.db, {
    roleId: 4,
    companyIds: ['C1001'],
    firstName: 'Αλέξης',
    lastName: 'Συνάδελφος',
  });
  c1006Manager = await createUser(ctx.database.db, { roleId: 3, companyIds: ['C1006'] });
});
afterAll(async () => ctx?.close());

describe('tenant scope of every accounts route', () => {
  it.each([
    ['GET', 'getCompanyDeliveryPoints', undefined],
    ['POST', 'searchDeliveryPoints', () => ({})],
    [
      'POST',
      'retrieveDeliveryPointById',
      (companyId: string) => ({ deliveryPointId: firstPoint[companyId] }),
    ],
    ['GET', 'retrieveCardPrinting', undefined],
    ['GET', 'retrieveCompanySpendRules', undefined],
    ['GET', 'retrieveMyBenefitsRules', undefined],
    ['GET', 'contracts', undefined],
    ['GET', 'retrieveTrzContract', undefined],
    ['GET', 'userList', undefined],
    ['GET', 'retrieveAgents', undefined],
    ['GET', 'retrieveNotifications', undefined],
  ] as const)('%s %s answers every role for its own company only', async (method, route, payload) => {
    const matrix = await tenantMatrix(ctx, ids, {
      method,
      url: `${API}/${route}`,
      ...(payload ? { payload } : {}),
    });
    expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('GET retrieveCoreCategories is a catalogue: every company user, no merchant', async () => {
    const matrix = await tenantMatrix(ctx, ids, { method: 'GET', url: `${API}/retrieveCoreCategories` });
    expect(matrix).toEqual(CATALOGUE_EXPECTATION);
  });

  /** Rows of `table` per company that `where` selects. */
  async function countsByCompany(table: string, where: string): Promise<Record<string, number>> {
    const rows = await query<{ company_id: string; n: number }>(
      `select company_id, count(*)::int as n from ${table} where ${where} group by company_id`,
    );
    return Object.fromEntries(rows.map((row) => [row.company_id, row.n]));
  }

  it('POST createDeliveryPoint: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/createDeliveryPoint`,
      payload: () => ({ ...ADDRESS, alias: 'Πίνακας δικαιωμάτων' }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    // C1001: admin, care, om1, om3; C1006: admin, care; C1002 (finance, payment): none.
    expect(await countsByCompany('delivery_points', `alias = 'Πίνακας δικαιωμάτων'`)).toEqual({
      C1001: 4,
      C1006: 2,
    });
  });

  it('POST addDeliveryPoint: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/addDeliveryPoint`,
      payload: () => ({ ...ADDRESS, alias: 'Πίνακας γρήγορης προσθήκης', street: 'Οδός Δικαιωμάτων' }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    // The same address once per company.
    expect(await countsByCompany('delivery_points', `street = 'Οδός Δικαιωμάτων'`)).toEqual({
      C1001: 1,
      C1006: 1,
    });
  });

  it('POST updateCardPrinting: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/updateCardPrinting`,
      payload: () => ({
        embossLine: 'MATRIX TEST',
        printLogo: false,
        carrierMessage: 'Πίνακας',
        defaultDeliveryPointId: null,
        printEmployeeCode: false,
      }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(await countsByCompany('card_printing_settings', `emboss_line = 'MATRIX TEST'`)).toEqual({
      C1001: 1,
      C1006: 1,
    });
  });

  it('POST createSpendRule: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/createSpendRule`,
      payload: () => ({
        name: 'Πίνακας κανόνων',
        target: { kind: 'category', category: 'fuel' },
        period: 'week',
        limitCents: 10_000,
      }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(await countsByCompany('spend_rules', `name = 'Πίνακας κανόνων'`)).toEqual({ C1001: 4, C1006: 2 });
  });

  it('POST createBenefitsSpendRule: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/createBenefitsSpendRule`,
      payload: () => ({ coreCategory: 'wellbeing', monthlyLimitCents: 5_000 }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    // Each replaced the one before: one live rule per company, the others marked deleted.
    expect(
      await countsByCompany('spend_rules', `target->>'coreCategory' = 'wellbeing' and deleted_at is null`),
    ).toEqual({ C1001: 1, C1006: 1 });
    expect(await countsByCompany('spend_rules', `target->>'coreCategory' = 'wellbeing'`)).toEqual({
      C1001: 4,
      C1006: 2,
    });
  });

  it('POST deleteSpendRule: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/deleteSpendRule`,
      payload: (companyId) => ({ ruleId: spareRules[companyId]!.shift() }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(
      await countsByCompany('spend_rules', `name like 'Για διαγραφή %' and deleted_at is not null`),
    ).toEqual({
      C1001: 4,
      C1006: 2,
    });
  });

  it('POST updateTrzContract: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/updateTrzContract`,
      payload: () => ({ dailyAllowanceCents: 900, monthlyLoadDay: 5, invoiceEmail: 'matrix@example.gr' }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(await countsByCompany('trz_contracts', `invoice_email = 'matrix@example.gr'`)).toEqual({
      C1001: 1,
      C1006: 1,
    });
  });

  it('POST updateManager: writes for the order manager and provider staff only', async () => {
    const target: Record<string, { id: string; roleId: 3 | 4 }> = {
      C1001: { id: colleague.id, roleId: 4 },
      C1002: { id: ids.payment, roleId: 3 },
      C1006: { id: c1006Manager.id, roleId: 3 },
    };
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/updateManager`,
      payload: (companyId) => ({
        userId: target[companyId]!.id,
        firstName: 'Πίνακας',
        lastName: 'Διαχειριστής',
        jobTitle: `Θέση ${companyId}`,
        userRoleId: target[companyId]!.roleId,
      }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    const jobOf = async (userId: string) =>
      (await query<{ job_title: string }>(`select job_title from users where id = $1`, [userId]))[0]!
        .job_title;
    expect(await jobOf(colleague.id)).toBe('Θέση C1001');
    expect(await jobOf(c1006Manager.id)).toBe('Θέση C1006');
    // Finance and payment were refused: the payment manager (their C1002 target) is unchanged.
    expect(await jobOf(ids.payment)).toBe('Υπεύθυνη πληρωμών');
  });

  it('POST registerProfile: writes for the order manager and provider staff only', async () => {
    let invitation = 0;
    const matrix = await tenantMatrix(ctx, ids, {
      method: 'POST',
      url: `${API}/registerProfile`,
      payload: () => ({
        email: `matrix.invitee${(invitation += 1)}@example.gr`,
        firstName: 'Πρόσκληση',
        lastName: 'Πίνακα',
        userRoleId: 5,
      }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(
      await countsByCompany(
        'user_companies uc join users u on u.id = uc.user_id',
        `u.email like 'matrix.invitee%'`,
      ),
    ).toEqual({ C1001: 4, C1006: 2 });
  });
});

describe('per-user routes (no company)', () => {
  it('retrieveUserByToken answers every role with the signed-in user only', async () => {
    for (const key of DEMO_ROLE_KEYS) {
      const user = await ok(await api(key, 'GET', 'retrieveUserByToken', { company: 'C1006' }));
      const demo = DEMO_USERS[key];
      expect(user).toMatchObject({
        success: true,
        userId: ids[key],
        userRoleId: demo.roleId,
        email: demo.email,
        preferredLanguage: demo.preferredLanguage,
      });
      expect((user.relatedCompanies as { companyId: string }[]).map((c) => c.companyId).sort()).toEqual(
        [...demo.companyIds].sort(),
      );
    }
  });

  it('keeps each user’s read notifications apart', async () => {
    const read = async (key: DemoUserKey) =>
      (await ok<{ readIds: string[] }>(await api(key, 'GET', 'notifications/read'))).readIds.sort();
    for (const key of DEMO_ROLE_KEYS) expect(await read(key)).toEqual([]);
    await ok(
      await api('om1', 'POST', 'notifications/mark-read', {
        payload: { ids: ['cms-welcome', 'expTrc', 'expTrc'] },
      }),
    );
    await ok(
      await api('merchant', 'POST', 'notifications/mark-read', { payload: { ids: ['merchant-news-1'] } }),
    );
    await ok(
      await api('om3', 'POST', 'notifications/mark-read', {
        company: 'C1003',
        payload: { ids: ['cms-offer-7'] },
      }),
    );
    expect(await read('om1')).toEqual(['cms-welcome', 'expTrc']);
    expect(await read('om3')).toEqual(['cms-offer-7']);
    expect(await read('merchant')).toEqual(['merchant-news-1']);
    for (const key of ['admin', 'care', 'finance', 'payment'] as const) expect(await read(key)).toEqual([]);
    // The read state follows the user to another browser (another session).
    const otherBrowser = await sessionHeaders(ctx, ids.om1);
    const elsewhere = await ctx.app.inject({ url: `${API}/notifications/read`, headers: otherBrowser });
    expect(elsewhere.json().readIds.sort()).toEqual(['cms-welcome', 'expTrc']);
  });

  it('need a session', async () => {
    expect((await ctx.app.inject({ url: `${API}/retrieveUserByToken` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `${API}/notifications/read` })).statusCode).toBe(401);
    const markRead = await ctx.app.inject({
      method: 'POST',
      url: `${API}/notifications/mark-read`,
      headers: await csrfHeaders(ctx.app),
      payload: { ids: ['x'] },
    });
    expect(markRead.statusCode).toBe(401);
  });
});

describe('bad input answers 400 naming the field, in the request’s language', () => {
  /** Everything the bad requests below could have changed. */
  async function state() {
    return query(`select
      (select count(*)::int from delivery_points) as points,
      (select count(*)::int from spend_rules where deleted_at is null) as rules,
      (select count(*)::int from users) as users,
      (select row_to_json(p)::text from card_printing_settings p where company_id = 'C1001') as printing,
      (select row_to_json(t)::text from trz_contracts t where company_id = 'C1001') as trz,
      (select row_to_json(u)::text from users u where id = '${ids.om3}') as om3`);
  }

  type BadInput = {
    route: string;
    what: string;
    payload?: () => object;
    method?: 'GET';
    field: string;
    key: ValidationKey;
    params?: Record<string, string | number>;
  };
  const cases: BadInput[] = [
    {
      route: 'createDeliveryPoint',
      what: 'the postal code 9999',
      payload: () => ({ ...ADDRESS, postalCode: '9999' }),
      field: 'postalCode',
      key: 'invalidPostalCode',
    },
    {
      route: 'createDeliveryPoint',
      what: 'the phone 12345',
      payload: () => ({ ...ADDRESS, phone: '12345' }),
      field: 'phone',
      key: 'invalidPhone',
    },
    {
      route: 'addDeliveryPoint',
      what: 'an unknown region',
      payload: () => ({ ...ADDRESS, region: 'atlantis' }),
      field: 'region',
      key: 'invalidChoice',
    },
    {
      route: 'addDeliveryPoint',
      what: 'a street number without digits',
      payload: () => ({ ...ADDRESS, streetNumber: 'ΑΒΓ' }),
      field: 'streetNumber',
      key: 'invalidValue',
    },
    {
      route: 'searchDeliveryPoints',
      what: 'pageSize 1000',
      payload: () => ({ pageSize: 1000 }),
      field: 'pageSize',
      key: 'tooLarge',
      params: { max: 100 },
    },
    {
      route: 'getCompanyDeliveryPoints?pageSize=1000',
      what: 'pageSize 1000 in the query',
      method: 'GET',
      field: 'querystring.pageSize',
      key: 'tooLarge',
      params: { max: 100 },
    },
    {
      route: 'retrieveDeliveryPointById',
      what: 'an id that is no UUID',
      payload: () => ({ deliveryPointId: '42' }),
      field: 'deliveryPointId',
      key: 'invalidValue',
    },
    {
      route: 'updateCardPrinting',
      what: 'an emboss line in Greek letters',
      payload: () => ({
        embossLine: 'ΑΚΜΗ ΤΡΟΦΙΜΩΝ',
        printLogo: true,
        carrierMessage: '',
        defaultDeliveryPointId: null,
        printEmployeeCode: true,
      }),
      field: 'embossLine',
      key: 'invalidEmbossText',
    },
    {
      route: 'updateCardPrinting',
      what: 'an emboss line of 22 characters',
      payload: () => ({
        embossLine: 'A'.repeat(22),
        printLogo: true,
        carrierMessage: '',
        defaultDeliveryPointId: null,
        printEmployeeCode: true,
      }),
      field: 'embossLine',
      key: 'tooLong',
      params: { max: 21 },
    },
    {
      route: 'createSpendRule',
      what: 'a limit below the minimum',
      payload: () => ({ name: 'Μικρό', target: { kind: 'period' }, period: 'day', limitCents: 99 }),
      field: 'limitCents',
      key: 'tooSmall',
      // Money bounds in euros (ADR 012), not the cents of the wire.
      params: { min: '1,00\u00a0€' },
    },
    {
      route: 'createSpendRule',
      what: 'no limit and no block',
      payload: () => ({ name: 'Χωρίς όριο', target: { kind: 'category', category: 'fuel' }, period: 'day' }),
      field: 'limitCents',
      key: 'required',
    },
    {
      route: 'createBenefitsSpendRule',
      what: 'a monthly limit below the minimum',
      payload: () => ({ coreCategory: 'food', monthlyLimitCents: 50 }),
      field: 'monthlyLimitCents',
      key: 'tooSmall',
      params: { min: '1,00\u00a0€' },
    },
    {
      route: 'createBenefitsSpendRule',
      what: 'an unknown core category',
      payload: () => ({ coreCategory: 'casino', monthlyLimitCents: 5_000 }),
      field: 'coreCategory',
      key: 'invalidChoice',
    },
    {
      route: 'deleteSpendRule',
      what: 'a rule id that is no UUID',
      payload: () => ({ ruleId: 'rule-1' }),
      field: 'ruleId',
      key: 'invalidValue',
    },
    {
      route: 'updateTrzContract',
      what: 'a daily allowance above the tax-free one',
      payload: () => ({ dailyAllowanceCents: 2_000, monthlyLoadDay: 1, invoiceEmail: 'a@example.gr' }),
      field: 'dailyAllowanceCents',
      key: 'tooLarge',
      params: { max: '10,00\u00a0€' },
    },
    {
      route: 'updateTrzContract',
      what: 'load day 29',
      payload: () => ({ dailyAllowanceCents: 800, monthlyLoadDay: 29, invoiceEmail: 'a@example.gr' }),
      field: 'monthlyLoadDay',
      key: 'tooLarge',
      params: { max: 28 },
    },
    {
      route: 'updateTrzContract',
      what: 'an invoice email without @',
      payload: () => ({ dailyAllowanceCents: 800, monthlyLoadDay: 1, invoiceEmail: 'invoices.example.gr' }),
      field: 'invoiceEmail',
      key: 'invalidEmail',
    },
    {
      route: 'updateManager',
      what: 'a provider role',
      payload: () => ({ userId: ids.om3, firstName: 'Γ', lastName: 'Δ', userRoleId: 1 }),
      field: 'userRoleId',
      key: 'invalidChoice',
    },
    {
      route: 'updateManager',
      what: 'the phone 12345',
      payload: () => ({ userId: ids.om3, firstName: 'Γ', lastName: 'Δ', phone: '12345', userRoleId: 3 }),
      field: 'phone',
      key: 'invalidPhone',
    },
    {
      route: 'registerProfile',
      what: 'an email without @',
      payload: () => ({ email: 'new.user.example.gr', firstName: 'Ν', lastName: 'Χ', userRoleId: 4 }),
      field: 'email',
      key: 'invalidEmail',
    },
    {
      route: 'registerProfile',
      what: 'the merchant role',
      payload: () => ({ email: 'new.user@example.gr', firstName: 'Ν', lastName: 'Χ', userRoleId: 1001 }),
      field: 'userRoleId',
      key: 'invalidChoice',
    },
  ];

  it.each(cases.flatMap((c) => (['el', 'en'] as const).map((locale) => ({ ...c, locale }))))(
    '$route with $what ($locale)',
    async ({ route, payload, method, field, key, params, locale }: BadInput & { locale: Locale }) => {
      const before = await state();
      const response = await api('om1', method ?? 'POST', route, {
        culture: locale === 'el' ? 'el-gr' : 'en-us',
        ...(payload ? { payload: payload() } : {}),
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false, errorCode: 2 });
      const message = await ctx.app.services.content.catalogue().validationMessage(key, locale, params);
      expect(message).toBeTruthy();
      expect(body.fields).toContainEqual({ field, message });
      expect(/[\u0370-\u03ff]/.test(message!)).toBe(locale === 'el');
      expect(await state()).toEqual(before);
    },
  );

  it('shows the catalogue’s exact texts for a postal code in both languages', async () => {
    const greek = await api('om1', 'POST', 'createDeliveryPoint', {
      culture: 'el-gr',
      payload: { ...ADDRESS, postalCode: '9999' },
    });
    expect(greek.json().fields).toEqual([
      { field: 'postalCode', message: 'Πληκτρολογήστε έγκυρο ταχυδρομικό κώδικα (5 ψηφία, π.χ. 115 26).' },
    ]);
    const english = await api('om1', 'POST', 'createDeliveryPoint', {
      culture: 'en-us',
      payload: { ...ADDRESS, postalCode: '9999', phone: '12345' },
    });
    expect(english.json().fields).toEqual([
      { field: 'postalCode', message: 'Enter a valid postal code (5 digits, e.g. 115 26).' },
      { field: 'phone', message: 'Enter a valid phone number.' },
    ]);
    const limit = await api('om1', 'POST', 'createSpendRule', {
      culture: 'en-us',
      payload: { name: 'Μικρό', target: { kind: 'period' }, period: 'day', limitCents: 99 },
    });
    expect(limit.json().fields).toEqual([
      { field: 'limitCents', message: 'The value must be at least 1,00\u00a0€.' },
    ]);
  });
});

describe('entities of another company', () => {
  it('a delivery point of C1002 cannot be read through C1001', async () => {
    const response = await api('om3', 'POST', 'retrieveDeliveryPointById', {
      company: 'C1001',
      payload: { deliveryPointId: firstPoint.C1002 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, errorCode: 5 });
    expect(response.body).not.toContain(firstPoint.C1002);
    const there = await ok<{ deliveryPoint: { companyId: string } }>(
      await api('om3', 'POST', 'retrieveDeliveryPointById', {
        company: 'C1002',
        payload: { deliveryPointId: firstPoint.C1002 },
      }),
    );
    expect(there.deliveryPoint.companyId).toBe('C1002');
  });

  it('delivery point lists and searches show the company’s own points only', async () => {
    const listed = await ok<{
      deliveryPoints: { companyId: string; deliveryPointId: string }[];
      total: number;
    }>(await api('om3', 'GET', 'getCompanyDeliveryPoints?pageSize=100', { company: 'C1001' }));
    const [count] = await query<{ n: number }>(
      `select count(*)::int as n from delivery_points where company_id = 'C1001'`,
    );
    expect(listed.total).toBe(count!.n);
    expect(listed.deliveryPoints).toHaveLength(count!.n);
    expect(new Set(listed.deliveryPoints.map((p) => p.companyId))).toEqual(new Set(['C1001']));
    // The demo gives C1002 the Thessaloniki branch as well; C1001 does not have it.
    const search = await ok<{ total: number }>(
      await api('om3', 'POST', 'searchDeliveryPoints', {
        company: 'C1001',
        payload: { query: 'θεσσαλονικη' },
      }),
    );
    const [own] = await query<{ n: number }>(
      `select count(*)::int as n from delivery_points where company_id = 'C1001' and city = 'Θεσσαλονίκη'`,
    );
    expect(search.total).toBe(own!.n);
  });

  it('a spend rule of C1002 cannot be deleted through C1001', async () => {
    const [rule] = await query<{ id: string }>(
      `select id from spend_rules where company_id = 'C1002' and deleted_at is null limit 1`,
    );
    const response = await api('om3', 'POST', 'deleteSpendRule', {
      company: 'C1001',
      payload: { ruleId: rule!.id },
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await query(`select deleted_at from spend_rules where id = $1`, [rule!.id]))[0]!.deleted_at,
    ).toBeNull();
  });

  it('card printing cannot point at a delivery point of another company', async () => {
    const [before] = await query(`select * from card_printing_settings where company_id = 'C1001'`);
    const response = await api('om3', 'POST', 'updateCardPrinting', {
      company: 'C1001',
      culture: 'en-us',
      payload: {
        embossLine: 'FOREIGN',
        printLogo: true,
        carrierMessage: '',
        defaultDeliveryPointId: firstPoint.C1002,
        printEmployeeCode: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'defaultDeliveryPointId', message: 'Choose one of the available options.' },
    ]);
    expect((await query(`select * from card_printing_settings where company_id = 'C1001'`))[0]).toEqual(
      before,
    );
  });

  it('a manager cannot change a colleague who also works for a company they do not manage (ADR 012)', async () => {
    // payment@ works for C1002 and C1004; om3 manages C1001–C1003 only.
    const [before] = await query(`select * from users where id = $1`, [ids.payment]);
    for (const payload of [
      { userId: ids.payment, firstName: 'Ελένη', lastName: 'Παππά', userRoleId: 3 },
      { userId: ids.payment, firstName: 'Άλλο', lastName: 'Όνομα', userRoleId: 5 },
    ]) {
      const response = await api('om3', 'POST', 'updateManager', {
        company: 'C1002',
        payload,
        headers: { culture: 'en-us' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ fields: { field: string; message: string }[] }>().fields).toEqual([
        {
          field: 'userId',
          message:
            'This person also works for another company, so their details and role are changed by the provider’s customer care.',
        },
      ]);
    }
    expect((await query(`select * from users where id = $1`, [ids.payment]))[0]).toEqual(before);
    // The provider's customer care may (audited).
    const care = await api('care', 'POST', 'updateManager', {
      company: 'C1002',
      payload: { userId: ids.payment, firstName: 'Ελένη', lastName: 'Παππά', userRoleId: 3 },
    });
    expect(care.statusCode).toBe(200);
    expect((await query(`select role_id from users where id = $1`, [ids.payment]))[0]).toEqual({
      role_id: 3,
    });
  });

  it('a manager of another company cannot be edited through one’s own', async () => {
    const [before] = await query(`select * from users where id = $1`, [ids.payment]);
    const response = await api('om3', 'POST', 'updateManager', {
      company: 'C1001',
      payload: { userId: ids.payment, firstName: 'Ξένος', lastName: 'Χρήστης', userRoleId: 3 },
    });
    expect(response.statusCode).toBe(404);
    expect((await query(`select * from users where id = $1`, [ids.payment]))[0]).toEqual(before);
    // Provider staff are no company's managers either.
    const staff = await api('om1', 'POST', 'updateManager', {
      payload: { userId: ids.care, firstName: 'Νίκος', lastName: 'Γεωργίου', userRoleId: 3 },
    });
    expect(staff.statusCode).toBe(404);
  });
});

describe('delivery points', () => {
  it('creates a point with the postal code and phone normalised, audited, found without accents', async () => {
    const response = await api('om1', 'POST', 'createDeliveryPoint', {
      payload: { ...ADDRESS, alias: 'Αποθήκη Ρέντη', street: 'Θηβών', streetNumber: '200Α' },
    });
    const { deliveryPoint } = await ok<{ deliveryPoint: Record<string, string> }>(response);
    expect(deliveryPoint).toMatchObject({
      companyId: 'C1001',
      alias: 'Αποθήκη Ρέντη',
      street: 'Θηβών',
      streetNumber: '200Α',
      postalCode: '18536',
      phone: '+302104123456',
      region: 'attica',
      notes: 'Ισόγειο',
    });
    const [row] = await query(
      `select company_id, postal_code, phone, created_by from delivery_points where id = $1`,
      [deliveryPoint.deliveryPointId],
    );
    expect(row).toEqual({
      company_id: 'C1001',
      postal_code: '18536',
      phone: '+302104123456',
      created_by: ids.om1,
    });
    const [audit] = await query<{ after: Record<string, string>; actor_user_id: string; company_id: string }>(
      `select after, actor_user_id, company_id from audit_log where action = 'delivery-point.create' and entity_id = $1`,
      [deliveryPoint.deliveryPointId],
    );
    expect(audit).toMatchObject({
      actor_user_id: ids.om1,
      company_id: 'C1001',
      after: { alias: 'Αποθήκη Ρέντη', postalCode: '18536' },
    });

    for (const search of ['ΑΠΟΘΗΚΗ ΡΕΝΤΗ', 'αποθηκη ρεντη', 'Θηβων 200α', '18536']) {
      const found = await ok<{ deliveryPoints: { deliveryPointId: string }[] }>(
        await api('om1', 'POST', 'searchDeliveryPoints', { payload: { query: search } }),
      );
      expect(
        found.deliveryPoints.map((p) => p.deliveryPointId),
        search,
      ).toContain(deliveryPoint.deliveryPointId);
    }
    const byId = await ok<{ deliveryPoint: Record<string, string> }>(
      await api('om3', 'POST', 'retrieveDeliveryPointById', {
        payload: { deliveryPointId: deliveryPoint.deliveryPointId },
      }),
    );
    expect(byId.deliveryPoint).toEqual(deliveryPoint);
  });

  it('adds an identical address only once: the second time it is the existing point', async () => {
    const first = await ok<{ deliveryPoint: { deliveryPointId: string }; existing: boolean }>(
      await api('om1', 'POST', 'addDeliveryPoint', {
        payload: {
          ...ADDRESS,
          alias: 'Νέο σημείο',
          street: 'Λεωφόρος Αθηνών',
          streetNumber: '88',
          postalCode: '104 47',
          city: 'Αθήνα',
        },
      }),
    );
    expect(first.existing).toBe(false);
    // The same address written otherwise: case, accents, postal code spacing, another alias.
    const second = await ok<{ deliveryPoint: { deliveryPointId: string; alias: string }; existing: boolean }>(
      await api('om3', 'POST', 'addDeliveryPoint', {
        payload: {
          ...ADDRESS,
          alias: 'Άλλο όνομα',
          street: 'ΛΕΩΦΟΡΟΣ ΑΘΗΝΩΝ',
          streetNumber: '88',
          postalCode: '10447',
          city: 'ΑΘΗΝΑ',
        },
      }),
    );
    expect(second.existing).toBe(true);
    expect(second.deliveryPoint).toMatchObject({
      deliveryPointId: first.deliveryPoint.deliveryPointId,
      alias: 'Νέο σημείο',
    });
    const rows = await query(
      `select id from delivery_points where company_id = 'C1001' and street = 'Λεωφόρος Αθηνών'`,
    );
    expect(rows).toHaveLength(1);
    // Another number is another address; the same address at another company is that company's own.
    const other = await ok<{ existing: boolean }>(
      await api('om1', 'POST', 'addDeliveryPoint', {
        payload: {
          ...ADDRESS,
          street: 'Λεωφόρος Αθηνών',
          streetNumber: '90',
          postalCode: '10447',
          city: 'Αθήνα',
        },
      }),
    );
    expect(other.existing).toBe(false);
    const elsewhere = await ok<{ existing: boolean; deliveryPoint: { companyId: string } }>(
      await api('om3', 'POST', 'addDeliveryPoint', {
        company: 'C1002',
        payload: {
          ...ADDRESS,
          street: 'Λεωφόρος Αθηνών',
          streetNumber: '88',
          postalCode: '10447',
          city: 'Αθήνα',
        },
      }),
    );
    expect(elsewhere).toMatchObject({ existing: false, deliveryPoint: { companyId: 'C1002' } });
  });

  it('pages the company’s points: right total, pages disjoint', async () => {
    const [count] = await query<{ n: number }>(
      `select count(*)::int as n from delivery_points where company_id = 'C1001'`,
    );
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(count!.n / 3); page += 1) {
      const result = await ok<{ deliveryPoints: { deliveryPointId: string }[]; total: number; page: number }>(
        await api('om1', 'GET', `getCompanyDeliveryPoints?page=${page}&pageSize=3`),
      );
      expect(result).toMatchObject({ total: count!.n, page, pageSize: 3 });
      seen.push(...result.deliveryPoints.map((p) => p.deliveryPointId));
    }
    expect(seen).toHaveLength(count!.n);
    expect(new Set(seen).size).toBe(count!.n);
  });
});

describe('card printing', () => {
  it('saves the settings, reads them back and audits before and after', async () => {
    const before = await ok<{ cardPrinting: Record<string, unknown> }>(
      await api('om1', 'GET', 'retrieveCardPrinting'),
    );
    const settings = {
      embossLine: 'AKMI & SIA O.E.',
      printLogo: false,
      carrierMessage: '  Καλώς ήρθατε στην ομάδα!  ',
      defaultDeliveryPointId: firstPoint.C1001,
      printEmployeeCode: false,
    };
    const saved = await ok<{ cardPrinting: Record<string, unknown> }>(
      await api('om1', 'POST', 'updateCardPrinting', { payload: settings }),
    );
    const expected = { ...settings, carrierMessage: 'Καλώς ήρθατε στην ομάδα!' };
    expect(saved.cardPrinting).toMatchObject(expected);
    expect(saved.cardPrinting.updatedAt).toEqual(expect.any(String));
    const read = await ok<{ cardPrinting: Record<string, unknown> }>(
      await api('om3', 'GET', 'retrieveCardPrinting'),
    );
    expect(read.cardPrinting).toEqual(saved.cardPrinting);
    const [audit] = await query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where action = 'card-printing.update' and company_id = 'C1001' and actor_user_id = $1 order by id desc limit 1`,
      [ids.om1],
    );
    expect(audit!.before).toEqual(before.cardPrinting);
    expect(audit!.after).toEqual(saved.cardPrinting);
  });
});

describe('spend rules', () => {
  type Rule = {
    ruleId: string;
    product: string;
    name: string;
    target: Record<string, string>;
    period: string;
    limitCents: number | null;
    createdBy: string;
  };
  const spendeo = async () =>
    (await ok<{ rules: Rule[] }>(await api('om1', 'GET', 'retrieveCompanySpendRules'))).rules;
  const benefits = async (culture?: string) =>
    (
      await ok<{ rules: Rule[] }>(
        await api('om1', 'GET', 'retrieveMyBenefitsRules', culture ? { culture } : {}),
      )
    ).rules;

  it('creates Spendeo rules (a limit, or a block), lists and deletes them, audited', async () => {
    const limit = await ok<{ rule: Rule }>(
      await api('om1', 'POST', 'createSpendRule', {
        payload: {
          name: 'Ταξίδια έως 500 €',
          target: { kind: 'category', category: 'travel' },
          period: 'month',
          limitCents: 50_000,
        },
      }),
    );
    expect(limit.rule).toMatchObject({
      product: 'SPENDEO',
      limitCents: 50_000,
      createdBy: ids.om1,
      period: 'month',
    });
    const block = await ok<{ rule: Rule }>(
      await api('om1', 'POST', 'createSpendRule', {
        payload: {
          name: 'Όχι ηλεκτρονικά',
          target: { kind: 'merchant', merchant: 'Ηλεκτρονικά Α.Ε.' },
          period: 'transaction',
          blocked: true,
          limitCents: 9_000,
        },
      }),
    );
    expect(block.rule).toMatchObject({
      limitCents: null,
      target: { kind: 'merchant', merchant: 'Ηλεκτρονικά Α.Ε.' },
    });
    const listed = await spendeo();
    expect(listed.map((r) => r.ruleId)).toEqual(
      expect.arrayContaining([limit.rule.ruleId, block.rule.ruleId]),
    );
    expect(listed.every((r) => r.product === 'SPENDEO')).toBe(true);
    expect((await benefits()).map((r) => r.ruleId)).not.toContain(limit.rule.ruleId);
    const [count] = await query<{ n: number }>(
      `select count(*)::int as n from spend_rules where company_id = 'C1001' and product = 'SPENDEO' and deleted_at is null`,
    );
    expect(listed).toHaveLength(count!.n);

    await ok(await api('om1', 'POST', 'deleteSpendRule', { payload: { ruleId: limit.rule.ruleId } }));
    expect((await spendeo()).map((r) => r.ruleId)).not.toContain(limit.rule.ruleId);
    const [audit] = await query<{ before: Rule; after: unknown }>(
      `select before, after from audit_log where action = 'spend-rule.delete' and entity_id = $1`,
      [limit.rule.ruleId],
    );
    expect(audit).toMatchObject({ before: { ruleId: limit.rule.ruleId, limitCents: 50_000 }, after: null });
    const again = await api('om1', 'POST', 'deleteSpendRule', { payload: { ruleId: limit.rule.ruleId } });
    expect(again.statusCode).toBe(404);
  });

  it('a period rule cannot block', async () => {
    const response = await api('om1', 'POST', 'createSpendRule', {
      payload: { name: 'Μπλοκ', target: { kind: 'period' }, period: 'day', blocked: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((f: { field: string }) => f.field)).toEqual(['blocked']);
  });

  it('a MyBenefits rule for a core category replaces the older one, named in the request’s language', async () => {
    const first = await ok<{ rule: Rule }>(
      await api('om1', 'POST', 'createBenefitsSpendRule', {
        payload: { coreCategory: 'food', monthlyLimitCents: 25_000 },
      }),
    );
    const second = await ok<{ rule: Rule }>(
      await api('om3', 'POST', 'createBenefitsSpendRule', {
        culture: 'en-us',
        payload: { coreCategory: 'food', monthlyLimitCents: 30_000 },
      }),
    );
    expect(second.rule).toMatchObject({
      product: 'MY_BENEFITS',
      name: 'Food and groceries',
      period: 'month',
      limitCents: 30_000,
      target: { kind: 'core', coreCategory: 'food' },
    });
    expect(first.rule.name).toBe('Τρόφιμα και σούπερ μάρκετ');
    const food = (await benefits()).filter((r) => r.target.coreCategory === 'food');
    expect(food.map((r) => r.ruleId)).toEqual([second.rule.ruleId]);
    // The demo's food rule and the first one are kept, marked deleted.
    const rows = await query<{ id: string; deleted: boolean }>(
      `select id, deleted_at is not null as deleted from spend_rules
        where company_id = 'C1001' and target->>'coreCategory' = 'food' order by created_at`,
    );
    expect(rows.filter((r) => !r.deleted).map((r) => r.id)).toEqual([second.rule.ruleId]);
    expect(rows.find((r) => r.id === first.rule.ruleId)!.deleted).toBe(true);
    // Other categories are untouched.
    expect((await benefits()).some((r) => r.target.coreCategory === 'health')).toBe(true);
  });

  it('core categories come in the request’s language', async () => {
    const greek = await ok<{ coreCategories: { code: string; name: string }[] }>(
      await api('finance', 'GET', 'retrieveCoreCategories', { company: 'C1002', culture: 'el-gr' }),
    );
    const english = await ok<{ coreCategories: { code: string; name: string }[] }>(
      await api('finance', 'GET', 'retrieveCoreCategories', { company: 'C1002', culture: 'en-us' }),
    );
    expect(greek.coreCategories).toEqual(CORE_CATEGORIES.map((c) => ({ code: c.code, name: c.el })));
    expect(english.coreCategories).toEqual(CORE_CATEGORIES.map((c) => ({ code: c.code, name: c.en })));
  });
});

describe('contracts', () => {
  it('lists the company’s contracts as stored', async () => {
    const { contracts } = await ok<{
      contracts: { contractNumber: string; product: string; status: string; cardFeeCents: number }[];
    }>(await api('finance', 'GET', 'contracts', { company: 'C1002' }));
    const rows = await query<{
      contract_number: string;
      product: string;
      status: string;
      card_fee_cents: number;
    }>(
      `select contract_number, product, status, card_fee_cents from contracts where company_id = 'C1002' order by valid_from`,
    );
    expect(contracts.map((c) => [c.contractNumber, c.product, c.status, c.cardFeeCents])).toEqual(
      rows.map((r) => [r.contract_number, r.product, r.status, r.card_fee_cents]),
    );
    expect(contracts.length).toBeGreaterThan(0);
  });

  it('updates the TRZ contract and signs it once, audited', async () => {
    // C1002 starts unsigned in the demo.
    const before = await ok<{ trzContract: Record<string, unknown> }>(
      await api('om3', 'GET', 'retrieveTrzContract', { company: 'C1002' }),
    );
    expect(before.trzContract).toMatchObject({ status: 'not_signed', acceptedAt: null, acceptedBy: null });
    const updated = await ok<{ trzContract: Record<string, unknown> }>(
      await api('om3', 'POST', 'updateTrzContract', {
        company: 'C1002',
        payload: { dailyAllowanceCents: 1_000, monthlyLoadDay: 28, invoiceEmail: 'Invoices@Elaionas.GR' },
      }),
    );
    expect(updated.trzContract).toMatchObject({
      status: 'not_signed',
      dailyAllowanceCents: 1_000,
      monthlyLoadDay: 28,
      invoiceEmail: 'invoices@elaionas.gr',
    });
    const signed = await ok<{ trzContract: Record<string, unknown> }>(
      await api('om3', 'POST', 'updateTrzContract', {
        company: 'C1002',
        payload: {
          dailyAllowanceCents: 900,
          monthlyLoadDay: 3,
          invoiceEmail: 'invoices@elaionas.gr',
          accept: true,
        },
      }),
    );
    expect(signed.trzContract).toMatchObject({
      status: 'active',
      acceptedBy: ids.om3,
      contractNumber: before.trzContract.contractNumber,
    });
    expect(signed.trzContract.acceptedAt).toEqual(expect.any(String));
    // Accepting again changes neither who nor when.
    const again = await ok<{ trzContract: Record<string, unknown> }>(
      await api('admin', 'POST', 'updateTrzContract', {
        company: 'C1002',
        payload: {
          dailyAllowanceCents: 900,
          monthlyLoadDay: 3,
          invoiceEmail: 'invoices@elaionas.gr',
          accept: true,
        },
      }),
    );
    expect(again.trzContract).toMatchObject({
      acceptedBy: ids.om3,
      acceptedAt: signed.trzContract.acceptedAt,
    });
    const read = await ok<{ trzContract: unknown }>(
      await api('payment', 'GET', 'retrieveTrzContract', { company: 'C1002' }),
    );
    expect(read.trzContract).toEqual(again.trzContract);
    const audits = await query<{ actor_user_id: string }>(
      `select actor_user_id from audit_log where action = 'trz-contract.update' and company_id = 'C1002' order by id`,
    );
    expect(audits.map((a) => a.actor_user_id)).toEqual([ids.om3, ids.om3, ids.admin]);
  });
});

describe('people', () => {
  it('userList gives the company’s users of roles 3–5 and nobody else', async () => {
    const { users } = await ok<{ users: { userId: string; userRoleId: number }[] }>(
      await api('om1', 'GET', 'userList'),
    );
    const rows = await query<{ id: string }>(
      `select u.id from users u join user_companies uc on uc.user_id = u.id
        where uc.company_id = 'C1001' and u.role_id in (3, 4, 5)`,
    );
    expect(users.map((u) => u.userId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(users.map((u) => u.userId)).toEqual(expect.arrayContaining([ids.om1, ids.om3, colleague.id]));
    expect(users.map((u) => u.userId)).not.toContain(ids.payment);
    const roles = users.map((u) => u.userRoleId);
    expect(roles).toEqual([...roles].sort((a, b) => a - b));
  });

  it('retrieveAgents gives the provider’s people of the company', async () => {
    const { agents } = await ok<{ agents: { userId: string; kind: string }[] }>(
      await api('payment', 'GET', 'retrieveAgents', { company: 'C1004' }),
    );
    expect(agents.map((a) => [a.userId, a.kind]).sort()).toEqual(
      [
        [ids.admin, 'account_manager'],
        [ids.care, 'customer_care'],
      ].sort(),
    );
  });

  it('updateManager changes a colleague’s details and role, audited', async () => {
    const response = await api('om1', 'POST', 'updateManager', {
      payload: {
        userId: colleague.id,
        firstName: 'Αλέξανδρος',
        lastName: 'Συνάδελφος',
        phone: '210 600 9999',
        jobTitle: 'Λογιστής',
        userRoleId: 5,
      },
    });
    const { user } = await ok<{ user: Record<string, unknown> }>(response);
    expect(user).toMatchObject({
      userId: colleague.id,
      firstName: 'Αλέξανδρος',
      phone: '+302106009999',
      jobTitle: 'Λογιστής',
      userRoleId: 5,
    });
    const [row] = await query(`select first_name, phone, job_title, role_id from users where id = $1`, [
      colleague.id,
    ]);
    expect(row).toEqual({
      first_name: 'Αλέξανδρος',
      phone: '+302106009999',
      job_title: 'Λογιστής',
      role_id: 5,
    });
    const [audit] = await query<{
      actor_user_id: string;
      company_id: string;
      before: { roleId: number };
      after: { userRoleId: number };
    }>(
      `select actor_user_id, company_id, before, after from audit_log where action = 'user.update-profile' and entity_id = $1 order by id desc limit 1`,
      [colleague.id],
    );
    expect(audit).toMatchObject({
      actor_user_id: ids.om1,
      company_id: 'C1001',
      before: { roleId: 4 },
      after: { userRoleId: 5 },
    });
  });

  it('nobody changes their own role (422), but may change their own details', async () => {
    const [before] = await query(`select role_id from users where id = $1`, [ids.om3]);
    const own = await api('om3', 'POST', 'updateManager', {
      payload: { userId: ids.om3, firstName: 'Γιώργος', lastName: 'Δημητρίου', userRoleId: 4 },
    });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ success: false, errorCode: 10 });
    expect((await query(`select role_id from users where id = $1`, [ids.om3]))[0]).toEqual(before);
    const details = await ok<{ user: { jobTitle: string; userRoleId: number } }>(
      await api('om3', 'POST', 'updateManager', {
        payload: {
          userId: ids.om3,
          firstName: 'Γιώργος',
          lastName: 'Δημητρίου',
          jobTitle: 'Διευθυντής',
          userRoleId: 3,
        },
      }),
    );
    expect(details.user).toMatchObject({ jobTitle: 'Διευθυντής', userRoleId: 3 });
  });

  it('registerProfile invites an unconfirmed colleague of the company by email; an email in use is 409', async () => {
    const payload = {
      email: 'Nea.Synadelfos@Example.GR',
      firstName: 'Νεφέλη',
      lastName: 'Αντωνίου',
      phone: '6977 123 456',
      jobTitle: 'Υπεύθυνη πληρωμών',
      userRoleId: 5,
      preferredLanguage: 'en',
    };
    const { user } = await ok<{ user: Record<string, unknown> }>(
      await api('om1', 'POST', 'registerProfile', { payload }),
    );
    expect(user).toMatchObject({
      email: 'nea.synadelfos@example.gr',
      userRoleId: 5,
      phone: '+306977123456',
      isConfirmed: false,
      isLocked: false,
    });
    const [row] = await query<{ is_confirmed: boolean; password_hash: string | null; companies: string[] }>(
      `select u.is_confirmed, u.password_hash, array_agg(uc.company_id) as companies
         from users u join user_companies uc on uc.user_id = u.id where u.id = $1 group by u.id`,
      [user.userId],
    );
    expect(row).toEqual({ is_confirmed: false, password_hash: null, companies: ['C1001'] });
    const mail = await lastMailTo(ctx, 'nea.synadelfos@example.gr');
    expect(mail!.subject).toBe('Activate your Tessera account');
    expect(tokenOfMail(mail!.text)).toMatch(/^[\w-]{20,}$/);
    // The colleague now shows in the company's list.
    const { users } = await ok<{ users: { userId: string; isConfirmed: boolean }[] }>(
      await api('om3', 'GET', 'userList'),
    );
    expect(users.find((u) => u.userId === user.userId)).toMatchObject({ isConfirmed: false });

    for (const email of [
      'nea.synadelfos@example.gr',
      'NEA.SYNADELFOS@EXAMPLE.GR',
      DEMO_USERS.finance.email,
    ]) {
      const duplicate = await api('om3', 'POST', 'registerProfile', { payload: { ...payload, email } });
      expect(duplicate.statusCode, email).toBe(409);
      expect(duplicate.json()).toMatchObject({ success: false, errorCode: 6 });
    }
    const [count] = await query<{ n: number }>(
      `select count(*)::int as n from users where lower(email) = 'nea.synadelfos@example.gr'`,
    );
    expect(count!.n).toBe(1);
  });

  it('registerProfile mails in Greek by default', async () => {
    await ok(
      await api('admin', 'POST', 'registerProfile', {
        company: 'C1003',
        payload: {
          email: 'neos.xristis@example.gr',
          firstName: 'Στέφανος',
          lastName: 'Ρήγας',
          userRoleId: 3,
        },
      }),
    );
    const mail = await lastMailTo(ctx, 'neos.xristis@example.gr');
    expect(mail!.subject).toBe('Ενεργοποίηση του λογαριασμού σας στην Tessera');
    expect(mail!.text).toContain('Στέφανος');
  });
});

describe('service notifications', () => {
  const STATUS_OF: Record<ServiceNotificationId, (s: Record<string, Record<string, number>>) => number> = {
    expTrc: (s) => s.soonToExpireCards!.plastic!,
    expTrz: (s) => s.soonToExpireCards!.virtual!,
    expSpendeo: (s) => s.spendeo!.soonToExpireCards!,
    expMybenefits: (s) => s.myBenefits!.soonToExpireCards!,
    topUpTrc: (s) => s.readyToTopUpCards!.plastic!,
    topUpTrz: (s) => s.readyToTopUpCards!.virtual!,
    topUpSpendeo: (s) => s.spendeo!.readyToTopUpCards!,
    topUpMybenefits: (s) => s.myBenefits!.readyToTopUpCards!,
  };

  async function notifications(user: DemoUserKey, culture: string, company = 'C1001') {
    return (
      await ok<{ notifications: PortalNotification[] }>(
        await api(user, 'GET', 'retrieveNotifications', { culture, company }),
      )
    ).notifications;
  }

  it('gives one notification per kind with cards to act on, counted as the notification status counts', async () => {
    const status = await ok<Record<string, Record<string, number>>>(
      await api('om3', 'GET', 'notificationStatus'),
    );
    for (const [culture, locale] of [
      ['el-gr', 'el'],
      ['en-us', 'en'],
    ] as const) {
      const list = await notifications('om3', culture);
      const texts = (await ctx.app.services.content.getEntry('notification-texts', locale)) as Record<
        string,
        { title: string; excerpt: string }
      >;
      const expectedIds = SERVICE_NOTIFICATION_IDS.filter((id) => STATUS_OF[id](status) > 0);
      // The fixtures make every kind present.
      expect(expectedIds).toEqual([...SERVICE_NOTIFICATION_IDS]);
      expect(list.map((n) => n.nid)).toEqual(expectedIds);
      for (const notification of list) {
        const id = notification.nid as ServiceNotificationId;
        const count = STATUS_OF[id](status);
        expect(notification.count, id).toBe(count);
        expect(notification.title).toBe(texts[id]!.title);
        expect(notification.excerpt).toBe(texts[id]!.excerpt.replaceAll('{count}', String(count)));
        expect(notification.expiring).toBe(id.startsWith('exp'));
        expect(notification.link.href).toBe(`${locale === 'en' ? '/en' : ''}${notification.link.url}`);
        expect(notification.link.url).toMatch(
          id.startsWith('exp') ? /^\/card-list\?expiringSoon=true&/ : /^\/card-list\?readyToTopUp=true&/,
        );
        expect(notification.read).toBe(false);
      }
      expect(list.find((n) => n.nid === 'expTrc')!.title).toBe(
        locale === 'el' ? 'Κάρτες Ticket Restaurant λήγουν σύντομα' : 'Ticket Restaurant cards expiring soon',
      );
    }
  });

  it('leaves out kinds with nothing to act on', async () => {
    // C1006 has no cards expiring unless the demo gave it some: whatever the status says, the list follows.
    const status = await ok<Record<string, Record<string, number>>>(
      await api('admin', 'GET', 'notificationStatus', { company: 'C1006' }),
    );
    const list = await notifications('admin', 'el-gr', 'C1006');
    expect(list.map((n) => n.nid)).toEqual(
      SERVICE_NOTIFICATION_IDS.filter((id) => STATUS_OF[id](status) > 0),
    );
    expect(list.map((n) => n.count)).toEqual(
      list.map((n) => STATUS_OF[n.nid as ServiceNotificationId](status)),
    );
  });

  it('marks them read for the user who read them, and for nobody else', async () => {
    await ok(
      await api('om3', 'POST', 'notifications/mark-read', {
        payload: { ids: ['expSpendeo', 'topUpMybenefits'] },
      }),
    );
    const mine = await notifications('om3', 'en-us');
    expect(
      mine
        .filter((n) => n.read)
        .map((n) => n.nid)
        .sort(),
    ).toEqual(['expSpendeo', 'topUpMybenefits']);
    const theirs = await notifications('om1', 'en-us');
    expect(theirs.filter((n) => n.read).map((n) => n.nid)).toEqual(
      // om1 read expTrc earlier in this file (per-user routes).
      ['expTrc'],
    );
    const staff = await notifications('care', 'el-gr');
    expect(staff.filter((n) => n.read)).toEqual([]);
  });
});

describe('the ledger', () => {
  it('its invariants hold after everything above', async () => {
    expect(await ctx.app.services.ledger.checkInvariants(ctx.database.db)).toEqual({
      unbalancedTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
    });
  });
});
