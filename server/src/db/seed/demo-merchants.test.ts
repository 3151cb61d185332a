import { expect, it } from 'vitest';
import { demoWorldTestFile } from '../../../test/tenant-helper';
import { DEMO_MERCHANTS, seedDemoMerchants } from './demo-merchants';

const world = demoWorldTestFile({ cardScale: 0.2 });

it('seeds the demo merchants and their trade through the terminal operations, balanced to the cent', async () => {
  const { db, pool } = world.ctx.database;
  await seedDemoMerchants(db, world.ctx.app.services, { historyDays: 21 });
  const merchants = await pool.query<{ id: string; stores: number }>(
    'select m.id, count(s.id)::int as stores from merchants m join merchant_stores s on s.merchant_id = m.id group by m.id order by m.id',
  );
  expect(merchants.rows).toEqual(
    DEMO_MERCHANTS.map((merchant) => ({ id: merchant.merchantId, stores: merchant.stores.length })),
  );
  const calls = await pool.query<{ kind: string; outcome: string; n: number }>(
    'select kind, outcome, count(*)::int as n from terminal_transactions group by kind, outcome',
  );
  const count = (kind: string, outcome: string) =>
    calls.rows.find((row) => row.kind === kind && row.outcome === outcome)?.n ?? 0;
  expect(count('authorise', 'approved')).toBeGreaterThan(40);
  expect(count('authorise', 'declined')).toBeGreaterThan(0);
  // Each approved call posted exactly one ledger transaction, and each merchant's account holds
  // its purchases less what it gave back.
  const postings = await pool.query<{ calls: number; ledger: number }>(`
    select count(*)::int as calls, count(distinct ledger_transaction_id)::int as ledger
      from terminal_transactions where outcome = 'approved'`);
  expect(postings.rows[0]!.ledger).toBe(postings.rows[0]!.calls);
  const owed = await pool.query<{ id: string; balance: string; sales: string }>(`
    select m.id, a.balance_cents as balance,
           coalesce(sum(case t.kind when 'authorise' then t.amount_cents else -t.amount_cents end)
                    filter (where t.outcome = 'approved'), 0) as sales
      from merchants m join ledger_accounts a on a.id = m.ledger_account_id
      left join terminal_transactions t on t.merchant_id = m.id
     group by m.id, a.balance_cents`);
  for (const row of owed.rows) expect(Number(row.balance)).toBe(Number(row.sales));
  const problems = await world.ctx.app.services.ledger.checkInvariants(db);
  expect(problems).toEqual({ unbalancedTransactions: [], balanceMismatches: [], negativeAccounts: [] });
}, 120_000);
