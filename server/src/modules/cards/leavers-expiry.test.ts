import {
  addDays,
  athensDate,
  maskCardNumber,
  replacementReasonOf,
  type BlockAndUnloadResponse,
  type Locale,
  type DraftOrderResponse,
  type LeaversAndExpiringResponse,
  type ReplaceCardsResponse,
} from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ValidationKey } from '../../platform/errors';
import { demoApiClient, demoWorldTestFile, type DemoUserKey } from '../../../test/tenant-helper';

/**
 * The leavers and expiry page (issue 22 §4, ADR 036): its list (the 60-day window on the Athens
 * calendar), the leaver and "do not renew" marks, replacement drafts, and block-and-unload with the
 * ledger's invariants, idempotency, tenant isolation and roles.
 */
const world = demoWorldTestFile({ cardScale: 0.05, timeoutMs: 120_000 });
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);

type CardFixture = {
  id: string;
  cardholderId: string;
  accountId: string;
  product: string;
  family: string;
  masked: string;
};

async function query<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query<T>(text, params)).rows;
}

let made = 0;

/**
 * `count` new active Ticket Restaurant cards of `companyId`, each of a new cardholder, expiring
 * `expiryDays` from today in Athens (400 unless told): the demo's own cards stay as they were.
 */
async function freshCards(
  companyId: string,
  count: number,
  options: { expiryDays?: number; family?: 'plastic' | 'virtual' } = {},
): Promise<CardFixture[]> {
  const rows = await world.ctx.app.services.cards.createCards(
    world.ctx.database.db,
    companyId,
    Array.from({ length: count }, () => {
      made += 1;
      return {
        product: 'TICKET_RESTAURANT' as const,
        family: options.family ?? ('plastic' as const),
        expiryDate: addDays(today, options.expiryDays ?? 400),
        cardholder: { firstName: 'Αποχώρηση', lastName: `Δοκιμή${made}`, email: `leaver${made}@example.gr` },
      };
    }),
  );
  return rows.map((row) => ({
    id: row.id,
    cardholderId: row.cardholderId,
    accountId: row.accountId,
    product: row.product,
    family: row.family,
    masked: maskCardNumber(row.bin, row.last4),
  }));
}

async function setExpiry(cardId: string, date: string): Promise<void> {
  await query('update cards set expiry_date = $2 where id = $1', [cardId, date]);
}

/** Puts exactly `balanceCents` on the card, from the provider's bank account through the ledger. */
async function setBalance(card: CardFixture, companyId: string, balanceCents: number): Promise<void> {
  const ledger = world.ctx.app.services.ledger;
  const db = world.ctx.database.db;
  const current = await ledger.balance(db, card.accountId);
  const difference = balanceCents - current;
  if (difference === 0) return;
  const bank = await ledger.bankAccount(db);
  await ledger.post(db, {
    kind: difference > 0 ? 'load' : 'unload',
    companyId,
    reference: 'test-fixture',
    entries: [
      { accountId: bank, amountCents: -difference },
      { accountId: card.accountId, amountCents: difference },
    ],
  });
}

async function listAll(which: string, user: DemoUserKey = 'om1', company = 'C1001') {
  const cards: LeaversAndExpiringResponse['cards'] = [];
  let first: LeaversAndExpiringResponse | undefined;
  for (let page = 1; ; page += 1) {
    const body = ok<LeaversAndExpiringResponse>(
      await api(user, 'GET', `leaversAndExpiring?which=${which}&page=${page}&pageSize=100`, { company }),
    );
    first ??= body;
    cards.push(...body.cards);
    if (body.cards.length < 100) break;
  }
  return { ...first!, cards };
}

/** What the ledger holds: every entry's sum (always 0), the transactions and the company's funding. */
async function ledgerState(companyId: string) {
  const ledger = world.ctx.app.services.ledger;
  const funding = await ledger.companyFundingAccount(world.ctx.database.db, companyId);
  const [totals] = await query<{ total: string; transactions: string; unbalanced: string }>(
    `select (select coalesce(sum(amount_cents), 0) from ledger_entries)::text as total,
            (select count(*) from ledger_transactions)::text as transactions,
            (select count(*) from (select transaction_id from ledger_entries group by transaction_id
                                    having sum(amount_cents) <> 0) t)::text as unbalanced`,
  );
  return {
    total: Number(totals!.total),
    transactions: Number(totals!.transactions),
    unbalanced: Number(totals!.unbalanced),
    fundingCents: await ledger.balance(world.ctx.database.db, funding),
  };
}

async function cardState(cardIds: string[]) {
  return query<{ id: string; status: string; balance_cents: string; do_not_renew: boolean }>(
    `select c.id, c.status, a.balance_cents::text, c.do_not_renew
       from cards c join ledger_accounts a on a.id = c.account_id where c.id = any($1) order by c.id`,
    [cardIds],
  );
}

function fieldsOf(response: { json: () => unknown }) {
  return (response.json() as { fields: { field: string; message: string }[] }).fields;
}

/** The refused rows of a 400 as `[field, message]`, and the rows expected, each message from the catalogue. */
async function refusedRows(
  response: { statusCode: number; body: string; json: () => unknown },
  expected: [field: string, key: ValidationKey, params: Record<string, string | number>][],
  locale: Locale = 'el',
) {
  expect(response.statusCode, response.body).toBe(400);
  const catalogue = world.ctx.app.services.content.catalogue();
  const messages = await Promise.all(
    expected.map(async ([field, key, params]) => [
      field,
      await catalogue.validationMessage(key, locale, params),
    ]),
  );
  expect(messages.every(([, message]) => Boolean(message))).toBe(true);
  expect(fieldsOf(response).map((field) => [field.field, field.message])).toEqual(messages);
}

let today = '';
beforeAll(() => {
  today = athensDate(new Date());
});

describe('GET leaversAndExpiring', () => {
  it('shows the demo’s leavers of C1001, one of their cards marked "do not renew"', async () => {
    const [demo] = await query<{ leavers: number; stopped: number }>(
      `select (select count(*)::int from cardholders where company_id = 'C1001' and leaver_marked_at is not null) as leavers,
              (select count(*)::int from cards where company_id = 'C1001' and do_not_renew) as stopped`,
    );
    expect(demo!.leavers).toBeGreaterThan(0);
    expect(demo!.leavers).toBeLessThanOrEqual(2);
    const leavers = await listAll('leavers');
    expect(leavers.total).toBeGreaterThan(0);
    expect(leavers.cards.every((card) => card.cardholder.leaverSince !== null)).toBe(true);
  });

  it('lists live cards expiring within 60 days on the Athens calendar: today and day 60 in, day 61 and yesterday out', async () => {
    const [day0, day60, day61, yesterday, blocked] = await freshCards('C1001', 5);
    await setExpiry(day0!.id, today);
    await setExpiry(day60!.id, addDays(today, 60));
    await setExpiry(day61!.id, addDays(today, 61));
    await setExpiry(yesterday!.id, addDays(today, -1));
    await setExpiry(blocked!.id, addDays(today, 30));
    await query(`update cards set status = 'blocked' where id = $1`, [blocked!.id]);

    const body = await listAll('expiring');
    const ids = new Set(body.cards.map((card) => card.cardId));
    expect(ids.has(day0!.id)).toBe(true);
    expect(ids.has(day60!.id)).toBe(true);
    expect(ids.has(blocked!.id)).toBe(true);
    expect(ids.has(day61!.id)).toBe(false);
    expect(ids.has(yesterday!.id)).toBe(false);
    expect(body.cards.every((card) => card.isExpiringSoon)).toBe(true);
    // Soonest expiry first, and the count is the SQL's own count of the window.
    const dates = body.cards.map((card) => card.expiryDate);
    expect([...dates].sort()).toEqual(dates);
    const [expected] = await query<{ n: number }>(
      `select count(*)::int as n from cards where company_id = 'C1001' and status in ('active', 'blocked')
          and expiry_date between $1::date and $2::date`,
      [today, addDays(today, 60)],
    );
    expect(body.total).toBe(expected!.n);
    expect(body.counts.expiring).toBe(expected!.n);
    await query(`update cards set status = 'active' where id = $1`, [blocked!.id]);
  });

  it('pages the list and filters it by product', async () => {
    const all = await listAll('all');
    const page = ok<LeaversAndExpiringResponse>(
      await api('om1', 'GET', 'leaversAndExpiring?which=all&pageSize=2&page=2'),
    );
    expect(page.cards.map((card) => card.cardId)).toEqual(all.cards.slice(2, 4).map((card) => card.cardId));
    const product = all.cards[0]!.product;
    const filtered = ok<LeaversAndExpiringResponse>(
      await api('om1', 'GET', `leaversAndExpiring?which=all&product=${product}&pageSize=100`),
    );
    expect(filtered.cards.every((card) => card.product === product)).toBe(true);
    expect(filtered.total).toBe(all.cards.filter((card) => card.product === product).length);
  });

  it('is read by every company role and provider staff, never a merchant or for a company not one’s own', async () => {
    for (const user of ['om1', 'admin', 'care'] as const) {
      expect((await api(user, 'GET', 'leaversAndExpiring')).statusCode, user).toBe(200);
    }
    // The finance user and the payment manager work for C1002.
    for (const user of ['finance', 'payment'] as const) {
      expect((await api(user, 'GET', 'leaversAndExpiring', { company: 'C1002' })).statusCode, user).toBe(200);
    }
    expect((await api('merchant', 'GET', 'leaversAndExpiring')).statusCode).toBe(403);
    expect((await api('om1', 'GET', 'leaversAndExpiring', { company: 'C1006' })).statusCode).toBe(403);
    const foreign = await listAll('all', 'admin', 'C1006');
    const own = new Set((await listAll('all')).cards.map((card) => card.cardId));
    expect(foreign.cards.some((card) => own.has(card.cardId))).toBe(false);
  });
});

describe('the leaver mark', () => {
  it('marks a cardholder as a leaver with a date, lists their live cards, and unmarks them', async () => {
    const [card] = await freshCards('C1001', 1);
    await setExpiry(card!.id, addDays(today, 400));
    const leavingDate = addDays(today, 10);
    const marked = ok<{ cardholder: { isLeaver: boolean; leavingDate: string | null } }>(
      await api('om1', 'POST', 'markCardholderLeaver', {
        payload: { cardholderId: card!.cardholderId, isLeaver: true, leavingDate },
      }),
    );
    expect(marked.cardholder).toMatchObject({ isLeaver: true, leavingDate });
    const leavers = await listAll('leavers');
    const row = leavers.cards.find((entry) => entry.cardId === card!.id);
    expect(row?.cardholder.leaverSince).toBe(leavingDate);
    expect(row?.isExpiringSoon).toBe(false);
    expect(leavers.counts.leavers).toBe(leavers.total);
    // The form reads the mark back.
    const read = ok<{ cardholder: { isLeaver: boolean } }>(
      await api('admin', 'GET', `cardholderLeaver?cardholderId=${card!.cardholderId}`),
    );
    expect(read.cardholder.isLeaver).toBe(true);
    const [audit] = await query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'cardholder.leaver.mark' and entity_id = $1`,
      [card!.cardholderId],
    );
    expect(audit!.n).toBe(1);

    ok(
      await api('om1', 'POST', 'markCardholderLeaver', {
        payload: { cardholderId: card!.cardholderId, isLeaver: false },
      }),
    );
    expect((await listAll('leavers')).cards.some((entry) => entry.cardId === card!.id)).toBe(false);
  });

  it('a leaver marked without a date is a leaver since the Athens day of the mark', async () => {
    const [card] = await freshCards('C1001', 1);
    ok(
      await api('care', 'POST', 'markCardholderLeaver', {
        payload: { cardholderId: card!.cardholderId, isLeaver: true },
      }),
    );
    const row = (await listAll('leavers')).cards.find((entry) => entry.cardId === card!.id);
    expect(row?.cardholder.leaverSince).toBe(today);
    ok(
      await api('om1', 'POST', 'markCardholderLeaver', {
        payload: { cardholderId: card!.cardholderId, isLeaver: false },
      }),
    );
  });

  it('another company’s cardholder is not found and stays unmarked; roles without card management are refused', async () => {
    const [foreign] = await freshCards('C1002', 1);
    const response = await api('om1', 'POST', 'markCardholderLeaver', {
      payload: { cardholderId: foreign!.cardholderId, isLeaver: true },
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await api('om1', 'GET', `cardholderLeaver?cardholderId=${foreign!.cardholderId}`)).statusCode,
    ).toBe(404);
    // The finance user and the payment manager of C1002 may read its cards, not mark them.
    const [own] = await freshCards('C1002', 1);
    for (const user of ['finance', 'payment', 'merchant'] as const) {
      const refused = await api(user, 'POST', 'markCardholderLeaver', {
        payload: { cardholderId: own!.cardholderId, isLeaver: true },
        company: 'C1002',
      });
      expect(refused.statusCode, user).toBe(403);
    }
    const marks = await query<{ n: number }>(
      `select count(*)::int as n from cardholders where id = any($1) and leaver_marked_at is not null`,
      [[foreign!.cardholderId, own!.cardholderId]],
    );
    expect(marks[0]!.n).toBe(0);
  });

  it('refuses an impossible leaving date naming the field', async () => {
    const [card] = await freshCards('C1001', 1);
    const response = await api('om1', 'POST', 'markCardholderLeaver', {
      payload: { cardholderId: card!.cardholderId, isLeaver: true, leavingDate: '2026-02-30' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response).map((field) => field.field)).toEqual(['leavingDate']);
  });
});

describe('POST setCardsRenewal and replaceCards', () => {
  it('a card marked "do not renew" is refused by replaceCards and by a saved EXPIRED draft, naming its row; renew lets it be replaced', async () => {
    const [renewed, stopped] = await freshCards('C1001', 2);
    await setExpiry(renewed!.id, addDays(today, 20));
    await setExpiry(stopped!.id, addDays(today, 25));
    const set = ok<{ changed: number }>(
      await api('om1', 'POST', 'setCardsRenewal', { payload: { cardIds: [stopped!.id], doNotRenew: true } }),
    );
    expect(set.changed).toBe(1);
    expect((await listAll('expiring')).cards.find((card) => card.cardId === stopped!.id)?.doNotRenew).toBe(
      true,
    );

    const [drafts] = await query<{ n: number }>(
      `select count(*)::int as n from draft_orders where company_id = 'C1001'`,
    );
    const refused = await api('om1', 'POST', '/api/v1/orders/replaceCards', {
      payload: { cardIds: [renewed!.id, stopped!.id] },
    });
    await refusedRows(refused, [['cardIds.1', 'cardNotRenewed', { line: 2, card: stopped!.masked }]]);
    expect(fieldsOf(refused)[0]!.message).toMatch(/Γραμμή 2/);
    // All or nothing: no draft was made for the card that could be replaced.
    const [after] = await query<{ n: number }>(
      `select count(*)::int as n from draft_orders where company_id = 'C1001'`,
    );
    expect(after!.n).toBe(drafts!.n);

    // The card-issue flow's own path refuses it too.
    const saved = await api('om1', 'POST', '/api/v1/orders/saveDraftOrder', {
      payload: {
        reason: replacementReasonOf(stopped!.product as never, stopped!.family as never),
        orderType: 'EXPIRED',
        product: stopped!.product,
        family: stopped!.family,
        cards: [{ tempCardId: 't1', cardId: stopped!.id, amountCents: 0 }],
      },
    });
    await refusedRows(saved, [['cards.0.cardId', 'cardNotRenewed', { line: 1, card: stopped!.masked }]]);

    ok(
      await api('om1', 'POST', 'setCardsRenewal', { payload: { cardIds: [stopped!.id], doNotRenew: false } }),
    );
    const replaced = ok<ReplaceCardsResponse>(
      await api('om1', 'POST', '/api/v1/orders/replaceCards', {
        payload: { cardIds: [renewed!.id, stopped!.id] },
      }),
    );
    const lines = replaced.drafts.reduce((sum, draft) => sum + draft.cards, 0);
    expect(lines).toBe(2);
    for (const draft of replaced.drafts) {
      const { draftOrder } = ok<DraftOrderResponse>(
        await api('om1', 'GET', `/api/v1/orders/retrieveDraftOrder?draftId=${draft.draftId}`),
      );
      expect(draftOrder.orderType).toBe('EXPIRED');
      expect(draftOrder.reason).toBe(replacementReasonOf(draftOrder.product, draftOrder.family));
      expect(draftOrder.lines.every((line) => line.amountCents === 0)).toBe(true);
    }
    const named = replaced.drafts.length;
    expect(named).toBe(renewed!.product === stopped!.product && renewed!.family === stopped!.family ? 1 : 2);
  });

  it('replaceCards refuses a leaver’s card, a card expiring after 60 days, another company’s card and a repeated id, each by its row', async () => {
    const [leaver, late, good] = await freshCards('C1001', 3);
    const [foreign] = await freshCards('C1002', 1);
    await setExpiry(leaver!.id, addDays(today, 10));
    await setExpiry(late!.id, addDays(today, 61));
    await setExpiry(good!.id, addDays(today, 60));
    await setExpiry(foreign!.id, addDays(today, 10));
    ok(
      await api('om1', 'POST', 'markCardholderLeaver', {
        payload: { cardholderId: leaver!.cardholderId, isLeaver: true },
      }),
    );
    const response = await api('om1', 'POST', '/api/v1/orders/replaceCards', {
      payload: { cardIds: [good!.id, leaver!.id, late!.id, foreign!.id, good!.id] },
      culture: 'en-us',
    });
    await refusedRows(
      response,
      [
        ['cardIds.1', 'cardOfLeaver', { line: 2, card: leaver!.masked }],
        ['cardIds.2', 'cardNotExpiring', { line: 3, card: late!.masked, date: addDays(today, 61) }],
        ['cardIds.3', 'cardNotOfCompany', { line: 4 }],
        ['cardIds.4', 'duplicateCard', { line: 5, card: good!.masked }],
      ],
      'en',
    );
    expect(fieldsOf(response)[1]!.message).toContain('Line 3');
    // Another company's card is never named back.
    expect(response.body).not.toContain(foreign!.id);
    ok(
      await api('om1', 'POST', 'markCardholderLeaver', {
        payload: { cardholderId: leaver!.cardholderId, isLeaver: false },
      }),
    );
  });

  it('setCardsRenewal is all or nothing: another company’s card is refused by its row and nothing changes', async () => {
    const [own] = await freshCards('C1001', 1);
    const [foreign] = await freshCards('C1002', 1);
    const response = await api('om1', 'POST', 'setCardsRenewal', {
      payload: { cardIds: [own!.id, foreign!.id], doNotRenew: true },
    });
    await refusedRows(response, [['cardIds.1', 'cardNotOfCompany', { line: 2 }]]);
    expect((await cardState([own!.id, foreign!.id])).map((card) => card.do_not_renew)).toEqual([
      false,
      false,
    ]);
    // Acting for the other company does not reach it either from one's own.
    const staff = await api('admin', 'POST', 'setCardsRenewal', {
      payload: { cardIds: [foreign!.id], doNotRenew: true },
    });
    expect(staff.statusCode).toBe(400);
    for (const user of ['finance', 'payment', 'merchant'] as const) {
      const company = 'C1002';
      const refused = await api(user, 'POST', 'setCardsRenewal', {
        payload: { cardIds: [foreign!.id], doNotRenew: true },
        company,
      });
      expect(refused.statusCode, user).toBe(403);
      const replace = await api(user, 'POST', '/api/v1/orders/replaceCards', {
        payload: { cardIds: [foreign!.id] },
        company,
      });
      expect(replace.statusCode, user).toBe(403);
    }
    expect((await cardState([own!.id, foreign!.id])).map((card) => card.do_not_renew)).toEqual([
      false,
      false,
    ]);
  });
});

describe('POST blockAndUnloadCards', () => {
  it('blocks the cards and returns their exact balances to the company once; a repeat with the same key moves nothing', async () => {
    const cards = await freshCards('C1001', 3);
    const [a, b, empty] = cards;
    await setBalance(a!, 'C1001', 1_234);
    await setBalance(b!, 'C1001', 5_000);
    await setBalance(empty!, 'C1001', 0);
    const before = await ledgerState('C1001');
    const key = `leavers-${Date.now()}`;
    const send = () =>
      api('om1', 'POST', '/api/v1/orders/blockAndUnloadCards', {
        payload: { cardIds: cards.map((card) => card.id) },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const body = ok<BlockAndUnloadResponse>(first);
    expect(body.blocked).toBe(3);
    expect(body.unloadedCents).toBe(6_234);
    expect(body.order).toMatchObject({ orderType: 'UNLOAD', totalCents: -6_234 });
    const after = await ledgerState('C1001');
    expect(after.fundingCents - before.fundingCents).toBe(6_234);
    expect(after.total).toBe(0);
    expect(after.unbalanced).toBe(0);
    // One posting for the cards with money, nothing for the empty one.
    expect(after.transactions - before.transactions).toBe(1);
    expect(
      (await cardState(cards.map((card) => card.id))).map((card) => [
        card.status,
        Number(card.balance_cents),
      ]),
    ).toEqual([
      ['blocked', 0],
      ['blocked', 0],
      ['blocked', 0],
    ]);

    const repeat = await send();
    expect(repeat.body).toBe(first.body);
    const again = await ledgerState('C1001');
    expect(again).toEqual(after);
    const [orders] = await query<{ n: number }>(
      `select count(*)::int as n from orders where company_id = 'C1001' and order_type = 'UNLOAD' and id = $1`,
      [body.order!.orderId],
    );
    expect(orders!.n).toBe(1);

    // Without a key, the cards are blocked already and hold nothing: nothing more moves.
    const plain = ok<BlockAndUnloadResponse>(
      await api('om1', 'POST', '/api/v1/orders/blockAndUnloadCards', {
        payload: { cardIds: [a!.id, b!.id] },
      }),
    );
    expect(plain).toMatchObject({ blocked: 2, unloadedCents: 0, order: null });
    expect(await ledgerState('C1001')).toEqual(after);
    const [audit] = await query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'card.block' and entity_id = any($1)`,
      [cards.map((card) => card.id)],
    );
    expect(audit!.n).toBe(5);
  });

  it('is all or nothing: another company’s card or a replaced card refuses the whole call by its row, and no money moves', async () => {
    const [own, replaced] = await freshCards('C1001', 2);
    const [foreign] = await freshCards('C1002', 1);
    await setBalance(own!, 'C1001', 700);
    await setBalance(foreign!, 'C1002', 900);
    await query(`update cards set status = 'replaced' where id = $1`, [replaced!.id]);
    const before = await ledgerState('C1001');
    const beforeForeign = await ledgerState('C1002');
    const response = await api('om1', 'POST', '/api/v1/orders/blockAndUnloadCards', {
      payload: { cardIds: [own!.id, replaced!.id, foreign!.id] },
    });
    await refusedRows(response, [
      ['cardIds.1', 'cardNotLive', { line: 2, card: replaced!.masked }],
      ['cardIds.2', 'cardNotOfCompany', { line: 3 }],
    ]);
    expect(response.body).not.toContain(foreign!.id);
    expect(await ledgerState('C1001')).toEqual(before);
    expect((await ledgerState('C1002')).fundingCents).toBe(beforeForeign.fundingCents);
    expect(
      (await cardState([own!.id, foreign!.id])).map((card) => [
        card.id,
        card.status,
        Number(card.balance_cents),
      ]),
    ).toEqual(
      [
        [own!.id, 'active', 700],
        [foreign!.id, 'active', 900],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  });

  it('is refused to roles that do not unload and for a company not one’s own, and nothing changes', async () => {
    const [card] = await freshCards('C1001', 1);
    await setBalance(card!, 'C1001', 300);
    const [other] = await freshCards('C1002', 1);
    await setBalance(other!, 'C1002', 400);
    for (const user of ['finance', 'payment', 'merchant'] as const) {
      const refused = await api(user, 'POST', '/api/v1/orders/blockAndUnloadCards', {
        payload: { cardIds: [other!.id] },
        company: 'C1002',
      });
      expect(refused.statusCode, user).toBe(403);
    }
    expect((await cardState([other!.id])).map((row) => [row.status, Number(row.balance_cents)])).toEqual([
      ['active', 400],
    ]);
    const foreignCompany = await api('om1', 'POST', '/api/v1/orders/blockAndUnloadCards', {
      payload: { cardIds: [card!.id] },
      company: 'C1006',
    });
    expect(foreignCompany.statusCode).toBe(403);
    // Provider staff acting for another company do not reach C1001's card from there.
    const staff = await api('care', 'POST', '/api/v1/orders/blockAndUnloadCards', {
      payload: { cardIds: [card!.id] },
      company: 'C1002',
    });
    expect(staff.statusCode).toBe(400);
    expect((await cardState([card!.id])).map((row) => [row.status, Number(row.balance_cents)])).toEqual([
      ['active', 300],
    ]);
  });
});
