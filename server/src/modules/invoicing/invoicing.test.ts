import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athensDate, type InvoiceLineInput } from '@tessera/domain';
import { openTestDatabase } from '../../../test/harness';
import { CUSTOMER_VAT, MERCHANT_VAT, orderFeeLines } from '../../../test/invoicing-helper';
import * as schema from '../../db/schema';
import type { Database, Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { issueInvoice, type IssueInvoiceOptions } from './issue-invoice';
import { invoicesDocXml } from './mydata/invoices-doc';
import { createSandboxGateway, setSandboxState } from './mydata/sandbox-gateway';
import { validateMydataXml } from './mydata/xsd';
import { mydataDocumentOf, uidOfInvoice } from './mydata-document';
import { recordSendOutcome } from './record-transmission';
import { linesOf, numbersOfSeries, transmissionsOf } from './repository';

/**
 * Issue 37 §1: documents issued in the caller's transaction, numbered 1, 2, 3… per issuer, type and
 * series with no gap and no repeat — 50 at once from two pools on one database, and a rolled-back
 * issuance leaves no gap — idempotent by key, never rewritten; and each AADE answer recorded.
 * On PGlite, and on PostgreSQL with TESSERA_TEST_DB=postgres.
 */

const ISSUER = '099999999';
let database: Database;
let secondPool: pg.Pool;
let second: Db;

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  secondPool = new pg.Pool({ connectionString: database.url, max: 4 });
  second = drizzle(secondPool, { schema });
  await database.pool.query(
    `insert into companies (id, name, vat, postal_code, city, street, street_number)
     values ('C-INV-1', 'Ακμή Τροφίμων Α.Ε.', $1, '10564', 'Αθήνα', 'Σταδίου', '10'),
            ('C-INV-2', 'Βήτα Α.Ε.', '123456783', '', '', '', '')`,
    [CUSTOMER_VAT],
  );
  await database.pool.query(
    `with account as (
       insert into ledger_accounts (kind, merchant_id, allow_negative) values ('merchant', 'M-INV-1', true) returning id)
     insert into merchants (id, legal_name, trade_name, vat_number, iban, contact_name, contact_email, fee_plan, ledger_account_id)
     select 'M-INV-1', 'Φούρνος Γάμμα Ο.Ε.', 'Γάμμα', $1, 'GR1601101250000000012300695', 'Γ. Γάμμα', 'g@gamma.example', '{}', id from account`,
    [MERCHANT_VAT],
  );
});

afterAll(async () => {
  await secondPool?.end();
  await database?.close();
});

const counterpart = {
  vatNumber: CUSTOMER_VAT,
  country: 'GR' as const,
  name: 'Ακμή Τροφίμων Α.Ε.',
  postalCode: '10564',
  city: 'Αθήνα',
  street: 'Σταδίου',
  streetNumber: '10',
};

function orderInvoice(key: string, overrides: Partial<IssueInvoiceOptions> = {}): IssueInvoiceOptions {
  return {
    idempotencyKey: key,
    kind: 'invoice',
    issuer: { vatNumber: ISSUER },
    issueDate: '2026-11-30',
    customer: { companyId: 'C-INV-1' },
    counterpart,
    lines: orderFeeLines(),
    ...overrides,
  };
}

const issue = (db: Db, options: IssueInvoiceOptions) => db.transaction((tx) => issueInvoice(tx, options));

describe('issuing', () => {
  it('issues a services invoice for an order’s fees, number 1 of its series, with its lines and an audit entry', async () => {
    const { invoice, lines, created } = await issue(
      database.db,
      orderInvoice('order:A:invoice', { locale: 'en', series: 'T1' }),
    );
    expect(created).toBe(true);
    expect(invoice).toMatchObject({
      documentType: '2.1',
      series: 'T1',
      number: 1,
      issuerVat: ISSUER,
      companyId: 'C-INV-1',
      merchantId: null,
      netCents: 1_450,
      vatCents: 348,
      grossCents: 1_798,
      state: 'issued',
      locale: 'en',
      mark: null,
    });
    expect(invoice.counterpart).toMatchObject({ vatNumber: CUSTOMER_VAT, branch: 0, taxOffice: '' });
    expect(
      lines.map((line) => [line.lineNumber, line.kind, line.netCents, line.vatCents, line.quantity]),
    ).toEqual([
      [1, 'cardFee', 700, 168, 2],
      [2, 'serviceFee', 150, 36, null],
      [3, 'deliveryFee', 600, 144, null],
    ]);
    expect(lines[0]).toMatchObject({
      descriptionEl: 'Τέλος έκδοσης κάρτας — #1042',
      descriptionEn: 'Card issuance fee — #1042',
      vatCategory: 1,
      incomeCategory: 'category1_3',
      incomeType: 'E3_561_001',
    });
    const { rows } = await database.pool.query(
      `select action, company_id from audit_log where entity_id = $1`,
      [invoice.id],
    );
    expect(rows).toEqual([{ action: 'invoice.issued', company_id: 'C-INV-1' }]);
    // What is stored is what myDATA takes.
    await expect(validateMydataXml(invoicesDocXml([mydataDocumentOf(invoice, lines)]))).resolves.toEqual({
      valid: true,
    });
  });

  it('answers a repeat of the same key with the first document and numbers nothing; refuses the key for another', async () => {
    const first = await issue(database.db, orderInvoice('order:B:invoice', { series: 'T2' }));
    const again = await issue(
      second,
      orderInvoice('order:B:invoice', { series: 'T2', issueDate: '2026-12-01' }),
    );
    expect(again.created).toBe(false);
    expect(again.invoice.id).toBe(first.invoice.id);
    expect(again.lines).toHaveLength(3);
    const next = await issue(database.db, orderInvoice('order:C:invoice', { series: 'T2' }));
    expect(next.invoice.number).toBe(2);
    expect(
      await codeOf(
        issue(
          database.db,
          orderInvoice('order:B:invoice', {
            series: 'T2',
            lines: [{ kind: 'serviceFee', netCents: 100, vatCents: 24 }],
          }),
        ),
      ),
    ).toBe('CONFLICT');
  });

  it('refuses what the law or myDATA would', async () => {
    expect(
      await codeOf(
        issue(
          database.db,
          orderInvoice('bad:1', { lines: [{ kind: 'serviceFee', netCents: 1_000, vatCents: 100 }] }),
        ),
      ),
    ).toBe('BUSINESS_RULE');
    expect(await codeOf(issue(database.db, orderInvoice('bad:2', { lines: [] })))).toBe('BUSINESS_RULE');
    expect(
      await codeOf(
        issue(
          database.db,
          orderInvoice('bad:3', { counterpart: { ...counterpart, vatNumber: '123456789' } }),
        ),
      ),
    ).toBe('VALIDATION');
    expect(await codeOf(issue(database.db, orderInvoice('bad:4', { series: 'tpy' })))).toBe('BUSINESS_RULE');
    expect(
      await codeOf(
        issue(
          database.db,
          orderInvoice('bad:5', { correlatedInvoiceId: '00000000-0000-4000-8000-000000000000' }),
        ),
      ),
    ).toBe('BUSINESS_RULE');
    const { rows } = await database.pool.query(
      `select count(*)::int as n from invoices where idempotency_key like 'bad:%'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('issues a merchant’s goods and services on a sales invoice, in its own series', async () => {
    const lines: InvoiceLineInput[] = [
      { kind: 'terminalRental', netCents: 990, vatCents: 238, quantity: 1, detail: '2026-11' },
      { kind: 'supplies', netCents: 450, vatCents: 108, quantity: 1 },
    ];
    const { invoice } = await issue(
      database.db,
      orderInvoice('merchant:M-INV-1:2026-11', {
        customer: { merchantId: 'M-INV-1' },
        counterpart: { vatNumber: MERCHANT_VAT, country: 'GR', name: 'Φούρνος Γάμμα Ο.Ε.' },
        lines,
      }),
    );
    expect(invoice).toMatchObject({
      documentType: '1.1',
      series: 'TP',
      number: 1,
      merchantId: 'M-INV-1',
      companyId: null,
    });
  });
});

describe('gapless numbering', () => {
  it('numbers 50 documents issued at once from two pools 1 to 50, no gap, no repeat', async () => {
    const series = { issuerVat: ISSUER, documentType: '2.1' as const, series: 'CONC' };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        issue(
          index % 2 === 0 ? database.db : second,
          orderInvoice(`concurrent:${index}`, { series: 'CONC' }),
        ),
      ),
    );
    expect(results.every((result) => result.created)).toBe(true);
    expect(results.map((result) => result.invoice.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    expect(await numbersOfSeries(database.db, series)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    const { rows } = await database.pool.query(
      `select next_number from invoice_series where issuer_vat = $1 and document_type = '2.1' and series = 'CONC'`,
      [ISSUER],
    );
    expect(rows).toEqual([{ next_number: 51 }]);
  }, 120_000);

  it('gives a rolled-back issuance’s number to the next document', async () => {
    const first = await issue(database.db, orderInvoice('rollback:1', { series: 'RB' }));
    expect(first.invoice.number).toBe(1);
    const failure = new Error('the payment failed after the invoice');
    await expect(
      database.db.transaction(async (tx) => {
        const { invoice } = await issueInvoice(tx, orderInvoice('rollback:2', { series: 'RB' }));
        expect(invoice.number).toBe(2);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const next = await issue(second, orderInvoice('rollback:3', { series: 'RB' }));
    expect(next.invoice.number).toBe(2);
    expect(
      await numbersOfSeries(database.db, { issuerVat: ISSUER, documentType: '2.1', series: 'RB' }),
    ).toEqual([1, 2]);
    // The rolled-back key was never used: issuing it now is a new document, number 3.
    expect((await issue(database.db, orderInvoice('rollback:2', { series: 'RB' }))).invoice.number).toBe(3);
  });

  it('never dates a later number earlier than the one before, and dates by Athens when not told', async () => {
    await issue(database.db, orderInvoice('dated:1', { series: 'DT', issueDate: '2026-12-02' }));
    expect(
      await codeOf(issue(database.db, orderInvoice('dated:2', { series: 'DT', issueDate: '2026-12-01' }))),
    ).toBe('BUSINESS_RULE');
    const next = await issue(database.db, orderInvoice('dated:3', { series: 'DT', issueDate: '2026-12-02' }));
    expect(next.invoice.number).toBe(2);
    const today = await issue(database.db, orderInvoice('dated:4', { series: 'DU', issueDate: undefined }));
    expect(today.invoice.issueDate).toBe(athensDate());
  });
});

describe('credit notes', () => {
  it('credits part of an invoice in the credit-note series, never more than it has left, only for its customer', async () => {
    const { invoice } = await issue(database.db, orderInvoice('order:D:invoice', { series: 'T3' }));
    const credit = (key: string, lines: InvoiceLineInput[], overrides: Partial<IssueInvoiceOptions> = {}) =>
      issue(
        database.db,
        orderInvoice(key, {
          kind: 'credit-note',
          correlatedInvoiceId: invoice.id,
          series: 'PT3',
          lines,
          ...overrides,
        }),
      );
    const partial = await credit('order:D:credit:1', [{ kind: 'serviceFee', netCents: 150, vatCents: 36 }]);
    expect(partial.invoice).toMatchObject({
      documentType: '5.1',
      series: 'PT3',
      number: 1,
      correlatedInvoiceId: invoice.id,
      grossCents: 186,
    });
    // 17.98 − 1.86 = 16.12 left: 16.13 is too much, a line the invoice never had is refused.
    expect(
      await codeOf(credit('order:D:credit:2', [{ kind: 'cardFee', netCents: 1_301, vatCents: 312 }])),
    ).toBe('BUSINESS_RULE');
    expect(
      await codeOf(credit('order:D:credit:3', [{ kind: 'supplies', netCents: 100, vatCents: 24 }])),
    ).toBe('BUSINESS_RULE');
    expect(
      await codeOf(
        credit('order:D:credit:4', [{ kind: 'serviceFee', netCents: 100, vatCents: 24 }], {
          customer: { companyId: 'C-INV-2' },
        }),
      ),
    ).toBe('BUSINESS_RULE');
    expect(
      await codeOf(
        credit('order:D:credit:5', [{ kind: 'serviceFee', netCents: 100, vatCents: 24 }], {
          issueDate: '2026-11-29',
        }),
      ),
    ).toBe('BUSINESS_RULE');
    const rest = await credit('order:D:credit:6', [{ kind: 'cardFee', netCents: 1_300, vatCents: 312 }]);
    expect(rest.invoice).toMatchObject({ number: 2, grossCents: 1_612 });
    expect(await codeOf(credit('order:D:credit:7', [{ kind: 'serviceFee', netCents: 1, vatCents: 0 }]))).toBe(
      'BUSINESS_RULE',
    );
    // A credit note goes to myDATA with its invoice's MARK.
    expect(() => mydataDocumentOf(rest.invoice, rest.lines)).toThrow(/waits for its invoice's MARK/);
    const xml = invoicesDocXml([
      mydataDocumentOf(rest.invoice, rest.lines, { correlatedMark: '400001234567890' }),
    ]);
    await expect(validateMydataXml(xml)).resolves.toEqual({ valid: true });
  });
});

describe('what was issued stays issued', () => {
  it('refuses to renumber, reprice or delete an invoice, or touch its lines; takes AADE’s answer', async () => {
    const { invoice } = await issue(database.db, orderInvoice('order:E:invoice', { series: 'T4' }));
    const query = (text: string) => database.pool.query(text, [invoice.id]);
    await expect(query(`update invoices set number = 99 where id = $1`)).rejects.toThrow(
      /changes only in what AADE gave it/,
    );
    await expect(query(`update invoices set net_cents = 1 where id = $1`)).rejects.toThrow(
      /changes only in what AADE gave it/,
    );
    await expect(query(`update invoices set counterpart = '{}' where id = $1`)).rejects.toThrow(
      /changes only in what AADE gave it/,
    );
    await expect(query(`delete from invoices where id = $1`)).rejects.toThrow(/never deleted/);
    await expect(query(`update invoice_lines set net_cents = 1 where invoice_id = $1`)).rejects.toThrow(
      /written once/,
    );
    await expect(query(`delete from invoice_lines where invoice_id = $1`)).rejects.toThrow(/written once/);
    await query(
      `update invoices set state = 'transmitted', mark = '400001234567891', mydata_uid = 'X' where id = $1`,
    );
  });
});

describe('recording AADE’s answers', () => {
  it('moves an invoice through unreachable, refused and transmitted as the sandbox answers, keeping every attempt', async () => {
    const sandbox = createSandboxGateway({ db: database.db });
    const { invoice, lines } = await issue(database.db, orderInvoice('order:F:invoice', { series: 'T5' }));
    const send = async () => {
      const current = (await database.db.query.invoices.findFirst({
        where: (row, { eq }) => eq(row.id, invoice.id),
      }))!;
      const body = invoicesDocXml([mydataDocumentOf(current, lines)]);
      const startedAt = new Date();
      const result = await sandbox.sendInvoices(body);
      return database.db.transaction((tx) =>
        recordSendOutcome(tx, {
          invoiceId: invoice.id,
          gateway: sandbox,
          startedAt,
          requestBody: body,
          result,
        }),
      );
    };

    await setSandboxState(database.db, { mode: 'down' });
    const down = await send();
    expect(down.invoice).toMatchObject({ state: 'transmission_failed', transmissionFailure: 1, mark: null });
    expect(down.transmission).toMatchObject({
      attempt: 1,
      outcome: 'unreachable',
      gateway: 'sandbox',
      transmissionFailure: null,
    });

    await setSandboxState(database.db, {
      mode: 'refuse',
      refusalCode: '202',
      refusalMessage: 'Invalid Greek VAT number',
    });
    const refused = await send();
    expect(refused.invoice.state).toBe('refused');
    expect(refused.transmission).toMatchObject({
      attempt: 2,
      outcome: 'refused',
      transmissionFailure: 1,
      errors: [{ code: '202', message: 'Invalid Greek VAT number' }],
    });

    await setSandboxState(database.db, { mode: 'up' });
    const sent = await send();
    expect(sent.invoice).toMatchObject({
      state: 'transmitted',
      transmissionFailure: 1,
      mydataUid: uidOfInvoice(invoice),
    });
    expect(sent.invoice.mark).toMatch(/^9\d{14}$/);
    expect(sent.invoice.qrUrl).toContain('QRInfo?q=');
    expect(sent.transmission.requestBody).toContain('<transmissionFailure>1</transmissionFailure>');

    // Sent again after a lost answer: the sandbox (as AADE through a provider) refuses the duplicate,
    // naming the MARK it holds; the invoice stays transmitted.
    const duplicate = await send();
    expect(duplicate.invoice).toMatchObject({ state: 'transmitted', mark: sent.invoice.mark });
    expect(duplicate.transmission).toMatchObject({ attempt: 4, outcome: 'refused' });
    expect((await transmissionsOf(database.db, invoice.id)).map((row) => row.outcome)).toEqual([
      'unreachable',
      'refused',
      'accepted',
      'refused',
    ]);
    await expect(
      database.pool.query(`update invoice_transmissions set outcome = 'accepted' where invoice_id = $1`, [
        invoice.id,
      ]),
    ).rejects.toThrow(/written once/);
    expect(await linesOf(database.db, invoice.id)).toHaveLength(3);
    await setSandboxState(database.db, { mode: 'up' });
  });
});
