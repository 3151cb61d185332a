import {
  athensDate,
  RecurringRuleInputSchema,
  type DraftCard,
  type DraftOrder,
  type OrderDetails,
  type OrderSummary,
  type SaveDraftOrderRequest,
} from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { holderLine } from '../../../test/draft-lines';
import {
  DEMO_USERS,
  demoApiClient,
  demoWorldTestFile,
  lastMailTo,
  settle,
  type DemoUserKey,
} from '../../../test/tenant-helper';
import { recurringServiceOf } from '../../../test/recurring-helper';

/**
 * Maker-checker made complete (issue 21, ADR 032): every path by which an order's money could move
 * passes the same approval rule; above the second threshold two different people approve; nobody
 * approves their own; an order nobody decides expires; every decision is in the audit log and the
 * timeline with its reason.
 */
const world = demoWorldTestFile({ env: { RATE_LIMIT_MAX: '100000' }, cardScale: 0.1 });
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/orders',
);
const C = 'C1002';
const fullName = (user: DemoUserKey) => `${DEMO_USERS[user].firstName} ${DEMO_USERS[user].lastName}`;

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

/** C1002's rule: one approval above 10,00 €, two above 30,00 € (unless told otherwise). */
async function setRule(
  settings: { thresholdCents: number | null; secondThresholdCents?: number | null; expiryDays?: number } = {
    thresholdCents: 1_000,
    secondThresholdCents: 3_000,
  },
) {
  return ok<{ settings: Record<string, unknown> }>(
    await api('payment', 'POST', 'approvalSettings', { company: C, payload: settings }),
  ).settings;
}

let seq = 0;
async function saveDraft(
  cards: DraftCard[],
  user: DemoUserKey = 'om3',
  extra: Partial<SaveDraftOrderRequest> = {},
): Promise<DraftOrder> {
  seq += 1;
  return ok<{ draftOrder: DraftOrder }>(
    await api(user, 'POST', '/api/v1/orders/saveDraftOrder', {
      company: C,
      payload: {
        reason: 'new-card',
        orderType: 'NEW',
        product: 'TICKET_RESTAURANT',
        family: 'virtual',
        draftOrderAlias: `mc ${seq}`,
        ...extra,
        cards,
      },
    }),
  ).draftOrder;
}

/** An order manager's order of one new virtual card loaded with `cents`. */
async function omOrder(cents: number, user: DemoUserKey = 'om3'): Promise<OrderSummary> {
  const draft = await saveDraft([holderLine('a', cents)], user);
  return ok<{ order: OrderSummary }>(
    await api(user, 'POST', 'submitPaymentOm', {
      company: C,
      payload: { draftId: draft.draftId, method: 'RF' },
    }),
  ).order;
}

const details = async (orderId: string, user: DemoUserKey = 'om3') =>
  ok<{ order: OrderDetails }>(
    await api(user, 'GET', `retrieveOrderDetails?orderId=${orderId}`, { company: C }),
  ).order;

const approve = (user: DemoUserKey, orderId: string, comment?: string, culture?: string) =>
  api(user, 'POST', 'approveOrder', {
    company: C,
    payload: { orderId, ...(comment !== undefined ? { comment } : {}) },
    ...(culture ? { culture } : {}),
  });

const pay = (user: DemoUserKey, orderId: string) =>
  api(user, 'POST', 'createPaymentOrder', { company: C, payload: { orderId, method: 'RF' } });

async function auditOf(orderId: string) {
  return query<{ action: string; actor_user_id: string | null; after: Record<string, unknown> }>(
    `select action, actor_user_id, after from audit_log where entity = 'order' and entity_id = $1 order by id`,
    [orderId],
  );
}

describe('the approval rule on every path (ADR 032)', () => {
  it('an order manager’s order above the second threshold needs two different approvers, then can be paid', async () => {
    await setRule();
    const order = await omOrder(5_000);
    expect(order.status).toBe('awaiting_approval');
    expect(order.approvalsRequired).toBe(2);
    // Nobody pays it while it waits.
    expect((await pay('om3', order.orderId)).statusCode).toBe(409);

    const first = await approve('payment', order.orderId, 'Εντός προϋπολογισμού');
    expect(ok<{ order: OrderSummary }>(first).order.status).toBe('awaiting_approval');
    // Still waiting, showing who approved and that one more is needed; still not payable.
    const waiting = await details(order.orderId, 'payment');
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.approval.approvalsRequired).toBe(2);
    expect(waiting.approval.approvals.map((a) => [a.byName, a.comment])).toEqual([
      [fullName('payment'), 'Εντός προϋπολογισμού'],
    ]);
    expect(waiting.actions.approve).toBe(false);
    expect((await pay('om3', order.orderId)).statusCode).toBe(409);

    // The same person cannot give the second approval: 422, code 73, in the reader's language.
    const again = await approve('payment', order.orderId, '', 'en-US');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errorCode: 73 });
    expect(again.json().errorMessage).toMatch(/different person/);
    const againEl = await approve('payment', order.orderId);
    expect(againEl.json().errorMessage).toMatch(/άλλο πρόσωπο/);

    // Provider staff acting for the company give the second.
    const second = ok<{ order: OrderSummary }>(await approve('admin', order.orderId));
    expect(second.order.status).toBe('awaiting_payment');
    expect((await pay('om3', order.orderId)).statusCode).toBe(200);

    const paid = await details(order.orderId);
    const notes = paid.timeline.flatMap((entry) => entry.notes.map((note) => [entry.step, note]));
    expect(notes).toEqual([
      [
        'awaiting_approval',
        {
          code: 'approved',
          approverName: fullName('payment'),
          comment: 'Εντός προϋπολογισμού',
          count: 1,
          of: 2,
        },
      ],
      ['awaiting_payment', { code: 'approved', approverName: fullName('admin'), count: 2, of: 2 }],
    ]);
    const audit = await auditOf(order.orderId);
    expect(audit.map((row) => row.action)).toEqual([
      'order.submit',
      'order.approve-partial',
      'order.approve',
    ]);
    expect(audit[1]!.after).toMatchObject({ approvals: 1, required: 2, comment: 'Εντός προϋπολογισμού' });
    expect(audit[1]!.actor_user_id).toBe(world.ids.payment);
    expect(audit[2]!.actor_user_id).toBe(world.ids.admin);
  });

  it('an order between the thresholds waits for one approver; at or below the first it goes to payment', async () => {
    await setRule();
    const one = await omOrder(2_000);
    expect([one.status, one.approvalsRequired]).toEqual(['awaiting_approval', 1]);
    expect(ok<{ order: OrderSummary }>(await approve('payment', one.orderId)).order.status).toBe(
      'awaiting_payment',
    );
    // The threshold counts the total with fees: an order of exactly the threshold does not wait.
    const probe = await omOrder(2_000);
    await setRule({ thresholdCents: probe.totalCents, secondThresholdCents: probe.totalCents + 1 });
    const atThreshold = await omOrder(2_000);
    expect(atThreshold.totalCents).toBe(probe.totalCents);
    expect(atThreshold.status).toBe('awaiting_payment');
  });

  it('nobody approves an order they submitted or whose draft they made (code 71, translated)', async () => {
    await setRule();
    // A payment manager's submission is the check of an order manager's draft: above the second
    // threshold one more person must approve, never the payment manager again.
    const draft = await saveDraft([holderLine('a', 5_000)]);
    const mine = ok<{ order: OrderSummary }>(
      await api('payment', 'POST', 'submitOrderPaymentManager', {
        company: C,
        payload: { draftId: draft.draftId },
      }),
    ).order;
    expect([mine.status, mine.approvalsRequired]).toEqual(['awaiting_approval', 1]);
    for (const [culture, text] of [
      ['el-GR', /υποβάλατε ή ετοιμάσατε/],
      ['en-US', /submitted or prepared/],
    ] as const) {
      const own = await approve('payment', mine.orderId, '', culture);
      expect(own.statusCode).toBe(422);
      expect(own.json()).toMatchObject({ errorCode: 71 });
      expect(own.json().errorMessage).toMatch(text);
    }
    // The old call refuses it the same way.
    const viaSubmit = await api('payment', 'POST', 'submitOrderPaymentManager', {
      company: C,
      payload: { orderId: mine.orderId },
    });
    expect(viaSubmit.statusCode).toBe(422);

    // Provider staff who made the draft do not approve the order an order manager submitted from it.
    const staffDraft = await saveDraft([holderLine('a', 2_000)], 'care');
    const submitted = ok<{ order: OrderSummary }>(
      await api('om3', 'POST', 'submitPaymentOm', {
        company: C,
        payload: { draftId: staffDraft.draftId, method: 'RF' },
      }),
    ).order;
    expect(submitted.status).toBe('awaiting_approval');
    expect(submitted.draftedBy).toBe(world.ids.care);
    expect((await approve('care', submitted.orderId)).statusCode).toBe(422);
    expect((await details(submitted.orderId, 'care')).actions.approve).toBe(false);
    ok(await approve('payment', submitted.orderId));
  });

  it('provider staff acting for the company submit through the same rule', async () => {
    await setRule();
    const draft = await saveDraft([holderLine('a', 5_000)], 'admin');
    const order = ok<{ order: OrderSummary }>(
      await api('admin', 'POST', 'submitPaymentOm', {
        company: C,
        payload: { draftId: draft.draftId, method: 'RF' },
      }),
    ).order;
    expect([order.status, order.approvalsRequired]).toEqual(['awaiting_approval', 2]);
    expect((await approve('admin', order.orderId)).statusCode).toBe(422);
  });

  it('a finance user’s submission is the first check: one more approval above the second threshold only', async () => {
    await setRule();
    const between = await saveDraft([holderLine('a', 2_000)]);
    const direct = ok<{ order: OrderSummary }>(
      await api('finance', 'POST', 'submitOrderFinanceUser', {
        company: C,
        payload: { draftId: between.draftId },
      }),
    ).order;
    expect(direct.status).toBe('awaiting_payment');
    const large = await saveDraft([holderLine('a', 5_000)]);
    const waits = ok<{ order: OrderSummary }>(
      await api('finance', 'POST', 'submitOrderFinanceUser', {
        company: C,
        payload: { draftId: large.draftId },
      }),
    ).order;
    expect([waits.status, waits.approvalsRequired]).toEqual(['awaiting_approval', 1]);
  });

  it('a rejection needs a reason, ends the order and is in the audit and the timeline; nothing is charged', async () => {
    await setRule();
    const order = await omOrder(2_000);
    for (const [culture, text] of [
      ['el-GR', /υποχρεωτικό/i],
      ['en-US', /required/i],
    ] as const) {
      const empty = await api('payment', 'POST', 'rejectOrder', {
        company: C,
        culture,
        payload: { orderId: order.orderId, reason: '' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields[0].field).toBe('reason');
      expect(empty.json().fields[0].message).toMatch(text);
    }
    // The submitter cannot reject it either (their role does not decide).
    expect(
      (
        await api('om3', 'POST', 'rejectOrder', {
          company: C,
          payload: { orderId: order.orderId, reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    ok(
      await api('payment', 'POST', 'rejectOrder', {
        company: C,
        payload: { orderId: order.orderId, reason: 'Λάθος κέντρο κόστους' },
      }),
    );
    const rejected = await details(order.orderId);
    expect(rejected.timeline.at(-1)!.notes).toEqual([
      { code: 'rejectionReason', reason: 'Λάθος κέντρο κόστους', approverName: fullName('payment') },
    ]);
    expect((await auditOf(order.orderId)).at(-1)).toMatchObject({
      action: 'order.reject',
      after: { status: 'rejected', reason: 'Λάθος κέντρο κόστους' },
    });
    expect((await pay('om3', order.orderId)).statusCode).toBe(409);
    expect(rejected.payments).toEqual([]);
  });

  it('cancelling, resubmitting, editing the submitted draft and reordering move no money past the rule', async () => {
    await setRule();
    const draft = await saveDraft([holderLine('a', 2_000)]);
    const order = ok<{ order: OrderSummary }>(
      await api('om3', 'POST', 'submitPaymentOm', {
        company: C,
        payload: { draftId: draft.draftId, method: 'RF' },
      }),
    ).order;
    // The draft is gone: neither resubmitted nor edited.
    expect(
      (
        await api('om3', 'POST', 'submitPaymentOm', {
          company: C,
          payload: { draftId: draft.draftId, method: 'RF' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api('om3', 'POST', 'updateDraftOrder', {
          company: C,
          payload: { draftId: draft.draftId, draftOrderAlias: 'changed' },
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(400);
    // A reorder makes a draft; submitting it meets the rule again.
    const { draftId } = ok<{ draftId: string }>(
      await api('om3', 'POST', 'reorder', { company: C, payload: { orderId: order.orderId } }),
    );
    const reordered = ok<{ order: OrderSummary }>(
      await api('om3', 'POST', 'submitPaymentOm', { company: C, payload: { draftId, method: 'RF' } }),
    ).order;
    expect(reordered.status).toBe('awaiting_approval');
    // The submitter withdraws the first; it ends, unpaid.
    const cancelled = ok<{ order: OrderSummary }>(
      await api('om3', 'POST', 'cancelOrder', { company: C, payload: { orderId: order.orderId } }),
    ).order;
    expect(cancelled.status).toBe('cancelled');
    expect((await approve('payment', order.orderId)).statusCode).toBe(409);
  });

  it('a recurring run in submit mode meets the same rule: its order waits, no payment is started', async () => {
    await setRule({ thresholdCents: 100, secondThresholdCents: null });
    const [product] = await query<{ product: string }>(
      `select product from cards where company_id = $1 and status = 'active' and replaced_by_card_id is null
         and expiry_date > current_date + 400 group by product order by count(*) desc limit 1`,
      [C],
    );
    const cards = await query<{ id: string }>(
      `select id from cards where company_id = $1 and product = $2 and status = 'active'
         and replaced_by_card_id is null and expiry_date > current_date + 400 order by id limit 2`,
      [C, product!.product],
    );
    const recurring = recurringServiceOf(world.ctx);
    const rule = await recurring.saveRule(
      RecurringRuleInputSchema.parse({
        name: 'Μηνιαία φόρτιση',
        product: product!.product,
        amountMode: 'sameForAll',
        amountCents: 5_000,
        lines: cards.map((card) => ({ cardId: card.id })),
        schedule: { kind: 'monthly', dayOfMonth: 25, workingDaysOnly: true },
        startDay: athensDate(new Date()),
        endDay: null,
        submitMode: 'submit',
        paymentMethod: 'RF',
      }),
      { userId: world.ids.om3, companyId: C, locale: 'el' },
    );
    const outcome = await recurring.runRule(rule.ruleId, { runDay: athensDate(new Date()), period: 'mc' });
    expect(outcome.orders.length).toBeGreaterThan(0);
    for (const order of outcome.orders) {
      expect(order.status).toBe('awaiting_approval');
      const [payments] = await query<{ n: number }>(
        'select count(*)::int as n from payments where order_id = $1',
        [order.id],
      );
      expect(payments!.n).toBe(0);
    }
  });
});

describe('approvals expire (ADR 032)', () => {
  it('an order nobody decided in N days is rejected by the system, a first approval of two included; the submitter is told', async () => {
    await setRule({ thresholdCents: 1_000, secondThresholdCents: 3_000, expiryDays: 3 });
    const untouched = await omOrder(2_000);
    const half = await omOrder(5_000);
    ok(await approve('payment', half.orderId, 'ok'));
    const submitted = new Date(untouched.submittedAt);
    const waiting = await details(untouched.orderId);
    expect(new Date(waiting.approval.expiresAt!).getTime()).toBe(submitted.getTime() + 3 * 86_400_000);

    const { orders } = world.ctx.app.services;
    // Not yet: a day before.
    expect(await orders.expireApprovals(new Date(submitted.getTime() + 2 * 86_400_000))).toBe(0);
    const expired = await orders.expireApprovals(new Date(Date.now() + 4 * 86_400_000));
    expect(expired).toBeGreaterThanOrEqual(2);
    for (const order of [untouched, half]) {
      const after = await details(order.orderId);
      expect(after.status).toBe('rejected');
      expect(after.timeline.at(-1)).toMatchObject({
        step: 'rejected',
        byName: '',
        notes: [{ code: 'approvalExpired', days: 3 }],
      });
      expect(after.payments).toEqual([]);
      expect((await auditOf(order.orderId)).at(-1)).toMatchObject({
        action: 'order.approval-expired',
        actor_user_id: null,
        after: { status: 'rejected', reason: 'approvalExpired', days: 3 },
      });
      expect((await approve('admin', order.orderId)).statusCode).toBe(409);
    }
    // A second pass finds nothing more to expire.
    expect(await orders.expireApprovals(new Date(Date.now() + 4 * 86_400_000))).toBe(0);
    await settle(world.ctx);
    const mail = await lastMailTo(world.ctx, DEMO_USERS.om3.email);
    expect(mail?.subject).toMatch(/έληξε χωρίς έγκριση/);
  });
});

describe('approval settings (ADR 032)', () => {
  it('validates the second threshold against the first and the expiry days, naming the field, in el and en', async () => {
    for (const [culture, text] of [
      ['el-GR', /δεύτερο όριο/i],
      ['en-US', /second approval threshold/i],
    ] as const) {
      const below = await api('payment', 'POST', 'approvalSettings', {
        company: C,
        culture,
        payload: { thresholdCents: 5_000, secondThresholdCents: 4_000, expiryDays: 14 },
      });
      expect(below.statusCode).toBe(400);
      expect(below.json().fields).toEqual([
        { field: 'secondThresholdCents', message: expect.stringMatching(text) },
      ]);
    }
    const days = await api('payment', 'POST', 'approvalSettings', {
      company: C,
      culture: 'en-US',
      payload: { thresholdCents: 5_000, secondThresholdCents: null, expiryDays: 91 },
    });
    expect(days.statusCode).toBe(400);
    expect(days.json().fields[0]).toMatchObject({ field: 'expiryDays' });
    expect(days.json().fields[0].message).toMatch(/90/);
  });

  it('saves and answers the rule; turning the switch off clears the second threshold; every change is audited', async () => {
    const saved = await setRule({ thresholdCents: 1_000, secondThresholdCents: 3_000, expiryDays: 7 });
    // The step-up minimum (ADR 040) is kept as it was when a call does not name it: 0 by default.
    expect(saved).toEqual({
      thresholdCents: 1_000,
      secondThresholdCents: 3_000,
      expiryDays: 7,
      stepUpMinCents: 0,
    });
    expect(
      ok<{ settings: unknown }>(await api('om3', 'GET', 'approvalSettings', { company: C })).settings,
    ).toEqual(saved);
    const off = await setRule({ thresholdCents: null, expiryDays: 7 });
    expect(off).toEqual({
      thresholdCents: null,
      secondThresholdCents: null,
      expiryDays: 7,
      stepUpMinCents: 0,
    });
    const [audit] = await query<{ before: unknown; after: unknown; actor_user_id: string }>(
      `select before, after, actor_user_id from audit_log where action = 'orders.approval-settings'
        and company_id = $1 order by id desc limit 1`,
      [C],
    );
    expect(audit).toEqual({
      before: { thresholdCents: 1_000, secondThresholdCents: 3_000, expiryDays: 7, stepUpMinCents: 0 },
      after: off,
      actor_user_id: world.ids.payment,
    });
    // With the switch off, a large order goes straight to payment.
    expect((await omOrder(50_000)).status).toBe('awaiting_payment');
  });

  it('answers each role and refuses a foreign company', async () => {
    const payload = { thresholdCents: 1_000, secondThresholdCents: 3_000, expiryDays: 14 };
    const expected: Record<DemoUserKey, [number, number]> = {
      admin: [200, 200],
      care: [200, 200],
      om1: [403, 403],
      om3: [200, 403],
      finance: [200, 403],
      payment: [200, 200],
      merchant: [403, 403],
    };
    for (const [user, [read, write]] of Object.entries(expected) as [DemoUserKey, [number, number]][]) {
      expect((await api(user, 'GET', 'approvalSettings', { company: C })).statusCode, user).toBe(read);
      expect((await api(user, 'POST', 'approvalSettings', { company: C, payload })).statusCode, user).toBe(
        write,
      );
    }
    // The payment manager does not work for C1001.
    expect((await api('payment', 'POST', 'approvalSettings', { company: 'C1001', payload })).statusCode).toBe(
      403,
    );
  });

  it('approveOrder answers each role, and another company’s order is not found', async () => {
    await setRule();
    const order = await omOrder(2_000);
    const expected: Partial<Record<DemoUserKey, number>> = {
      om1: 403,
      om3: 403,
      finance: 403,
      merchant: 403,
    };
    for (const [user, status] of Object.entries(expected) as [DemoUserKey, number][]) {
      expect((await approve(user, order.orderId)).statusCode, user).toBe(status);
    }
    // C1004's payment manager (the same person, another company) finds no such order there.
    expect(
      (
        await api('payment', 'POST', 'approveOrder', {
          company: 'C1004',
          payload: { orderId: order.orderId },
        })
      ).statusCode,
    ).toBe(404);
    expect(ok<{ order: OrderSummary }>(await approve('care', order.orderId)).order.status).toBe(
      'awaiting_payment',
    );
  });
});
