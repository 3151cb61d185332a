import { randomUUID } from 'node:crypto';
import {
  completeGreekTaxId,
  CustomerInvoicesResponseSchema,
  OrderInvoicesResponseSchema,
  ROLE,
  type CustomerInvoice,
  type DraftCard,
} from '@tessera/domain';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestMerchant, linkMerchantUser } from '../../../test/merchant-helper';
import { pdfText } from '../../../test/pdf-text';
import {
  DEMO_ROLE_KEYS,
  DEMO_USERS,
  demoWorldTestFile,
  sessionHeaders,
  type DemoUserKey,
} from '../../../test/tenant-helper';
import { validateMydataXml } from './mydata/xsd';

/**
 * Issue 37 §4: a company's and a merchant's own invoices and credit notes through the routes —
 * lists, an order's documents, PDF, myDATA XML and the accountant's spreadsheet — each answered
 * only to the customer's users (order managers and finance users of the company; the merchant's
 * users) and provider staff, with another company 403 and another customer's document 404, on
 * every route.
 */

const world = demoWorldTestFile({ timeoutMs: 300_000 });
const ORDERS = '/api/v1/orders';
const MERCHANTS = '/api/v1/merchants';

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

let sequence = 0;

/** An order of two virtual cards loaded with 20 € each, paid by bank transfer: its fees are invoiced. */
async function paidOrder(
  companyId: string,
  userId: string,
): Promise<{ orderId: string; orderNumber: number }> {
  sequence += 1;
  const services = world.ctx.app.services;
  const none = { key: null, route: 'test' };
  const cards: DraftCard[] = [0, 1].map((index) => ({
    tempCardId: `inv-${sequence}-${index}`,
    cardId: null,
    cardholderId: null,
    cardholder: {
      firstName: `Όνομα${index}`,
      lastName: `Επώνυμο${sequence}`,
      email: '',
      phone: '',
      employeeCode: '',
      taxId: '',
    },
    cardName: '',
    amountCents: 2_000,
  }));
  const saved = await services.drafts.saveDraftOrder(
    {
      reason: 'new-card',
      orderType: 'NEW',
      product: 'TICKET_RESTAURANT',
      family: 'virtual',
      draftOrderAlias: `invoices ${sequence}`,
      invoiceComments: '',
      deliveryPointId: null,
      bulkAmountCents: null,
      expiringDate: null,
      cards,
    },
    { userId, companyId },
    none,
  );
  const { order } = await services.orders.submit(
    { userId, companyId, roleId: ROLE.ORDER_MANAGER, locale: 'el' },
    { draftId: saved.draftId, method: 'RF' },
    none,
  );
  const amount = (order.totalCents / 100).toFixed(2).replace('.', ',');
  const csv = `id;date;amount;reference;payer\nFT-${randomUUID()};${new Date().toISOString().slice(0, 10)};${amount};ΕΞΟΦΛΗΣΗ ${order.rfCode};ΠΕΛΑΤΗΣ`;
  await services.payments.importStatement(world.ids.admin, csv);
  return { orderId: order.orderId, orderNumber: order.orderNumber };
}

/** A merchant with a valid ΑΦΜ and a supply order (a sales invoice), for the merchant routes. */
async function merchantWithInvoice(digits: string): Promise<string> {
  const { merchantId } = await createTestMerchant(world.ctx);
  await query(`update merchants set vat_number = $1 where id = $2`, [completeGreekTaxId(digits), merchantId]);
  const [store] = await world.ctx.app.services.merchants.stores(merchantId);
  await world.ctx.app.services.merchantBilling.orderSupplies({ userId: null, locale: 'el' }, merchantId, {
    storeId: store!.storeId,
    bags: 1,
    stickers: 2,
    notes: '',
  });
  return merchantId;
}

type Documents = { invoiceId: string; orderId: string; orderNumber: number };
/** Each company's paid order and its invoice. */
const docs: Record<'C1001' | 'C1002' | 'C1006', Documents> = {} as never;
let creditNoteId = '';
let ownMerchant = '';
let foreignMerchant = '';
let ownMerchantInvoice = '';
let foreignMerchantInvoice = '';

beforeAll(async () => {
  const services = world.ctx.app.services;
  for (const [companyId, user] of [
    ['C1001', world.ids.om1],
    ['C1002', world.ids.om3],
    ['C1006', world.ids.admin],
  ] as const) {
    const order = await paidOrder(companyId, user);
    const [invoice] = await query<{ id: string }>(`select id from invoices where order_id = $1`, [
      order.orderId,
    ]);
    docs[companyId] = { ...order, invoiceId: invoice!.id };
  }
  // Part of C1001's order fees given back: a credit note of its invoice.
  const [first] = await query<{ kind: string; net_cents: string; vat_cents: string }>(
    `select kind, net_cents, vat_cents from invoice_lines where invoice_id = $1 order by line_number limit 1`,
    [docs.C1001.invoiceId],
  );
  await world.ctx.database.db.transaction((tx) =>
    services.invoicing.creditFees(tx, {
      customer: { companyId: 'C1001' },
      lines: [{ kind: first!.kind as 'cardFee', netCents: 100, vatCents: 24 }],
      keyPrefix: `test-refund:${docs.C1001.orderId}`,
      locale: 'el',
      at: new Date(),
      charges: { orderId: docs.C1001.orderId },
      createdBy: null,
    }),
  );
  const [credit] = await query<{ id: string }>(`select id from invoices where correlated_invoice_id = $1`, [
    docs.C1001.invoiceId,
  ]);
  creditNoteId = credit!.id;

  ownMerchant = await merchantWithInvoice('80777111');
  foreignMerchant = await merchantWithInvoice('80777222');
  await linkMerchantUser(world.ctx, world.ids.merchant, ownMerchant);
  const invoiceOf = async (merchantId: string) =>
    (await query<{ id: string }>(`select id from invoices where merchant_id = $1`, [merchantId]))[0]!.id;
  ownMerchantInvoice = await invoiceOf(ownMerchant);
  foreignMerchantInvoice = await invoiceOf(foreignMerchant);
  // AADE (the sandbox) gives every document its MARK.
  await services.invoicing.transmitDue();
}, 300_000);

async function call(
  user: DemoUserKey,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }> {
  const response = await world.ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(await sessionHeaders(world.ctx, world.ids[user])), culture: 'el-gr', ...headers },
  });
  return response;
}

/** The company a demo user acts for in these tests: its first, or C1001 for staff and merchants. */
const ownCompany = (user: DemoUserKey) => (DEMO_USERS[user].companyIds[0] ?? 'C1001') as keyof typeof docs;

/** Who may read a company's invoices: its order managers and finance users, and provider staff. */
const READERS: readonly DemoUserKey[] = ['admin', 'care', 'om1', 'om3', 'finance'];

describe('a company’s invoices', () => {
  it('lists the company’s invoices and credit notes, newest first, with their order, MARK and what they charge — never another company’s', async () => {
    const response = await call('om1', `${ORDERS}/invoices`, { companyid: 'C1001' });
    expect(response.statusCode).toBe(200);
    const body = CustomerInvoicesResponseSchema.parse(JSON.parse(response.body));
    const ids = body.invoices.map((invoice) => invoice.invoiceId);
    expect(ids).toEqual([creditNoteId, docs.C1001.invoiceId]);
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    const [credit, invoice] = body.invoices as [CustomerInvoice, CustomerInvoice];
    expect(invoice).toMatchObject({
      documentType: '2.1',
      state: 'transmitted',
      isTransmissionFailure: false,
      orderId: docs.C1001.orderId,
      orderNumber: docs.C1001.orderNumber,
      credits: null,
    });
    expect(invoice.number).toMatch(/^TPY-\d+$/);
    expect(invoice.mark).toMatch(/^\d+$/);
    expect(invoice.grossCents).toBe(invoice.netCents + invoice.vatCents);
    expect(invoice.lineKinds.length).toBeGreaterThan(0);
    expect(credit).toMatchObject({
      documentType: '5.1',
      grossCents: 124,
      credits: { invoiceId: docs.C1001.invoiceId, number: invoice.number },
      orderNumber: docs.C1001.orderNumber,
    });

    // Filters: invoices or credit notes, the period, the order; a page at a time.
    const only = async (search: string) =>
      CustomerInvoicesResponseSchema.parse(
        JSON.parse((await call('om1', `${ORDERS}/invoices?${search}`, { companyid: 'C1001' })).body),
      ).invoices.map((entry) => entry.invoiceId);
    expect(await only('kind=credit-note')).toEqual([creditNoteId]);
    expect(await only('kind=invoice')).toEqual([docs.C1001.invoiceId]);
    expect(await only(`orderId=${docs.C1001.orderId}`)).toEqual([creditNoteId, docs.C1001.invoiceId]);
    expect(await only(`orderId=${docs.C1006.orderId}`)).toEqual([]);
    expect(await only('from=2000-01-01&to=2000-12-31')).toEqual([]);
    expect(await only('pageSize=1&page=2')).toEqual([docs.C1001.invoiceId]);

    // Staff acting for a company see that company's, and the finance user of C1002 C1002's.
    const staff = CustomerInvoicesResponseSchema.parse(
      JSON.parse((await call('care', `${ORDERS}/invoices`, { companyid: 'C1006' })).body),
    );
    expect(staff.invoices.map((entry) => entry.invoiceId)).toEqual([docs.C1006.invoiceId]);
    const finance = CustomerInvoicesResponseSchema.parse(
      JSON.parse((await call('finance', `${ORDERS}/invoices`, { companyid: 'C1002' })).body),
    );
    expect(finance.invoices.map((entry) => entry.invoiceId)).toEqual([docs.C1002.invoiceId]);
  });

  it('answers every company route to its order managers, finance users and provider staff only: another company 403, another company’s document or order 404', async () => {
    const routes: { name: string; url: (own: Documents, other: Documents) => string; company?: 'query' }[] = [
      { name: 'list', url: () => `${ORDERS}/invoices` },
      { name: 'of order', url: (own) => `${ORDERS}/invoices/ofOrder?orderId=${own.orderId}` },
      { name: 'export', url: () => `${ORDERS}/invoices/export` },
      { name: 'pdf', url: (own) => `${ORDERS}/invoices/${own.invoiceId}/pdf` },
      { name: 'xml', url: (own) => `${ORDERS}/invoices/${own.invoiceId}/xml` },
    ];
    const problems: string[] = [];
    for (const route of routes) {
      for (const user of DEMO_ROLE_KEYS) {
        const own = docs[ownCompany(user)];
        const expected = READERS.includes(user) ? 200 : 403;
        // Its own company, then a company of no demo user (staff may act for it; others are 403).
        const mine = await call(user, route.url(own, docs.C1006), { companyid: ownCompany(user) });
        if (mine.statusCode !== expected) problems.push(`${route.name} as ${user}, own: ${mine.statusCode}`);
        const foreign = await call(user, route.url(docs.C1006, own), { companyid: 'C1006' });
        const foreignExpected = ['admin', 'care'].includes(user) ? 200 : 403;
        if (foreign.statusCode !== foreignExpected) {
          problems.push(`${route.name} as ${user}, foreign company: ${foreign.statusCode}`);
        }
        // A plain link naming the foreign company in its query is refused the same way.
        const linked = await call(
          user,
          `${route.url(docs.C1006, own)}${route.url(own, own).includes('?') ? '&' : '?'}companyId=C1006`,
        );
        if (['export', 'pdf', 'xml'].includes(route.name) && linked.statusCode !== foreignExpected) {
          problems.push(`${route.name} as ${user}, foreign company in the query: ${linked.statusCode}`);
        }
      }
      if (route.name === 'list' || route.name === 'export') continue;
      // Acting for its own company, with another company's document or order: not found.
      for (const user of READERS) {
        const response = await call(user, route.url(docs.C1006, docs.C1006), { companyid: ownCompany(user) });
        if (response.statusCode !== 404)
          problems.push(`${route.name} as ${user}, foreign id: ${response.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('lists an order’s invoice and its credit note for the order’s page, oldest first', async () => {
    const response = await call('finance', `${ORDERS}/invoices/ofOrder?orderId=${docs.C1002.orderId}`, {
      companyid: 'C1002',
    });
    expect(
      OrderInvoicesResponseSchema.parse(JSON.parse(response.body)).invoices.map((i) => i.invoiceId),
    ).toEqual([docs.C1002.invoiceId]);
    const withCredit = OrderInvoicesResponseSchema.parse(
      JSON.parse(
        (
          await call('om1', `${ORDERS}/invoices/ofOrder?orderId=${docs.C1001.orderId}`, {
            companyid: 'C1001',
          })
        ).body,
      ),
    );
    expect(withCredit.invoices.map((entry) => entry.invoiceId)).toEqual([docs.C1001.invoiceId, creditNoteId]);
  });

  it('prints the invoice as a PDF with its number, MARK and totals, in Greek and with English beside it', async () => {
    const [invoice] = await query<{ series: string; number: string; mark: string; gross_cents: string }>(
      `select series, number, mark, gross_cents from invoices where id = $1`,
      [docs.C1001.invoiceId],
    );
    const greek = await call('om1', `${ORDERS}/invoices/${docs.C1001.invoiceId}/pdf?lang=el`, {
      companyid: 'C1001',
    });
    expect(greek.statusCode).toBe(200);
    expect(greek.headers['content-type']).toBe('application/pdf');
    expect(greek.headers['cache-control']).toBe('private, no-store');
    expect(greek.headers['content-disposition']).toBe(
      `inline; filename="${invoice!.series}-${invoice!.number}.pdf"`,
    );
    const text = pdfText(greek.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`${invoice!.series}-${invoice!.number}`);
    expect(text).toContain(invoice!.mark);
    expect(text).toContain(`#${docs.C1001.orderNumber}`);
    const gross = Number(invoice!.gross_cents);
    expect(text).toContain(`${Math.floor(gross / 100)},${String(gross % 100).padStart(2, '0')} €`);
    expect(text).not.toContain('Invoice for services');
    // A plain link of staff: the company in the query, English beside the Greek.
    const english = await call(
      'admin',
      `${ORDERS}/invoices/${docs.C1002.invoiceId}/pdf?companyId=C1002&lang=en`,
    );
    expect(english.statusCode).toBe(200);
    expect(pdfText(english.rawPayload).replace(/\s+/g, ' ')).toContain('Invoice for services');

    // The credit note names its invoice.
    const credit = await call('om1', `${ORDERS}/invoices/${creditNoteId}/pdf`, { companyid: 'C1001' });
    expect(pdfText(credit.rawPayload).replace(/\s+/g, ' ')).toContain(
      `${invoice!.series}-${invoice!.number} (`,
    );
  });

  it('gives the myDATA XML of an invoice and of a credit note, valid against AADE’s schema', async () => {
    for (const id of [docs.C1001.invoiceId, creditNoteId]) {
      const response = await call('om1', `${ORDERS}/invoices/${id}/xml`, { companyid: 'C1001' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(String(response.headers['content-disposition'])).toMatch(
        /^attachment; filename="(TPY|PT)-\d+\.xml"$/,
      );
      expect(response.body).toContain('<InvoicesDoc');
      expect((await validateMydataXml(response.body, 'InvoicesDoc')).valid).toBe(true);
    }
    const [{ mark }] = (await query<{ mark: string }>(`select mark from invoices where id = $1`, [
      docs.C1001.invoiceId,
    ])) as [{ mark: string }];
    const credit = await call('om1', `${ORDERS}/invoices/${creditNoteId}/xml`, { companyid: 'C1001' });
    expect(credit.body).toContain(`<correlatedInvoices>${mark}</correlatedInvoices>`);
  });

  it('exports the company’s documents for its accountant: euro amounts, real dates, credit notes negative, and their lines', async () => {
    const response = await call('finance', `${ORDERS}/invoices/export?companyId=C1001&lang=en`);
    expect(response.statusCode).toBe(403);
    const ok = await call('om1', `${ORDERS}/invoices/export?companyId=C1001&lang=en`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(ok.headers['content-disposition']).toBe('attachment; filename="invoices-C1001.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(ok.rawPayload as unknown as ArrayBuffer);
    const documents = workbook.getWorksheet('Documents')!;
    expect((documents.getRow(1).values as unknown[]).slice(1, 12)).toEqual([
      'Number',
      'Document type',
      'myDATA type',
      'Issue date',
      'Customer',
      'Customer VAT no.',
      'Order',
      'Credits',
      'Net',
      'VAT',
      'Total',
    ]);
    const [invoice] = await query<{ net_cents: string; gross_cents: string; issue_date: string }>(
      `select net_cents, gross_cents, issue_date::text from invoices where id = $1`,
      [docs.C1001.invoiceId],
    );
    // Newest first: the credit note, negative, then the invoice; then the totals.
    const credit = documents.getRow(2);
    expect(credit.getCell(3).value).toBe('5.1');
    expect(credit.getCell(11).value).toBe(-1.24);
    expect(credit.getCell(11).numFmt).toContain('€');
    const row = documents.getRow(3);
    expect(row.getCell(3).value).toBe('2.1');
    expect(row.getCell(4).value).toEqual(new Date(`${invoice!.issue_date}T00:00:00.000Z`));
    expect(row.getCell(4).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(7).value).toBe(`#${docs.C1001.orderNumber}`);
    expect(row.getCell(9).value).toBe(Number(invoice!.net_cents) / 100);
    expect(row.getCell(11).value).toBe(Number(invoice!.gross_cents) / 100);
    expect(row.getCell(12).value).toBe('Transmitted to AADE');
    const totals = documents.getRow(4);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(11).value).toBeCloseTo((Number(invoice!.gross_cents) - 124) / 100, 2);
    const lines = workbook.getWorksheet('Lines')!;
    expect(lines.rowCount).toBeGreaterThanOrEqual(3);
    expect(lines.getRow(2).getCell(7).value).toBe(0.24);
    // In Greek, the sheets' names too.
    const greek = await call('om1', `${ORDERS}/invoices/export?kind=invoice`, { companyid: 'C1001' });
    const greekBook = new ExcelJS.Workbook();
    await greekBook.xlsx.load(greek.rawPayload as unknown as ArrayBuffer);
    expect(greekBook.worksheets.map((sheet) => sheet.name)).toEqual(['Παραστατικά', 'Γραμμές']);
    expect(greekBook.getWorksheet('Παραστατικά')!.rowCount).toBe(3);
  });
});

describe('a merchant’s invoices', () => {
  it('lists the merchant’s fee invoices with their PDF and XML for its users and staff naming it, never another merchant’s', async () => {
    const list = await call('merchant', `${MERCHANTS}/invoices`);
    expect(list.statusCode).toBe(200);
    const body = CustomerInvoicesResponseSchema.parse(JSON.parse(list.body));
    expect(body.invoices.map((invoice) => invoice.invoiceId)).toEqual([ownMerchantInvoice]);
    expect(body.invoices[0]).toMatchObject({
      documentType: '1.1',
      lineKinds: ['supplies'],
      orderId: null,
      orderNumber: null,
      state: 'transmitted',
    });
    expect(body.invoices[0]!.number).toMatch(/^MTP-\d+$/);

    const pdf = await call('merchant', `${MERCHANTS}/invoices/${ownMerchantInvoice}/pdf?lang=en`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('ΤΙΜΟΛΟΓΙΟ ΠΩΛΗΣΗΣ');
    expect(text).toContain('Sales invoice');
    expect(text).not.toContain('κουπόνια');
    const xml = await call('merchant', `${MERCHANTS}/invoices/${ownMerchantInvoice}/xml`);
    expect(xml.statusCode).toBe(200);
    expect((await validateMydataXml(xml.body, 'InvoicesDoc')).valid).toBe(true);

    // Staff name the merchant (header or, for a plain link, the query).
    const staff = await call('care', `${MERCHANTS}/invoices`, { merchantid: foreignMerchant });
    expect(
      CustomerInvoicesResponseSchema.parse(JSON.parse(staff.body)).invoices.map((i) => i.invoiceId),
    ).toEqual([foreignMerchantInvoice]);
    expect(
      (
        await call(
          'admin',
          `${MERCHANTS}/invoices/${foreignMerchantInvoice}/pdf?merchantId=${foreignMerchant}`,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('answers every merchant route only to the merchant’s users and provider staff: company roles 403, another merchant’s document 404', async () => {
    const routes = [
      (_id: string) => `${MERCHANTS}/invoices`,
      (id: string) => `${MERCHANTS}/invoices/${id}/pdf`,
      (id: string) => `${MERCHANTS}/invoices/${id}/xml`,
    ];
    const problems: string[] = [];
    for (const [index, route] of routes.entries()) {
      for (const user of DEMO_ROLE_KEYS) {
        const isStaff = user === 'admin' || user === 'care';
        const expected = user === 'merchant' || isStaff ? 200 : 403;
        const response = await call(user, route(ownMerchantInvoice), { merchantid: ownMerchant });
        if (response.statusCode !== expected)
          problems.push(`route ${index} as ${user}: ${response.statusCode}`);
      }
      // The merchant user naming another merchant: 403; its own merchant with another's document: 404.
      const naming = await call('merchant', route(foreignMerchantInvoice), { merchantid: foreignMerchant });
      if (naming.statusCode !== 403)
        problems.push(`route ${index} naming another merchant: ${naming.statusCode}`);
      if (index > 0) {
        for (const user of ['merchant', 'admin', 'care'] as const) {
          const response = await call(user, route(foreignMerchantInvoice), { merchantid: ownMerchant });
          if (response.statusCode !== 404)
            problems.push(`route ${index} as ${user}, foreign id: ${response.statusCode}`);
          // A company's document is no merchant's either.
          const company = await call(user, route(docs.C1001.invoiceId), { merchantid: ownMerchant });
          if (company.statusCode !== 404)
            problems.push(`route ${index} as ${user}, company's id: ${company.statusCode}`);
        }
      }
    }
    // And the company routes never hand a merchant's document to a company.
    const asCompany = await call('om1', `${ORDERS}/invoices/${ownMerchantInvoice}/pdf`, {
      companyid: 'C1001',
    });
    if (asCompany.statusCode !== 404)
      problems.push(`company route with a merchant's id: ${asCompany.statusCode}`);
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('a credit note before its invoice has a MARK', () => {
  it('has no myDATA XML until the invoice is transmitted (409), and prints as waiting for transmission', async () => {
    const services = world.ctx.app.services;
    await services.invoicing.setSandboxState({ mode: 'down' });
    try {
      const order = await paidOrder('C1001', world.ids.om1);
      const [invoice] = await query<{ id: string }>(`select id from invoices where order_id = $1`, [
        order.orderId,
      ]);
      await world.ctx.database.db.transaction((tx) =>
        services.invoicing.creditFees(tx, {
          customer: { companyId: 'C1001' },
          lines: [{ kind: 'serviceFee', netCents: 10, vatCents: 2 }],
          keyPrefix: `test-early-refund:${order.orderId}`,
          locale: 'el',
          at: new Date(),
          charges: { orderId: order.orderId },
          creditLast: null,
          createdBy: null,
        }),
      );
      await services.invoicing.transmitDue();
      const [state] = await query<{ state: string; transmission_failure: number | null }>(
        `select state, transmission_failure from invoices where id = $1`,
        [invoice!.id],
      );
      expect(state).toMatchObject({ state: 'transmission_failed' });
      const [credit] = await query<{ id: string }>(
        `select id from invoices where correlated_invoice_id = $1`,
        [invoice!.id],
      );
      const xml = await call('om1', `${ORDERS}/invoices/${credit!.id}/xml`, { companyid: 'C1001' });
      expect(xml.statusCode).toBe(409);
      const pdf = await call('om1', `${ORDERS}/invoices/${invoice!.id}/pdf`, { companyid: 'C1001' });
      expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain('Απώλεια Διασύνδεσης');
      const list = CustomerInvoicesResponseSchema.parse(
        JSON.parse(
          (await call('om1', `${ORDERS}/invoices?orderId=${order.orderId}`, { companyid: 'C1001' })).body,
        ),
      );
      expect(list.invoices.find((entry) => entry.invoiceId === invoice!.id)).toMatchObject({
        state: 'transmission_failed',
        isTransmissionFailure: true,
        mark: null,
      });
    } finally {
      await services.invoicing.setSandboxState({ mode: 'up' });
    }
  });
});
