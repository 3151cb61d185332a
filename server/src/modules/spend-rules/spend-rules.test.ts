import { CORE_CATEGORIES } from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountsTestFile,
  COMPANIES,
  inBothLanguages,
  refusesBadInput,
  WRITE_EXPECTATION,
  type BadInput,
} from '../../../test/accounts-helper';
import { COMPANY_SCOPED_EXPECTATION, tenantMatrix, type TenantStatuses } from '../../../test/tenant-helper';

const world = accountsTestFile();
const { API, api, ok, query, countsByCompany, state } = world;

/** Catalogues that are no company's data: every company user, never merchants. */
const CATALOGUE_EXPECTATION: TenantStatuses = {
  ...COMPANY_SCOPED_EXPECTATION,
  om1: { own: 200, foreign: 200 },
  om3: { own: 200, foreign: 200 },
  finance: { own: 200, foreign: 200 },
  payment: { own: 200, foreign: 200 },
};

/** Spend rules made for the deleteSpendRule matrix, taken one per call. */
const spareRules: Record<string, string[]> = {};

beforeAll(async () => {
  for (const companyId of COMPANIES) {
    const rules = await query<{ id: string }>(
      `insert into spend_rules (company_id, product, name, target, period, limit_cents)
       select $1, 'SPENDEO', 'Για διαγραφή ' || n, '{"kind":"period"}', 'day', 1000 from generate_series(1, 8) n
       returning id`,
      [companyId],
    );
    spareRules[companyId] = rules.map((row) => row.id);
  }
});

describe('tenant scope of every spend rule route', () => {
  it.each([
    ['GET', 'retrieveCompanySpendRules', undefined],
    ['GET', 'retrieveMyBenefitsRules', undefined],
  ] as const)('%s %s answers every role for its own company only', async (method, route, payload) => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method,
      url: `${API}/${route}`,
      ...(payload ? { payload } : {}),
    });
    expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('GET retrieveCoreCategories is a catalogue: every company user, no merchant', async () => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method: 'GET',
      url: `${API}/retrieveCoreCategories`,
    });
    expect(matrix).toEqual(CATALOGUE_EXPECTATION);
  });

  it('POST createSpendRule: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
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
    const matrix = await tenantMatrix(world.ctx, world.ids, {
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
    const matrix = await tenantMatrix(world.ctx, world.ids, {
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
});

describe('bad input answers 400 naming the field, in the request’s language', () => {
  const cases: BadInput[] = [
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
  ];

  it.each(inBothLanguages(cases))(
    '$route with $what ($locale)',
    refusesBadInput(() => world.ctx, api, state),
  );

  it('shows the catalogue’s exact text for a spend limit below the minimum', async () => {
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
      createdBy: world.ids.om1,
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

describe('the ledger', () => {
  it('its invariants hold after everything above', async () => {
    expect(await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db)).toEqual({
      unbalancedTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
    });
  });
});
