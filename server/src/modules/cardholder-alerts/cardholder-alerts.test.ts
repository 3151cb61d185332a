import { addDays, athensDate, type AlertSettings, type CardholderNotification } from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../../../test/harness';
import { cardWithBalance, createTestMerchant, terminalToken } from '../../../test/merchant-helper';
import { demoWorldTestFile } from '../../../test/tenant-helper';
import { latestSignInCode } from '../cardholders';

/*
 * Issue 35 §5 (ADR 047): a cardholder's alerts through the routes, with purchases at a real
 * terminal: nothing until asked for; then per purchase, per decline (the reason in plain words), a
 * low-balance crossing once; the bell in the cardholder's language; the daily expiry reminders,
 * once each however often the job runs. The post-commit work is awaited with `settle()`, the job
 * called directly: no sleeps.
 */
const world = demoWorldTestFile({ cardScale: 0.05 });
const EMAIL = 'nikos.alerts@example.test';
const OTHER = 'maria.alerts@example.test';

let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let card: { cardId: string; token: string };
let otherCardId: string;
let token: string;
let mid: string;
let sequence = 0;

async function signIn(email: string): Promise<Record<string, string>> {
  const csrf = await csrfHeaders(world.ctx.app);
  const post = (url: string, payload: object) =>
    world.ctx.app.inject({ method: 'POST', url, headers: csrf, payload });
  expect((await post('/api/my/sign-in/code', { email, locale: 'en' })).statusCode).toBe(202);
  const code = await latestSignInCode(world.ctx.database.db, email);
  const verified = await post('/api/my/sign-in/verify', { email, code });
  expect(verified.statusCode).toBe(200);
  const session = verified.cookies.find((cookie) => cookie.name.endsWith('tessera_my'))!;
  return { ...csrf, cookie: `${csrf.cookie}; ${session.name}=${session.value}` };
}

async function holdBy(cardId: string, email: string): Promise<void> {
  await world.ctx.database.pool.query(
    'update cardholders set email = $2 where id = (select cardholder_id from cards where id = $1)',
    [cardId, email],
  );
}

function my(method: 'GET' | 'PUT' | 'POST', url: string, as: Record<string, string>, payload?: object) {
  return world.ctx.app.inject({
    method,
    url: `/api/my/${url}`,
    headers: as,
    ...(payload ? { payload } : {}),
  });
}

/** A purchase at the test terminal, then its alerts (the post-commit work) finished. */
async function purchase(amountCents: number): Promise<string> {
  sequence += 1;
  const response = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/terminals/authorise',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      terminalTransactionId: `AL-${sequence}`,
      mid,
      cardToken: card.token,
      amountCents,
      time: new Date().toISOString(),
    },
  });
  expect(response.statusCode).toBe(200);
  await world.ctx.app.services.cardholderAlerts.settle();
  return response.json<{ outcome: string }>().outcome;
}

async function mails(to: string): Promise<{ subject: string; text: string }[]> {
  const { rows } = await world.ctx.database.pool.query<{ subject: string; text: string }>(
    `select subject, text from mail_outbox where "to" = $1 and subject !~* 'tessera' order by created_at, id`,
    [to],
  );
  return rows;
}

async function bell(as: Record<string, string>) {
  const response = await my('GET', 'notifications', as);
  expect(response.statusCode).toBe(200);
  return response.json<{ notifications: CardholderNotification[]; unread: number }>();
}

const ALERTS: AlertSettings = {
  purchase: true,
  decline: true,
  lowBalanceCents: 5_000,
  expiryReminders: true,
  locale: 'en',
};

beforeAll(async () => {
  const merchant = await createTestMerchant(world.ctx);
  const terminal = merchant.terminals[0]!;
  token = await terminalToken(world.ctx, terminal);
  mid = terminal.mid;
  card = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 10_000 });
  await holdBy(card.cardId, EMAIL);
  const other = await cardWithBalance(world.ctx, { product: 'VOUCHER', balanceCents: 10_000, skip: 3 });
  await holdBy(other.cardId, OTHER);
  otherCardId = other.cardId;
  headers = await signIn(EMAIL);
  otherHeaders = await signIn(OTHER);
}, 60_000);

describe('cardholder alerts', () => {
  it('sends nothing before the cardholder asks, and saves their choices', async () => {
    const defaults = await my('GET', 'alerts', headers);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toMatchObject({
      alerts: { purchase: false, decline: false, lowBalanceCents: null, expiryReminders: true },
    });
    expect(await purchase(1_000)).toBe('approved');
    expect(await mails(EMAIL)).toEqual([]);
    expect((await bell(headers)).notifications).toEqual([]);

    const refused = await my('PUT', 'alerts', headers, { ...ALERTS, lowBalanceCents: 0 });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('lowBalanceCents');
    const saved = await my('PUT', 'alerts', headers, ALERTS);
    expect(saved.statusCode).toBe(200);
    expect((await my('GET', 'alerts', headers)).json()).toMatchObject({ alerts: ALERTS });
    for (const route of ['alerts', 'notifications'])
      expect((await my('GET', route, {})).statusCode).toBe(401);
    // With the CSRF token but no cardholder session.
    expect((await my('PUT', 'alerts', await csrfHeaders(world.ctx.app), ALERTS)).statusCode).toBe(401);
  });

  it('tells of each purchase and decline, and of the balance crossing the threshold once', async () => {
    // 90 € left: 90 → 60 (a purchase), 60 → 40 (a purchase and the crossing), 40 → 30 (a purchase).
    expect(await purchase(3_000)).toBe('approved');
    expect(await purchase(2_000)).toBe('approved');
    expect(await purchase(1_000)).toBe('approved');
    expect(await purchase(5_000)).toBe('declined');
    const sent = await mails(EMAIL);
    expect(sent.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Purchase of 30,00\u00a0€ at Shop /),
      expect.stringMatching(/^Purchase of 20,00\u00a0€ at /),
      'Low balance: 40,00\u00a0€',
      expect.stringMatching(/^Purchase of 10,00\u00a0€ at /),
      expect.stringMatching(/^Purchase of 50,00\u00a0€ at .* declined$/),
    ]);
    expect(sent[4]!.text).toContain('was not enough for the amount');
    expect(sent[0]!.text).toContain('Available balance: 60,00\u00a0€');
    expect(sent[0]!.text).toContain('/en/my');

    const entries = await bell(headers);
    expect(entries.unread).toBe(5);
    expect(entries.notifications.map((entry) => entry.title)).toEqual(
      sent.map((mail) => mail.subject).reverse(),
    );
    expect(entries.notifications.every((entry) => !entry.read)).toBe(true);
    // Nothing reached the other cardholder.
    expect((await bell(otherHeaders)).notifications).toEqual([]);
  });

  it('marks the cardholder’s own entries read and shows them in the language chosen', async () => {
    const entries = (await bell(headers)).notifications;
    // The other cardholder cannot mark this cardholder's entries.
    expect((await my('POST', 'notifications/read', otherHeaders, { ids: [entries[0]!.id] })).statusCode).toBe(
      204,
    );
    expect((await bell(headers)).unread).toBe(5);
    const read = await my('POST', 'notifications/read', headers, { ids: [entries[0]!.id, entries[1]!.id] });
    expect(read.statusCode).toBe(204);
    const after = await bell(headers);
    expect(after.unread).toBe(3);
    expect(after.notifications.slice(0, 2).every((entry) => entry.read)).toBe(true);
    expect((await my('POST', 'notifications/read', headers, { ids: [] })).statusCode).toBe(400);

    await my('PUT', 'alerts', headers, { ...ALERTS, locale: 'el' });
    const greek = await bell(headers);
    expect(greek.notifications[0]!.title).toMatch(/^Απορρίφθηκε αγορά 50,00\u00a0€ στο /);
    expect(greek.notifications[0]!.body).toContain('Το υπόλοιπο της κάρτας δεν έφτανε');
  });

  it('does not alert a decision long past (the demo history is back-dated)', async () => {
    const alerts = world.ctx.app.services.cardholderAlerts;
    alerts.afterAuthorisation({
      callId: '00000000-0000-4000-8000-000000000001',
      cardId: card.cardId,
      outcome: 'approved',
      declineReason: null,
      amountCents: 100,
      balanceAfterCents: 100,
      merchantName: 'Old shop',
      storeName: 'Old store',
      at: new Date(Date.now() - 3_600_000),
    });
    await alerts.settle();
    expect((await bell(headers)).notifications).toHaveLength(5);
  });

  it('reminds 30 and 7 days before money expires, once each however often the job runs', async () => {
    const today = athensDate();
    const { pool } = world.ctx.database;
    const expireOn = async (cardId: string, day: string) =>
      pool.query('update cards set expiry_date = $2 where id = $1', [cardId, day]);
    await expireOn(card.cardId, addDays(today, 30));
    // The other cardholder's card, whose holder switched the reminders off.
    await expireOn(otherCardId, addDays(today, 7));
    await my('PUT', 'alerts', otherHeaders, { ...ALERTS, expiryReminders: false });

    const alerts = world.ctx.app.services.cardholderAlerts;
    expect(await alerts.sendExpiryReminders()).toBeGreaterThanOrEqual(1);
    expect(await alerts.sendExpiryReminders()).toBe(0);
    const { rows } = await pool.query<{
      card_id: string;
      days_before: number;
      amount_cents: string | number;
    }>('select card_id, days_before, amount_cents from cardholder_expiry_reminders where card_id = any($1)', [
      [card.cardId, otherCardId],
    ]);
    expect(rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }))).toEqual([
      { card_id: card.cardId, days_before: 30, amount_cents: 3_000 },
    ]);
    const reminder = (await mails(EMAIL)).at(-1)!;
    expect(reminder.subject).toBe('30,00\u00a0€ λήγουν σε 30 ημέρες');
    const [year, month, day] = addDays(today, 30).split('-');
    expect(reminder.text).toContain(`${day}/${month}/${year}`);
    expect((await mails(OTHER)).filter((mail) => mail.subject.includes('λήγουν'))).toEqual([]);
    // A week before, the second reminder of the same money.
    await expireOn(card.cardId, addDays(today, 7));
    expect(await alerts.sendExpiryReminders()).toBeGreaterThanOrEqual(1);
    expect((await mails(EMAIL)).at(-1)!.subject).toBe('30,00\u00a0€ λήγουν σε 7 ημέρες');
  });
});
