import {
  addDays,
  athensDate,
  athensMidnight,
  ERROR_CODE,
  type Dispute,
  type DisputeDetail,
} from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cardWithBalance,
  createTestMerchant,
  linkMerchantUser,
  type TestTerminal,
} from '../../../test/merchant-helper';
import { demoWorldTestFile, lastMailTo, sessionHeaders, settle } from '../../../test/tenant-helper';

/*
 * Issue 34 §1 (ADR 043): disputes of terminal transactions, through the routes, on a real database:
 * who may open and see which, one open per transaction, resolution through the ledger's
 * reverse/refund path exactly once, rejection, the parties told, and the refusal of every route
 * across merchants and companies.
 */
const world = demoWorldTestFile({ cardScale: 0.05 });

let ownMerchant: string;
let ownTerminal: TestTerminal;
let foreignTerminal: TestTerminal;
type TestCard = { cardId: string; token: string; accountId: string; companyId: string };
const cardsUsed = new Map<string, number>();

/**
 * A meal card of the company not used before in this file, with 500 € on it: a meal card's daily
 * legal cap (25 €) would decline the file's purchases on one card, and Spendeo's or MyBenefits'
 * spend rules might.
 */
async function nextCard(companyId: string): Promise<TestCard> {
  const skip = cardsUsed.get(companyId) ?? 0;
  cardsUsed.set(companyId, skip + 1);
  return cardWithBalance(world.ctx, { companyId, product: 'TICKET_RESTAURANT', balanceCents: 50_000, skip });
}
let sequence = 0;

type Json = Record<string, unknown>;

async function call(
  who: string,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object; headers?: Record<string, string>; sessionOptions?: Json } = {},
) {
  return world.ctx.app.inject({
    method,
    url,
    headers: {
      ...(await sessionHeaders(world.ctx, who, options.sessionOptions as never)),
      culture: 'en-us',
      ...options.headers,
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

/** An approved purchase (or a declined one when the card cannot pay) at `terminal`; its call's id. */
async function purchase(
  terminal: TestTerminal,
  companyId: string,
  amountCents: number,
  at?: Date,
): Promise<{
  transactionId: string;
  terminalTransactionId: string;
  ledgerTransactionId: string | null;
  card: TestCard;
}> {
  sequence += 1;
  const card = await cardFor(companyId, amountCents);
  const cardToken = card.token;
  const terminalTransactionId = `DT-${sequence}-${Date.now()}`;
  const when = at ?? new Date();
  await world.ctx.app.services.terminals.authorise(
    terminal,
    { terminalTransactionId, mid: terminal.mid, cardToken, amountCents, time: when.toISOString() },
    { locale: 'en', at: when },
  );
  const { rows } = await world.ctx.database.pool.query<{ id: string; ledger_transaction_id: string | null }>(
    'select id, ledger_transaction_id from terminal_transactions where terminal_id = $1 and terminal_transaction_id = $2',
    [terminal.terminalId, terminalTransactionId],
  );
  return {
    transactionId: rows[0]!.id,
    terminalTransactionId,
    ledgerTransactionId: rows[0]!.ledger_transaction_id,
    card,
  };
}

async function balanceOf(accountId: string): Promise<number> {
  return world.ctx.app.services.ledger.balance(world.ctx.database.db, accountId);
}

async function openAsMerchant(transactionId: string, reason = 'charged_twice') {
  return call(world.ids.merchant, 'POST', '/api/v1/merchants/disputes', {
    payload: { transactionId, reason, note: 'The customer says so' },
  });
}

async function expectLedgerBalanced() {
  const problems = await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db);
  expect(problems.unbalancedTransactions).toEqual([]);
  expect(problems.balanceMismatches).toEqual([]);
}

/** The card paying each company's next purchase, and what it has paid today (its cap is 25 €). */
const paying = new Map<string, { card: TestCard; spentCents: number }>();

/** The company's current meal card while the purchase fits in its daily cap, else the next one. */
async function cardFor(companyId: string, amountCents: number): Promise<TestCard> {
  // An amount above the cap is declined for the balance or the cap: it spends nothing.
  const spends = amountCents <= 2_500 ? amountCents : 0;
  const current = paying.get(companyId);
  if (current && current.spentCents + spends <= 2_500) {
    current.spentCents += spends;
    return current.card;
  }
  const card = await nextCard(companyId);
  paying.set(companyId, { card, spentCents: spends });
  return card;
}

beforeAll(async () => {
  const own = await createTestMerchant(world.ctx);
  ownMerchant = own.merchantId;
  ownTerminal = own.terminals[0]!;
  await linkMerchantUser(world.ctx, world.ids.merchant, ownMerchant);
  foreignTerminal = (await createTestMerchant(world.ctx)).terminals[0]!;
}, 120_000);

describe('opening a dispute', () => {
  it('a merchant’s administrator opens one on its purchase; the transaction and the list show it; a second open is a conflict', async () => {
    const sale = await purchase(ownTerminal, 'C1001', 1_500);
    const opened = await openAsMerchant(sale.transactionId);
    expect(opened.statusCode).toBe(200);
    const dispute = opened.json<{ dispute: Dispute }>().dispute;
    expect(dispute).toMatchObject({ state: 'open', reason: 'charged_twice', openedBy: 'merchant' });
    expect(dispute.transaction).toMatchObject({ transactionId: sale.transactionId, amountCents: 1_500 });

    const again = await openAsMerchant(sale.transactionId, 'refund_not_received');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ errorMessage: string }>().errorMessage).toMatch(/already has an open dispute/);

    const states = await call(
      world.ids.merchant,
      'GET',
      `/api/v1/merchants/disputes/ofTransactions?transactionIds=${sale.transactionId}`,
    );
    expect(states.json<{ disputes: { key: string; dispute: Dispute }[] }>().disputes).toEqual([
      expect.objectContaining({
        key: sale.transactionId,
        dispute: expect.objectContaining({ state: 'open' }),
      }),
    ]);
    const list = await call(world.ids.merchant, 'GET', '/api/v1/merchants/disputes?state=open');
    expect(list.json<{ disputes: Dispute[] }>().disputes.map((entry) => entry.disputeId)).toContain(
      dispute.disputeId,
    );
    const { rows } = await world.ctx.database.pool.query(
      `select action, actor_user_id from audit_log where entity = 'dispute' and entity_id = $1`,
      [dispute.disputeId],
    );
    expect(rows).toEqual([{ action: 'dispute.open', actor_user_id: world.ids.merchant }]);
  });

  it('two opens of one transaction at once: one is opened, the other is a conflict', async () => {
    const sale = await purchase(ownTerminal, 'C1001', 700);
    const answers = await Promise.all([
      openAsMerchant(sale.transactionId),
      openAsMerchant(sale.transactionId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await world.ctx.database.pool.query<{ n: number }>(
      'select count(*)::int as n from disputes where terminal_transaction_id = $1',
      [sale.transactionId],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a declined purchase can be disputed; a reversal or refund call cannot', async () => {
    const declined = await purchase(ownTerminal, 'C1001', 99_999_999);
    expect(declined.ledgerTransactionId).toBeNull();
    expect((await openAsMerchant(declined.transactionId, 'declined_but_charged')).statusCode).toBe(200);

    const sale = await purchase(ownTerminal, 'C1001', 400);
    await world.ctx.app.services.terminals.refund(
      ownTerminal,
      {
        terminalTransactionId: `RF-${sale.terminalTransactionId}`,
        mid: ownTerminal.mid,
        originalTerminalTransactionId: sale.terminalTransactionId,
        amountCents: 100,
        time: new Date().toISOString(),
      },
      { locale: 'en' },
    );
    const { rows } = await world.ctx.database.pool.query<{ id: string }>(
      `select id from terminal_transactions where terminal_transaction_id = $1`,
      [`RF-${sale.terminalTransactionId}`],
    );
    const refused = await openAsMerchant(rows[0]!.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatch(/transactionId/);
  });

  it('the order manager opens one for a cardholder from the card’s purchase; the card’s movements show its state', async () => {
    const sale = await purchase(ownTerminal, 'C1001', 2_000);
    const opened = await call(world.ids.om1, 'POST', '/api/v1/accounts/disputes', {
      headers: { companyid: 'C1001' },
      payload: {
        cardId: sale.card.cardId,
        movementId: sale.ledgerTransactionId,
        reason: 'refund_not_received',
      },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ dispute: Dispute }>().dispute.openedBy).toBe('company');
    const states = await call(
      world.ids.om1,
      'GET',
      `/api/v1/accounts/disputes/ofMovements?cardId=${sale.card.cardId}&movementIds=${sale.ledgerTransactionId}`,
      { headers: { companyid: 'C1001' } },
    );
    expect(states.json<{ disputes: { key: string }[] }>().disputes.map((entry) => entry.key)).toEqual([
      sale.ledgerTransactionId,
    ]);
    expect(states.json<{ disputableKeys: string[] }>().disputableKeys).toEqual([sale.ledgerTransactionId]);
    // The merchant sees the same dispute on its transaction, with its name and store.
    const merchantStates = await call(
      world.ids.merchant,
      'GET',
      `/api/v1/merchants/disputes/ofTransactions?transactionIds=${sale.transactionId}`,
    );
    const merchantSide = merchantStates.json<{ disputes: { dispute: Dispute }[] }>().disputes;
    expect(merchantSide).toHaveLength(1);
    expect(merchantSide[0]!.dispute.transaction.merchantName).not.toBe('');
    // The employer sees the purchase by time, amount and card, never where it was made (ADR 049):
    // not when it opens the dispute, not in the card's states, not in its list.
    const list = await call(world.ids.om1, 'GET', '/api/v1/accounts/disputes', {
      headers: { companyid: 'C1001' },
    });
    const listed = list
      .json<{ disputes: Dispute[] }>()
      .disputes.find((dispute) => dispute.transaction.transactionId === sale.transactionId);
    expect(listed).toBeDefined();
    for (const seen of [
      opened.json<{ dispute: Dispute }>().dispute,
      states.json<{ disputes: { dispute: Dispute }[] }>().disputes[0]!.dispute,
      listed!,
    ]) {
      expect(seen.transaction.amountCents).toBe(2_000);
      expect(seen.transaction.merchantName).toBe('');
      expect(seen.transaction.storeName).toBe('');
    }
  });

  it('care staff acting for the company open one for it, recorded as staff', async () => {
    const sale = await purchase(ownTerminal, 'C1001', 300);
    const opened = await call(world.ids.care, 'POST', '/api/v1/accounts/disputes', {
      headers: { companyid: 'C1001' },
      payload: { cardId: sale.card.cardId, movementId: sale.ledgerTransactionId, reason: 'charged_twice' },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ dispute: Dispute }>().dispute.openedBy).toBe('staff');
  });
});

describe('refusals across merchants and companies', () => {
  it('a merchant can neither open nor see a dispute of another merchant’s transaction', async () => {
    const foreignSale = await purchase(foreignTerminal, 'C1002', 800);
    const opened = await openAsMerchant(foreignSale.transactionId);
    expect(opened.statusCode).toBe(404);
    expect(opened.body).toMatch(/transactionId/);
    // Staff open it for the foreign merchant; the demo merchant still sees nothing of it.
    const { merchant_id: foreignMerchant } = (
      await world.ctx.database.pool.query<{ merchant_id: string }>(
        'select merchant_id from terminal_transactions where id = $1',
        [foreignSale.transactionId],
      )
    ).rows[0]!;
    const byStaff = await call(world.ids.care, 'POST', '/api/v1/merchants/disputes', {
      headers: { merchantid: foreignMerchant },
      payload: { transactionId: foreignSale.transactionId, reason: 'charged_twice' },
    });
    expect(byStaff.statusCode).toBe(200);
    const disputeId = byStaff.json<{ dispute: Dispute }>().dispute.disputeId;
    const states = await call(
      world.ids.merchant,
      'GET',
      `/api/v1/merchants/disputes/ofTransactions?transactionIds=${foreignSale.transactionId}`,
    );
    expect(states.json<{ disputes: unknown[] }>().disputes).toEqual([]);
    const list = await call(world.ids.merchant, 'GET', '/api/v1/merchants/disputes?pageSize=100');
    expect(list.body).not.toContain(disputeId);
    // Naming the foreign merchant in the header does not help a merchant user.
    const named = await call(world.ids.merchant, 'GET', '/api/v1/merchants/disputes', {
      headers: { merchantid: foreignMerchant },
    });
    expect(named.statusCode).toBe(403);
  });

  it('a company can neither open nor see a dispute of another company’s card', async () => {
    const foreignSale = await purchase(ownTerminal, 'C1002', 900);
    // Its own company, another company's card and movement: not found.
    const opened = await call(world.ids.om1, 'POST', '/api/v1/accounts/disputes', {
      headers: { companyid: 'C1001' },
      payload: {
        cardId: foreignSale.card.cardId,
        movementId: foreignSale.ledgerTransactionId,
        reason: 'charged_twice',
      },
    });
    expect(opened.statusCode).toBe(404);
    // Its own card with another card's movement: not found.
    const mixed = await call(world.ids.om1, 'POST', '/api/v1/accounts/disputes', {
      headers: { companyid: 'C1001' },
      payload: {
        cardId: (await nextCard('C1001')).cardId,
        movementId: foreignSale.ledgerTransactionId,
        reason: 'charged_twice',
      },
    });
    expect(mixed.statusCode).toBe(404);
    // The other company named: refused.
    for (const [method, url] of [
      ['GET', '/api/v1/accounts/disputes'],
      [
        'GET',
        `/api/v1/accounts/disputes/ofMovements?cardId=${foreignSale.card.cardId}&movementIds=${foreignSale.ledgerTransactionId}`,
      ],
    ] as const) {
      expect((await call(world.ids.om1, method, url, { headers: { companyid: 'C1002' } })).statusCode).toBe(
        403,
      );
    }
    // The merchant disputes it; C1001 sees nothing of it.
    expect((await openAsMerchant(foreignSale.transactionId)).statusCode).toBe(200);
    const states = await call(
      world.ids.om1,
      'GET',
      `/api/v1/accounts/disputes/ofMovements?cardId=${foreignSale.card.cardId}&movementIds=${foreignSale.ledgerTransactionId}`,
      { headers: { companyid: 'C1001' } },
    );
    expect(states.json<{ disputes: unknown[] }>().disputes).toEqual([]);
    const list = await call(world.ids.om1, 'GET', '/api/v1/accounts/disputes?pageSize=100', {
      headers: { companyid: 'C1001' },
    });
    expect(
      list.json<{ disputes: Dispute[] }>().disputes.map((entry) => entry.transaction.transactionId),
    ).not.toContain(foreignSale.transactionId);
  });

  it('refuses each route to the roles the policy table leaves out', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    const staffRoutes = [
      ['GET', '/api/v1/disputes'],
      ['GET', `/api/v1/disputes/${someId}`],
      ['POST', `/api/v1/disputes/${someId}/resolve`, { resolution: 'reversal', reason: 'Because' }],
      ['POST', `/api/v1/disputes/${someId}/reject`, { reason: 'Because' }],
    ] as const;
    for (const user of [world.ids.merchant, world.ids.om1, world.ids.finance, world.ids.payment]) {
      for (const [method, url, payload] of staffRoutes) {
        const answer = await call(user, method, url, {
          ...(payload ? { payload } : {}),
          headers: { companyid: 'C1002' },
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // Company roles on the merchant's routes, the merchant on the company's.
    expect((await call(world.ids.om1, 'GET', '/api/v1/merchants/disputes')).statusCode).toBe(403);
    expect(
      (
        await call(world.ids.om1, 'POST', '/api/v1/merchants/disputes', {
          payload: { transactionId: someId, reason: 'charged_twice' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(world.ids.merchant, 'GET', '/api/v1/accounts/disputes', {
          headers: { companyid: 'C1001' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(world.ids.merchant, 'POST', '/api/v1/accounts/disputes', {
          headers: { companyid: 'C1001' },
          payload: { cardId: someId, movementId: someId, reason: 'charged_twice' },
        })
      ).statusCode,
    ).toBe(403);
    // A finance user reads the company's disputes but may not open one.
    expect(
      (
        await call(world.ids.finance, 'POST', '/api/v1/accounts/disputes', {
          headers: { companyid: 'C1002' },
          payload: { cardId: someId, movementId: someId, reason: 'charged_twice' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(world.ids.finance, 'GET', '/api/v1/accounts/disputes', { headers: { companyid: 'C1002' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('resolving and rejecting', () => {
  async function openDispute(
    amountCents: number,
  ): Promise<{ disputeId: string; transactionId: string; accountId: string }> {
    const sale = await purchase(ownTerminal, 'C1001', amountCents);
    const opened = await openAsMerchant(sale.transactionId);
    return {
      disputeId: opened.json<{ dispute: Dispute }>().dispute.disputeId,
      accountId: sale.card.accountId,
      transactionId: sale.transactionId,
    };
  }
  const resolve = (disputeId: string, payload: object, sessionOptions?: Json) =>
    call(world.ids.admin, 'POST', `/api/v1/disputes/${disputeId}/resolve`, {
      payload,
      ...(sessionOptions ? { sessionOptions } : {}),
    });

  it('staff resolve by refund through the ledger once: the card gets it back from the merchant, and a second resolution moves nothing', async () => {
    const { disputeId, transactionId, accountId } = await openDispute(2_500);
    const { rows: accounts } = await world.ctx.database.pool.query<{ ledger_account_id: string }>(
      'select ledger_account_id from merchants where id = $1',
      [ownMerchant],
    );
    const merchantAccount = accounts[0]!.ledger_account_id;
    const [cardBefore, merchantBefore] = [await balanceOf(accountId), await balanceOf(merchantAccount)];

    const detail = await call(world.ids.admin, 'GET', `/api/v1/disputes/${disputeId}`);
    expect(detail.json<{ dispute: DisputeDetail }>().dispute).toMatchObject({
      refundableCents: 2_500,
      isReversible: true,
      merchantId: ownMerchant,
    });
    const resolved = await resolve(disputeId, {
      resolution: 'refund',
      amountCents: 1_000,
      reason: 'Charged twice, confirmed',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<{ dispute: Dispute }>().dispute).toMatchObject({
      state: 'resolved_refund',
      resolvedAmountCents: 1_000,
      resolutionReason: 'Charged twice, confirmed',
    });
    expect(await balanceOf(accountId)).toBe(cardBefore + 1_000);
    expect(await balanceOf(merchantAccount)).toBe(merchantBefore - 1_000);
    const { rows: calls } = await world.ctx.database.pool.query(
      `select kind, outcome, amount_cents::int as amount from terminal_transactions where original_id = $1`,
      [transactionId],
    );
    expect(calls).toEqual([{ kind: 'refund', outcome: 'approved', amount: 1_000 }]);

    const again = await resolve(disputeId, { resolution: 'refund', amountCents: 1_000, reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    const rejected = await call(world.ids.admin, 'POST', `/api/v1/disputes/${disputeId}/reject`, {
      payload: { reason: 'Too late' },
    });
    expect(rejected.statusCode).toBe(409);
    expect(await balanceOf(accountId)).toBe(cardBefore + 1_000);
    await expectLedgerBalanced();
    const { rows: audit } = await world.ctx.database.pool.query<{ action: string }>(
      `select action from audit_log where entity = 'dispute' and entity_id = $1 order by created_at`,
      [disputeId],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['dispute.open', 'dispute.resolve']);
  });

  it('two staff resolving one dispute at once give the money back once', async () => {
    const { disputeId, transactionId, accountId } = await openDispute(1_200);
    const before = await balanceOf(accountId);
    const answers = await Promise.all([
      resolve(disputeId, { resolution: 'reversal', reason: 'Reversed by desk A' }),
      resolve(disputeId, { resolution: 'refund', amountCents: 1_200, reason: 'Refunded by desk B' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(accountId)).toBe(before + 1_200);
    const { rows } = await world.ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from terminal_transactions where original_id = $1 and outcome = 'approved'`,
      [transactionId],
    );
    expect(rows[0]!.n).toBe(1);
    await expectLedgerBalanced();
  });

  it('refuses a refund above what is left, naming the amount, and a reversal after a partial refund', async () => {
    const { disputeId } = await openDispute(1_000);
    const above = await resolve(disputeId, { resolution: 'refund', amountCents: 1_001, reason: 'Too much' });
    expect(above.statusCode).toBe(400);
    expect(above.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
      'amountCents',
    ]);
    const missing = await resolve(disputeId, { resolution: 'refund', reason: 'No amount' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatch(/amountCents/);
    // A partial refund by the terminal itself, then a reversal is refused.
    const { rows } = await world.ctx.database.pool.query<{ terminal_transaction_id: string }>(
      `select t.terminal_transaction_id from disputes d join terminal_transactions t on t.id = d.terminal_transaction_id
        where d.id = $1`,
      [disputeId],
    );
    await world.ctx.app.services.terminals.refund(
      ownTerminal,
      {
        terminalTransactionId: `PART-${disputeId}`,
        mid: ownTerminal.mid,
        originalTerminalTransactionId: rows[0]!.terminal_transaction_id,
        amountCents: 400,
        time: new Date().toISOString(),
      },
      { locale: 'en' },
    );
    const reversal = await resolve(disputeId, { resolution: 'reversal', reason: 'Undo it' });
    expect(reversal.statusCode).toBe(422);
    const rest = await resolve(disputeId, {
      resolution: 'refund',
      amountCents: 601,
      reason: 'The rest and a cent',
    });
    expect(rest.statusCode).toBe(400);
    expect(
      (await resolve(disputeId, { resolution: 'refund', amountCents: 600, reason: 'The rest' })).statusCode,
    ).toBe(200);
    await expectLedgerBalanced();
  });

  it('asks for a fresh second-factor code before moving money', async () => {
    const { disputeId } = await openDispute(500);
    const stale = await resolve(
      disputeId,
      { resolution: 'reversal', reason: 'Stale code' },
      { secondFactorAt: new Date(Date.now() - 60 * 60_000) },
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json<{ errorCode: number }>().errorCode).toBe(ERROR_CODE.STEP_UP_REQUIRED);
    const { rows } = await world.ctx.database.pool.query<{ state: string }>(
      'select state from disputes where id = $1',
      [disputeId],
    );
    expect(rows[0]!.state).toBe('open');
  });

  it('a declined call’s dispute moves no money: it can only be rejected; rejecting tells the merchant and the company', async () => {
    const declined = await purchase(ownTerminal, 'C1001', 99_999_999);
    const opened = await call(world.ids.om1, 'POST', '/api/v1/accounts/disputes', {
      headers: { companyid: 'C1001' },
      payload: {
        cardId: declined.card.cardId,
        movementId: declined.transactionId,
        reason: 'declined_but_charged',
      },
    });
    // A declined call is no movement of the card: the company disputes purchases only.
    expect(opened.statusCode).toBe(404);
    const byMerchant = await openAsMerchant(declined.transactionId, 'declined_but_charged');
    const disputeId = byMerchant.json<{ dispute: Dispute }>().dispute.disputeId;
    const refused = await resolve(disputeId, { resolution: 'refund', amountCents: 100, reason: 'Refund it' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errorMessage: string }>().errorMessage).toMatch(/moved no money/);

    const rejected = await call(world.ids.care, 'POST', `/api/v1/disputes/${disputeId}/reject`, {
      payload: { reason: 'The ledger shows no charge' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<{ dispute: Dispute }>().dispute).toMatchObject({
      state: 'rejected',
      resolutionReason: 'The ledger shows no charge',
      resolvedAmountCents: null,
    });
    const bell = await call(world.ids.merchant, 'GET', '/api/v1/merchants/retrieveMerchantNotifications');
    expect(bell.body).toContain('The ledger shows no charge');
    await settle(world.ctx);
    const mail = await lastMailTo(world.ctx, 'merchant@tessera.demo');
    expect(mail?.text).toMatch(/Απορρίφθηκε/);
  });

  it('a company’s dispute resolved: the opener is mailed in their language and the company’s bell rings', async () => {
    const sale = await purchase(ownTerminal, 'C1001', 650);
    const opened = await call(world.ids.om1, 'POST', '/api/v1/accounts/disputes', {
      headers: { companyid: 'C1001' },
      payload: { cardId: sale.card.cardId, movementId: sale.ledgerTransactionId, reason: 'charged_twice' },
    });
    const disputeId = opened.json<{ dispute: Dispute }>().dispute.disputeId;
    expect(
      (await resolve(disputeId, { resolution: 'reversal', reason: 'Duplicate confirmed' })).statusCode,
    ).toBe(200);
    const bell = await call(world.ids.om1, 'GET', '/api/v1/accounts/retrieveNotifications', {
      headers: { companyid: 'C1001' },
    });
    expect(bell.body).toContain('disputeChanged');
    const { rows } = await world.ctx.database.pool.query<{ email: string }>(
      'select email from users where id = $1',
      [world.ids.om1],
    );
    const mail = await lastMailTo(world.ctx, rows[0]!.email);
    expect(mail?.subject).toBe('Η διαφορά σας άλλαξε κατάσταση');
    expect(mail?.text).toMatch(/Επιλύθηκε με ακύρωση/);
  });

  it('a refund after the purchase’s day was settled flows into the next day’s settlement', async () => {
    const today = athensDate();
    const dayOfSale = addDays(today, -3);
    const dayOfRefund = addDays(today, -2);
    const saleAt = new Date(athensMidnight(dayOfSale).getTime() + 10 * 3_600_000);
    const refundAt = new Date(athensMidnight(dayOfRefund).getTime() + 10 * 3_600_000);
    const sale = await purchase(ownTerminal, 'C1001', 1_000, saleAt);
    const settlements = world.ctx.app.services.settlements;
    const first = await settlements.settleMerchantDay(ownMerchant, dayOfSale);
    expect(first.settlement.purchasesCents).toBe(1_000);
    const opened = await openAsMerchant(sale.transactionId, 'refund_not_received');
    const disputeId = opened.json<{ dispute: Dispute }>().dispute.disputeId;
    await world.ctx.app.services.disputes.resolve(
      { userId: world.ids.admin, isProviderStaff: true, locale: 'en' },
      disputeId,
      { resolution: 'refund', amountCents: 600, reason: 'Refund was never made' },
      { at: refundAt },
    );
    const next = await settlements.settleMerchantDay(ownMerchant, dayOfRefund);
    expect(next.settlement.refundsCents).toBe(600);
    await expectLedgerBalanced();
  });
});

describe('the staff queue', () => {
  it('lists open disputes first and filters by state', async () => {
    const queue = await call(world.ids.care, 'GET', '/api/v1/disputes?pageSize=100');
    expect(queue.statusCode).toBe(200);
    const states = queue.json<{ disputes: DisputeDetail[] }>().disputes.map((entry) => entry.state);
    const firstClosed = states.findIndex((state) => state !== 'open');
    expect(firstClosed).toBeGreaterThan(0);
    expect(states.slice(firstClosed).every((state) => state !== 'open')).toBe(true);
    const rejected = await call(world.ids.care, 'GET', '/api/v1/disputes?state=rejected');
    const rows = rejected.json<{ disputes: DisputeDetail[] }>().disputes;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((entry) => entry.state === 'rejected')).toBe(true);
    const bad = await call(world.ids.care, 'GET', '/api/v1/disputes?state=closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/state/);
  });
});
