import { describe, expect, it } from 'vitest';
import { csrfHeaders } from '../../../test/harness';
import {
  COMPANY_SCOPED_EXPECTATION,
  DEMO_COMPANIES,
  demoWorldTestFile,
  PROVIDER_ONLY_EXPECTATION,
  statusByUser,
  sessionHeaders,
  tenantMatrix,
} from '../../../test/tenant-helper';
import { createCompany, createUser, greekVat } from '../../db/seed/factories';
import { demoLogins, seedDemo } from '../../db/seed/demo';

const world = demoWorldTestFile();

async function post(url: string, payload: unknown, headers: Record<string, string>) {
  return world.ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

describe('company lookup and selection (tenant scope)', () => {
  it.each(['/api/v1/accounts/getCompanyById', '/api/v1/accounts/selectCompany'])(
    '%s answers every role for its own company and refuses foreign ones',
    async (url) => {
      const matrix = await tenantMatrix(world.ctx, world.ids, {
        method: 'POST',
        url,
        payload: (companyId) => ({ companyId }),
      });
      expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
    },
  );

  it('returns name and vat of the company (SPEC §7 lookup)', async () => {
    const response = await post(
      '/api/v1/accounts/getCompanyById',
      { companyId: 'C1001' },
      await sessionHeaders(world.ctx, world.ids.om1),
    );
    expect(response.json()).toMatchObject({
      success: true,
      companyId: 'C1001',
      name: 'Ακμή Τροφίμων Α.Ε.',
      vat: DEMO_COMPANIES[0].vat,
      address: 'Λεωφόρος Κηφισίας 124, 115 26 Αθήνα',
    });
  });

  it('reads and changes nothing for a foreign company', async () => {
    const headers = await sessionHeaders(world.ctx, world.ids.om3, { companyId: 'C1002' });
    const response = await post('/api/v1/accounts/selectCompany', { companyId: 'C1004' }, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, errorCode: 4 });
    expect(response.body).not.toContain('Κρόνος');
    const session = (await world.ctx.app.inject({ url: '/api/auth/session', headers })).json();
    expect(session.companyId).toBe('C1002');
  });

  it('remembers the selected company in the session', async () => {
    const headers = await sessionHeaders(world.ctx, world.ids.om3);
    await post('/api/v1/accounts/selectCompany', { companyId: 'C1003' }, headers);
    expect((await world.ctx.app.inject({ url: '/api/auth/session', headers })).json().companyId).toBe(
      'C1003',
    );
  });

  it('writes an audit entry when provider staff act for a company, and none for company users', async () => {
    const care = await sessionHeaders(world.ctx, world.ids.care);
    await post('/api/v1/accounts/selectCompany', { companyId: 'C1005' }, care);
    await post('/api/v1/accounts/getCompanyById', { companyId: 'C1005' }, care);
    const om = await sessionHeaders(world.ctx, world.ids.om1);
    await post('/api/v1/accounts/selectCompany', { companyId: 'C1001' }, om);
    const { rows } = await world.ctx.database.pool.query(
      `select actor_user_id, company_id, action from audit_log where action = 'company.act' and (company_id = 'C1005' or actor_user_id = $1)`,
      [world.ids.om1],
    );
    expect(rows).toEqual([{ actor_user_id: world.ids.care, company_id: 'C1005', action: 'company.act' }]);
  });

  it('answers code 135 when the session’s company is gone or no longer related', async () => {
    const gone = await createCompany(world.ctx.database.db);
    const user = await createUser(world.ctx.database.db, { companyIds: [gone.id, 'C1001'] });
    const headers = await sessionHeaders(world.ctx, user.id, { companyId: gone.id });
    await world.ctx.app.services.companies.deleteCompany(gone.id);
    const response = await post('/api/v1/accounts/getCompanyById', { companyId: gone.id }, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe(135);

    const unrelated = await createUser(world.ctx.database.db, { companyIds: ['C1001', 'C1002'] });
    const unrelatedHeaders = await sessionHeaders(world.ctx, unrelated.id, { companyId: 'C1002' });
    await world.ctx.database.pool.query(
      `delete from user_companies where user_id = $1 and company_id = 'C1002'`,
      [unrelated.id],
    );
    expect(
      (await post('/api/v1/accounts/getCompanyById', { companyId: 'C1002' }, unrelatedHeaders)).json()
        .errorCode,
    ).toBe(135);

    const care = await sessionHeaders(world.ctx, world.ids.care, { companyId: 'C4040' });
    expect(
      (await post('/api/v1/accounts/getCompanyById', { companyId: 'C4040' }, care)).json().errorCode,
    ).toBe(135);
  });

  it('needs a session', async () => {
    const response = await post(
      '/api/v1/accounts/getCompanyById',
      { companyId: 'C1001' },
      await csrfHeaders(world.ctx.app),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe(3);
  });
});

describe('company search for provider staff (/all-companies)', () => {
  it('finds companies by name without accents, by VAT and by id, a page at a time', async () => {
    const admin = await sessionHeaders(world.ctx, world.ids.admin);
    const byName = await post('/api/v1/accounts/searchCompany', { query: 'ακμη τροφιμων' }, admin);
    expect(byName.json()).toMatchObject({
      success: true,
      total: 1,
      companies: [{ companyId: 'C1001', name: 'Ακμή Τροφίμων Α.Ε.' }],
    });
    const byVat = await post('/api/v1/accounts/searchCompany', { query: DEMO_COMPANIES[2].vat }, admin);
    expect(byVat.json().companies.map((c: { companyId: string }) => c.companyId)).toEqual(['C1003']);
    const byId = await post('/api/v1/accounts/searchCompany', { query: 'c1004' }, admin);
    expect(byId.json().companies.map((c: { companyId: string }) => c.companyId)).toEqual(['C1004']);
    const page = await post('/api/v1/accounts/searchCompany', { query: 'C10', page: 2, pageSize: 4 }, admin);
    expect(page.json()).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page.json().companies).toHaveLength(2);
    expect((await post('/api/v1/accounts/searchCompany', { query: '100%' }, admin)).json().total).toBe(0);
  });

  it('is open to roles 1 and 2 only', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
      post('/api/v1/accounts/searchCompany', {}, headers),
    );
    expect(statuses).toEqual(PROVIDER_ONLY_EXPECTATION);
  });
});

describe('related companies and lookups by world.ids', () => {
  it('lists the user’s related companies for /company-select', async () => {
    const response = await world.ctx.app.inject({
      url: '/api/v1/accounts/relatedCompanies',
      headers: await sessionHeaders(world.ctx, world.ids.om3),
    });
    expect(
      response
        .json()
        .companies.map((c: { companyId: string }) => c.companyId)
        .sort(),
    ).toEqual(['C1001', 'C1002', 'C1003']);
    const admin = await world.ctx.app.inject({
      url: '/api/v1/accounts/relatedCompanies',
      headers: await sessionHeaders(world.ctx, world.ids.admin),
    });
    expect(admin.json()).toEqual({ success: true, companies: [] });
    const merchant = await world.ctx.app.inject({
      url: '/api/v1/accounts/relatedCompanies',
      headers: await sessionHeaders(world.ctx, world.ids.merchant),
    });
    expect(merchant.statusCode).toBe(403);
  });

  it('returns companies by world.ids, only the user’s own for company roles', async () => {
    const om3 = await sessionHeaders(world.ctx, world.ids.om3);
    expect(
      (await post('/api/v1/accounts/getCompaniesByIds', { companyIds: ['C1001', 'C1003'] }, om3)).json()
        .companies,
    ).toHaveLength(2);
    expect(
      (await post('/api/v1/accounts/getCompaniesByIds', { companyIds: ['C1001', 'C1006'] }, om3)).statusCode,
    ).toBe(403);
    const care = await sessionHeaders(world.ctx, world.ids.care);
    expect(
      (await post('/api/v1/accounts/getCompaniesByIds', { companyIds: ['C1006', 'C1005'] }, care)).json()
        .companies,
    ).toHaveLength(2);
  });
});

describe('demo seed', () => {
  it('does nothing when users exist and lists one login per demo role', async () => {
    const again = await seedDemo(world.ctx.database);
    expect(again.seeded).toBe(false);
    expect(demoLogins()).toHaveLength(7);
    const { rows } = await world.ctx.database.pool.query<{ total: number }>(
      'select count(*)::int as total from companies where id like $1',
      ['C10%'],
    );
    expect(rows[0]!.total).toBe(6);
  });

  it('gives demo companies valid Greek VAT numbers', () => {
    for (const company of DEMO_COMPANIES) expect(greekVat(company.vat.slice(0, 8))).toBe(company.vat);
    expect(greekVat('09401924')).toMatch(/^\d{9}$/);
  });
});
