import { athensDate, isPayableIban, nextTarget2BusinessDay } from '@tessera/domain';
import { expect, it } from 'vitest';
import { terminalToken } from '../../../test/merchant-helper';
import { demoWorldTestFile } from '../../../test/tenant-helper';
import { findDemoCards } from '../../modules/cards';
import { DEMO_CARD_TOKENS, DEMO_MERCHANTS, DEMO_TERMINAL, seedDemoMerchants } from './demo-merchants';

const world = demoWorldTestFile({ cardScale: 0.2 });

it('seeds the demo merchants and their trade through the terminal operations, balanced to the cent', async () => {
  const { db, pool } = world.ctx.database;
  // Thirty days, not 21: the returned payout (twelve days back) needs a paid payout of the taverna
  // before it, and the trade picks its cards in random-id order, so a short history sometimes had
  // none (ADR 038, round six). Eighteen days of trade before it instead of nine make that rare.
  await seedDemoMerchants(db, world.ctx.app.services, { historyDays: 30 });
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
  // Each merchant's newest purchases are whole, whatever the day: the demo's merchant disputes one.
  const newest = await pool.query<{ merchant_id: string; given_back: number }>(`
    select t.merchant_id,
           (select count(*)::int from terminal_transactions g where g.original_id = t.id) as given_back
      from terminal_transactions t
     where t.kind = 'authorise' and t.outcome = 'approved'
       and t.created_at = (select max(n.created_at) from terminal_transactions n
                            where n.merchant_id = t.merchant_id and n.kind = 'authorise'
                              and n.outcome = 'approved')`);
  expect(newest.rows.length).toBeGreaterThan(0);
  expect(newest.rows.filter((row) => row.given_back > 0)).toEqual([]);
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

// Issue 34 §2.8 and §1 (ADR 042): runs on what the test above seeded (the same file's database).
it('seeds a balanced ledger with one payout returned by the bank, and payouts paid on the day they would have been', async () => {
  const { pool } = world.ctx.database;
  // Every journal entry's postings sum to zero.
  const unbalanced = await pool.query<{ id: string }>(
    `select transaction_id as id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`,
  );
  expect(unbalanced.rows).toEqual([]);
  // Every merchant's balance is what its ledger entries say, and what the payout desk shows.
  const merchants = await pool.query<{ id: string; balance: string; entries: string }>(`
    select m.id, a.balance_cents as balance,
           (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account_id = a.id) as entries
      from merchants m join ledger_accounts a on a.id = m.ledger_account_id order by m.id`);
  const desk = await world.ctx.app.services.settlements.payoutDesk({ page: 1, pageSize: 10 });
  for (const row of merchants.rows) {
    expect(Number(row.balance), row.id).toBe(Number(row.entries));
    expect(desk.balances.find((balance) => balance.merchantId === row.id)?.balanceCents, row.id).toBe(
      Number(row.balance),
    );
  }
  // One payout returned, with its reason and its reversal, and a repayment of the same amount.
  const returned = await pool.query<{
    merchant_id: string;
    amount_cents: string;
    return_reason: string;
    reversal: string;
    repaid: string | null;
  }>(`
    select p.merchant_id, p.amount_cents, p.return_reason,
           (select t.kind from ledger_transactions t where t.id = p.return_ledger_transaction_id) as reversal,
           (select r.amount_cents::text from payouts r where r.replaces_payout_id = p.id) as repaid
      from payouts p where p.state = 'returned'`);
  expect(returned.rows).toEqual([
    expect.objectContaining({
      merchant_id: 'M2001',
      reversal: 'reversal',
      return_reason: expect.stringContaining('AC04'),
    }),
  ]);
  expect(returned.rows[0]!.repaid).toBe(String(returned.rows[0]!.amount_cents));
  // Paid the TARGET2 business day after the file was sent, not at the moment of seeding.
  const paid = await pool.query<{ sent_day: string; paid_day: string; paid_at: Date }>(`
    select to_char(sent_at at time zone 'Europe/Athens', 'YYYY-MM-DD') as sent_day,
           to_char(paid_at at time zone 'Europe/Athens', 'YYYY-MM-DD') as paid_day, paid_at
      from payouts where paid_at is not null`);
  expect(paid.rows.length).toBeGreaterThan(0);
  for (const row of paid.rows) {
    expect(row.paid_day).toBe(nextTarget2BusinessDay(row.sent_day));
    expect(row.paid_at.getTime()).toBeLessThan(Date.now() - 3_600_000);
  }
  // Every seeded merchant's IBAN passes the ISO 13616 check (issue 34 §2.1).
  for (const merchant of DEMO_MERCHANTS) expect(isPayableIban(merchant.iban), merchant.merchantId).toBe(true);
});

// Issue 34 §2 item 6: runs on what the first test seeded (the same file's database).
it('publishes an expired demo card that every authorisation declines cardExpired, offered with the others', async () => {
  const { db, pool } = world.ctx.database;
  const { rows } = await pool.query<{ id: string }>('select id from merchant_terminals where mid = $1', [
    DEMO_TERMINAL.mid,
  ]);
  // As the README shows it: a token for the demo terminal, then an authorisation with the token.
  const token = await terminalToken(world.ctx, { terminalId: rows[0]!.id, ...DEMO_TERMINAL });
  const answer = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/terminals/authorise',
    headers: { authorization: `Bearer ${token}`, culture: 'en-us' },
    payload: {
      terminalTransactionId: 'README-EXPIRED-1',
      mid: DEMO_TERMINAL.mid,
      cardToken: DEMO_CARD_TOKENS.expired,
      amountCents: 1_000,
      time: new Date().toISOString(),
    },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toMatchObject({
    outcome: 'declined',
    reason: 'cardExpired',
    message: 'The card has expired',
  });
  // The virtual terminal's demo cards: the published three first, the expired one saying so.
  const cards = await findDemoCards(db, 12, athensDate());
  expect(
    cards
      .slice(0, 3)
      .map((card) => [card.cardToken, card.declines])
      .sort(),
  ).toEqual([
    [DEMO_CARD_TOKENS.expired, 'cardExpired'],
    [DEMO_CARD_TOKENS.gift, null],
    [DEMO_CARD_TOKENS.meal, null],
  ]);
  expect(cards.find((card) => card.cardToken === DEMO_CARD_TOKENS.expired)?.balanceCents).toBe(4_000);
  expect(cards.slice(3).every((card) => card.declines === null)).toBe(true);
});
