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
  // Each approved call posted exactly one ledger transaction.
  const postings = await pool.query<{ calls: number; ledger: number }>(`
    select count(*)::int as calls, count(distinct ledger_transaction_id)::int as ledger
      from terminal_transactions where outcome = 'approved'`);
  expect(postings.rows[0]!.ledger).toBe(postings.rows[0]!.calls);
  // What a merchant's account holds: its sales less fees, VAT and the payouts that left.
  const settled = await pool.query<{
    id: string;
    balance: string;
    sales: string;
    fees: string;
    paidOut: string;
  }>(`
    select m.id, a.balance_cents as balance,
           (select coalesce(sum(case t.kind when 'authorise' then t.amount_cents else -t.amount_cents end), 0)
              from terminal_transactions t where t.merchant_id = m.id and t.outcome = 'approved') as sales,
           (select coalesce(sum(s.fee_cents + s.vat_cents), 0) from settlements s where s.merchant_id = m.id) as fees,
           (select coalesce(sum(p.amount_cents), 0) from payouts p
             where p.merchant_id = m.id and p.state in ('sent', 'paid')) as "paidOut"
      from merchants m join ledger_accounts a on a.id = m.ledger_account_id`);
  for (const row of settled.rows) {
    expect(Number(row.balance)).toBe(Number(row.sales) - Number(row.fees) - Number(row.paidOut));
  }
  const payouts = await pool.query<{ state: string; n: number }>(
    'select state, count(*)::int as n from payouts group by state',
  );
  expect(payouts.rows.map((row) => row.state).sort()).toEqual(expect.arrayContaining(['paid']));
  const settlements = await pool.query<{ n: number }>('select count(*)::int as n from settlements');
  expect(settlements.rows[0]!.n).toBeGreaterThan(20);
  // What the merchants owe: three months of terminal rentals, the oldest paid by card, once each.
  const charges = await pool.query<{ period: string; status: string; n: number }>(
    `select period, status, count(*)::int as n from merchant_charges group by period, status order by period`,
  );
  expect(charges.rows.map((row) => row.status)).toEqual(['paid', 'open', 'open']);
  const [enrolled] = (
    await pool.query<{ n: number }>(
      `select count(*)::int as n from merchant_terminals where state = 'enrolled'`,
    )
  ).rows;
  expect(charges.rows.every((row) => row.n === enrolled!.n)).toBe(true);
  const paidPayments = await pool.query<{ n: number }>(
    `select count(*)::int as n from merchant_payments where status = 'succeeded'`,
  );
  expect(paidPayments.rows[0]!.n).toBe(DEMO_MERCHANTS.length);
  const problems = await world.ctx.app.services.ledger.checkInvariants(db);
  expect(problems).toEqual({ unbalancedTransactions: [], balanceMismatches: [], negativeAccounts: [] });
}, 120_000);
