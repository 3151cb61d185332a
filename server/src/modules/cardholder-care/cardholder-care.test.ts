import type { CardholderAppResponse, CareLookupResponse, CareMovementsResponse } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { cardWithBalance, createTestMerchant, terminalToken } from '../../../test/merchant-helper';
import { demoApiClient, demoWorldTestFile } from '../../../test/tenant-helper';

const world = demoWorldTestFile({ cardScale: 0.05 });
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(sql, params)).rows as T[];
}

/** A holder of the company with an e-mail of the test's own, and one of their cards. */
async function holderWithEmail(companyId: string, skip: number, email: string) {
  const [card] = await query<{ id: string; cardholder_id: string; last4: string }>(
    `select id, cardholder_id, last4 from cards where company_id = $1 and status = 'active'
      order by id offset $2 limit 1`,
    [companyId, skip],
  );
  await query('update cardholders set email = $1 where id = $2', [email, card!.cardholder_id]);
  return { cardId: card!.id, cardholderId: card!.cardholder_id, last4: card!.last4 };
}

const staffReason = { 'x-acting-reason': encodeURIComponent('Ticket 4711: cardholder called') };

describe('the company side: app status and invitation', () => {
  it('shows not invited, sends one bilingual invitation with the sign-in link, then refuses another within 10 minutes', async () => {
    const { cardholderId } = await holderWithEmail('C1001', 0, 'Maria.Invite@Example.gr');
    const before = ok<CardholderAppResponse>(
      await api('om1', 'GET', `cardholderApp?cardholderId=${cardholderId}`),
    );
    expect(before.status).toMatchObject({ state: 'not-invited', invitedAt: null, nextInviteAt: null });

    const sent = ok<CardholderAppResponse>(
      await api('om1', 'POST', 'cardholderApp/invite', { payload: { cardholderId } }),
    );
    expect(sent.status.state).toBe('invited');
    expect(sent.status.nextInviteAt).not.toBeNull();
    const mails = await query<{ subject: string; text: string }>(
      `select subject, text from mail_outbox where "to" = 'maria.invite@example.gr'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      `${world.ctx.config.publicUrl}/my/sign-in?email=maria.invite%40example.gr`,
    );
    expect(mails[0]!.text).toContain(
      `${world.ctx.config.publicUrl}/en/my/sign-in?email=maria.invite%40example.gr`,
    );
    expect(mails[0]!.text).toMatch(/Γεια σας/);
    const [event] = await query<{ kind: string; actor: string }>(
      `select kind, actor from cardholder_events where email = 'maria.invite@example.gr'`,
    );
    expect(event).toEqual({ kind: 'invited', actor: world.ids.om1 });

    const again = await api('om1', 'POST', 'cardholderApp/invite', { payload: { cardholderId } });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ success: false, errorCode: 7 });

    // Once signed in, the holder reads as activated.
    await query(
      `update cardholder_accounts set activated_at = now() where email = 'maria.invite@example.gr'`,
    );
    const after = ok<CardholderAppResponse>(
      await api('om1', 'GET', `cardholderApp?cardholderId=${cardholderId}`),
    );
    expect(after.status.state).toBe('activated');
  });

  it('names the e-mail field for a holder without one; staff acting for the company invite too', async () => {
    const { cardholderId } = await holderWithEmail('C1001', 1, '');
    const status = ok<CardholderAppResponse>(
      await api('om1', 'GET', `cardholderApp?cardholderId=${cardholderId}`),
    );
    expect(status.status.state).toBe('no-email');
    const refused = await api('om1', 'POST', 'cardholderApp/invite', { payload: { cardholderId } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.map((f: { field: string }) => f.field)).toEqual(['email']);

    const other = await holderWithEmail('C1001', 2, 'staff.invite@example.gr');
    ok(
      await api('care', 'POST', 'cardholderApp/invite', {
        payload: { cardholderId: other.cardholderId },
        headers: staffReason,
      }),
    );
  });

  it("answers 404 for another company's cardholder to its order manager, 403 for a company not theirs and for roles without the right", async () => {
    const foreign = await holderWithEmail('C1001', 3, 'foreign.holder@example.gr');
    // om3 works for C1002 and asks, as C1002, about C1001's holder.
    const read = await api('om3', 'GET', `cardholderApp?cardholderId=${foreign.cardholderId}`, {
      company: 'C1002',
    });
    expect(read.statusCode).toBe(404);
    const invite = await api('om3', 'POST', 'cardholderApp/invite', {
      company: 'C1002',
      payload: { cardholderId: foreign.cardholderId },
    });
    expect(invite.statusCode).toBe(404);
    expect(
      (await query(`select 1 from cardholder_accounts where email = 'foreign.holder@example.gr'`)).length,
    ).toBe(0);
    const unrelated = await api('om1', 'GET', `cardholderApp?cardholderId=${foreign.cardholderId}`, {
      company: 'C1002',
    });
    expect(unrelated.statusCode).toBe(403);
    for (const user of ['finance', 'merchant'] as const) {
      const response = await api(user, 'GET', `cardholderApp?cardholderId=${foreign.cardholderId}`, {
        company: user === 'finance' ? 'C1002' : 'C1001',
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('customer care', () => {
  it('looks a cardholder up by e-mail and by last four within a company, with their history; company users may not', async () => {
    const holder = await holderWithEmail('C1002', 0, 'nikos.care@example.gr');
    await query(
      `insert into cardholder_events (email, kind, actor, ip) values ('nikos.care@example.gr', 'sign-in', 'cardholder', '10.0.0.1')`,
    );
    const byEmail = ok<CareLookupResponse>(
      await api('care', 'GET', '/api/v1/cardholder-care/lookup?email=NIKOS.care@example.gr'),
    );
    expect(byEmail.cardholders).toHaveLength(1);
    const [person] = byEmail.cardholders;
    expect(person!.email).toBe('nikos.care@example.gr');
    expect(person!.cards.map((card) => card.cardId)).toContain(holder.cardId);
    expect(person!.cards[0]!.maskedNumber).toMatch(/•/);
    expect(person!.events[0]).toMatchObject({ kind: 'sign-in', actor: 'cardholder', ip: '10.0.0.1' });

    const byLast4 = ok<CareLookupResponse>(
      await api('care', 'GET', `/api/v1/cardholder-care/lookup?last4=${holder.last4}&companyId=C1002`),
    );
    expect(byLast4.cardholders.flatMap((p) => p.cards).every((card) => card.companyId === 'C1002')).toBe(
      true,
    );
    expect(byLast4.cardholders.flatMap((p) => p.cards.map((card) => card.cardId))).toContain(holder.cardId);

    const noCompany = await api('care', 'GET', `/api/v1/cardholder-care/lookup?last4=${holder.last4}`);
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().fields.map((f: { field: string }) => f.field)).toEqual(['querystring.companyId']);
    for (const user of ['om1', 'om3', 'merchant'] as const) {
      const refused = await api(user, 'GET', '/api/v1/cardholder-care/lookup?email=nikos.care@example.gr');
      expect(refused.statusCode).toBe(403);
    }
  });

  it('unlocks a locked card only with a reason, logged as the staff member in the history and the audit log', async () => {
    const holder = await holderWithEmail('C1002', 1, 'eleni.locked@example.gr');
    await query(`update cards set locked_at = now(), locked_by = 'cardholder' where id = $1`, [
      holder.cardId,
    ]);
    const url = `/api/v1/cardholder-care/cards/${holder.cardId}/unlock`;

    const noReason = await api('care', 'POST', url, { payload: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.map((f: { field: string }) => f.field)).toEqual(['reason']);
    const byCompany = await api('om3', 'POST', url, { company: 'C1002', payload: { reason: 'Asked by HR' } });
    expect(byCompany.statusCode).toBe(403);
    const [still] = await query<{ locked_at: Date | null }>('select locked_at from cards where id = $1', [
      holder.cardId,
    ]);
    expect(still!.locked_at).not.toBeNull();

    const unlocked = ok<{ card: { lockedAt: string | null } }>(
      await api('care', 'POST', url, { payload: { reason: 'Found the card, called us' } }),
    );
    expect(unlocked.card.lockedAt).toBeNull();
    const [event] = await query<{ kind: string; actor: string; reason: string; card_id: string }>(
      `select kind, actor, reason, card_id from cardholder_events where email = 'eleni.locked@example.gr'`,
    );
    expect(event).toEqual({
      kind: 'unlock',
      actor: world.ids.care,
      reason: 'Found the card, called us',
      card_id: holder.cardId,
    });
    const [audit] = await query<{ action: string; acting_reason: string; actor_user_id: string }>(
      `select action, acting_reason, actor_user_id from audit_log where entity_id = $1 and action = 'card.unlock'`,
      [holder.cardId],
    );
    expect(audit).toEqual({
      action: 'card.unlock',
      acting_reason: 'Found the card, called us',
      actor_user_id: world.ids.care,
    });
    // Not locked any more: a second unlock is a conflict, and the care history shows the unlock.
    expect((await api('care', 'POST', url, { payload: { reason: 'Again, by mistake' } })).statusCode).toBe(
      409,
    );
    const looked = ok<CareLookupResponse>(
      await api('care', 'GET', '/api/v1/cardholder-care/lookup?email=eleni.locked@example.gr'),
    );
    expect(looked.cardholders[0]!.events[0]).toMatchObject({
      kind: 'unlock',
      reason: 'Found the card, called us',
    });
    expect(looked.cardholders[0]!.events[0]!.actor).not.toBe(world.ids.care);
  });

  it('sees where a card was spent only with a reason, which the audit log keeps, while the company sees no merchant', async () => {
    const card = await cardWithBalance(world.ctx, { companyId: 'C1003', balanceCents: 2_000 });
    const { merchantId, terminals } = await createTestMerchant(world.ctx);
    const terminal = terminals[0]!;
    const authorised = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/terminals/authorise',
      headers: { authorization: `Bearer ${await terminalToken(world.ctx, terminal)}` },
      payload: {
        terminalTransactionId: 'CARE-1',
        mid: terminal.mid,
        cardToken: card.token,
        amountCents: 700,
        time: new Date().toISOString(),
      },
    });
    expect(authorised.json()).toMatchObject({ outcome: 'approved' });
    const url = `/api/v1/cardholder-care/cards/${card.cardId}/movements`;

    const noReason = await api('care', 'GET', url);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.map((f: { field: string }) => f.field)).toEqual(['querystring.reason']);
    const reason = 'Dispute D-77 about a purchase';
    const seen = ok<CareMovementsResponse>(
      await api('care', 'GET', `${url}?reason=${encodeURIComponent(reason)}`),
    );
    expect(seen.movements[0]).toMatchObject({
      kind: 'purchase',
      amountCents: -700,
      description: `Shop ${merchantId} · Store of ${merchantId}`,
    });
    const [audit] = await query<{ acting_reason: string; company_id: string }>(
      `select acting_reason, company_id from audit_log where entity_id = $1 and action = 'card.movements.reveal'`,
      [card.cardId],
    );
    expect(audit).toEqual({ acting_reason: reason, company_id: 'C1003' });
    expect(
      (await api('om3', 'GET', `${url}?reason=${encodeURIComponent(reason)}`, { company: 'C1003' }))
        .statusCode,
    ).toBe(403);

    // The company's own panel: the amount and the time, never the merchant.
    const company = ok<{ movements: { kind: string; description: string; amountCents: number }[] }>(
      await api('om3', 'GET', `cardMovements?cardId=${card.cardId}`, { company: 'C1003' }),
    );
    expect(company.movements[0]).toMatchObject({ kind: 'purchase', amountCents: -700, description: '' });
  });
});
