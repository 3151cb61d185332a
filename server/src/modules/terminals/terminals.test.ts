import { addDays, athensDate, athensMidnight } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { cardWithBalance, createTestMerchant, terminalToken } from '../../../test/merchant-helper';
import { demoWorldTestFile } from '../../../test/tenant-helper';
import { createTerminalTokens } from './tokens';

const world = demoWorldTestFile({ cardScale: 0.05 });

function call(token: string, path: string, payload: object, culture = 'en-us') {
  return world.ctx.app.inject({
    method: 'POST',
    url: `/api/v1/terminals/${path}`,
    headers: { authorization: `Bearer ${token}`, culture },
    payload,
  });
}

describe('the terminal API', () => {
  it('authorises a purchase once, answers its repeat the same, and moves the money card → merchant', async () => {
    const { terminals } = await createTestMerchant(world.ctx);
    const terminal = terminals[0]!;
    const token = await terminalToken(world.ctx, terminal);
    const card = await cardWithBalance(world.ctx, { balanceCents: 2_000 });
    const body = {
      terminalTransactionId: 'T-1',
      mid: terminal.mid,
      cardToken: card.token,
      amountCents: 1_250,
      time: new Date().toISOString(),
    };
    const first = await call(token, 'authorise', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'approved', amountCents: 1_250, balanceCents: 750 });
    const again = await call(token, 'authorise', body);
    expect(again.json()).toEqual(first.json());
    const other = await call(token, 'authorise', { ...body, amountCents: 100 });
    expect(other.json()).toMatchObject({ outcome: 'declined', reason: 'duplicate' });
    const above = await call(
      token,
      'authorise',
      { ...body, terminalTransactionId: 'T-2', amountCents: 751 },
      'el-gr',
    );
    expect(above.json()).toMatchObject({
      outcome: 'declined',
      reason: 'insufficientBalance',
      message: 'Ανεπαρκές υπόλοιπο',
    });
    expect(await world.ctx.app.services.ledger.balance(world.ctx.database.db, card.accountId)).toBe(750);

    const reverse = await call(token, 'reverse', {
      terminalTransactionId: 'T-3',
      mid: terminal.mid,
      originalTerminalTransactionId: 'T-1',
      time: new Date().toISOString(),
    });
    expect(reverse.json()).toMatchObject({ outcome: 'approved', amountCents: 1_250, balanceCents: 2_000 });
    const refund = await call(token, 'refund', {
      terminalTransactionId: 'T-4',
      mid: terminal.mid,
      originalTerminalTransactionId: 'T-1',
      amountCents: 100,
      time: new Date().toISOString(),
    });
    expect(refund.json()).toMatchObject({ outcome: 'declined', reason: 'alreadyReversed' });
  });

  it('refuses a call without a valid token, and a MID that is not the token’s', async () => {
    const { terminals } = await createTestMerchant(world.ctx, { mids: ['55500001', '55500002'] });
    const token = await terminalToken(world.ctx, terminals[0]!);
    const body = {
      terminalTransactionId: 'X-1',
      mid: '55500002',
      cardToken: 'tok_00000000',
      amountCents: 100,
      time: new Date().toISOString(),
    };
    expect((await call(token, 'authorise', body)).statusCode).toBe(403);
    expect((await call('nope', 'authorise', { ...body, mid: '55500001' })).statusCode).toBe(401);
    const badSecret = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/terminals/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: terminals[0]!.clientId,
        client_secret: 'wrong-secret',
      },
    });
    expect(badSecret.statusCode).toBe(401);
    expect(badSecret.json()).toEqual({ error: 'invalid_client' });
    const badGrant = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/terminals/oauth/token',
      payload: { grant_type: 'password', client_id: terminals[0]!.clientId, client_secret: 'x' },
    });
    expect(badGrant.statusCode).toBe(400);
    expect(badGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    // HTTP Basic client authentication (RFC 6749 §2.3.1) and a form body, as acquirers send it.
    const basic = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/terminals/oauth/token',
      headers: {
        authorization: `Basic ${Buffer.from(`${terminals[0]!.clientId}:${terminals[0]!.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(basic.statusCode).toBe(200);
    expect(basic.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'terminal' });
  });

  it('answers a missing, bad or expired token with an RFC 6750 Bearer challenge and its own error body (issue 34 §2 item 9)', async () => {
    const { terminals } = await createTestMerchant(world.ctx);
    const terminal = terminals[0]!;
    const body = {
      terminalTransactionId: 'B-1',
      mid: terminal.mid,
      cardToken: 'tok_00000000',
      amountCents: 100,
      time: new Date().toISOString(),
    };
    const send = (path: string, headers: Record<string, string>, payload: object = body) =>
      world.ctx.app.inject({ method: 'POST', url: `/api/v1/terminals/${path}`, headers, payload });
    const expired = await createTerminalTokens({
      secret: world.ctx.config.sessionSecret,
      lifetimeSeconds: -60,
    }).issue({ terminalId: terminal.terminalId, merchantId: 'whoever', mid: terminal.mid });

    // No token at all, or another scheme: a bare challenge, no error code (RFC 6750 §3.1).
    for (const headers of [{}, { authorization: 'Basic dGVybTpzZWNyZXQ=' }] as Record<string, string>[]) {
      for (const path of ['authorise', 'reverse', 'refund']) {
        const missing = await send(path, headers);
        expect(missing.statusCode).toBe(401);
        expect(missing.headers['www-authenticate']).toBe('Bearer realm="terminals"');
        expect(missing.headers['cache-control']).toBe('no-store');
        expect(missing.json()).toEqual({ error: 'unauthorized', error_description: expect.any(String) });
      }
    }
    // A bad token, a malformed one, an expired one: invalid_token, saying which.
    const challenge = /^Bearer realm="terminals", error="invalid_token", error_description="[^"\\]+"$/;
    for (const [token, says] of [
      ['nope', /not valid/],
      ['', /not valid/],
      [expired, /expired/],
    ] as const) {
      const refused = await send('authorise', { authorization: `Bearer ${token}`, culture: 'el-gr' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(challenge);
      expect(refused.headers['www-authenticate']).toMatch(says);
      const answer = refused.json<{ error: string; error_description: string }>();
      expect(answer).toEqual({ error: 'invalid_token', error_description: expect.stringMatching(says) });
      // Never the portal's answer.
      expect(refused.body).not.toMatch(/sign in|συνδεθείτε|errorCode/i);
    }
    // The token is checked before the body: an unauthenticated bad body is still a 401.
    const badBody = await send('authorise', { authorization: 'Bearer nope' }, { amountCents: 'lots' });
    expect(badBody.statusCode).toBe(401);
    // A valid token still goes through.
    const token = await terminalToken(world.ctx, terminal);
    expect((await send('authorise', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('approves exactly 10 of 50 concurrent purchases on a card with money for 10', async () => {
    const { terminals } = await createTestMerchant(world.ctx);
    const terminal = terminals[0]!;
    const token = await terminalToken(world.ctx, terminal);
    const card = await cardWithBalance(world.ctx, { balanceCents: 1_000, skip: 1 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(token, 'authorise', {
          terminalTransactionId: `C-${index}`,
          mid: terminal.mid,
          cardToken: card.token,
          amountCents: 100,
          time: new Date().toISOString(),
        }),
      ),
    );
    const outcomes = answers.map((answer) => answer.json<{ outcome: string; reason?: string }>());
    expect(outcomes.filter((answer) => answer.outcome === 'approved')).toHaveLength(10);
    expect(outcomes.filter((answer) => answer.reason === 'insufficientBalance')).toHaveLength(40);
    expect(await world.ctx.app.services.ledger.balance(world.ctx.database.db, card.accountId)).toBe(0);
  });

  it('sums what a card spent over the period its limit names: the meal cap from Athens midnight, a reversal giving room back', async () => {
    const { terminals } = await createTestMerchant(world.ctx);
    const terminal = terminals[0]!;
    const caller = { terminalId: terminal.terminalId, mid: terminal.mid };
    const service = world.ctx.app.services.terminals;
    const purchase = (id: string, cardToken: string, amountCents: number, at: Date) =>
      service.authorise(
        caller,
        { terminalTransactionId: id, mid: terminal.mid, cardToken, amountCents, time: at.toISOString() },
        { locale: 'en', at },
      );
    const reverse = (id: string, original: string, at: Date) =>
      service.reverse(
        caller,
        {
          terminalTransactionId: id,
          mid: terminal.mid,
          originalTerminalTransactionId: original,
          time: at.toISOString(),
        },
        { locale: 'en', at },
      );

    // The meal card's 25 € a day (MEAL_DAILY_CAP_CENTS): 24 € late yesterday leaves today whole.
    const usableThrough = addDays(athensDate(), 180);
    const meal = await cardWithBalance(world.ctx, {
      usableThrough,
      product: 'TICKET_RESTAURANT',
      balanceCents: 10_000,
      skip: 2,
    });
    const tomorrow = athensMidnight(addDays(athensDate(), 1));
    const minutes = (n: number) => new Date(tomorrow.getTime() + n * 60_000);
    expect(await purchase('D-1', meal.token, 2_400, minutes(-30))).toMatchObject({ outcome: 'approved' });
    expect(await purchase('D-2', meal.token, 2_000, minutes(30))).toMatchObject({ outcome: 'approved' });
    expect(await purchase('D-3', meal.token, 600, minutes(40))).toMatchObject({
      outcome: 'declined',
      reason: 'dailyCapReached',
    });
    expect(await reverse('D-4', 'D-2', minutes(50))).toMatchObject({ outcome: 'approved' });
    expect(await purchase('D-5', meal.token, 600, minutes(60))).toMatchObject({ outcome: 'approved' });

    // A MyBenefits card's monthly food limit (the demo's rule) at a groceries store, in a month of
    // its own: what was reversed no longer counts.
    const benefits = await cardWithBalance(world.ctx, {
      usableThrough,
      product: 'MY_BENEFITS',
      balanceCents: 60_000,
      skip: 2,
    });
    const { rows } = await world.ctx.database.pool.query<{ limit_cents: number }>(
      `select limit_cents from spend_rules
        where company_id = $1 and product = 'MY_BENEFITS' and period = 'month' and deleted_at is null
          and target->>'kind' = 'core' and target->>'coreCategory' = 'food'`,
      [benefits.companyId],
    );
    expect(rows).toHaveLength(1);
    const limit = Number(rows[0]!.limit_cents);
    const month = athensMidnight(`${addDays(`${athensDate().slice(0, 7)}-01`, 62).slice(0, 7)}-01`);
    const later = (hours: number) => new Date(month.getTime() + hours * 3_600_000);
    expect(await purchase('M-1', benefits.token, limit - 1_000, later(1))).toMatchObject({
      outcome: 'approved',
    });
    expect(await purchase('M-2', benefits.token, 2_000, later(2))).toMatchObject({
      outcome: 'declined',
      reason: 'spendRuleRefused',
    });
    expect(await reverse('M-3', 'M-1', later(3))).toMatchObject({ outcome: 'approved' });
    expect(await purchase('M-4', benefits.token, 2_000, later(4))).toMatchObject({ outcome: 'approved' });
    // The month before it does not count in it: a purchase dated in the month after starts afresh.
    const next = athensMidnight(`${addDays(`${athensDate(month).slice(0, 7)}-01`, 40).slice(0, 7)}-01`);
    expect(
      await purchase('M-5', benefits.token, limit - 1_000, new Date(next.getTime() + 3_600_000)),
    ).toMatchObject({
      outcome: 'approved',
    });
  });
});
