import { completeGreekTaxId } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders } from '../../../test/harness';
import { demoApiClient, demoWorldTestFile, statusByUser } from '../../../test/tenant-helper';

const world = demoWorldTestFile({ env: { RATE_LIMIT_MAX: '100000', LEAD_RATE_LIMIT: '1000' } });
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);

let serial = 0;
const freshVat = () => completeGreekTaxId(`6${String(++serial).padStart(7, '0')}`);

const form = (overrides: Record<string, unknown> = {}) => ({
  kind: 'client',
  companyName: 'Αστέρας Logistics Α.Ε.',
  vat: freshVat(),
  contactName: 'Μαρία Παπαδοπούλου',
  email: 'maria@asteras.gr',
  phone: '210 123 4567',
  size: 120,
  message: 'Θα θέλαμε προσφορά για κάρτες σίτισης.',
  consent: true,
  website: '',
  ...overrides,
});

async function submit(payload: object, culture = 'el-gr') {
  return world.ctx.app.inject({
    method: 'POST',
    url: '/api/content/leads',
    headers: { ...(await csrfHeaders(world.ctx.app)), culture },
    payload,
  });
}

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}
const leadCount = async () => (await query<{ n: number }>('select count(*)::int as n from leads'))[0]!.n;

describe('the public lead forms', () => {
  it('store the lead, mail it to the sales inbox and acknowledge it to the visitor in their language', async () => {
    const response = await submit(form({ email: 'Visitor@Example.gr' }), 'en-us');
    expect(response.statusCode, response.body).toBe(200);
    const { reference } = response.json<{ reference: string }>();
    expect(reference).toMatch(/^LD-\d{8}-[0-9A-F]{6}$/);
    const [lead] = await query<{
      kind: string;
      status: string;
      email: string;
      phone: string;
      locale: string;
    }>('select kind, status, email, phone, locale from leads where reference = $1', [reference]);
    expect(lead).toEqual({
      kind: 'client',
      status: 'new',
      email: 'visitor@example.gr',
      phone: '+302101234567',
      locale: 'en',
    });
    const mails = await query<{ to: string; subject: string; text: string }>(
      'select "to", subject, text from mail_outbox where subject like $1',
      [`%${reference}%`],
    );
    const sales = mails.find((mail) => mail.to === world.ctx.config.SALES_EMAIL);
    expect(world.ctx.config.SALES_EMAIL).toBe('sales@tessera.demo');
    expect(sales?.text).toContain('Αστέρας Logistics Α.Ε.');
    expect(sales?.text).toContain('Αριθμός εργαζομένων: 120');
    const receipt = mails.find((mail) => mail.to === 'visitor@example.gr');
    expect(receipt?.subject).toBe(`We received your request (${reference})`);
  });

  it.each([
    ['el', 'el-gr', /[\u0370-\u03ff]/],
    ['en', 'en-us', /^[\x20-\x7e]+$/],
  ])('name the VAT field when its check digit is wrong (%s)', async (_locale, culture, script) => {
    const before = await leadCount();
    const valid = freshVat();
    const response = await submit(
      form({ vat: `${valid.slice(0, 8)}${(Number(valid[8]) + 3) % 10}` }),
      culture,
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errorCode: number; fields: { field: string; message: string }[] }>();
    expect(body.errorCode).toBe(2);
    expect(body.fields.map((f) => f.field)).toEqual(['vat']);
    expect(body.fields[0]!.message).toMatch(script);
    expect(await leadCount()).toBe(before);
  });

  it('refuse a form without consent, a phone or an email, naming each field', async () => {
    const response = await submit(form({ consent: false, phone: '12', email: 'no' }), 'en-us');
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ fields: { field: string }[] }>().fields.map((f) => f.field);
    expect(fields.sort()).toEqual(['consent', 'email', 'phone']);
  });

  it('keep nothing and mail nothing when the honeypot is filled, answering as usual', async () => {
    const before = await leadCount();
    const mailsBefore = (await query<{ n: number }>('select count(*)::int as n from mail_outbox'))[0]!.n;
    const response = await submit(form({ website: 'http://spam.example' }));
    expect(response.statusCode).toBe(200);
    expect(await leadCount()).toBe(before);
    expect((await query<{ n: number }>('select count(*)::int as n from mail_outbox'))[0]!.n).toBe(
      mailsBefore,
    );
  });

  it('are rate-limited per client address', async () => {
    const ctx = await createTestApp({ env: { LEAD_RATE_LIMIT: '2' } });
    try {
      const send = async () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/content/leads',
          headers: await csrfHeaders(ctx.app),
          payload: form(),
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, errorCode: 7 });
    } finally {
      await ctx.close();
    }
  });
});

describe('the leads of the back office (role 1)', () => {
  it('lists leads by kind and status, newest first', async () => {
    await submit(form({ kind: 'merchant', companyName: 'Φούρνος Γωνία', size: 3 }));
    const { leads, total } = ok<{ leads: { kind: string; companyName: string }[]; total: number }>(
      await api('admin', 'POST', 'listLeads', { payload: { kind: 'merchant', status: 'new' } }),
    );
    expect(total).toBe(leads.length);
    expect(leads.every((lead) => lead.kind === 'merchant')).toBe(true);
    expect(leads[0]!.companyName).toBe('Φούρνος Γωνία');
  });

  it('are refused to every role but the provider manager', async () => {
    const [lead] = await query<{ id: string }>(`select id from leads order by created_at limit 1`);
    for (const [route, payload] of [
      ['listLeads', {}],
      ['getLead', { leadId: lead!.id }],
    ] as const) {
      const statuses = await statusByUser(world.ctx, world.ids, async (headers) =>
        world.ctx.app.inject({ method: 'POST', url: `/api/v1/accounts/${route}`, headers, payload }),
      );
      expect(statuses, route).toEqual({
        admin: 200,
        care: 403,
        om1: 403,
        om3: 403,
        finance: 403,
        payment: 403,
        merchant: 403,
      });
    }
    for (const route of ['rejectLead', 'convertLeadToMerchant']) {
      const statuses = await statusByUser(world.ctx, world.ids, async (headers) =>
        world.ctx.app.inject({
          method: 'POST',
          url: `/api/v1/accounts/${route}`,
          headers,
          payload: {
            leadId: '00000000-0000-4000-8000-000000000000',
            iban: 'GR1601101250000000012300695',
            feeBasisPoints: 150,
          },
        }),
      );
      // Role 1 reaches the service (an unknown lead); everyone else is stopped first.
      expect(statuses, route).toEqual({
        admin: 404,
        care: 403,
        om1: 403,
        om3: 403,
        finance: 403,
        payment: 403,
        merchant: 403,
      });
    }
  });

  it('rejects a lead once, audited', async () => {
    const { reference } = (await submit(form())).json<{ reference: string }>();
    const [lead] = await query<{ id: string }>('select id from leads where reference = $1', [reference]);
    const { lead: rejected } = ok<{ lead: { status: string; decidedAt: string } }>(
      await api('admin', 'POST', 'rejectLead', { payload: { leadId: lead!.id } }),
    );
    expect(rejected.status).toBe('rejected');
    expect((await api('admin', 'POST', 'rejectLead', { payload: { leadId: lead!.id } })).statusCode).toBe(
      409,
    );
    const audits = await query<{ actor_user_id: string }>(
      `select actor_user_id from audit_log where action = 'lead.reject' and entity_id = $1`,
      [lead!.id],
    );
    expect(audits).toEqual([{ actor_user_id: world.ids.admin }]);
  });

  it('turns a merchant lead into a merchant without stores, naming it on the lead', async () => {
    const vat = freshVat();
    const { reference } = (
      await submit(form({ kind: 'merchant', companyName: 'Καφέ Ορίζων', vat, size: 2 }))
    ).json<{
      reference: string;
    }>();
    const [lead] = await query<{ id: string }>('select id from leads where reference = $1', [reference]);

    const bad = await api('admin', 'POST', 'convertLeadToMerchant', {
      culture: 'en-us',
      payload: { leadId: lead!.id, iban: 'DE89370400440532013000', feeBasisPoints: 150 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('iban');

    const { lead: converted } = ok<{ lead: { status: string; convertedTo: string } }>(
      await api('admin', 'POST', 'convertLeadToMerchant', {
        payload: { leadId: lead!.id, iban: 'GR16 0110 1250 0000 0001 2300 695', feeBasisPoints: 150 },
      }),
    );
    expect(converted.status).toBe('converted');
    const merchantId = converted.convertedTo.replace('merchant:', '');
    const [merchant] = await query<{
      legal_name: string;
      vat_number: string;
      iban: string;
      fee_plan: object;
    }>('select legal_name, vat_number, iban, fee_plan from merchants where id = $1', [merchantId]);
    expect(merchant).toMatchObject({
      legal_name: 'Καφέ Ορίζων',
      vat_number: vat,
      iban: 'GR1601101250000000012300695',
    });
    expect(merchant!.fee_plan).toMatchObject({ TICKET_RESTAURANT: 150 });
    const again = await api('admin', 'POST', 'convertLeadToMerchant', {
      payload: { leadId: lead!.id, iban: 'GR1601101250000000012300695', feeBasisPoints: 150 },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to turn a client lead into a merchant', async () => {
    const { reference } = (await submit(form())).json<{ reference: string }>();
    const [lead] = await query<{ id: string }>('select id from leads where reference = $1', [reference]);
    const response = await api('admin', 'POST', 'convertLeadToMerchant', {
      payload: { leadId: lead!.id, iban: 'GR1601101250000000012300695', feeBasisPoints: 150 },
    });
    expect(response.statusCode).toBe(409);
    expect(
      (await query<{ status: string }>('select status from leads where id = $1', [lead!.id]))[0]!.status,
    ).toBe('new');
  });
});
