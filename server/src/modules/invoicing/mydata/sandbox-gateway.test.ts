import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/harness';
import { CUSTOMER_VAT, documentOf, orderFeeLines } from '../../../../test/invoicing-helper';
import * as schema from '../../../db/schema';
import type { Database } from '../../../platform/db';
import { duplicateMarkOf, type SendInvoicesResult } from './gateway';
import { invoicesDocXml } from './invoices-doc';
import { createSandboxGateway, sandboxState, setSandboxState } from './sandbox-gateway';
import { mydataUid } from './uid';
import { validateMydataXml } from './xsd';

/**
 * Issue 37 §2: the sandbox AADE answers like AADE (MARK, UID, authentication code, QR URL), checks
 * what AADE checks, can be switched down or to refuse with a given error — in the database, so any
 * instance switches it for all — and remembers what it accepted: RequestTransmittedDocs answers it
 * back, and the same UID sent twice gets AADE's duplicate refusal.
 */

let database: Database;
let other: pg.Pool;

beforeAll(async () => {
  database = await openTestDatabase();
  // A second instance's pool on the same database.
  other = new pg.Pool({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await other?.end();
  await database?.close();
});
beforeEach(async () => {
  await setSandboxState(database.db, { mode: 'up', duplicates: 'refuse' });
});

const sandbox = () => createSandboxGateway({ db: database.db });
let aa = 100;
const nextXml = (options: Parameters<typeof documentOf>[1] = {}) =>
  invoicesDocXml([documentOf(orderFeeLines(), { aa: (aa += 1), ...options })]);

function accepted(result: SendInvoicesResult, index = 0) {
  if (result.kind !== 'answered') throw new Error(`no answer: ${JSON.stringify(result)}`);
  const document = result.documents[index]!;
  if (document.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(document)}`);
  return document;
}

describe('the sandbox AADE', () => {
  it('accepts a valid document with a MARK, AADE’s UID, an authentication code and a QR URL', async () => {
    const xml = nextXml();
    const result = await sandbox().sendInvoices(xml);
    const document = accepted(result);
    expect(document.mark).toMatch(/^9\d{14}$/);
    expect(document.uid).toBe(
      mydataUid({
        issuerVat: '099999999',
        issueDate: '2026-11-30',
        branch: 0,
        invoiceType: '2.1',
        series: 'TPY',
        aa,
      }),
    );
    expect(document.authenticationCode).toMatch(/^[0-9A-F]{40}$/);
    expect(document.qrUrl).toMatch(/^https:\/\/sandbox\.invalid\/TimologioQR\/QRInfo\?q=[\w-]+$/);
    if (result.kind === 'answered')
      expect(await validateMydataXml(result.raw, 'ResponseDoc')).toEqual({ valid: true });
    // Deterministic: the same document on another day of the sandbox gets the same kind of answer.
    const again = accepted(await sandbox().sendInvoices(nextXml()));
    expect(BigInt(again.mark)).toBeGreaterThan(BigInt(document.mark));
  });

  it('is down for every instance once one switches it down, and up again likewise', async () => {
    await setSandboxState(drizzle(other, { schema }), { mode: 'down' });
    expect(await sandbox().sendInvoices(nextXml())).toMatchObject({ kind: 'unreachable', reason: 'network' });
    expect(await sandbox().cancelInvoice('900000000000001')).toMatchObject({ kind: 'unreachable' });
    expect(await sandbox().requestTransmittedDocs()).toMatchObject({ kind: 'unreachable' });
    await setSandboxState(drizzle(other, { schema }), { mode: 'up' });
    accepted(await sandbox().sendInvoices(nextXml()));
  });

  it('refuses every document with the AADE error it is told to', async () => {
    await setSandboxState(database.db, {
      mode: 'refuse',
      refusalCode: '102',
      refusalMessage: `Vat number ${CUSTOMER_VAT} does not belong to active corporation`,
    });
    expect(await sandbox().sendInvoices(nextXml())).toMatchObject({
      kind: 'answered',
      documents: [
        {
          index: 1,
          status: 'refused',
          statusCode: 'ValidationError',
          errors: [
            { code: '102', message: `Vat number ${CUSTOMER_VAT} does not belong to active corporation` },
          ],
          duplicateOfMark: null,
        },
      ],
    });
    expect(await sandboxState(database.db)).toMatchObject({ mode: 'refuse', refusalCode: '102' });
  });

  it('checks what AADE checks: the schema, the sums, a credit note’s invoice', async () => {
    const notXsd = await sandbox().sendInvoices(
      nextXml().replace('<vatCategory>1</vatCategory>', '<vatCategory>0</vatCategory>'),
    );
    expect(notXsd).toMatchObject({
      kind: 'answered',
      documents: [{ index: null, status: 'refused', statusCode: 'XMLSyntaxError' }],
    });
    if (notXsd.kind === 'answered' && notXsd.documents[0]!.status === 'refused') {
      expect(notXsd.documents[0]!.errors[0]).toMatchObject({ code: '101' });
    }
    const badSums = await sandbox().sendInvoices(
      nextXml().replace('<totalVatAmount>3.48</totalVatAmount>', '<totalVatAmount>3.49</totalVatAmount>'),
    );
    expect(badSums).toMatchObject({ kind: 'answered', documents: [{ status: 'refused' }] });
    if (badSums.kind === 'answered' && badSums.documents[0]!.status === 'refused') {
      expect(badSums.documents[0]!.errors.map((error) => error.code)).toEqual(['209', '203']);
    }
    const orphanCredit = await sandbox().sendInvoices(
      invoicesDocXml([
        documentOf([{ kind: 'serviceFee', netCents: 150, vatCents: 36 }], {
          kind: 'credit-note',
          aa: (aa += 1),
        }),
      ]),
    );
    expect(orphanCredit).toMatchObject({
      kind: 'answered',
      documents: [
        {
          status: 'refused',
          errors: [{ code: '204', message: 'CorrelatedInvoices is mandatory for this invoice type' }],
        },
      ],
    });
  });

  it('refuses the same UID a second time with AADE’s duplicate error naming the MARK it holds', async () => {
    const xml = nextXml();
    const first = accepted(await sandbox().sendInvoices(xml));
    const second = await sandbox().sendInvoices(xml);
    expect(second).toMatchObject({
      kind: 'answered',
      documents: [{ status: 'refused', statusCode: 'ValidationError', duplicateOfMark: first.mark }],
    });
    if (second.kind === 'answered' && second.documents[0]!.status === 'refused') {
      expect(second.documents[0]!.errors[0]!.code).toBe('228');
      expect(duplicateMarkOf(second.documents[0]!.errors)).toBe(first.mark);
    }
    // The same number on another day is another document (the date is part of the UID).
    accepted(await sandbox().sendInvoices(xml.replace('2026-11-30', '2026-12-01')));
  });

  it('registers a resent UID again under a new MARK when told to act as AADE’s ERP channel does', async () => {
    await setSandboxState(database.db, { duplicates: 'reregister' });
    const xml = nextXml();
    const first = accepted(await sandbox().sendInvoices(xml));
    const second = accepted(await sandbox().sendInvoices(xml));
    expect(second.uid).toBe(first.uid);
    expect(second.mark).not.toBe(first.mark);
    const held = await sandbox().requestTransmittedDocs({ receiverVatNumber: CUSTOMER_VAT });
    if (held.kind !== 'answered') throw new Error('no answer');
    expect(
      held.invoices.filter((invoice) => invoice.uid === first.uid).map((invoice) => invoice.mark),
    ).toEqual([second.mark]);
  });

  it('answers RequestTransmittedDocs with what it accepted, and cancels once by MARK', async () => {
    const before = await sandbox().requestTransmittedDocs();
    if (before.kind !== 'answered') throw new Error('no answer');
    const last = before.invoices.at(-1)?.mark ?? '0';
    const sent = accepted(await sandbox().sendInvoices(nextXml({ issueDate: '2026-12-15' })));

    const after = await sandbox().requestTransmittedDocs({ mark: last, dateFrom: '2026-12-15' });
    expect(after).toMatchObject({
      kind: 'answered',
      invoices: [
        {
          uid: sent.uid,
          mark: sent.mark,
          cancelledByMark: null,
          issuerVat: '099999999',
          counterpartVat: CUSTOMER_VAT,
          series: 'TPY',
          aa: String(aa),
          issueDate: '2026-12-15',
          invoiceType: '2.1',
          totalNetValue: '14.50',
          totalVatAmount: '3.48',
          totalGrossValue: '17.98',
        },
      ],
      cancellations: [],
      continuation: null,
    });
    if (after.kind === 'answered')
      expect(await validateMydataXml(after.raw, 'RequestedDoc')).toEqual({ valid: true });

    const cancelled = await sandbox().cancelInvoice(sent.mark);
    expect(cancelled).toMatchObject({ kind: 'answered', status: 'cancelled' });
    expect(await sandbox().cancelInvoice(sent.mark)).toMatchObject({
      kind: 'answered',
      status: 'refused',
      errors: [{ code: '104' }],
    });
    const seen = await sandbox().requestTransmittedDocs({
      mark: last,
      dateFrom: '2026-12-15',
      dateTo: '2026-12-15',
    });
    if (seen.kind !== 'answered' || cancelled.kind !== 'answered' || cancelled.status !== 'cancelled')
      throw new Error('no answer');
    expect(seen.invoices[0]!.cancelledByMark).toBe(cancelled.cancellationMark);
    expect(seen.cancellations).toEqual([
      {
        invoiceMark: sent.mark,
        cancellationMark: cancelled.cancellationMark,
        cancellationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    expect(await sandbox().requestTransmittedDocs({ mark: sent.mark })).toMatchObject({
      kind: 'answered',
      invoices: [],
    });
  });
});
