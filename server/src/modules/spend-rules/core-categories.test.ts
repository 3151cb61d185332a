import { describe, expect, it } from 'vitest';
import { accountsTestFile } from '../../../test/accounts-helper';
import { statusByUser } from '../../../test/tenant-helper';

const world = accountsTestFile();
const { API, api, ok, query } = world;

const ADMIN_ONLY = { admin: 200, care: 403, om1: 403, om3: 403, finance: 403, payment: 403, merchant: 403 };

describe('core categories (role 1 maintains them, spend rules name them)', () => {
  it('lists them with both names and their MCC codes, for role 1 only', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, async (headers) =>
      world.ctx.app.inject({ method: 'GET', url: `${API}/coreCategoriesAdmin`, headers }),
    );
    expect(statuses).toEqual(ADMIN_ONLY);
    const { coreCategories } = ok<{ coreCategories: { code: string; nameEl: string; mccCodes: string[] }[] }>(
      await api('admin', 'GET', 'coreCategoriesAdmin'),
    );
    expect(coreCategories[0]).toMatchObject({ code: 'food', nameEl: 'Τρόφιμα και σούπερ μάρκετ' });
    expect(coreCategories[0]!.mccCodes).toContain('5411');
  });

  it('adds a category that retrieveCoreCategories then lists and a MyBenefits rule may name', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, async (headers) =>
      world.ctx.app.inject({
        method: 'POST',
        url: `${API}/saveCoreCategory`,
        headers,
        payload: { code: 'pets', nameEl: 'Κατοικίδια', nameEn: 'Pets', mccCodes: ['0742', '5995', '0742'] },
      }),
    );
    expect(statuses).toEqual(ADMIN_ONLY);
    const english = ok<{ coreCategories: { code: string; name: string }[] }>(
      await api('om1', 'GET', 'retrieveCoreCategories', { culture: 'en-us' }),
    );
    expect(english.coreCategories.at(-1)).toEqual({ code: 'pets', name: 'Pets' });
    const [row] = await query<{ mcc_codes: string[] }>(
      `select mcc_codes from core_categories where code = 'pets'`,
    );
    expect(row!.mcc_codes).toEqual(['0742', '5995']);
    const { rule } = ok<{ rule: { name: string } }>(
      await api('om1', 'POST', 'createBenefitsSpendRule', {
        culture: 'el-gr',
        payload: { coreCategory: 'pets', monthlyLimitCents: 5_000 },
      }),
    );
    expect(rule.name).toBe('Κατοικίδια');
    const audits = await query<{ action: string; actor_user_id: string }>(
      `select action, actor_user_id from audit_log where entity = 'core-category' and entity_id = 'pets'`,
    );
    expect(audits).toEqual([{ action: 'core-category.create', actor_user_id: world.ids.admin }]);
  });

  it('renames a category in place, audited with before and after', async () => {
    ok(
      await api('admin', 'POST', 'saveCoreCategory', {
        payload: {
          code: 'fuel',
          nameEl: 'Καύσιμα και φόρτιση',
          nameEn: 'Fuel and charging',
          mccCodes: ['5541', '5542', '5552'],
        },
      }),
    );
    const greek = ok<{ coreCategories: { code: string; name: string }[] }>(
      await api('finance', 'GET', 'retrieveCoreCategories', { company: 'C1002' }),
    );
    expect(greek.coreCategories.find((c) => c.code === 'fuel')?.name).toBe('Καύσιμα και φόρτιση');
    const [audit] = await query<{ before: { nameEl: string }; after: { nameEl: string } }>(
      `select before, after from audit_log where action = 'core-category.update' and entity_id = 'fuel'`,
    );
    expect(audit).toMatchObject({ before: { nameEl: 'Καύσιμα' }, after: { nameEl: 'Καύσιμα και φόρτιση' } });
  });

  it('names the field of a bad category: an MCC code that is not four digits, a code with capitals', async () => {
    const before = await query('select count(*)::int as n from core_categories');
    const mcc = await api('admin', 'POST', 'saveCoreCategory', {
      culture: 'en-us',
      payload: { code: 'books', nameEl: 'Βιβλία', nameEn: 'Books', mccCodes: ['59'] },
    });
    expect(mcc.statusCode).toBe(400);
    expect(mcc.json().fields[0].field).toBe('mccCodes.0');
    const code = await api('admin', 'POST', 'saveCoreCategory', {
      culture: 'el-gr',
      payload: { code: 'Books', nameEl: 'Βιβλία', nameEn: 'Books', mccCodes: ['5942'] },
    });
    expect(code.statusCode).toBe(400);
    expect(code.json().fields[0]).toMatchObject({
      field: 'code',
      message: expect.stringMatching(/[\u0370-\u03ff]/),
    });
    expect(await query('select count(*)::int as n from core_categories')).toEqual(before);
  });
});
