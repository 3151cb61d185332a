import Fastify from 'fastify';
import { addDays, athensDate, athensMidnight, sepaText } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { cardWithBalance, createTestMerchant, type TestTerminal } from '../../../test/merchant-helper';
import {
  demoWorldTestFile,
  PROVIDER_ONLY_EXPECTATION,
  sessionHeaders,
  statusByUser,
} from '../../../test/tenant-helper';
import { PROVIDER_LEGAL_NAME } from '../../platform/config';
import { createSandboxGateway, PROVIDER_BANK_ACCOUNT, sandboxBankRoutes } from '../payments';

/**
 * The payout desk (issue 34 §1, §2.1, §2.7; ADR 042): returned payouts through the ledger, payouts
 * to invalid IBANs waiting outside the files, TARGET2 execution dates, the settlements desk with
 * its missing days and idempotent re-run, the terminals desk with reasons in the audit log, and
 * every new route refused to everyone but provider staff.
 */
const world = demoWorldTestFile({ cardScale: 0.05, timeoutMs: 120_000 });

/** An IBAN whose ISO 13616 check digits are wrong (the old demo IBAN of M2001). */
const INVALID_IBAN = 'GR9601100400000004012345678';
const VALID_IBAN = 'GR1701100400000004012345678';

const dayAgo = (days: number) => addDays(athensDate(), -days);
const noonOf = (day: string, minutes = 0) =>
  new Date(athensMidnight(day).getTime() + (12 * 60 + minutes) * 60_000);

function buy(terminal: TestTerminal, id: string, cardToken: string, amountCents: number, at: Date) {
  return world.ctx.app.services.terminals.authorise(
    { terminalId: terminal.terminalId, mid: terminal.mid },
    { terminalTransactionId: id, mid: terminal.mid, cardToken, amountCents, time: at.toISOString() },
    { locale: 'en', at },
  );
}

async function merchantBalance(merchantId: string): Promise<number> {
  const { rows } = await world.ctx.database.pool.query<{ balance_cents: string }>(
    `select a.balance_cents from merchants m join ledger_accounts a on a.id = m.ledger_account_id where m.id = $1`,
    [merchantId],
  );
  return Number(rows[0]!.balance_cents);
}

async function expectLedgerInvariants() {
  const problems = await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db);
  expect(problems).toEqual({ unbalancedTransactions: [], balanceMismatches: [], negativeAccounts: [] });
}

/** A merchant with one day of sales settled `daysAgo` days back: its scheduled payout. */
async function merchantWithPayout(options: { iban?: string; daysAgo?: number; amountCents?: number } = {}) {
  const { merchantId, terminals } = await createTestMerchant(world.ctx, {
    feePlan: { VOUCHER: 100 },
    ...(options.iban ? { iban: options.iban } : {}),
  });
  const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 50_000 });
  const day = dayAgo(options.daysAgo ?? 3);
  await buy(terminals[0]!, `${merchantId}-1`, card.token, options.amountCents ?? 10_000, noonOf(day));
  const settled = await world.ctx.app.services.settlements.settleMerchantDay(merchantId, day);
  return { merchantId, terminals, day, payout: settled.payout! };
}

const staff = () => sessionHeaders(world.ctx, world.ids.admin);

describe('a payout returned by the bank', () => {
  it('goes back on the merchant balance by a ledger reversal, is paid again in a later file, and the merchant is told', async () => {
    const { merchantId, payout } = await merchantWithPayout();
    const headers = await staff();
    const sent = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/send',
      headers,
    });
    expect(sent.statusCode).toBe(200);
    expect(await merchantBalance(merchantId)).toBe(0);

    const tooShort = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markReturned',
      headers,
      payload: { payoutId: payout.id, reason: ' x ' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields).toEqual([expect.objectContaining({ field: 'reason' })]);

    const returned = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markReturned',
      headers,
      payload: { payoutId: payout.id, reason: 'AC04 closed account' },
    });
    expect(returned.statusCode).toBe(200);
    const body = returned.json();
    expect(body.payout).toMatchObject({
      payoutId: payout.id,
      state: 'returned',
      returnReason: 'AC04 closed account',
    });
    expect(body.repayment).toMatchObject({
      state: 'scheduled',
      amountCents: payout.amountCents,
      replacesPayoutId: payout.id,
      settlementId: payout.settlementId,
    });
    // Back on the merchant's balance, by a posting (the reversal of the payout's transaction).
    expect(body.balanceCents).toBe(payout.amountCents);
    expect(await merchantBalance(merchantId)).toBe(payout.amountCents);
    const { rows: reversal } = await world.ctx.database.pool.query<{ kind: string }>(
      `select t.kind from payouts p join ledger_transactions t on t.id = p.return_ledger_transaction_id where p.id = $1`,
      [payout.id],
    );
    expect(reversal).toEqual([{ kind: 'reversal' }]);
    await expectLedgerInvariants();

    // A second return of the same payout changes nothing.
    const twice = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markReturned',
      headers,
      payload: { payoutId: payout.id, reason: 'AC04 closed account' },
    });
    expect(twice.statusCode).toBe(409);
    expect(await merchantBalance(merchantId)).toBe(payout.amountCents);

    // The merchant is told: its bell and an e-mail to its contact.
    const { rows: notices } = await world.ctx.database.pool.query<{ kind: string }>(
      `select kind from merchant_notifications where merchant_id = $1 and kind = 'payoutReturned'`,
      [merchantId],
    );
    expect(notices).toHaveLength(1);
    const notifications = await world.ctx.app.services.merchants.notifications(merchantId, 'en');
    expect(notifications.notifications[0]).toMatchObject({ title: 'The bank returned a payout' });
    expect(notifications.notifications[0]!.body).toContain('AC04 closed account');
    const profile = await world.ctx.app.services.merchants.profile(merchantId);
    const { rows: mails } = await world.ctx.database.pool.query<{ text: string }>(
      `select text from mail_outbox where "to" = $1 and subject like '%Payout returned%'`,
      [profile.contactEmail],
    );
    expect(mails.some((mail) => mail.text.includes('AC04 closed account'))).toBe(true);
    const { rows: audit } = await world.ctx.database.pool.query<{ after: { reason: string } }>(
      `select after from audit_log where action = 'payout.returned' and entity_id = $1`,
      [payout.id],
    );
    expect(audit[0]!.after.reason).toBe('AC04 closed account');

    // The next file pays it again, once.
    const again = await world.ctx.app.services.settlements.sendPayouts({ userId: world.ids.admin });
    const { xml } = await world.ctx.app.services.settlements.payoutFile(again.fileId!);
    expect(xml).toContain(`<EndToEndId>${body.repayment.endToEndId}</EndToEndId>`);
    expect(await merchantBalance(merchantId)).toBe(0);
    // The settlement shows the live payout (the repayment), and the next day carries nothing.
    const { rows: carried } = await world.ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from payouts where settlement_id = $1 and state <> 'returned'`,
      [payout.settlementId],
    );
    expect(carried[0]!.n).toBe(1);
    await expectLedgerInvariants();
  });

  it('is refused while scheduled (nothing left the provider yet)', async () => {
    const { payout } = await merchantWithPayout({ daysAgo: 4 });
    const response = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/payouts/markReturned',
      headers: await staff(),
      payload: { payoutId: payout.id, reason: 'not sent yet' },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('a payout to an IBAN that fails the ISO 13616 check', () => {
  it('waits outside the file, shown on the desk with its reason, and is sent once the account is corrected', async () => {
    const { merchantId, payout } = await merchantWithPayout({ iban: INVALID_IBAN });
    const before = await merchantBalance(merchantId);
    const settlements = world.ctx.app.services.settlements;
    const sent = await settlements.sendPayouts({ userId: world.ids.admin });
    expect(sent.waiting).toBeGreaterThanOrEqual(1);
    if (sent.fileId) {
      expect((await settlements.payoutFile(sent.fileId)).xml).not.toContain(payout.endToEndId);
    }
    // Not in the file, not lost: still scheduled, the money still on the merchant account.
    expect(await merchantBalance(merchantId)).toBe(before);
    const desk = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/payoutDesk',
      headers: await staff(),
    });
    expect(desk.statusCode).toBe(200);
    expect(desk.json().scheduled).toContainEqual(
      expect.objectContaining({ payoutId: payout.id, state: 'scheduled', waitingReason: 'invalidIban' }),
    );

    await world.ctx.database.pool.query('update merchants set iban = $2 where id = $1', [
      merchantId,
      VALID_IBAN,
    ]);
    const later = await settlements.sendPayouts({ userId: world.ids.admin });
    const { xml } = await settlements.payoutFile(later.fileId!);
    expect(xml).toContain(`<EndToEndId>${payout.endToEndId}</EndToEndId>`);
    expect(xml).toContain(`<IBAN>${VALID_IBAN}</IBAN>`);
    expect(xml).not.toContain(INVALID_IBAN);
    expect(await merchantBalance(merchantId)).toBe(before - payout.amountCents);
    await expectLedgerInvariants();
  });
});

describe('a payout file', () => {
  it('asks for a TARGET2 business day: a file of a Saturday or of Good Friday rolls forward', async () => {
    const settlements = world.ctx.app.services.settlements;
    for (const [at, expected] of [
      ['2026-11-28T08:00:00Z', '2026-11-30'],
      ['2027-03-26T08:00:00Z', '2027-03-30'],
    ] as const) {
      await merchantWithPayout({ daysAgo: 5 });
      const sent = await settlements.sendPayouts({ userId: world.ids.admin }, { at: new Date(at) });
      const { xml } = await settlements.payoutFile(sent.fileId!);
      expect(xml).toContain(`<ReqdExctnDt>${expected}</ReqdExctnDt>`);
      const desk = await settlements.payoutDesk({ page: 1, pageSize: 50 });
      expect(desk.files.find((file) => file.fileId === sent.fileId)).toMatchObject({
        executionDate: expected,
        payoutCount: sent.count,
        totalCents: sent.totalCents,
      });
    }
  });

  it('names the provider as the payment page and the sandbox bank do: one setting', async () => {
    await merchantWithPayout({ daysAgo: 6 });
    const settlements = world.ctx.app.services.settlements;
    const sent = await settlements.sendPayouts({ userId: world.ids.admin });
    const { xml } = await settlements.payoutFile(sent.fileId!);
    expect(xml).toContain(`<Nm>${sepaText(PROVIDER_LEGAL_NAME, 70)}</Nm>`);
    expect(PROVIDER_BANK_ACCOUNT.beneficiary).toBe(PROVIDER_LEGAL_NAME);
    const bank = Fastify();
    await bank.register(sandboxBankRoutes({ secret: 'test-secret', root: bank }));
    const gateway = createSandboxGateway({ publicUrl: '', secret: 'test-secret' });
    const { redirectUrl } = await gateway.createSession({
      paymentId: 'p1',
      amountCents: 1_000,
      description: 'Tessera order #1',
      returnUrl: '/orders/payment/result',
    });
    const page = await bank.inject({ method: 'GET', url: `/pay${new URL(redirectUrl, 'http://x').search}` });
    expect(page.body).toContain(`<dd>${PROVIDER_LEGAL_NAME}</dd>`);
    await bank.close();
  });
});

describe('the settlements desk', () => {
  it('flags a day with sales and no settlement, and re-running it is idempotent', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, { feePlan: { VOUCHER: 200 } });
    const card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 20_000 });
    const day = dayAgo(2);
    await buy(terminals[0]!, `${merchantId}-R1`, card.token, 4_000, noonOf(day));
    const headers = await staff();
    const desk = async () =>
      (
        await world.ctx.app.inject({
          method: 'GET',
          url: `/api/v1/merchants/settlementDesk?merchantId=${merchantId}`,
          headers,
        })
      ).json();
    expect(await desk()).toMatchObject({
      flagged: 1,
      days: [{ businessDay: day, merchantId, settlement: null, flag: 'missing' }],
    });

    const counts = async () =>
      (
        await world.ctx.database.pool.query<{ ledger: number; settlements: number; payouts: number }>(
          `select (select count(*)::int from ledger_transactions) as ledger,
                  (select count(*)::int from settlements) as settlements,
                  (select count(*)::int from payouts) as payouts`,
        )
      ).rows[0]!;
    const rerun = () =>
      world.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/merchants/settlements/rerunDay',
        headers,
        payload: { businessDay: day },
      });
    const first = await rerun();
    expect(first.statusCode).toBe(200);
    expect(first.json().settled).toBeGreaterThanOrEqual(1);
    const afterFirst = await counts();
    const balanceAfterFirst = await merchantBalance(merchantId);
    const second = await rerun();
    expect(second.json()).toEqual({
      success: true,
      settled: 0,
      existing: first.json().settled + first.json().existing,
    });
    // Running it twice changes nothing the second time.
    expect(await counts()).toEqual(afterFirst);
    expect(await merchantBalance(merchantId)).toBe(balanceAfterFirst);
    const settled = await desk();
    expect(settled.flagged).toBe(0);
    expect(settled.days[0]).toMatchObject({
      flag: null,
      settlement: { purchasesCents: 4_000, feeCents: 80, vatCents: 19, netCents: 3_901 },
    });
    await expectLedgerInvariants();

    const today = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchants/settlements/rerunDay',
      headers,
      payload: { businessDay: athensDate() },
    });
    expect(today.statusCode).toBe(409);
  });
});

describe('the terminals desk', () => {
  it('lists every merchant’s tills requested first, and keeps the reason of a suspension and a resumption', async () => {
    const { merchantId, terminals } = await createTestMerchant(world.ctx, {
      mids: ['71000001', '71000002'],
      states: ['enrolled', 'requested'],
    });
    const headers = await staff();
    const list = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/terminalDesk',
      headers,
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.requested).toBe(
      body.terminals.filter((terminal: { state: string }) => terminal.state === 'requested').length,
    );
    expect(body.requested).toBeGreaterThanOrEqual(1);
    const states = body.terminals.map((terminal: { state: string }) => terminal.state);
    expect(states.slice(0, body.requested).every((state: string) => state === 'requested')).toBe(true);
    expect(body.terminals).toContainEqual(
      expect.objectContaining({
        merchantId,
        mid: '71000002',
        state: 'requested',
        storeName: expect.any(String),
      }),
    );

    const move = (terminalId: string, state: string, reason: string) =>
      world.ctx.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/terminalDesk/${terminalId}/state`,
        headers,
        payload: { state, reason },
      });
    const enrolled = terminals[0]!.terminalId;
    expect((await move(enrolled, 'suspended', '')).json().fields).toEqual([
      expect.objectContaining({ field: 'reason' }),
    ]);
    expect((await move(enrolled, 'suspended', 'Chargeback fraud suspected')).statusCode).toBe(200);
    expect((await move(enrolled, 'suspended', 'again')).statusCode).toBe(409);
    expect((await move(enrolled, 'enrolled', 'Merchant explained the refunds')).statusCode).toBe(200);
    const { rows } = await world.ctx.database.pool.query<{ after: { state: string; reason: string } }>(
      `select after from audit_log where action = 'terminal.state' and entity_id = $1 order by id`,
      [enrolled],
    );
    expect(rows.map((row) => row.after)).toEqual([
      expect.objectContaining({ state: 'suspended', reason: 'Chargeback fraud suspected' }),
      expect.objectContaining({ state: 'enrolled', reason: 'Merchant explained the refunds' }),
    ]);
    const filtered = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/terminalDesk?merchantId=${merchantId}&state=requested`,
      headers,
    });
    expect(filtered.json().terminals).toEqual([expect.objectContaining({ mid: '71000002' })]);
  });
});

describe('the payout desk routes', () => {
  it('answer provider staff only; merchants and company roles get 403', async () => {
    for (const url of [
      '/api/v1/merchants/payoutDesk',
      '/api/v1/merchants/settlementDesk',
      '/api/v1/merchants/terminalDesk',
    ]) {
      const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
        world.ctx.app.inject({ method: 'GET', url, headers }),
      );
      expect(statuses, url).toEqual(PROVIDER_ONLY_EXPECTATION);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    const posts = [
      {
        url: '/api/v1/merchants/payouts/markReturned',
        payload: { payoutId: unknown, reason: 'closed' },
        staff: 404,
      },
      { url: '/api/v1/merchants/settlements/rerunDay', payload: { businessDay: '2999-01-01' }, staff: 409 },
      {
        url: `/api/v1/merchants/terminalDesk/${unknown}/state`,
        payload: { state: 'suspended', reason: 'fraud' },
        staff: 404,
      },
    ];
    for (const post of posts) {
      const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
        world.ctx.app.inject({ method: 'POST', url: post.url, headers, payload: post.payload }),
      );
      expect(statuses, post.url).toEqual({
        ...PROVIDER_ONLY_EXPECTATION,
        admin: post.staff,
        care: post.staff,
      });
    }
  });
});
