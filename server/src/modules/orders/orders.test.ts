import { createHmac } from 'node:crypto';
import {
  formatRf,
  isValidRf,
  shipsCards,
  type Card,
  type DraftCard,
  type DraftOrder,
  type OrderDetails,
  type OrderSummary,
  type PaymentInstructions,
  type SaveDraftOrderRequest,
} from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { holderLine } from '../../../test/draft-lines';
import { DEMO_USERS, demoApiClient, seedDemoWorld, type DemoUserKey } from '../../../test/tenant-helper';
import { seedDemoOrders } from '../../db/seed/demo-orders';
import { signNotice } from '../payments';

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;
const { api, ok } = demoApiClient(
  () => ctx,
  () => ids,
  '/api/v1/orders',
);

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

let draftSeq = 0;
async function saveDraft(
  body: Partial<SaveDraftOrderRequest> & { cards: DraftCard[] },
  user: DemoUserKey = 'om1',
  company = 'C1001',
): Promise<DraftOrder> {
  draftSeq += 1;
  return ok<{ draftOrder: DraftOrder }>(
    await api(user, 'POST', '/api/v1/orders/saveDraftOrder', {
      company,
      payload: {
        reason: 'new-card',
        orderType: 'NEW',
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        draftOrderAlias: `test ${draftSeq}`,
        ...body,
      },
    }),
  ).draftOrder;
}

async function ledgerIsSound(): Promise<void> {
  const problems = await ctx.app.services.ledger.checkInvariants(ctx.database.db);
  expect(problems).toEqual({ unbalancedTransactions: [], balanceMismatches: [], negativeAccounts: [] });
}

/** Follows the sandbox bank's page with a decision; answers the browser's return parameters. */
async function throughBank(redirectUrl: string, decision: 'approved' | 'declined' | 'cancelled') {
  // Without PUBLIC_URL the bank's address is a path on the host the browser opened.
  const url = new URL(redirectUrl, ctx.config.publicUrl);
  const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Sandbox');
  const decided = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/bank/pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ session: url.searchParams.get('session')!, decision }).toString(),
  });
  expect(decided.statusCode).toBe(303);
  const back = new URL(decided.headers.location as string);
  expect(back.pathname).toMatch(/\/orders\/payment\/result$/);
  return {
    paymentId: back.searchParams.get('paymentId')!,
    result: back.searchParams.get('result') as 'approved',
    bankReference: back.searchParams.get('bankReference')!,
    signature: back.searchParams.get('signature')!,
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ demoWorld: { cardScale: 0.1 } });
  ids = await seedDemoWorld(ctx, { cardScale: 0.1 });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('an order manager orders new cards and pays by card through the bank', () => {
  it('submits, pays in the sandbox, and the cards exist with their balances, once', async () => {
    const draft = await saveDraft({
      cards: [holderLine('a', 5_000, 'Ελένη', 'Παππά'), holderLine('b', 2_500, 'Νίκος', 'Ζαχαρίου')],
    });
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    expect(submitted.order.status).toBe('awaiting_payment');
    expect(submitted.order.totalCents).toBe(draft.price.totalCents);
    expect(isValidRf(submitted.order.rfCode)).toBe(true);
    expect(submitted.payment.redirectUrl).toContain('/sandbox/bank/pay?session=');
    // The draft is gone: submitting it again finds nothing.
    expect(
      (await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }))
        .statusCode,
    ).toBe(404);

    const back = await throughBank(submitted.payment.redirectUrl!, 'approved');
    // The bank's callback already paid it; the browser's return answers the same state.
    const result = ok<{ payment: { status: string }; order: OrderSummary }>(
      await api('om1', 'POST', 'submitPaymentOrder', { payload: back }),
    );
    expect(result.payment.status).toBe('succeeded');
    expect(result.order.status).toBe('loaded');

    const cards = ok<{ cards: { card: Card | null; amountCents: number }[] }>(
      await api('om1', 'GET', `retrieveOrderCards?orderId=${submitted.order.orderId}`),
    ).cards;
    expect(cards.map((line) => line.card?.balanceCents)).toEqual([5_000, 2_500]);
    expect(
      cards.every((line) => line.card?.maskedNumber.includes('•') || line.card?.maskedNumber.includes('*')),
    ).toBe(true);

    const postings = await query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from ledger_transactions where reference = $1 group by kind order by kind`,
      [`#${submitted.order.orderNumber}`],
    );
    expect(postings).toEqual([
      { kind: 'fee', n: 1 },
      { kind: 'load', n: 1 },
      { kind: 'payment', n: 1 },
    ]);
    // Replaying the return (and the notice) changes nothing.
    ok(await api('om1', 'POST', 'submitPaymentOrder', { payload: back }));
    const again = await query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where reference = $1`,
      [`#${submitted.order.orderNumber}`],
    );
    expect(again[0]!.n).toBe(3);
    await ledgerIsSound();

    const details = ok<{ order: OrderDetails }>(
      await api('om1', 'GET', `retrieveOrderDetails?orderId=${submitted.order.orderId}`),
    ).order;
    expect(details.timeline.map((entry) => [entry.step, entry.at !== null])).toEqual([
      ['draft', true],
      ['awaiting_payment', true],
      ['paid', true],
      ['loaded', true],
    ]);
    expect(details.paidCents).toBe(details.totalCents);
  });

  it('a declined payment leaves the order awaiting payment; a retry succeeds', async () => {
    const draft = await saveDraft({ cards: [holderLine('a', 1_000)] });
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    const declined = await throughBank(submitted.payment.redirectUrl!, 'declined');
    const failed = ok<{ payment: { status: string }; order: OrderSummary }>(
      await api('om1', 'POST', 'submitPaymentOrder', { payload: declined }),
    );
    expect(failed.payment.status).toBe('failed');
    expect(failed.order.status).toBe('awaiting_payment');
    const retry = ok<{ payment: PaymentInstructions }>(
      await api('om1', 'POST', 'createPaymentOrder', {
        payload: { orderId: submitted.order.orderId, method: 'VISA' },
      }),
    );
    const approved = await throughBank(retry.payment.redirectUrl!, 'approved');
    expect(
      ok<{ order: OrderSummary }>(await api('om1', 'POST', 'submitPaymentOrder', { payload: approved })).order
        .status,
    ).toBe('loaded');
    await ledgerIsSound();
  });

  it('refuses a forged return', async () => {
    const draft = await saveDraft({ cards: [holderLine('a', 1_000)] });
    const submitted = ok<{ payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    const forged = await api('om1', 'POST', 'submitPaymentOrder', {
      payload: {
        paymentId: submitted.payment.paymentId,
        result: 'approved',
        bankReference: 'X',
        signature: 'a'.repeat(64),
      },
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('RF transfers and the bank statement', () => {
  it('stays awaiting payment until a statement line matches its RF and amount, once', async () => {
    const draft = await saveDraft({ cards: [holderLine('a', 3_000)] });
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'RF' } }),
    );
    expect(submitted.payment.redirectUrl).toBeNull();
    const loops = ok<{ loops: { orderId: string }[] }>(await api('om1', 'GET', 'retrieveApmLoops')).loops;
    expect(loops.map((loop) => loop.orderId)).toContain(submitted.order.orderId);

    const amount = (submitted.order.totalCents / 100).toFixed(2).replace('.', ',');
    const csv = [
      'id;date;amount;reference;payer',
      `L1;2026-11-22;1,00;ΠΛΗΡΩΜΗ ${formatRf(submitted.order.rfCode)};ΑΚΜΗ`,
      `L2;2026-11-22;${amount};ΠΛΗΡΩΜΗ ${formatRf(submitted.order.rfCode)};ΑΚΜΗ`,
      `L3;2026-11-22;${amount};χωρίς αναφορά;ΑΚΜΗ`,
    ].join('\n');
    const imported = ok<{ lines: { outcome: string }[]; matched: number }>(
      await api('admin', 'POST', 'importBankStatement', { payload: { csv } }),
    );
    expect(imported.lines.map((line) => line.outcome)).toEqual([
      'amountMismatch',
      'matched',
      'unknownReference',
    ]);
    const replay = ok<{ lines: { outcome: string }[] }>(
      await api('admin', 'POST', 'importBankStatement', { payload: { csv } }),
    );
    expect(replay.lines.map((line) => line.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    const details = ok<{ order: OrderDetails }>(
      await api('om1', 'GET', `retrieveOrderDetails?orderId=${submitted.order.orderId}`),
    ).order;
    expect(details.status).toBe('loaded');
    expect(details.payments.filter((payment) => payment.status === 'succeeded')).toHaveLength(1);
    await ledgerIsSound();
  });

  it('only provider staff import statements', async () => {
    expect(
      (await api('om1', 'POST', 'importBankStatement', { payload: { csv: 'id,amount,reference\n' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('approval', () => {
  it('an order above the threshold waits for a payment manager, who cannot approve their own', async () => {
    ok(
      await api('payment', 'POST', 'approvalSettings', {
        company: 'C1002',
        payload: { thresholdCents: 1_000 },
      }),
    );
    const draft = await saveDraft({ cards: [holderLine('a', 5_000)] }, 'om3', 'C1002');
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions | null }>(
      await api('om3', 'POST', 'submitPaymentOm', {
        company: 'C1002',
        payload: { draftId: draft.draftId, method: 'RF' },
      }),
    );
    expect(submitted.order.status).toBe('awaiting_approval');
    expect(submitted.payment).toBeNull();
    // The order manager cannot pay it yet.
    expect(
      (
        await api('om3', 'POST', 'createPaymentOrder', {
          company: 'C1002',
          payload: { orderId: submitted.order.orderId, method: 'RF' },
        })
      ).statusCode,
    ).toBe(409);
    // Nor approve it (wrong role).
    expect(
      (
        await api('om3', 'POST', 'submitOrderPaymentManager', {
          company: 'C1002',
          payload: { orderId: submitted.order.orderId },
        })
      ).statusCode,
    ).toBe(403);
    const approved = ok<{ order: OrderSummary }>(
      await api('payment', 'POST', 'submitOrderPaymentManager', {
        company: 'C1002',
        payload: { orderId: submitted.order.orderId },
      }),
    );
    expect(approved.order.status).toBe('awaiting_payment');

    // A payment manager's own submission goes straight to payment; they may not approve their own.
    const own = await saveDraft({ cards: [holderLine('a', 5_000)] }, 'om3', 'C1002');
    const mine = ok<{ order: OrderSummary }>(
      await api('payment', 'POST', 'submitOrderPaymentManager', {
        company: 'C1002',
        payload: { draftId: own.draftId },
      }),
    );
    expect(mine.order.status).toBe('awaiting_payment');
  });

  it('a foreign company cannot see or act on the order', async () => {
    const draft = await saveDraft({ cards: [holderLine('a', 1_000)] });
    const submitted = ok<{ order: OrderSummary }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'RF' } }),
    );
    expect(
      (
        await api('payment', 'GET', `retrieveOrderDetails?orderId=${submitted.order.orderId}`, {
          company: 'C1002',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api('payment', 'GET', `retrieveOrderDetails?orderId=${submitted.order.orderId}`, {
          company: 'C1001',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('unload', () => {
  it('moves money back from cards to the company balance', async () => {
    const draft = await saveDraft({ cards: [holderLine('a', 4_000)] });
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    await throughBank(submitted.payment.redirectUrl!, 'approved');
    const [line] = ok<{ cards: { card: Card }[] }>(
      await api('om1', 'GET', `retrieveOrderCards?orderId=${submitted.order.orderId}`),
    ).cards;
    const cardId = line!.card.cardId;
    const priced = ok<{ totalCents: number }>(
      await api('om1', 'POST', 'unloadOrderPriceCalculation', {
        payload: { cards: [{ cardId, amountCents: null }] },
      }),
    );
    expect(priced.totalCents).toBe(4_000);
    const tooMuch = await api('om1', 'POST', 'submitUnloadOrder', {
      payload: { cards: [{ cardId, amountCents: 4_001 }] },
    });
    expect(tooMuch.statusCode).toBe(400);
    const unloaded = ok<{ order: OrderSummary }>(
      await api('om1', 'POST', 'submitUnloadOrder', { payload: { cards: [{ cardId, amountCents: 1_500 }] } }),
    );
    expect(unloaded.order.status).toBe('unloaded');
    // Its timeline is the unload, not a load.
    const unloadDetails = ok<{ order: OrderDetails }>(
      await api('om1', 'GET', `retrieveOrderDetails?orderId=${unloaded.order.orderId}`),
    ).order;
    expect(unloadDetails.timeline.map((entry) => [entry.step, entry.at !== null])).toEqual([
      ['unloaded', true],
    ]);
    const [after] = ok<{ cards: { card: Card }[] }>(
      await api('om1', 'GET', `retrieveOrderCards?orderId=${submitted.order.orderId}`),
    ).cards;
    expect(after!.card.balanceCents).toBe(2_500);
    await ledgerIsSound();
  });
});

describe('what the timeline and the payments say: codes, translated on the page (ADR 013)', () => {
  const details = async (orderId: string, user: DemoUserKey = 'om1', company = 'C1001') =>
    ok<{ order: OrderDetails }>(
      await api(user, 'GET', `retrieveOrderDetails?orderId=${orderId}`, { company }),
    ).order;
  const fullName = (user: DemoUserKey) => `${DEMO_USERS[user].firstName} ${DEMO_USERS[user].lastName}`;

  it('a cancelled order’s timeline ends at the cancellation; its pending card payment was cancelled with it', async () => {
    const draft = await saveDraft({ cards: [holderLine('a', 1_000)] });
    const { order } = ok<{ order: OrderSummary }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    ok(await api('om1', 'POST', 'cancelOrder', { payload: { orderId: order.orderId } }));
    const cancelled = await details(order.orderId);
    expect(cancelled.timeline.map((entry) => [entry.step, entry.at !== null, entry.notes])).toEqual([
      ['draft', true, []],
      ['awaiting_payment', true, []],
      ['cancelled', true, []],
    ]);
    expect(cancelled.timeline.at(-1)!.byName).toBe(fullName('om1'));
    expect(cancelled.payments.map((payment) => [payment.status, payment.failureReason])).toEqual([
      ['cancelled', 'orderCancelled'],
    ]);
  });

  it('a rejected order ends at the rejection with the approver’s own words; an approval is noted on the step it opens', async () => {
    ok(
      await api('payment', 'POST', 'approvalSettings', {
        company: 'C1002',
        payload: { thresholdCents: 1_000 },
      }),
    );
    const submit = async () => {
      const draft = await saveDraft({ cards: [holderLine('a', 5_000)] }, 'om3', 'C1002');
      return ok<{ order: OrderSummary }>(
        await api('om3', 'POST', 'submitPaymentOm', {
          company: 'C1002',
          payload: { draftId: draft.draftId, method: 'RF' },
        }),
      ).order;
    };
    const toReject = await submit();
    ok(
      await api('payment', 'POST', 'rejectOrder', {
        company: 'C1002',
        payload: { orderId: toReject.orderId, reason: 'Λάθος κέντρο κόστους' },
      }),
    );
    const rejected = await details(toReject.orderId, 'om3', 'C1002');
    expect(rejected.timeline.map((entry) => [entry.step, entry.at !== null, entry.notes])).toEqual([
      ['draft', true, []],
      ['awaiting_approval', true, []],
      [
        'rejected',
        true,
        [{ code: 'rejectionReason', reason: 'Λάθος κέντρο κόστους', approverName: fullName('payment') }],
      ],
    ]);
    expect(rejected.timeline.at(-1)!.byName).toBe(fullName('payment'));

    const toApprove = await submit();
    ok(
      await api('payment', 'POST', 'submitOrderPaymentManager', {
        company: 'C1002',
        payload: { orderId: toApprove.orderId },
      }),
    );
    const approved = await details(toApprove.orderId, 'om3', 'C1002');
    expect(
      approved.timeline.map((entry) => [entry.step, entry.at !== null, entry.byName, entry.notes]),
    ).toEqual([
      ['draft', true, fullName('om3'), []],
      ['awaiting_approval', true, fullName('om3'), []],
      [
        'awaiting_payment',
        true,
        fullName('payment'),
        [{ code: 'approved', approverName: fullName('payment') }],
      ],
      ['paid', false, '', []],
      ['loaded', false, '', []],
    ]);
  });

  it('each payment attempt that did not succeed says why: declined, cancelled at the bank, replaced', async () => {
    const draft = await saveDraft({ cards: [holderLine('a', 1_000)] });
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    const pay = async (method: 'VISA' | 'RF') =>
      ok<{ payment: PaymentInstructions }>(
        await api('om1', 'POST', 'createPaymentOrder', {
          payload: { orderId: submitted.order.orderId, method },
        }),
      ).payment;
    await api('om1', 'POST', 'submitPaymentOrder', {
      payload: await throughBank(submitted.payment.redirectUrl!, 'declined'),
    });
    await api('om1', 'POST', 'submitPaymentOrder', {
      payload: await throughBank((await pay('VISA')).redirectUrl!, 'cancelled'),
    });
    await pay('VISA');
    await pay('RF');
    const { payments } = await details(submitted.order.orderId);
    const oldestFirst = [...payments].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(oldestFirst.map((payment) => [payment.method, payment.status, payment.failureReason])).toEqual([
      ['VISA', 'failed', 'declined'],
      ['VISA', 'cancelled', 'cancelledByPayer'],
      ['VISA', 'cancelled', 'replaced'],
      ['RF', 'pending', null],
    ]);
  });

  it('lines whose card was closed before payment are named, from 1 as the card list numbers them', async () => {
    const made = await saveDraft({ cards: [holderLine('a', 1_000), holderLine('b', 1_000)] });
    const first = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: made.draftId, method: 'VISA' } }),
    );
    await api('om1', 'POST', 'submitPaymentOrder', {
      payload: await throughBank(first.payment.redirectUrl!, 'approved'),
    });
    const cardIds = ok<{ cards: { card: Card }[] }>(
      await api('om1', 'GET', `retrieveOrderCards?orderId=${first.order.orderId}`),
    ).cards.map((line) => line.card.cardId);
    const load = await saveDraft({
      reason: 'load-card',
      orderType: 'LOAD',
      cards: cardIds.map((cardId, index) => ({ ...holderLine(`l${index}`, 500), cardholder: null, cardId })),
    });
    const loading = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: load.draftId, method: 'VISA' } }),
    );
    // The second card is reported lost between submission and payment.
    await query(`update cards set status = 'lost' where id = $1`, [cardIds[1]]);
    await api('om1', 'POST', 'submitPaymentOrder', {
      payload: await throughBank(loading.payment.redirectUrl!, 'approved'),
    });
    const loaded = (await details(loading.order.orderId)).timeline.find((entry) => entry.step === 'loaded')!;
    expect(loaded.notes).toEqual([{ code: 'linesNotLoaded', lines: [2] }]);
    await ledgerIsSound();
  });

  it('a charge the order cannot take is owed back: the payment and the email say so, not “try again”', async () => {
    const since = new Date(Date.now() - 1_000);
    const draft = await saveDraft({ cards: [holderLine('a', 1_000)] });
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    // The bank reports a charge of another amount than the order's total.
    const notice = {
      eventId: `e-${submitted.payment.paymentId}`,
      paymentId: submitted.payment.paymentId,
      result: 'approved' as const,
      bankReference: 'SBX-REFUND',
      amountCents: submitted.payment.amountCents + 100,
    };
    const secret = createHmac('sha256', ctx.config.sessionSecret).update('sandbox-bank').digest('hex');
    const callback = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders/payments/callback',
      headers: { 'x-bank-signature': signNotice(secret, notice) },
      payload: notice,
    });
    expect(callback.statusCode).toBe(200);
    const { payments } = await details(submitted.order.orderId);
    expect(payments.map((payment) => [payment.status, payment.failureReason])).toEqual([
      ['failed', 'amountMismatch'],
    ]);
    let refund: { subject: string; text: string } | undefined;
    for (let attempt = 0; attempt < 50 && !refund; attempt += 1) {
      refund = (await mailsTo('om1@tessera.demo', since)).find(
        (mail) =>
          mail.subject.includes(`#${submitted.order.orderNumber}`) && mail.subject.includes('επιστραφεί'),
      );
      if (!refund) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refund?.subject).toBe(
      `Η πληρωμή της παραγγελίας #${submitted.order.orderNumber} «${draft.draftOrderAlias}» θα σας επιστραφεί`,
    );
    expect(refund?.text).toContain('Αιτία: Η τράπεζα χρέωσε ποσό διαφορετικό από το σύνολο της παραγγελίας.');
    expect(refund?.text).toMatch(/^Αγαπητή Ελένη,\n\n/);
  });

  it('the courier’s tracking number is a note of the shipped step', async () => {
    const [point] = await query<{ id: string }>(
      `select id from delivery_points where company_id = 'C1001' order by created_at, id limit 1`,
    );
    const draft = await saveDraft({
      family: 'plastic',
      deliveryPointId: point!.id,
      cards: [holderLine('a', 1_000)],
    });
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    await api('om1', 'POST', 'submitPaymentOrder', {
      payload: await throughBank(submitted.payment.redirectUrl!, 'approved'),
    });
    // Shipping skips no step of the production queue (ADR 026): straight to shipped is refused.
    const skipped = await api('admin', 'POST', 'advanceOrder', {
      payload: { orderId: submitted.order.orderId, trackingNumber: 'ACS 7300112233' },
    });
    expect(skipped.statusCode).toBe(409);
    ok(
      await api('admin', 'POST', '/api/v1/fulfilment/batches', {
        payload: { orderIds: [submitted.order.orderId] },
      }),
    );
    ok(
      await api('admin', 'POST', '/api/v1/fulfilment/ship', {
        payload: {
          courier: 'ACS',
          shipments: [{ orderId: submitted.order.orderId, trackingNumber: 'ACS 7300112233' }],
        },
      }),
    );
    const shipped = await details(submitted.order.orderId);
    expect(shipped.timeline.map((entry) => [entry.step, entry.at !== null, entry.notes])).toEqual([
      ['draft', true, []],
      ['awaiting_payment', true, []],
      ['paid', true, []],
      ['in_production', true, []],
      ['shipped', true, [{ code: 'trackingNumber', courier: 'ACS', trackingNumber: 'ACS 7300112233' }]],
      ['delivered', false, []],
      ['loaded', false, []],
    ]);
  });
});

describe('what an order ships and what that costs (ADR 009)', () => {
  it('refuses to submit plastic cards with no delivery point to ship them to; with one, ships and charges delivery', async () => {
    const pointOf = async (company: string) =>
      (
        await query<{ id: string }>(
          `select id from delivery_points where company_id = $1 order by created_at, id limit 1`,
          [company],
        )
      )[0]!.id;
    // A draft saved before its delivery point was chosen: neither its order manager nor the
    // company's finance user may submit it.
    const draft = await saveDraft({ family: 'plastic', cards: [holderLine('a', 1_000)] }, 'om3', 'C1002');
    expect(draft.price.deliveryFeeCents).toBeGreaterThan(0);
    const before = await query<{ n: number }>(`select count(*)::int as n from orders`);
    for (const [user, route, payload] of [
      ['om3', 'submitPaymentOm', { draftId: draft.draftId, method: 'RF' }],
      ['finance', 'submitOrderFinanceUser', { draftId: draft.draftId }],
    ] as const) {
      const refused = await api(user, 'POST', route, { company: 'C1002', payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.map((f: { field: string }) => f.field)).toEqual(['deliveryPointId']);
    }
    expect(await query<{ n: number }>(`select count(*)::int as n from orders`)).toEqual(before);

    const point = await pointOf('C1001');
    const shipped = await saveDraft({
      family: 'plastic',
      deliveryPointId: point,
      cards: [holderLine('a', 1_000)],
    });
    const { order } = ok<{ order: OrderSummary }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: shipped.draftId, method: 'RF' } }),
    );
    const details = ok<{ order: OrderDetails }>(
      await api('om1', 'GET', `retrieveOrderDetails?orderId=${order.orderId}`),
    ).order;
    expect(details.deliveryPoint?.deliveryPointId).toBe(point);
    expect(details.price.deliveryFeeCents).toBe(shipped.price.deliveryFeeCents);
    expect(details.price.deliveryFeeCents).toBeGreaterThan(0);
  });

  it('submits virtual cards with no delivery point and no delivery fee, even from a draft that named one', async () => {
    const [point] = await query<{ id: string }>(
      `select id from delivery_points where company_id = 'C1001' order by created_at, id limit 1`,
    );
    const draft = await saveDraft({
      family: 'virtual',
      deliveryPointId: point!.id,
      cards: [holderLine('a', 1_000)],
    });
    const { order } = ok<{ order: OrderSummary }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'RF' } }),
    );
    const details = ok<{ order: OrderDetails }>(
      await api('om1', 'GET', `retrieveOrderDetails?orderId=${order.orderId}`),
    ).order;
    expect(details.deliveryPoint).toBeNull();
    expect(details.price.deliveryFeeCents).toBe(0);
  });
});

describe('complimentary bundles', () => {
  it('a paid complimentary order’s cards wait blocked until activateComplimentOrder, once', async () => {
    const { draftId } = ok<{ draftId: string }>(
      await api('om1', 'POST', 'createBundleDraftOrder', {
        payload: { bundleId: 'COPMLIMENT-10x1500-virtual', quantity: 1 },
      }),
    );
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId, method: 'VISA' } }),
    );
    // Not paid yet: nothing to activate.
    expect(
      (await api('om1', 'POST', 'activateComplimentOrder', { payload: { orderId: submitted.order.orderId } }))
        .statusCode,
    ).toBe(409);
    await throughBank(submitted.payment.redirectUrl!, 'approved');
    const before = ok<{ cards: { card: Card }[] }>(
      await api('om1', 'GET', `retrieveOrderCards?orderId=${submitted.order.orderId}`),
    ).cards;
    expect(before).toHaveLength(10);
    expect(before.every((line) => line.card.status === 'blocked' && line.card.balanceCents === 1_500)).toBe(
      true,
    );
    const details = ok<{ order: OrderDetails }>(
      await api('om1', 'GET', `retrieveOrderDetails?orderId=${submitted.order.orderId}`),
    ).order;
    expect(details.actions.activate).toBe(true);

    // Another company's user cannot activate them.
    expect(
      (
        await api('om3', 'POST', 'activateComplimentOrder', {
          company: 'C1002',
          payload: { orderId: submitted.order.orderId },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      ok<{ activated: number }>(
        await api('om1', 'POST', 'activateComplimentOrder', {
          payload: { orderId: submitted.order.orderId },
        }),
      ).activated,
    ).toBe(10);
    expect(
      ok<{ activated: number }>(
        await api('om1', 'POST', 'activateComplimentOrder', {
          payload: { orderId: submitted.order.orderId },
        }),
      ).activated,
    ).toBe(0);
    const after = ok<{ cards: { card: Card }[] }>(
      await api('om1', 'GET', `retrieveOrderCards?orderId=${submitted.order.orderId}`),
    ).cards;
    expect(after.every((line) => line.card.status === 'active')).toBe(true);
    // The activation is a note of the loaded step, which keeps the time the cards were loaded.
    const activated = ok<{ order: OrderDetails }>(
      await api('om1', 'GET', `retrieveOrderDetails?orderId=${submitted.order.orderId}`),
    ).order;
    const loaded = activated.timeline.find((entry) => entry.step === 'loaded')!;
    expect(loaded.notes).toEqual([{ code: 'cardsActivated', count: 10 }]);
    expect(loaded.at).toBe(details.timeline.find((entry) => entry.step === 'loaded')!.at);
    await ledgerIsSound();
  });
});

async function mailsTo(email: string, since: Date): Promise<{ subject: string; text: string }[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await query<{ subject: string; text: string }>(
      `select subject, text from mail_outbox where "to" = $1 and created_at >= $2 order by created_at, id`,
      [email, since],
    );
    if (rows.length > 0) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

describe('emails and documents', () => {
  it('emails the submitter at each step, in their language', async () => {
    const since = new Date(Date.now() - 1_000);
    const draft = await saveDraft({ cards: [holderLine('a', 2_000)] });
    const submitted = ok<{ order: OrderSummary; payment: PaymentInstructions }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'VISA' } }),
    );
    await throughBank(submitted.payment.redirectUrl!, 'approved');
    let mails: { subject: string; text: string }[] = [];
    for (let attempt = 0; attempt < 50 && mails.length < 3; attempt += 1) {
      mails = (await mailsTo('om1@tessera.demo', since)).filter((mail) =>
        mail.text.includes(submitted.order.orderId),
      );
      if (mails.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Awaiting payment, paid, loaded — Greek (om1 prefers Greek), nothing left unfilled.
    expect(mails).toHaveLength(3);
    expect(mails.every((mail) => /[α-ω]/i.test(mail.text) && !/\{\w+\}/.test(mail.text))).toBe(true);
    expect(mails[0]!.text).toContain(formatRf(submitted.order.rfCode));
    // om1 is Ελένη: greeted in the vocative, never "Αγαπητέ/ή Ελένη".
    expect(mails.every((mail) => mail.text.startsWith('Αγαπητή Ελένη,\n\n'))).toBe(true);
  });

  it('greets every recipient by their own name and language: approvers, submitters, English readers', async () => {
    const since = new Date(Date.now() - 1_000);
    // om3 (Γιώργος) orders above C1002's threshold: the payment manager (Δημήτρης) is asked to approve.
    const big = await saveDraft(
      { cards: Array.from({ length: 12 }, (_, index) => holderLine(`b${index}`, 20_000)) },
      'om3',
      'C1002',
    );
    const waiting = ok<{ order: OrderSummary }>(
      await api('om3', 'POST', 'submitPaymentOm', {
        company: 'C1002',
        payload: { draftId: big.draftId, method: 'RF' },
      }),
    ).order;
    expect(waiting.status).toBe('awaiting_approval');
    // The finance user (Katerina, English) submits a draft of the same company.
    const small = await saveDraft({ cards: [holderLine('s', 1_000)] }, 'om3', 'C1002');
    ok(
      await api('finance', 'POST', 'submitOrderFinanceUser', {
        company: 'C1002',
        payload: { draftId: small.draftId },
      }),
    );
    const first = async (email: string) => (await mailsTo(email, since))[0]?.text ?? '';
    expect(await first('payment@tessera.demo')).toMatch(/^Αγαπητέ Δημήτρη,\n\n/);
    expect(await first('om3@tessera.demo')).toMatch(/^Αγαπητέ Γιώργο,\n\n/);
    expect(await first('finance@tessera.demo')).toMatch(/^Dear Katerina,\n\n/);
  });

  it('serves the proforma as a PDF and the analysis as an xlsx, to the company only', async () => {
    const draft = await saveDraft({ cards: [holderLine('a', 2_000)] });
    const { order } = ok<{ order: OrderSummary }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'RF' } }),
    );
    const pdf = await api('om1', 'GET', `proformaDocument?orderId=${order.orderId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await api(
      'om1',
      'GET',
      `downloadOrderAnalysisExcel?orderId=${order.orderId}&companyId=C1001`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(
      (await api('om3', 'GET', `proformaDocument?orderId=${order.orderId}&companyId=C1002`)).statusCode,
    ).toBe(404);
    expect(
      (await api('finance', 'GET', `proformaDocument?orderId=${order.orderId}&companyId=C1001`)).statusCode,
    ).toBe(403);
    const since = new Date(Date.now() - 1_000);
    const sent = ok<{ sentTo: string }>(
      await api('om1', 'POST', 'sendProformaDocument', { payload: { orderId: order.orderId } }),
    );
    expect(sent.sentTo).toBe('om1@tessera.demo');
    const mails = await mailsTo('om1@tessera.demo', since);
    expect(mails.some((mail) => mail.text.includes(`proforma-${order.orderNumber}.pdf`))).toBe(true);
  });
});

describe('demo orders', () => {
  it('seeds paid, waiting and approval-pending orders through the services', async () => {
    await seedDemoOrders(ctx.database.db, ctx.app.services);
    const acme = ok<{ orders: OrderSummary[] }>(
      await api('om1', 'GET', 'retrieveOrderHistory?pageSize=100'),
    ).orders;
    const status = (alias: string) => acme.find((order) => order.draftOrderAlias === alias)?.status;
    expect(status('Φόρτωση Νοεμβρίου')).toBe('loaded');
    expect(status('Νέοι συνάδελφοι')).toBe('in_production');
    expect(status('Ψηφιακές κάρτες εποχικών')).toBe('awaiting_payment');
    const olive = ok<{ orders: OrderSummary[] }>(
      await api('payment', 'GET', 'retrieveOrderHistory?status=awaiting_approval', { company: 'C1002' }),
    ).orders;
    expect(olive.map((order) => order.draftOrderAlias)).toContain('Δώρο Χριστουγέννων');
    // What each demo order charges for delivery agrees with what it ships, and what ships has
    // somewhere to go.
    for (const summary of [...acme, ...olive]) {
      const details = ok<{ order: OrderDetails }>(
        await api(
          summary.companyId === 'C1001' ? 'om1' : 'payment',
          'GET',
          `retrieveOrderDetails?orderId=${summary.orderId}`,
          {
            company: summary.companyId,
          },
        ),
      ).order;
      const ships = shipsCards(details);
      expect([details.draftOrderAlias, details.price.deliveryFeeCents > 0]).toEqual([
        details.draftOrderAlias,
        ships,
      ]);
      expect([details.draftOrderAlias, details.deliveryPoint !== null]).toEqual([
        details.draftOrderAlias,
        ships,
      ]);
    }
    await ledgerIsSound();
  });
});
