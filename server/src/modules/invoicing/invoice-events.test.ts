import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOrder, publicInvoiceLinks } from '@tessera/domain';
import { openTestDatabase } from '../../../test/harness';
import { CUSTOMER_VAT } from '../../../test/invoicing-helper';
import type { Database } from '../../platform/db';
import type { CustomerParties } from './invoicing-context';
import { createInvoicingService, type InvoicingService } from './service';
import { TEST_INVOICING_SETTINGS } from './settings';

/**
 * Issue 37 §5: the `invoice.issued` webhook — told to the company's subscribed endpoints in the
 * transaction that issues the invoice or credit note (a rollback tells nothing), with its id,
 * number, type, amounts, order and the public API's links to its downloads; nothing for an
 * endpoint not subscribed to it.
 */

const COMPANY = 'C-EV-1';
const ORIGIN = 'https://portal.example.gr';
let database: Database;
let service: InvoicingService;
let subscribed: string;

const parties: CustomerParties = {
  async company(db, companyId) {
    const { rows } = await db.execute<{ name: string; vat: string; address: string }>(
      sql`select name, vat, address from companies where id = ${companyId}`,
    );
    const row = rows[0];
    return row ? { name: row.name, vatNumber: row.vat, address: row.address } : undefined;
  },
  async merchant() {
    return undefined;
  },
};

/** An order of the company, as a paid order's invoice names it. */
async function order(): Promise<{ id: string; number: number }> {
  const { rows } = await database.pool.query<{ id: string; number: string }>(
    `insert into orders (company_id, order_type, product, family, status, price, total_cents, rf_code, submitted_by)
     values ($1, 'NEW', 'TICKET_RESTAURANT', 'plastic', 'completed', '{}', 0, $2, $3) returning id, number`,
    [COMPANY, `RF${randomUUID()}`, randomUUID()],
  );
  return { id: rows[0]!.id, number: Number(rows[0]!.number) };
}

const price = () => {
  const { lines: _lines, ...rest } = priceOrder({
    orderType: 'NEW',
    family: 'plastic',
    lines: [{ tempCardId: 'a', amountCents: 5_000 }],
  });
  return rest;
};

async function events(): Promise<{ type: string; payload: Record<string, unknown>; endpoints: string[] }[]> {
  const { rows } = await database.pool.query<{
    type: string;
    payload: Record<string, unknown>;
    endpoints: string[];
  }>(
    `select e.type, e.payload, array_agg(d.endpoint_id::text) as endpoints
       from webhook_events e join webhook_deliveries d on d.event_id = e.id
      where e.company_id = $1 group by e.id order by e.created_at, e.id`,
    [COMPANY],
  );
  return rows;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await database.pool.query(
    `insert into companies (id, name, vat, address) values ($1, 'Ακμή Τροφίμων Α.Ε.', $2, 'Σταδίου 10, 105 64 Αθήνα')`,
    [COMPANY, CUSTOMER_VAT],
  );
  const { rows } = await database.pool.query<{ id: string }>(
    `insert into webhook_endpoints (company_id, url, event_types, secret)
     values ($1, 'https://erp.example.gr/hook', '{invoice.issued}', 'whsec_test'),
            ($1, 'https://erp.example.gr/orders', '{order.status_changed}', 'whsec_other')
     returning id`,
    [COMPANY],
  );
  subscribed = rows[0]!.id;
  service = createInvoicingService({
    db: database.db,
    settings: TEST_INVOICING_SETTINGS,
    gateway: { name: 'sandbox', channel: 'provider' } as never,
    parties,
    publicUrl: ORIGIN,
  });
});

afterAll(async () => database?.close());

describe('the invoice.issued webhook', () => {
  it('tells nothing of an invoice whose transaction rolled back', async () => {
    const paid = await order();
    await expect(
      database.db.transaction(async (tx) => {
        await service.invoiceOrderFees(tx, {
          orderId: paid.id,
          orderNumber: paid.number,
          companyId: COMPANY,
          locale: 'el',
          price: price(),
          at: new Date(),
          paidBy: null,
          ledgerTransactionId: null,
        });
        throw new Error('the payment failed after the invoice');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await events()).toEqual([]);
  });

  it('tells the subscribed endpoint of an invoice, and of a credit note, with the links to the downloads', async () => {
    const paid = await order();
    const invoice = await database.db.transaction((tx) =>
      service.invoiceOrderFees(tx, {
        orderId: paid.id,
        orderNumber: paid.number,
        companyId: COMPANY,
        locale: 'el',
        price: price(),
        at: new Date(),
        paidBy: null,
        ledgerTransactionId: null,
      }),
    );
    expect(invoice).not.toBeNull();
    // Issuing the same fact again answers the same document and tells nothing again.
    await database.db.transaction((tx) =>
      service.invoiceOrderFees(tx, {
        orderId: paid.id,
        orderNumber: paid.number,
        companyId: COMPANY,
        locale: 'el',
        price: price(),
        at: new Date(),
        paidBy: null,
        ledgerTransactionId: null,
      }),
    );
    const [credit] = await database.db.transaction((tx) =>
      service.creditFees(tx, {
        keyPrefix: `test-refund:${paid.id}`,
        customer: { companyId: COMPANY },
        lines: [{ kind: 'serviceFee', netCents: 10, vatCents: 2 }],
        locale: 'el',
        at: new Date(),
        charges: {},
        createdBy: null,
      }),
    );
    expect(credit).toBeDefined();

    expect(await events()).toEqual([
      {
        type: 'invoice.issued',
        endpoints: [subscribed],
        payload: {
          invoiceId: invoice!.id,
          number: `TPY-${invoice!.number}`,
          kind: 'invoice',
          documentType: '2.1',
          issueDate: invoice!.issueDate,
          currency: 'EUR',
          netCents: invoice!.netCents,
          vatCents: invoice!.vatCents,
          grossCents: invoice!.grossCents,
          orderId: paid.id,
          correlatedInvoiceId: null,
          links: {
            self: `${ORIGIN}/api/public/v1/invoices/${invoice!.id}`,
            mydataXml: `${ORIGIN}/api/public/v1/invoices/${invoice!.id}/mydata`,
            pdf: `${ORIGIN}/api/public/v1/invoices/${invoice!.id}/pdf`,
            ubl: `${ORIGIN}/api/public/v1/invoices/${invoice!.id}/ubl`,
          },
        },
      },
      {
        type: 'invoice.issued',
        endpoints: [subscribed],
        payload: expect.objectContaining({
          invoiceId: credit!.id,
          kind: 'credit-note',
          documentType: '5.1',
          grossCents: 12,
          correlatedInvoiceId: invoice!.id,
          links: publicInvoiceLinks(ORIGIN, credit!.id),
        }),
      },
    ]);
  });
});
