import { describe, expect, it } from 'vitest';
import {
  accountsTestFile,
  inBothLanguages,
  refusesBadInput,
  WRITE_EXPECTATION,
  type BadInput,
} from '../../../test/accounts-helper';
import { COMPANY_SCOPED_EXPECTATION, tenantMatrix } from '../../../test/tenant-helper';

const world = accountsTestFile();
const { API, api, ok, query, countsByCompany, state } = world;

describe('tenant scope of every contract route', () => {
  it.each([
    ['GET', 'contracts', undefined],
    ['GET', 'retrieveTrzContract', undefined],
  ] as const)('%s %s answers every role for its own company only', async (method, route, payload) => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method,
      url: `${API}/${route}`,
      ...(payload ? { payload } : {}),
    });
    expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('POST updateTrzContract: writes for the order manager and provider staff only', async () => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method: 'POST',
      url: `${API}/updateTrzContract`,
      payload: () => ({ dailyAllowanceCents: 900, monthlyLoadDay: 5, invoiceEmail: 'matrix@example.gr' }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(await countsByCompany('trz_contracts', `invoice_email = 'matrix@example.gr'`)).toEqual({
      C1001: 1,
      C1006: 1,
    });
  });
});

describe('bad input answers 400 naming the field, in the request’s language', () => {
  const cases: BadInput[] = [
    {
      route: 'updateTrzContract',
      what: 'a daily allowance above the tax-free one',
      payload: () => ({ dailyAllowanceCents: 2_000, monthlyLoadDay: 1, invoiceEmail: 'a@example.gr' }),
      field: 'dailyAllowanceCents',
      key: 'tooLarge',
      params: { max: '10,00\u00a0€' },
    },
    {
      route: 'updateTrzContract',
      what: 'load day 29',
      payload: () => ({ dailyAllowanceCents: 800, monthlyLoadDay: 29, invoiceEmail: 'a@example.gr' }),
      field: 'monthlyLoadDay',
      key: 'tooLarge',
      params: { max: 28 },
    },
    {
      route: 'updateTrzContract',
      what: 'an invoice email without @',
      payload: () => ({ dailyAllowanceCents: 800, monthlyLoadDay: 1, invoiceEmail: 'invoices.example.gr' }),
      field: 'invoiceEmail',
      key: 'invalidEmail',
    },
  ];

  it.each(inBothLanguages(cases))(
    '$route with $what ($locale)',
    refusesBadInput(() => world.ctx, api, state),
  );
});

describe('contracts', () => {
  it('lists the company’s contracts as stored', async () => {
    const { contracts } = await ok<{
      contracts: { contractNumber: string; product: string; status: string; cardFeeCents: number }[];
    }>(await api('finance', 'GET', 'contracts', { company: 'C1002' }));
    const rows = await query<{
      contract_number: string;
      product: string;
      status: string;
      card_fee_cents: number;
    }>(
      `select contract_number, product, status, card_fee_cents from contracts where company_id = 'C1002' order by valid_from`,
    );
    expect(contracts.map((c) => [c.contractNumber, c.product, c.status, c.cardFeeCents])).toEqual(
      rows.map((r) => [r.contract_number, r.product, r.status, r.card_fee_cents]),
    );
    expect(contracts.length).toBeGreaterThan(0);
  });

  it('updates the TRZ contract and signs it once, audited', async () => {
    // C1002 starts unsigned in the demo.
    const before = await ok<{ trzContract: Record<string, unknown> }>(
      await api('om3', 'GET', 'retrieveTrzContract', { company: 'C1002' }),
    );
    expect(before.trzContract).toMatchObject({ status: 'not_signed', acceptedAt: null, acceptedBy: null });
    const updated = await ok<{ trzContract: Record<string, unknown> }>(
      await api('om3', 'POST', 'updateTrzContract', {
        company: 'C1002',
        payload: { dailyAllowanceCents: 1_000, monthlyLoadDay: 28, invoiceEmail: 'Invoices@Elaionas.GR' },
      }),
    );
    expect(updated.trzContract).toMatchObject({
      status: 'not_signed',
      dailyAllowanceCents: 1_000,
      monthlyLoadDay: 28,
      invoiceEmail: 'invoices@elaionas.gr',
    });
    const signed = await ok<{ trzContract: Record<string, unknown> }>(
      await api('om3', 'POST', 'updateTrzContract', {
        company: 'C1002',
        payload: {
          dailyAllowanceCents: 900,
          monthlyLoadDay: 3,
          invoiceEmail: 'invoices@elaionas.gr',
          accept: true,
        },
      }),
    );
    expect(signed.trzContract).toMatchObject({
      status: 'active',
      acceptedBy: world.ids.om3,
      contractNumber: before.trzContract.contractNumber,
    });
    expect(signed.trzContract.acceptedAt).toEqual(expect.any(String));
    // Accepting again changes neither who nor when.
    const again = await ok<{ trzContract: Record<string, unknown> }>(
      await api('admin', 'POST', 'updateTrzContract', {
        company: 'C1002',
        payload: {
          dailyAllowanceCents: 900,
          monthlyLoadDay: 3,
          invoiceEmail: 'invoices@elaionas.gr',
          accept: true,
        },
      }),
    );
    expect(again.trzContract).toMatchObject({
      acceptedBy: world.ids.om3,
      acceptedAt: signed.trzContract.acceptedAt,
    });
    const read = await ok<{ trzContract: unknown }>(
      await api('payment', 'GET', 'retrieveTrzContract', { company: 'C1002' }),
    );
    expect(read.trzContract).toEqual(again.trzContract);
    const audits = await query<{ actor_user_id: string }>(
      `select actor_user_id from audit_log where action = 'trz-contract.update' and company_id = 'C1002' order by id`,
    );
    expect(audits.map((a) => a.actor_user_id)).toEqual([world.ids.om3, world.ids.om3, world.ids.admin]);
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
