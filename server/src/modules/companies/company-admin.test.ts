import { completeGreekTaxId, type Locale } from '@tessera/domain';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountsTestFile } from '../../../test/accounts-helper';
import { PROVIDER_ONLY_EXPECTATION, statusByUser } from '../../../test/tenant-helper';
import type { ValidationKey } from '../../platform/errors';

const world = accountsTestFile();
const { API, api, ok, query } = world;

let serial = 0;
/** A valid AFM no demo company has: eight fresh digits and their check digit. */
const freshVat = () => completeGreekTaxId(`7${String(++serial).padStart(7, '0')}`);

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ωμέγα Τροφοδοσία Α.Ε.',
  address: { street: 'Λεωφόρος Κηφισίας', streetNumber: '120', postalCode: '115 26', city: 'Αθήνα' },
  products: ['TICKET_RESTAURANT', 'SPENDEO'],
  pricing: {
    cardFeeCents: { plastic: 300, virtual: 90, spendeo: 450, mybenefits: 400 },
    serviceFeeBasisPoints: 120,
    deliveryFeeCents: 500,
  },
  approvalThresholdCents: 500_000,
  ...overrides,
});

/** A 400 naming `field` with the catalogue's `key`, in `locale`. */
async function expectFieldError(
  response: LightMyRequestResponse,
  field: string,
  key: ValidationKey,
  locale: Locale,
): Promise<void> {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ errorCode: number; fields: { field: string; message: string }[] }>();
  expect(body.errorCode).toBe(2);
  const message = await world.ctx.app.services.content.catalogue().validationMessage(key, locale);
  expect(message).toBeTruthy();
  expect(body.fields).toContainEqual({ field, message });
  expect(/[\u0370-\u03ff]/.test(message!)).toBe(locale === 'el');
}

const culture = (locale: Locale) => (locale === 'el' ? 'el-gr' : 'en-us');
const companyCount = async () =>
  (await query<{ n: number }>('select count(*)::int as n from companies'))[0]!.n;

describe('creating a company (role 1)', () => {
  it('creates it with the next customer number, its settings and approval threshold, audited', async () => {
    const vat = freshVat();
    const { company } = ok<{ company: Record<string, unknown> }>(
      await api('admin', 'POST', 'createCompany', { payload: { ...settings(), vat } }),
    );
    expect(company).toMatchObject({
      companyId: 'C1007',
      vat,
      name: 'Ωμέγα Τροφοδοσία Α.Ε.',
      address: { street: 'Λεωφόρος Κηφισίας', streetNumber: '120', postalCode: '11526', city: 'Αθήνα' },
      products: ['SPENDEO', 'TICKET_RESTAURANT'],
      approvalThresholdCents: 500_000,
      isActive: true,
    });
    const [audit] = await query<{ actor_user_id: string; company_id: string }>(
      `select actor_user_id, company_id from audit_log where action = 'company.create' and entity_id = 'C1007'`,
    );
    expect(audit).toEqual({ actor_user_id: world.ids.admin, company_id: 'C1007' });
    // The provider's search finds it by its VAT number.
    const search = ok<{ companies: { companyId: string }[] }>(
      await api('care', 'POST', 'searchCompany', { payload: { query: vat } }),
    );
    expect(search.companies.map((c) => c.companyId)).toEqual(['C1007']);
  });

  it('is refused to every role but the provider manager', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, async (headers) =>
      world.ctx.app.inject({
        method: 'POST',
        url: `${API}/createCompany`,
        headers,
        payload: { ...settings(), vat: freshVat() },
      }),
    );
    expect(statuses).toEqual({ ...PROVIDER_ONLY_EXPECTATION, care: 403 });
  });

  it.each(['el', 'en'] as const)('names the VAT field when its check digit is wrong (%s)', async (locale) => {
    const before = await companyCount();
    const valid = freshVat();
    const wrong = `${valid.slice(0, 8)}${(Number(valid[8]) + 1) % 10}`;
    const response = await api('admin', 'POST', 'createCompany', {
      culture: culture(locale),
      payload: { ...settings(), vat: wrong },
    });
    await expectFieldError(response, 'vat', 'invalidTaxId', locale);
    expect(await companyCount()).toBe(before);
  });

  it.each(['el', 'en'] as const)('names the VAT field when another company has it (%s)', async (locale) => {
    const before = await companyCount();
    const response = await api('admin', 'POST', 'createCompany', {
      culture: culture(locale),
      payload: { ...settings(), vat: '094019245' },
    });
    await expectFieldError(response, 'vat', 'vatTaken', locale);
    expect(await companyCount()).toBe(before);
  });

  it('names the postal code and the products when they are wrong', async () => {
    const response = await api('admin', 'POST', 'createCompany', {
      culture: 'en-us',
      payload: {
        ...settings({ products: [] }),
        address: { street: 'Ερμού', streetNumber: '1', postalCode: '0123', city: 'Αθήνα' },
        vat: freshVat(),
      },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ fields: { field: string }[] }>().fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['address.postalCode', 'products']));
  });

  it('turns a new client lead into the company and marks it converted, once', async () => {
    const vat = freshVat();
    const [lead] = await query<{ id: string }>(
      `insert into leads (reference, kind, company_name, vat, contact_name, email, phone, size, locale)
       values ('LD-TEST-1', 'client', 'Λέων Α.Ε.', $1, 'Ελένη Π.', 'eleni@example.gr', '+302101234567', 40, 'el')
       returning id`,
      [vat],
    );
    const { company } = ok<{ company: { companyId: string } }>(
      await api('admin', 'POST', 'createCompany', {
        payload: { ...settings({ name: 'Λέων Α.Ε.' }), vat, leadId: lead!.id },
      }),
    );
    const [stored] = await query<{ status: string; converted_to: string; decided_by: string }>(
      'select status, converted_to, decided_by from leads where id = $1',
      [lead!.id],
    );
    expect(stored).toEqual({
      status: 'converted',
      converted_to: `company:${company.companyId}`,
      decided_by: world.ids.admin,
    });
    const before = await companyCount();
    const again = await api('admin', 'POST', 'createCompany', {
      payload: { ...settings(), vat: freshVat(), leadId: lead!.id },
    });
    expect(again.statusCode).toBe(409);
    expect(await companyCount()).toBe(before);
  });
});

describe('editing a company (roles 1 and 2)', () => {
  it('reads and changes the settings, keeping the VAT number, audited with before and after', async () => {
    const read = ok<{ company: { vat: string } }>(
      await api('care', 'POST', 'getCompanyAdmin', { payload: { companyId: 'C1004' } }),
    );
    const { company } = ok<{ company: Record<string, unknown> }>(
      await api('care', 'POST', 'updateCompany', {
        payload: {
          ...settings({ name: 'Νέα Επωνυμία Α.Ε.', approvalThresholdCents: null }),
          companyId: 'C1004',
        },
      }),
    );
    expect(company).toMatchObject({
      companyId: 'C1004',
      vat: read.company.vat,
      name: 'Νέα Επωνυμία Α.Ε.',
      approvalThresholdCents: null,
    });
    const [audit] = await query<{ actor_user_id: string; before: { name: string }; after: { name: string } }>(
      `select actor_user_id, before, after from audit_log where action = 'company.update' and entity_id = 'C1004'`,
    );
    expect(audit!.actor_user_id).toBe(world.ids.care);
    expect(audit!.after.name).toBe('Νέα Επωνυμία Α.Ε.');
    expect(audit!.before.name).not.toBe('Νέα Επωνυμία Α.Ε.');
  });

  it('is open to provider staff only', async () => {
    for (const route of ['getCompanyAdmin', 'updateCompany']) {
      const statuses = await statusByUser(world.ctx, world.ids, async (headers) =>
        world.ctx.app.inject({
          method: 'POST',
          url: `${API}/${route}`,
          headers,
          payload:
            route === 'getCompanyAdmin' ? { companyId: 'C1005' } : { ...settings(), companyId: 'C1005' },
        }),
      );
      expect(statuses, route).toEqual(PROVIDER_ONLY_EXPECTATION);
    }
  });

  it('answers 404 for an unknown company and names a bad postal code', async () => {
    expect(
      (await api('admin', 'POST', 'getCompanyAdmin', { payload: { companyId: 'C9999' } })).statusCode,
    ).toBe(404);
    const response = await api('admin', 'POST', 'updateCompany', {
      culture: 'el-gr',
      payload: {
        ...settings({ address: { street: 'Ερμού', streetNumber: '1', postalCode: '9', city: 'Αθήνα' } }),
        companyId: 'C1005',
      },
    });
    await expectFieldError(response, 'address.postalCode', 'invalidPostalCode', 'el');
  });
});

describe('deactivating a company (role 1)', () => {
  it('gives its users code 135 on their next call, hides it from their selection, and comes back', async () => {
    ok(await api('om3', 'GET', 'contracts', { company: 'C1003' }));
    const deactivated = ok<{ company: { isActive: boolean; deactivationReason: string } }>(
      await api('admin', 'POST', 'deactivateCompany', {
        payload: { companyId: 'C1003', reason: 'Λήξη συνεργασίας' },
      }),
    );
    expect(deactivated.company).toMatchObject({ isActive: false, deactivationReason: 'Λήξη συνεργασίας' });

    const next = await api('om3', 'GET', 'contracts', { company: 'C1003' });
    expect(next.statusCode).toBe(403);
    expect(next.json()).toMatchObject({ success: false, errorCode: 135 });
    const related = ok<{ companies: { companyId: string }[] }>(await api('om3', 'GET', 'relatedCompanies'));
    expect(related.companies.map((c) => c.companyId)).toEqual(expect.not.arrayContaining(['C1003']));
    // Staff still find it, marked, and can open its settings to reactivate it.
    const search = ok<{ companies: { companyId: string; isActive?: boolean }[] }>(
      await api('admin', 'POST', 'searchCompany', { payload: { query: 'C1003' } }),
    );
    expect(search.companies).toEqual([expect.objectContaining({ companyId: 'C1003', isActive: false })]);
    ok(await api('care', 'POST', 'getCompanyAdmin', { payload: { companyId: 'C1003' } }));
    // Its other companies still work.
    ok(await api('om3', 'GET', 'contracts', { company: 'C1002' }));

    const [audit] = await query<{ actor_user_id: string; after: { reason: string } }>(
      `select actor_user_id, after from audit_log where action = 'company.deactivate' and entity_id = 'C1003'`,
    );
    expect(audit).toEqual({
      actor_user_id: world.ids.admin,
      after: { isActive: false, reason: 'Λήξη συνεργασίας' },
    });

    expect(
      (
        await api('admin', 'POST', 'deactivateCompany', {
          payload: { companyId: 'C1003', reason: 'Ξανά τώρα' },
        })
      ).statusCode,
    ).toBe(409);
    ok(
      await api('admin', 'POST', 'reactivateCompany', {
        payload: { companyId: 'C1003', reason: 'Νέα σύμβαση' },
      }),
    );
    ok(await api('om3', 'GET', 'contracts', { company: 'C1003' }));
  });

  it('is refused to every role but the provider manager, and needs a reason', async () => {
    for (const route of ['deactivateCompany', 'reactivateCompany']) {
      const statuses = await statusByUser(world.ctx, world.ids, async (headers) =>
        world.ctx.app.inject({
          method: 'POST',
          url: `${API}/${route}`,
          headers,
          payload: { companyId: 'C1005', reason: 'Έλεγχος δικαιωμάτων' },
        }),
      );
      // The admin's deactivation succeeds, then its reactivation does.
      expect(statuses, route).toEqual({ ...PROVIDER_ONLY_EXPECTATION, care: 403 });
    }
    const response = await api('admin', 'POST', 'deactivateCompany', {
      culture: 'en-us',
      payload: { companyId: 'C1005', reason: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].field).toBe('reason');
  });
});

describe('a company’s pricing settings', () => {
  it('price its orders where no contract of the product says otherwise', async () => {
    // A new company has no contracts yet (every demo company has one per product).
    const { company } = ok<{ company: { companyId: string } }>(
      await api('admin', 'POST', 'createCompany', {
        payload: {
          ...settings({
            pricing: {
              cardFeeCents: { plastic: 777, virtual: 100, spendeo: 500, mybenefits: 450 },
              serviceFeeBasisPoints: 300,
              deliveryFeeCents: 999,
            },
          }),
          vat: freshVat(),
        },
      }),
    );
    const { price } = ok<{ price: { cardFeesCents: number; serviceFeesCents: number } }>(
      await api('admin', 'POST', '/api/v1/orders/orderPriceCalculation', {
        company: company.companyId,
        payload: {
          orderType: 'NEW',
          product: 'VOUCHER',
          family: 'plastic',
          lines: [{ tempCardId: 't1', amountCents: 10_000 }],
        },
      }),
    );
    expect(price).toMatchObject({ cardFeesCents: 777, serviceFeesCents: 300 });
  });
});

describe('a company’s products', () => {
  it('refuse a draft order of a product the company may not order, naming the field', async () => {
    ok(
      await api('admin', 'POST', 'updateCompany', {
        payload: { ...settings({ products: ['TICKET_RESTAURANT'] }), companyId: 'C1006' },
      }),
    );
    const response = await api('admin', 'POST', '/api/v1/orders/saveDraftOrder', {
      company: 'C1006',
      culture: 'en-us',
      payload: {
        reason: 'new-card',
        orderType: 'NEW',
        product: 'SPENDEO',
        family: 'spendeo',
        cards: [],
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'product', message: 'Choose one of the available options.' },
    ]);
  });
});
