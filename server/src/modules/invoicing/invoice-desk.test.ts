import type {
  DeskInvoice,
  InvoiceDeskDetailResponse,
  InvoiceDeskQueueResponse,
  InvoiceDeskSearchResponse,
  InvoiceResendResponse,
} from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { orderFeeLines } from '../../../test/invoicing-helper';
import {
  demoWorldTestFile,
  PROVIDER_ONLY_EXPECTATION,
  sessionHeaders,
  statusByUser,
} from '../../../test/tenant-helper';
import { issueInvoice, uidOfInvoice, type InvoiceRow } from '.';
import { invoicesDocXml } from './mydata/invoices-doc';
import { mydataDocumentOf } from './mydata-document';
import { linesOf } from './repository';
import { TEST_INVOICING_SETTINGS } from './settings';

/**
 * Issue 37 §3–4: the provider staff's invoice desk through its routes, on the demo world — the
 * queue of refused and waiting documents with AADE's errors, attempts and next retry; the search by
 * number, MARK and ΑΦΜ; one document with every call to AADE; "send again" through the job's path
 * (a refusal for the content comes back refused, a lost answer is asked about before anything is
 * sent, nothing is ever sent twice, the request is audited); provider staff only.
 */
const world = demoWorldTestFile({ cardScale: 0.02 });
const DESK = '/api/v1/invoice-desk';
let series = 0;

async function call(method: 'GET' | 'POST', url: string, who: string = world.ids.admin) {
  return world.ctx.app.inject({
    method,
    url,
    headers: { ...(await sessionHeaders(world.ctx, who)), culture: 'en-us' },
  });
}

async function ok<T>(method: 'GET' | 'POST', url: string): Promise<T> {
  const response = await call(method, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const sandbox = (change: Parameters<typeof world.ctx.app.services.invoicing.setSandboxState>[0]) =>
  world.ctx.app.services.invoicing.setSandboxState(change);

/** A document of the company, in a series of this file's own, issued as a paying transaction would. */
async function issued(companyId = 'C1001'): Promise<InvoiceRow> {
  series += 1;
  const own = series;
  const party = (await world.ctx.app.services.companies.invoiceParty(companyId))!;
  const { invoice } = await world.ctx.database.db.transaction((tx) =>
    issueInvoice(tx, {
      idempotencyKey: `desk-test:${own}`,
      kind: 'invoice',
      issuer: { vatNumber: TEST_INVOICING_SETTINGS.issuerVat },
      series: `DSK${own}`,
      customer: { companyId },
      counterpart: { vatNumber: party.vatNumber, country: 'GR', name: party.name },
      lines: orderFeeLines(),
    }),
  );
  return invoice;
}

/** How many documents with this one's UID the sandbox AADE registered (a second send shows). */
async function registered(invoice: InvoiceRow): Promise<number> {
  const { rows } = await world.ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from mydata_sandbox_documents where uid = $1',
    [uidOfInvoice(invoice)],
  );
  return rows[0]!.n;
}

const detail = async (invoice: InvoiceRow) =>
  (await ok<InvoiceDeskDetailResponse>('GET', `${DESK}/invoices/${invoice.id}`)).invoice;
const resend = (invoice: InvoiceRow) => call('POST', `${DESK}/invoices/${invoice.id}/resend`);
const outcomes = async (invoice: InvoiceRow) =>
  (await detail(invoice)).transmissions.map((row) => `${row.action}:${row.outcome}`);

describe('the invoice desk', () => {
  it('queues what AADE refused with its codes and messages, and what waits with its attempts and next retry, oldest first', async () => {
    await sandbox({ mode: 'refuse', refusalCode: '202', refusalMessage: 'Invalid Greek VAT number' });
    const first = await issued();
    const second = await issued('C1002');
    await world.ctx.app.services.invoicing.transmitDue();
    await sandbox({ mode: 'down' });
    const waiting = await issued();
    await world.ctx.app.services.invoicing.transmitDue();
    const notYetSent = await issued();
    await sandbox({ mode: 'up' });

    const queue = await ok<InvoiceDeskQueueResponse>('GET', `${DESK}/queue`);
    const ids = (list: DeskInvoice[]) => list.map((entry) => entry.invoiceId);
    expect(ids(queue.refused)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids(queue.refused).indexOf(first.id)).toBeLessThan(ids(queue.refused).indexOf(second.id));
    expect(queue.refused.find((entry) => entry.invoiceId === first.id)).toMatchObject({
      number: `${first.series}-${first.number}`,
      state: 'refused',
      companyId: 'C1001',
      attempts: 1,
      lastOutcome: 'refused',
      errors: [{ code: '202', message: 'Invalid Greek VAT number' }],
      nextAttemptAt: null,
    });
    expect(ids(queue.waiting).slice(-2)).toEqual([waiting.id, notYetSent.id]);
    const failed = queue.waiting.find((entry) => entry.invoiceId === waiting.id)!;
    expect(failed).toMatchObject({
      state: 'transmission_failed',
      transmissionFailure: 1,
      attempts: 1,
      lastOutcome: 'unreachable',
    });
    expect(new Date(failed.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
    expect(queue.waiting.find((entry) => entry.invoiceId === notYetSent.id)).toMatchObject({
      state: 'issued',
      attempts: 0,
      lastAttemptAt: null,
    });
    await world.ctx.app.services.invoicing.transmitDue();
  });

  it('finds a document by its number as printed, by its MARK and by its customer’s ΑΦΜ', async () => {
    const invoice = await issued('C1002');
    await world.ctx.app.services.invoicing.transmitDue();
    const sent = await detail(invoice);
    expect(sent.state).toBe('transmitted');

    const search = (q: string) =>
      ok<InvoiceDeskSearchResponse>('GET', `${DESK}/search?q=${encodeURIComponent(q)}`);
    const byNumber = await search(` ${sent.number.toLowerCase().replace('-', ' ')} `);
    expect(byNumber.matchedBy).toBe('number');
    expect(byNumber.invoices.map((entry) => entry.invoiceId)).toEqual([invoice.id]);
    const byMark = await search(sent.mark!);
    expect(byMark.invoices.map((entry) => entry.invoiceId)).toEqual([invoice.id]);
    const byVat = await search(`EL ${sent.customerVat}`);
    expect(byVat.matchedBy).toBe('digits');
    expect(byVat.invoices.map((entry) => entry.invoiceId)).toContain(invoice.id);
    expect(byVat.invoices.every((entry) => entry.customerVat === sent.customerVat)).toBe(true);
    expect(await search('no such thing')).toMatchObject({ matchedBy: 'none', invoices: [] });
    expect(await search('DSK999-1')).toMatchObject({ matchedBy: 'number', invoices: [] });
  });

  it('shows one document with its customer, lines, totals and every call to AADE', async () => {
    await sandbox({ mode: 'down' });
    const invoice = await issued();
    await world.ctx.app.services.invoicing.transmitDue();
    await sandbox({ mode: 'up' });
    const shown = await detail(invoice);
    expect(shown).toMatchObject({
      invoiceId: invoice.id,
      state: 'transmission_failed',
      customer: { name: invoice.counterpart.name, vatNumber: invoice.counterpart.vatNumber },
      netCents: invoice.netCents,
      vatCents: invoice.vatCents,
      grossCents: invoice.grossCents,
      canResend: true,
    });
    expect(shown.lines.map((line) => line.kind)).toEqual(orderFeeLines().map((line) => line.kind));
    expect(shown.lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(invoice.netCents);
    expect(shown.transmissions).toEqual([
      expect.objectContaining({ attempt: 1, action: 'send', gateway: 'sandbox', outcome: 'unreachable' }),
    ]);
    expect((await call('GET', `${DESK}/invoices/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });
});

describe('sending again', () => {
  it('sends a refused document again: refused again for its content, shown; transmitted once AADE takes it; audited', async () => {
    await sandbox({ mode: 'refuse', refusalCode: '203', refusalMessage: 'Sums do not match' });
    const invoice = await issued();
    await world.ctx.app.services.invoicing.transmitDue();
    expect((await detail(invoice)).state).toBe('refused');

    const again = await resend(invoice);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<InvoiceResendResponse>()).toMatchObject({
      outcome: 'refused',
      invoice: { state: 'refused', errors: [{ code: '203', message: 'Sums do not match' }], canResend: true },
    });
    expect(await outcomes(invoice)).toEqual(['send:refused', 'send:refused']);

    await sandbox({ mode: 'up', duplicates: 'reregister' });
    const taken = (await resend(invoice)).json<InvoiceResendResponse>();
    expect(taken).toMatchObject({
      outcome: 'transmitted',
      invoice: { state: 'transmitted', canResend: false },
    });
    expect(taken.invoice.mark).toMatch(/^9\d{14}$/);
    expect(await registered(invoice)).toBe(1);

    // Once transmitted, a further "send again" is refused and sends nothing.
    const twice = await resend(invoice);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ errorMessage: string }>().errorMessage).toContain(taken.invoice.mark!);
    expect(await registered(invoice)).toBe(1);

    const { rows: audit } = await world.ctx.database.pool.query<{
      actor_user_id: string;
      company_id: string;
      before: { state: string };
      after: { state: string; number: string };
    }>(
      `select actor_user_id, company_id, before, after from audit_log
        where action = 'invoice.resend' and entity_id = $1 order by created_at`,
      [invoice.id],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: world.ids.admin,
        company_id: 'C1001',
        before: { state: 'refused' },
      }),
      expect.objectContaining({
        before: { state: 'refused' },
        after: expect.objectContaining({ state: 'issued' }),
      }),
    ]);
    await sandbox({ duplicates: 'refuse' });
  });

  it('after a lost answer asks AADE first and records the MARK it holds: nothing is sent twice', async () => {
    await sandbox({ mode: 'down', duplicates: 'reregister' });
    const invoice = await issued();
    await world.ctx.app.services.invoicing.transmitDue();
    // The send reached AADE after all; its answer was lost (AADE holds it, the portal does not know).
    await sandbox({ mode: 'up' });
    await world.ctx.app.services.invoicing.gateway.sendInvoices(
      invoicesDocXml([
        mydataDocumentOf(
          { ...invoice, transmissionFailure: 1 },
          await linesOf(world.ctx.database.db, invoice.id),
        ),
      ]),
    );
    expect(await registered(invoice)).toBe(1);
    // Its retry is due in half a minute: a worker may hold it any moment now, so nothing is sent.
    const early = (await resend(invoice)).json<InvoiceResendResponse>();
    expect(early).toMatchObject({ outcome: 'scheduled', invoice: { state: 'transmission_failed' } });
    expect(await outcomes(invoice)).toEqual(['send:unreachable']);

    // An hour's backoff (no worker holds it): sent again at once — asked about first, found.
    await world.ctx.database.pool.query(
      `update invoice_outbox set next_attempt_at = now() + interval '1 hour' where invoice_id = $1`,
      [invoice.id],
    );
    const found = (await resend(invoice)).json<InvoiceResendResponse>();
    expect(found).toMatchObject({ outcome: 'found', invoice: { state: 'transmitted' } });
    expect(await outcomes(invoice)).toEqual(['send:unreachable', 'lookup:found']);
    expect(await registered(invoice)).toBe(1);
    await sandbox({ duplicates: 'refuse' });
  });

  it('two staff sending one refused document again at once send it once', async () => {
    await sandbox({ mode: 'refuse' });
    const invoice = await issued();
    await world.ctx.app.services.invoicing.transmitDue();
    await sandbox({ mode: 'up', duplicates: 'reregister' });
    const answers = await Promise.all([resend(invoice), resend(invoice)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(
      statuses.every((status) => status === 200 || status === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(await registered(invoice)).toBe(1);
    expect((await detail(invoice)).state).toBe('transmitted');
    expect((await outcomes(invoice)).filter((outcome) => outcome === 'send:accepted')).toHaveLength(1);
    await sandbox({ duplicates: 'refuse' });
  });
});

describe('who may use the desk', () => {
  it('answers provider staff only: company and merchant users are refused every route', async () => {
    const invoice = await issued();
    const routes = [
      ['GET', `${DESK}/queue`],
      ['GET', `${DESK}/search?q=DSK1-1`],
      ['GET', `${DESK}/invoices/${invoice.id}`],
    ] as const;
    for (const [method, url] of routes) {
      expect(
        await statusByUser(world.ctx, world.ids, (headers) =>
          world.ctx.app.inject({ method, url, headers: { ...headers, companyid: 'C1001' } }),
        ),
        url,
      ).toEqual(PROVIDER_ONLY_EXPECTATION);
    }
    // Sending again changes things: every other role is refused and nothing is sent for them.
    for (const who of [world.ids.om1, world.ids.finance, world.ids.payment, world.ids.merchant]) {
      const refused = await world.ctx.app.inject({
        method: 'POST',
        url: `${DESK}/invoices/${invoice.id}/resend`,
        headers: { ...(await sessionHeaders(world.ctx, who)), companyid: 'C1001' },
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await detail(invoice)).transmissions).toEqual([]);
    await world.ctx.app.services.invoicing.transmitDue();
  });
});
