import { addDays, athensDate, athensMidnight, completeGreekTaxId } from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../../../test/harness';
import { createTestMerchant } from '../../../test/merchant-helper';
import { DEMO_COMPANIES, demoWorldTestFile } from '../../../test/tenant-helper';
import { seedDemoInvoices } from '../../db/seed/demo-invoices';
import { DEMO_MERCHANTS, seedDemoMerchants } from '../../db/seed/demo-merchants';
import { seedDemoOrders } from '../../db/seed/demo-orders';

/**
 * Issue 37 §1, §4–6 (ADR 059): invoices and credit notes as ledger facts, on the demo world made
 * through the services as `npm start` makes it — paid orders, settled days, rentals, a supply
 * order, and a day whose refunds gave commission back — each document issued in the fact's
 * transaction from the ledger's amounts, transmitted by the sandbox AADE; then, for every company
 * and merchant, invoices less credit notes against the fees in the ledger: no difference. On PGlite,
 * and on PostgreSQL with TESSERA_TEST_DB=postgres.
 */

const world = demoWorldTestFile({ cardScale: 0.2, env: { TEST_HOOKS: 'true' }, timeoutMs: 300_000 });

type Row = Record<string, unknown>;
const query = async <T extends Row>(text: string, params: unknown[] = []): Promise<T[]> =>
  (await world.ctx.database.pool.query<T>(text, params)).rows;
const cents = (value: unknown) => Number(value ?? 0);

/** The settlement of the day a refund of an earlier purchase gave commission back (today, at M2002). */
let refundSettlementId: string;

beforeAll(async () => {
  const { db } = world.ctx.database;
  const services = world.ctx.app.services;
  await seedDemoOrders(db, services);
  await seedDemoMerchants(db, services, { historyDays: 21 });
  // Bags and stickers for the taverna: a sales invoice.
  const [store] = await services.merchants.stores('M2001');
  await services.merchantBilling.orderSupplies({ userId: null, locale: 'el' }, 'M2001', {
    storeId: store!.storeId,
    bags: 2,
    stickers: 1,
    notes: '',
  });
  // Today the market refunds part of an earlier purchase, and sells nothing of that product:
  // closing the day gives back commission, which a credit note documents.
  const [purchase] = await query<{
    terminal_transaction_id: string;
    terminal_id: string;
    mid: string;
    amount_cents: string;
  }>(`
    select t.terminal_transaction_id, t.terminal_id, t.mid, t.amount_cents from terminal_transactions t
     where t.merchant_id = 'M2002' and t.kind = 'authorise' and t.outcome = 'approved'
       and not exists (select 1 from terminal_transactions g where g.original_id = t.id)
     order by t.created_at limit 1`);
  const now = new Date();
  const refund = await services.terminals.refund(
    { terminalId: purchase!.terminal_id, mid: purchase!.mid },
    {
      terminalTransactionId: 'INVOICING-REFUND-1',
      mid: purchase!.mid,
      originalTerminalTransactionId: purchase!.terminal_transaction_id,
      amountCents: Math.min(2_000, cents(purchase!.amount_cents)),
      time: now.toISOString(),
    },
    { locale: 'el', at: now },
  );
  expect(refund.outcome).toBe('approved');
  const today = athensDate(now);
  const closed = await services.settlements.settleMerchantDay('M2002', today, {
    at: new Date(athensMidnight(addDays(today, 1)).getTime() + 2.5 * 3_600_000),
  });
  refundSettlementId = closed.settlement.id;
  await seedDemoInvoices(db, services);
}, 600_000);

describe('invoices as ledger facts', () => {
  it('issues every paid order’s invoice from its fee posting, to the company with its ΑΦΜ and address', async () => {
    const fees = await query<{ order_id: string; transaction_id: string; net: string; vat: string }>(`
      select o.id as order_id, t.id as transaction_id,
             sum(e.amount_cents) filter (where a.kind = 'fees') as net,
             sum(e.amount_cents) filter (where a.kind = 'vat') as vat
        from orders o
        join ledger_transactions t on t.idempotency_key = 'order:' || o.id || ':fees'
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
       group by o.id, t.id`);
    expect(fees.length).toBeGreaterThanOrEqual(2);
    for (const fee of fees) {
      const [invoice] = await query<Row>(`select * from invoices where order_id = $1`, [fee.order_id]);
      expect(invoice).toMatchObject({
        document_type: '2.1',
        series: 'TPY',
        idempotency_key: `order:${fee.order_id}:invoice`,
        ledger_transaction_id: fee.transaction_id,
        net_cents: cents(fee.net),
        vat_cents: cents(fee.vat),
      });
    }
    // The order of new plastic cards shipped to the company: card fees and the delivery, no loads.
    const [plastic] = await query<{ id: string; counterpart: Row }>(`
      select i.id, i.counterpart from invoices i join orders o on o.id = i.order_id
       where o.company_id = 'C1001' and o.order_type = 'NEW' and o.family = 'plastic'`);
    expect(plastic!.counterpart).toEqual({
      vatNumber: DEMO_COMPANIES[0].vat,
      country: 'GR',
      branch: 0,
      name: 'Ακμή Τροφίμων Α.Ε.',
      street: 'Λεωφόρος Κηφισίας',
      streetNumber: '124',
      postalCode: '11526',
      city: 'Αθήνα',
      taxOffice: '',
    });
    const kinds = await query<{ kind: string }>(
      `select kind from invoice_lines where invoice_id = $1 order by line_number`,
      [plastic!.id],
    );
    expect(kinds.map((line) => line.kind)).toEqual(['cardFee', 'serviceFee', 'deliveryFee']);
  });

  it('issues each settled day’s commission invoice from its lines, and a credit note for commission given back', async () => {
    const settlements = await query<{
      id: string;
      merchant_id: string;
      lines: { fee: number; vat: number }[];
    }>(`select id, merchant_id, lines from settlements`);
    expect(settlements.length).toBeGreaterThan(20);
    for (const settlement of settlements) {
      const charged = settlement.lines.filter((line) => line.fee > 0);
      const given = settlement.lines.filter((line) => line.fee < 0);
      const documents = await query<{
        document_type: string;
        series: string;
        net_cents: string;
        vat_cents: string;
      }>(`select document_type, series, net_cents, vat_cents from invoices where settlement_id = $1`, [
        settlement.id,
      ]);
      const of = (type: string) => documents.filter((document) => document.document_type === type);
      expect(of('2.1')).toHaveLength(charged.length > 0 ? 1 : 0);
      if (charged.length > 0) {
        expect(of('2.1')[0]).toMatchObject({
          series: 'MTPY',
          net_cents: charged.reduce((sum, line) => sum + line.fee, 0),
          vat_cents: charged.reduce((sum, line) => sum + line.vat, 0),
        });
      }
      const credited = of('5.1');
      expect(credited.reduce((sum, note) => sum + cents(note.net_cents), 0)).toBe(
        given.reduce((sum, line) => sum - line.fee, 0),
      );
      expect(credited.reduce((sum, note) => sum + cents(note.vat_cents), 0)).toBe(
        given.reduce((sum, line) => sum - line.vat, 0),
      );
    }
    const [credit] = await query<Row>(
      `select c.*, i.settlement_id as credited_settlement from invoices c
         join invoices i on i.id = c.correlated_invoice_id
        where c.settlement_id = $1`,
      [refundSettlementId],
    );
    expect(credit).toMatchObject({
      document_type: '5.1',
      series: 'MPT',
      merchant_id: 'M2002',
      state: 'transmitted',
    });
    expect(credit!.credited_settlement).not.toBe(refundSettlementId);
  });

  it('issues each rental and supply order’s invoice with the charge: services, and goods on a sales invoice', async () => {
    const charges = await query<{ id: string; kind: string; amount_cents: string; vat_cents: string }>(
      `select id, kind, amount_cents, vat_cents from merchant_charges`,
    );
    expect(charges.filter((charge) => charge.kind === 'terminalRental').length).toBeGreaterThan(3);
    for (const charge of charges) {
      const [invoice] = await query<Row>(`select * from invoices where merchant_charge_id = $1`, [charge.id]);
      expect(invoice).toMatchObject(
        charge.kind === 'terminalRental'
          ? { document_type: '2.1', series: 'MTPY' }
          : { document_type: '1.1', series: 'MTP' },
      );
      expect(cents(invoice!.gross_cents)).toBe(cents(charge.amount_cents));
      expect(cents(invoice!.vat_cents)).toBe(cents(charge.vat_cents));
    }
    const supplies = await query<{ kind: string; quantity: number; detail: string; net_cents: string }>(`
      select l.kind, l.quantity, l.detail, l.net_cents from invoice_lines l
        join invoices i on i.id = l.invoice_id where i.document_type = '1.1' order by l.line_number`);
    expect(supplies).toEqual([
      { kind: 'supplies', quantity: 2, detail: 'BAG-100', net_cents: 900 },
      { kind: 'supplies', quantity: 1, detail: 'TRV-10', net_cents: 300 },
    ]);
  });

  it('transmits every demo document through the sandbox: each has its MARK, and nothing waits', async () => {
    const states = await query<{ state: string; n: number }>(
      `select state, count(*)::int as n from invoices group by state`,
    );
    expect(states.map((row) => row.state)).toEqual(['transmitted']);
    const [counts] = await query<{ documents: number; marks: number; held: number; waiting: number }>(`
      select (select count(*)::int from invoices) as documents,
             (select count(distinct mark)::int from invoices) as marks,
             (select count(*)::int from mydata_sandbox_documents) as held,
             (select count(*)::int from invoice_outbox) as waiting`);
    expect(counts).toEqual({
      documents: counts!.documents,
      marks: counts!.documents,
      held: counts!.documents,
      waiting: 0,
    });
    expect(counts!.documents).toBeGreaterThan(30);
  });

  it('numbers every series 1, 2, 3… with no gap, dates never falling back', async () => {
    const rows = await query<{ series: string; document_type: string; number: string; issue_date: string }>(`
      select series, document_type, number, issue_date::text from invoices
       order by issuer_vat, document_type, series, number`);
    const bySeries = new Map<string, { number: number; date: string }[]>();
    for (const row of rows) {
      const key = `${row.document_type}/${row.series}`;
      bySeries.set(key, [...(bySeries.get(key) ?? []), { number: Number(row.number), date: row.issue_date }]);
    }
    expect([...bySeries.keys()].sort()).toEqual(['1.1/MTP', '2.1/MTPY', '2.1/TPY', '5.1/MPT']);
    for (const documents of bySeries.values()) {
      expect(documents.map((document) => document.number)).toEqual(documents.map((_, index) => index + 1));
      const dates = documents.map((document) => document.date);
      expect(dates).toEqual([...dates].sort());
    }
  });
});

describe('the reconciliation', () => {
  it('finds, for every company of the demo, its invoices less credit notes equal to the fees in the ledger', async () => {
    const rows = await query<{
      id: string;
      docs_net: string;
      docs_vat: string;
      ledger_net: string;
      ledger_vat: string;
    }>(`
      select c.id,
             (select coalesce(sum(case when i.document_type = '5.1' then -i.net_cents else i.net_cents end), 0)
                from invoices i where i.company_id = c.id) as docs_net,
             (select coalesce(sum(case when i.document_type = '5.1' then -i.vat_cents else i.vat_cents end), 0)
                from invoices i where i.company_id = c.id) as docs_vat,
             (select coalesce(sum(e.amount_cents), 0) from ledger_transactions t
                join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
               where t.kind = 'fee' and t.company_id = c.id and a.kind = 'fees') as ledger_net,
             (select coalesce(sum(e.amount_cents), 0) from ledger_transactions t
                join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
               where t.kind = 'fee' and t.company_id = c.id and a.kind = 'vat') as ledger_vat
        from companies c order by c.id`);
    const demo = rows.filter((row) => DEMO_COMPANIES.some((company) => company.companyId === row.id));
    expect(demo).toHaveLength(DEMO_COMPANIES.length);
    const differences = demo.map((row) => ({
      company: row.id,
      net: cents(row.docs_net) - cents(row.ledger_net),
      vat: cents(row.docs_vat) - cents(row.ledger_vat),
    }));
    expect(differences).toEqual(demo.map((row) => ({ company: row.id, net: 0, vat: 0 })));
    expect(demo.some((row) => cents(row.ledger_net) > 0)).toBe(true);
  });

  it('finds, for every merchant of the demo, its invoices less credit notes equal to the fees in the ledger and the charges still open', async () => {
    const rows = await query<{
      id: string;
      docs_net: string;
      docs_vat: string;
      ledger_net: string;
      ledger_vat: string;
      open_net: string;
      open_vat: string;
    }>(`
      with fee_postings as (
        select s.merchant_id, s.fee_ledger_transaction_id as transaction_id from settlements s
         where s.fee_ledger_transaction_id is not null
        union all
        select p.merchant_id, p.ledger_transaction_id from merchant_payments p
         where p.status = 'succeeded' and p.ledger_transaction_id is not null)
      select m.id,
             (select coalesce(sum(case when i.document_type = '5.1' then -i.net_cents else i.net_cents end), 0)
                from invoices i where i.merchant_id = m.id) as docs_net,
             (select coalesce(sum(case when i.document_type = '5.1' then -i.vat_cents else i.vat_cents end), 0)
                from invoices i where i.merchant_id = m.id) as docs_vat,
             (select coalesce(sum(e.amount_cents), 0) from fee_postings f
                join ledger_entries e on e.transaction_id = f.transaction_id
                join ledger_accounts a on a.id = e.account_id
               where f.merchant_id = m.id and a.kind = 'fees') as ledger_net,
             (select coalesce(sum(e.amount_cents), 0) from fee_postings f
                join ledger_entries e on e.transaction_id = f.transaction_id
                join ledger_accounts a on a.id = e.account_id
               where f.merchant_id = m.id and a.kind = 'vat') as ledger_vat,
             (select coalesce(sum(c.amount_cents - c.vat_cents), 0) from merchant_charges c
               where c.merchant_id = m.id and c.status = 'open') as open_net,
             (select coalesce(sum(c.vat_cents), 0) from merchant_charges c
               where c.merchant_id = m.id and c.status = 'open') as open_vat
        from merchants m order by m.id`);
    const demo = rows.filter((row) => DEMO_MERCHANTS.some((merchant) => merchant.merchantId === row.id));
    expect(demo).toHaveLength(DEMO_MERCHANTS.length);
    // A rental or supply order is invoiced when it is due, and reaches the ledger when the merchant
    // pays it (ADR 059): what is invoiced and not yet paid is the merchant's open charges.
    const differences = demo.map((row) => ({
      merchant: row.id,
      net: cents(row.docs_net) - cents(row.ledger_net) - cents(row.open_net),
      vat: cents(row.docs_vat) - cents(row.ledger_vat) - cents(row.open_vat),
    }));
    expect(differences).toEqual(demo.map((row) => ({ merchant: row.id, net: 0, vat: 0 })));
    expect(demo.every((row) => cents(row.ledger_net) > 0)).toBe(true);
  });

  it('leaves no fee in the ledger that is neither a company’s nor a merchant’s', async () => {
    const [row] = await query<{ unattributed: string }>(`
      select coalesce(sum(e.amount_cents), 0) as unattributed
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
       where t.kind = 'fee' and a.kind in ('fees', 'vat') and t.company_id is null
         and t.id not in (select fee_ledger_transaction_id from settlements where fee_ledger_transaction_id is not null)
         and t.id not in (select ledger_transaction_id from merchant_payments where ledger_transaction_id is not null)`);
    expect(cents(row!.unattributed)).toBe(0);
  });
});

describe('reading and not issuing', () => {
  it('lists a company’s or a merchant’s documents, never another’s', async () => {
    const invoicing = world.ctx.app.services.invoicing;
    const own = await invoicing.listInvoices({ companyId: 'C1001' });
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((entry) => entry.invoice.companyId === 'C1001' && entry.lines.length > 0)).toBe(true);
    expect(await invoicing.listInvoices({ companyId: 'C1006' })).toEqual([]);
    const taverna = await invoicing.listInvoices({ merchantId: 'M2001' }, { limit: 500 });
    expect(taverna.length).toBeGreaterThan(0);
    expect(
      taverna.every((entry) => entry.invoice.merchantId === 'M2001' && entry.invoice.companyId === null),
    ).toBe(true);
  });

  it('makes a charge of a customer whose ΑΦΜ is not valid without its invoice, and says so in the audit', async () => {
    const { merchantId } = await createTestMerchant(world.ctx);
    const valid = completeGreekTaxId('80999999');
    const invalid = `${valid.slice(0, 8)}${(Number(valid[8]) + 1) % 10}`;
    await world.ctx.database.pool.query(`update merchants set vat_number = $1 where id = $2`, [
      invalid,
      merchantId,
    ]);
    const [store] = await world.ctx.app.services.merchants.stores(merchantId);
    const { charge } = await world.ctx.app.services.merchantBilling.orderSupplies(
      { userId: null, locale: 'el' },
      merchantId,
      { storeId: store!.storeId, bags: 1, stickers: 0, notes: '' },
    );
    expect(await query(`select id from invoices where merchant_charge_id = $1`, [charge.chargeId])).toEqual(
      [],
    );
    const audit = await query<{ entity_id: string; after: Row }>(
      `select entity_id, after from audit_log where action = 'invoice.not-issued' and merchant_id = $1`,
      [merchantId],
    );
    expect(audit).toEqual([
      {
        entity_id: `merchant-charge:${charge.chargeId}:invoice`,
        after: { reason: 'invalidCustomer', vatNumber: invalid },
      },
    ]);
  });
});

describe('the sandbox switch for end-to-end journeys', () => {
  it('switches the sandbox AADE down and up again, sending what waited', async () => {
    const { app } = world.ctx;
    const post = async (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/test/mydata-sandbox',
        headers: await csrfHeaders(app),
        payload,
      });
    const down = await post({ mode: 'down' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ success: true, gateway: 'sandbox', mode: 'down', transmitted: 0 });
    const [store] = await app.services.merchants.stores('M2003');
    await app.services.merchantBilling.orderSupplies({ userId: null, locale: 'el' }, 'M2003', {
      storeId: store!.storeId,
      bags: 0,
      stickers: 2,
      notes: '',
    });
    await app.services.invoicing.transmitDue();
    const [failed] = await query<{ id: string; state: string; transmission_failure: number }>(
      `select id, state, transmission_failure from invoices where merchant_id = 'M2003' and document_type = '1.1'`,
    );
    expect(failed).toMatchObject({ state: 'transmission_failed', transmission_failure: 1 });
    // Back up: the retry waits for its backoff; the outbox row is made due, as time would.
    await world.ctx.database.pool.query(
      `update invoice_outbox set next_attempt_at = now() where invoice_id = $1`,
      [failed!.id],
    );
    const up = await post({ mode: 'up', transmit: true });
    expect(up.json()).toMatchObject({ mode: 'up', transmitted: 1, refused: 0 });
    const [sent] = await query<{ state: string }>(`select state from invoices where id = $1`, [failed!.id]);
    expect(sent).toEqual({ state: 'transmitted' });
  });
});
