import { describe, expect, it } from 'vitest';
import { accountsTestFile } from '../../../test/accounts-helper';
import { tenantMatrix, type TenantStatuses } from '../../../test/tenant-helper';

const world = accountsTestFile();
const { API, api, ok, query, countsByCompany } = world;

let serial = 0;
const contract = (overrides: Record<string, unknown> = {}) => ({
  product: 'SPENDEO',
  contractNumber: `SP-TEST-${++serial}`,
  status: 'pending',
  signedOn: '2026-11-20',
  validFrom: '2026-12-01',
  validTo: '2028-11-30',
  cardFeeCents: 450,
  loadFeeBasisPoints: 120,
  paymentTermsDays: 30,
  ...overrides,
});

/** Provider staff, for any company; no company role, not even for its own. */
const PROVIDER_WRITE: TenantStatuses = {
  admin: { own: 200, foreign: 200 },
  care: { own: 200, foreign: 200 },
  om1: { own: 403, foreign: 403 },
  om3: { own: 403, foreign: 403 },
  finance: { own: 403, foreign: 403 },
  payment: { own: 403, foreign: 403 },
  merchant: { own: 403, foreign: 403 },
};

describe('adding contracts (provider staff)', () => {
  it('POST createContract: provider staff for any company, no company role', async () => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method: 'POST',
      url: `${API}/createContract`,
      payload: () => contract({ product: 'VOUCHER' }),
    });
    expect(matrix).toEqual(PROVIDER_WRITE);
    expect(
      await countsByCompany('contracts', `product = 'VOUCHER' and contract_number like 'SP-TEST-%'`),
    ).toEqual({
      C1001: 2,
      C1006: 2,
    });
  });

  it('adds a contract the company’s users then read, audited', async () => {
    const { contract: created } = ok<{ contract: { contractId: string; contractNumber: string } }>(
      await api('care', 'POST', 'createContract', {
        company: 'C1002',
        payload: contract({ contractNumber: 'SP-2026-77' }),
      }),
    );
    const { contracts } = ok<{ contracts: { contractNumber: string; status: string }[] }>(
      await api('finance', 'GET', 'contracts', { company: 'C1002' }),
    );
    expect(contracts).toContainEqual(
      expect.objectContaining({ contractNumber: 'SP-2026-77', status: 'pending' }),
    );
    const audits = await query<{ actor_user_id: string; company_id: string }>(
      `select actor_user_id, company_id from audit_log where action = 'contract.create' and entity_id = $1`,
      [created.contractId],
    );
    expect(audits).toEqual([{ actor_user_id: world.ids.care, company_id: 'C1002' }]);

    const { contract: active } = ok<{ contract: { status: string } }>(
      await api('admin', 'POST', 'updateContractStatus', {
        company: 'C1002',
        payload: { contractId: created.contractId, status: 'active' },
      }),
    );
    expect(active.status).toBe('active');
    // Another company's contract is not found from C1001.
    const foreign = await api('admin', 'POST', 'updateContractStatus', {
      company: 'C1001',
      payload: { contractId: created.contractId, status: 'expired' },
    });
    expect(foreign.statusCode).toBe(404);
    const om = await api('om3', 'POST', 'updateContractStatus', {
      company: 'C1002',
      payload: { contractId: created.contractId, status: 'expired' },
    });
    expect(om.statusCode).toBe(403);
  });

  it('names the field of a bad contract: an end before the start, a number in use, a negative fee', async () => {
    const before = await query('select count(*)::int as n from contracts');
    const endBeforeStart = await api('admin', 'POST', 'createContract', {
      culture: 'en-us',
      payload: contract({ validFrom: '2027-01-01', validTo: '2026-01-01' }),
    });
    expect(endBeforeStart.statusCode).toBe(400);
    expect(endBeforeStart.json().fields[0].field).toBe('validTo');
    const fee = await api('admin', 'POST', 'createContract', {
      culture: 'el-gr',
      payload: contract({ cardFeeCents: -1 }),
    });
    expect(fee.statusCode).toBe(400);
    expect(fee.json().fields[0].field).toBe('cardFeeCents');
    expect(fee.json().fields[0].message).toMatch(/[\u0370-\u03ff]/);
    ok(await api('admin', 'POST', 'createContract', { payload: contract({ contractNumber: 'SP-DUP-1' }) }));
    const count = await query('select count(*)::int as n from contracts');
    const taken = await api('admin', 'POST', 'createContract', {
      payload: contract({ contractNumber: 'SP-DUP-1' }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields[0].field).toBe('contractNumber');
    expect(await query('select count(*)::int as n from contracts')).toEqual(count);
    expect(before).not.toEqual(count);
  });
});
