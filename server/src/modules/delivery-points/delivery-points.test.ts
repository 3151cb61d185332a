import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountsTestFile,
  inBothLanguages,
  refusesBadInput,
  WRITE_EXPECTATION,
  type BadInput,
} from '../../../test/accounts-helper';
import { COMPANY_SCOPED_EXPECTATION, tenantMatrix } from '../../../test/tenant-helper';

const world = accountsTestFile();
const { API, api, ok, query, countsByCompany, state, firstPoints } = world;

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

let firstPoint: Record<string, string>;

beforeAll(async () => {
  firstPoint = await firstPoints();
});

describe('tenant scope of every delivery point route', () => {
  it.each([
    ['GET', 'getCompanyDeliveryPoints', undefined],
    ['POST', 'searchDeliveryPoints', () => ({})],
    [
      'POST',
      'retrieveDeliveryPointById',
      (companyId: string) => ({ deliveryPointId: firstPoint[companyId] }),
    ],
  ] as const)('%s %s answers every role for its own company only', async (method, route, payload) => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method,
      url: `${API}/${route}`,
      ...(payload ? { payload } : {}),
    });
    expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('POST createDeliveryPoint: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
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
    const matrix = await tenantMatrix(world.ctx, world.ids, {
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
});

describe('bad input answers 400 naming the field, in the request’s language', () => {
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
  ];

  it.each(inBothLanguages(cases))(
    '$route with $what ($locale)',
    refusesBadInput(() => world.ctx, api, state),
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
      created_by: world.ids.om1,
    });
    const [audit] = await query<{ after: Record<string, string>; actor_user_id: string; company_id: string }>(
      `select after, actor_user_id, company_id from audit_log where action = 'delivery-point.create' and entity_id = $1`,
      [deliveryPoint.deliveryPointId],
    );
    expect(audit).toMatchObject({
      actor_user_id: world.ids.om1,
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

describe('the ledger', () => {
  it('its invariants hold after everything above', async () => {
    expect(await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db)).toEqual({
      unbalancedTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
    });
  });
});
