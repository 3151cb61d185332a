import type { CardMovementsResponse } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { cardWithBalance, createTestMerchant, terminalToken } from '../../../test/merchant-helper';
import { demoApiClient, demoWorldTestFile } from '../../../test/tenant-helper';

const world = demoWorldTestFile({ cardScale: 0.05 });
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);

/** A purchase at a test merchant's terminal through the terminal API. */
async function purchase(cardToken: string, amountCents: number, terminalTransactionId: string) {
  const { merchantId, terminals } = await createTestMerchant(world.ctx);
  const terminal = terminals[0]!;
  const token = await terminalToken(world.ctx, terminal);
  const response = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/terminals/authorise',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      terminalTransactionId,
      mid: terminal.mid,
      cardToken,
      amountCents,
      time: new Date().toISOString(),
    },
  });
  expect(response.json()).toMatchObject({ outcome: 'approved' });
  return { merchantId, terminal };
}

describe('GET cardMovements', () => {
  it('shows a card of the company its purchases, newest first, with the balance but not where they were made (ADR 049)', async () => {
    const card = await cardWithBalance(world.ctx, { companyId: 'C1001', balanceCents: 5_000 });
    await purchase(card.token, 1_250, 'MV-1');

    const body = ok<CardMovementsResponse>(
      await api('om1', 'GET', `cardMovements?cardId=${card.cardId}`, { company: 'C1001' }),
    );
    expect(body.cardId).toBe(card.cardId);
    expect(body.balanceCents).toBe(3_750);
    const [newest, ...older] = body.movements;
    expect(newest).toMatchObject({
      kind: 'purchase',
      amountCents: -1_250,
      // Issue 35 §7: the employer sees when and how much, never the merchant or the store.
      description: '',
    });
    expect(newest!.reference).not.toBe('');
    // Newest first, and the movements add up to the balance when the list holds them all.
    const times = body.movements.map((movement) => movement.postedAt);
    expect([...times].sort().reverse()).toEqual(times);
    if (body.movements.length < 20) {
      expect(body.movements.reduce((sum, m) => sum + m.amountCents, 0)).toBe(3_750);
    }
    expect(older.some((movement) => movement.amountCents > 0)).toBe(true);
  });

  it('answers the limit and refuses a bad card id naming the field', async () => {
    const card = await cardWithBalance(world.ctx, { companyId: 'C1001', balanceCents: 4_000, skip: 1 });
    await purchase(card.token, 100, 'MV-2');
    await purchase(card.token, 200, 'MV-3');
    const body = ok<CardMovementsResponse>(
      await api('om1', 'GET', `cardMovements?cardId=${card.cardId}&limit=2`),
    );
    expect(body.movements.map((m) => m.amountCents)).toEqual([-200, -100]);
    const bad = await api('om1', 'GET', 'cardMovements?cardId=not-a-card');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['querystring.cardId']);
  });

  it('answers 404 for another company’s card through one’s own company, and 403 for a company not one’s own', async () => {
    const foreign = await cardWithBalance(world.ctx, { companyId: 'C1002', balanceCents: 3_000 });
    const response = await api('om1', 'GET', `cardMovements?cardId=${foreign.cardId}`, { company: 'C1001' });
    expect(response.statusCode).toBe(404);
    // Provider staff acting for C1001 do not find C1002's card either.
    const staff = await api('admin', 'GET', `cardMovements?cardId=${foreign.cardId}`, { company: 'C1001' });
    expect(staff.statusCode).toBe(404);
    // om1 is not related to C1002 at all: 403 before any card is looked for.
    const unrelated = await api('om1', 'GET', `cardMovements?cardId=${foreign.cardId}`, { company: 'C1002' });
    expect(unrelated.statusCode).toBe(403);
  });

  it('is refused to a merchant user: 403', async () => {
    const card = await cardWithBalance(world.ctx, { companyId: 'C1001', balanceCents: 3_000, skip: 2 });
    const response = await api('merchant', 'GET', `cardMovements?cardId=${card.cardId}`, {
      company: 'C1001',
    });
    expect(response.statusCode).toBe(403);
  });
});
