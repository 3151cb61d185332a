/**
 * Generated order histories for the money property (money is never created or lost): a fresh
 * company per sequence, commands through the orders services — and the bank's callback through
 * HTTP, the way the bank calls it (a signature instead of a session) — a model of what each command
 * must do, and the checks after every sequence. Shared by
 * `server/src/modules/orders/order-money.property.test.ts` and `bench/order-sequences.ts`, so it
 * asserts with `node:assert` rather than vitest.
 */
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import {
  DEFAULT_PRICING,
  formatRf,
  priceOrder,
  rfOfOrderNumber,
  ROLE,
  SaveDraftOrderRequestSchema,
  shipsCards,
  type OrderStatus,
  type PaymentKind,
  type RoleId,
} from '@tessera/domain';
import fc from 'fast-check';
import type { App } from '../src/app';
import { DEMO_USERS, seedDemo } from '../src/db/seed/demo';
import { createCompany, greekVat } from '../src/db/seed/factories';
import { signNotice, signReturn, type GatewayNotice, type PaymentResult } from '../src/modules/payments';
import type { OrderActor } from '../src/modules/orders';
import type { Database } from '../src/platform/db';
import { AppError } from '../src/platform/errors';

// ---------------------------------------------------------------------------------------------
// The world: the app, its database, the demo users who act, the provider's own accounts.

type Who = 'om' | 'finance' | 'payment' | 'admin';
const DEMO_KEY: Record<Who, keyof typeof DEMO_USERS> = {
  om: 'om1',
  finance: 'finance',
  payment: 'payment',
  admin: 'admin',
};

export type OrderWorld = {
  app: App;
  database: Database;
  /** The sandbox bank's signing secret, as `app.ts` derives it from the session secret. */
  bankSecret: string;
  users: Record<Who, { userId: string; roleId: RoleId }>;
  /** The provider's accounts whose balances move with every payment. */
  system: { bank: string; fees: string; vat: string };
  /** Unique per process: line and event ids of the bank never repeat across runs of one database. */
  tag: string;
  /** Sequences and commands run; commands skipped (nothing to act on yet: no card attempt, no keyed call). */
  counters: { sequences: number; commands: number; skipped: number };
  /**
   * The whole ledger is checked after every n-th sequence (1: after each): `checkInvariants()`, the
   * sum of all balances, no negative card or funding account. It reads every entry, so a long run
   * (the bench) spaces it out; the company's own postings and accounts are checked after every
   * sequence regardless.
   */
  fullCheckEvery: number;
  /** How often each path was taken (`callback paid`, `refused CONFLICT`…): the generator's reach. */
  outcomes: Record<string, number>;
};

/** The world on `app`'s database: the demo companies and users (seeded when missing). */
export async function openOrderWorld(
  app: App,
  database: Database,
  sessionSecret: string,
  options: { fullCheckEvery?: number } = {},
): Promise<OrderWorld> {
  await seedDemo(database, { cardScale: 0 });
  const { rows } = await database.pool.query<{ id: string; email: string }>('select id, email from users');
  const users = {} as OrderWorld['users'];
  for (const who of Object.keys(DEMO_KEY) as Who[]) {
    const demo = DEMO_USERS[DEMO_KEY[who]];
    const row = rows.find((r) => r.email === demo.email);
    if (!row) throw new Error(`demo user ${demo.email} missing`);
    users[who] = { userId: row.id, roleId: demo.roleId };
  }
  const { ledger } = app.services;
  return {
    app,
    database,
    bankSecret: createHmac('sha256', sessionSecret).update('sandbox-bank').digest('hex'),
    users,
    system: {
      bank: await ledger.bankAccount(database.db),
      fees: await ledger.feesAccount(database.db),
      vat: await ledger.vatAccount(database.db),
    },
    tag: randomUUID().slice(0, 8),
    counters: { sequences: 0, commands: 0, skipped: 0 },
    fullCheckEvery: options.fullCheckEvery ?? 1,
    outcomes: {},
  };
}

// ---------------------------------------------------------------------------------------------
// The commands. Picks are resolved against the model when the command runs (modulo what exists),
// so every generated sequence is meaningful and shrinks well.

type Submitter = 'om' | 'finance' | 'payment';
type Payer = 'om' | 'finance' | 'payment';

export type Step =
  | {
      op: 'order';
      by: Submitter;
      type: 'NEW' | 'LOAD';
      family: 'virtual' | 'plastic';
      /** Line amounts; a NEW line may be 0 (card only). */
      amounts: number[];
      /** LOAD: which of the company's cards, by pick. */
      cards: number[];
      method: PaymentKind;
      keyed: boolean;
    }
  | { op: 'approve' | 'reject' | 'cancel'; order: number; by: Who }
  | { op: 'pay'; order: number; method: PaymentKind; by: Payer; keyed: boolean }
  | {
      op: 'callback';
      attempt: number;
      result: PaymentResult;
      /**
       * fresh: a new event; duplicate: an event sent before, again; wrongAmount: approved for another
       * sum; badSignature: forged; unknownPayment: for a payment the portal never started.
       */
      mode: 'fresh' | 'duplicate' | 'wrongAmount' | 'badSignature' | 'unknownPayment';
      event: number;
    }
  | {
      op: 'return';
      attempt: number;
      result: PaymentResult;
      mode: 'fresh' | 'badSignature' | 'foreignCompany';
      by: Payer;
    }
  | {
      op: 'statement';
      lines: {
        kind: 'match' | 'wrongAmount' | 'unknownReference' | 'noReference' | 'duplicate';
        pick: number;
      }[];
    }
  | {
      op: 'unload';
      cards: { pick: number; mode: 'all' | 'part' | 'tooMuch'; part: number }[];
      keyed: boolean;
    }
  | { op: 'replay'; call: number; sameBody: boolean };

export type Sequence = {
  /** The company's approval threshold (null: nothing waits). */
  thresholdCents: number | null;
  /** What the company's two cards hold before the first command (0: nothing). */
  startBalances: [number, number];
  steps: Step[];
};

const who = fc.constantFrom<Who>('om', 'finance', 'payment', 'admin');
const payer = fc.constantFrom<Payer>('om', 'finance', 'payment');
const method = fc.constantFrom<PaymentKind>('VISA', 'VISA', 'VISA', 'RF', 'IRIS');
/** Order managers pay as they submit: most orders come from them. */
const submitter = fc.constantFrom<Submitter>('om', 'om', 'om', 'finance', 'payment');
const result = fc.constantFrom<PaymentResult>('approved', 'approved', 'declined', 'cancelled');
/** Which order, attempt, card or event, counted back from the latest (0, the most often). */
const pick = fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.nat({ max: 7 }), weight: 1 });
/** Ticket Restaurant loads: 5–500 €. */
const loadAmount = fc.oneof(fc.integer({ min: 500, max: 50_000 }), fc.constantFrom(500, 50_000));

const orderStepBy = (by: fc.Arbitrary<Submitter>, how: fc.Arbitrary<PaymentKind>): fc.Arbitrary<Step> =>
  fc
    .record({
      by,
      type: fc.constantFrom<'NEW' | 'LOAD'>('NEW', 'NEW', 'LOAD'),
      family: fc.constantFrom<'virtual' | 'plastic'>('virtual', 'plastic'),
      amounts: fc.array(
        fc.oneof({ arbitrary: loadAmount, weight: 4 }, { arbitrary: fc.constant(0), weight: 1 }),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      cards: fc.uniqueArray(fc.nat({ max: 5 }), { minLength: 3, maxLength: 3 }),
      method: how,
      keyed: fc.boolean(),
    })
    .map((fields) => ({ op: 'order' as const, ...fields }));
const orderStep = orderStepBy(submitter, method);
/**
 * The first order is most often an order manager's paid by card, so that the bank's callbacks and
 * returns that follow have an attempt to speak of.
 */
const firstOrderStep = fc.oneof(
  { arbitrary: orderStepBy(fc.constant('om'), fc.constant('VISA')), weight: 3 },
  { arbitrary: orderStep, weight: 2 },
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: orderStep, weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constantFrom('approve' as const, 'approve' as const, 'reject' as const, 'cancel' as const),
      order: pick,
      by: fc.oneof(fc.constantFrom<Who>('payment', 'admin'), who),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      order: pick,
      method,
      by: payer,
      keyed: fc.boolean(),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('callback' as const),
      attempt: pick,
      result,
      mode: fc.constantFrom(
        'fresh',
        'fresh',
        'fresh',
        'fresh',
        'duplicate',
        'wrongAmount',
        'badSignature',
        'unknownPayment',
      ),
      event: pick,
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('return' as const),
      attempt: pick,
      result,
      mode: fc.constantFrom('fresh', 'fresh', 'badSignature', 'foreignCompany'),
      by: payer,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('statement' as const),
      lines: fc.array(
        fc.record({
          kind: fc.constantFrom(
            'match',
            'match',
            'wrongAmount',
            'unknownReference',
            'noReference',
            'duplicate',
          ),
          pick,
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('unload' as const),
      cards: fc.array(
        fc.record({
          pick,
          mode: fc.constantFrom('all', 'part', 'part', 'tooMuch'),
          part: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
        { minLength: 1, maxLength: 2 },
      ),
      keyed: fc.boolean(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ op: fc.constant('replay' as const), call: pick, sameBody: fc.boolean() }),
    weight: 1,
  },
);

/** A world rule and 3–8 commands, the first of which places an order. */
export const sequenceArbitrary: fc.Arbitrary<Sequence> = fc.record({
  thresholdCents: fc.constantFrom<number | null>(null, null, 20_000, 80_000),
  startBalances: fc.tuple(fc.oneof(fc.constant(0), loadAmount), fc.oneof(fc.constant(0), loadAmount)),
  steps: fc
    .tuple(firstOrderStep, fc.array(step, { minLength: 2, maxLength: 7 }))
    .map(([first, rest]) => [first, ...rest]),
});

// ---------------------------------------------------------------------------------------------
// The model.

type AttemptStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';
type ModelAttempt = {
  id: string;
  orderId: string;
  method: PaymentKind;
  status: AttemptStatus;
  amountCents: number;
};
type ModelOrder = {
  id: string;
  number: number;
  rfCode: string;
  kind: 'NEW' | 'LOAD' | 'UNLOAD';
  family: 'virtual' | 'plastic';
  submittedBy: string;
  status: OrderStatus;
  totalCents: number;
  feesCents: number;
  vatCents: number;
  /** The card each line loads: chosen for a LOAD, made by the payment for a NEW order. */
  lines: { amountCents: number; card: ModelCard | null }[];
};
type ModelCard = { id: string; balanceCents: number };
type KeyedCall =
  | {
      kind: 'submit';
      actor: OrderActor;
      request: { draftId: string; method?: PaymentKind };
      route: string;
      key: string;
      response: unknown;
    }
  | {
      kind: 'pay';
      actor: OrderActor;
      request: { orderId: string; method: PaymentKind };
      route: string;
      key: string;
      response: unknown;
    }
  | {
      kind: 'unload';
      actor: OrderActor;
      request: { cards: { cardId: string; amountCents: number | null }[]; comments: string };
      route: string;
      key: string;
      response: unknown;
    };

type Model = {
  companyId: string;
  orders: ModelOrder[];
  attempts: ModelAttempt[];
  cards: ModelCard[];
  fundingCents: number;
  paidCents: number;
  feesCents: number;
  vatCents: number;
  /** Bank notice ids already recorded (callback:…, return:…, statement:…). */
  notices: Set<string>;
  events: GatewayNotice[];
  lineIds: string[];
  calls: KeyedCall[];
};

const ROUTES = {
  om: 'POST /api/v1/orders/submitPaymentOm',
  finance: 'POST /api/v1/orders/submitOrderFinanceUser',
  payment: 'POST /api/v1/orders/submitOrderPaymentManager',
  pay: 'POST /api/v1/orders/createPaymentOrder',
  unload: 'POST /api/v1/orders/submitUnloadOrder',
};
const APPROVERS: readonly RoleId[] = [ROLE.ADMIN, ROLE.CUSTOMER_CARE, ROLE.PAYMENT_MANAGER];
const OPEN: readonly OrderStatus[] = ['awaiting_approval', 'awaiting_payment'];

/** The `back`-th latest of `items` (wrapping round), or undefined when there are none. */
function at<T>(items: readonly T[], back: number): T | undefined {
  return items.length === 0 ? undefined : items[items.length - 1 - (back % items.length)];
}

/** What a command answers when the model holds nothing it could act on. */
const SKIPPED = Symbol('skipped');
type Ran = void | typeof SKIPPED;

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/**
 * Everything a refused command could have touched: the ledger (any new entry moves the highest
 * entry id), the bank notices (how many, and what each notice of the sequence recorded: a duplicate
 * must not overwrite the first one's outcome), the audit, the keys, and the company's drafts,
 * orders, payments and balances. Highest ids, counts of primary keys and the company's indexes: the
 * tables grow with every sequence, and a check must not.
 */
async function fingerprint(world: OrderWorld, model: Model): Promise<Record<string, unknown>> {
  const { rows } = await world.database.pool.query(
    `select (select count(*) from ledger_transactions where company_id = $1)::int as transactions,
            (select max(id) from ledger_entries)::text as entries,
            (select count(*) from bank_notices)::int as notices,
            (select coalesce(string_agg(id || ':' || outcome, ',' order by id), '')
               from bank_notices where id = any($2::text[])) as outcomes,
            (select max(id) from audit_log)::text as audits,
            (select count(*) from idempotency_keys)::int as keys,
            (select count(*) from draft_orders where company_id = $1)::int as drafts,
            (select coalesce(string_agg(id::text || ':' || status || ':' || updated_at::text, ',' order by id), '')
               from orders where company_id = $1) as orders,
            (select coalesce(string_agg(id::text || ':' || status, ',' order by id), '')
               from payments where company_id = $1) as payments,
            (select coalesce(string_agg(id::text || ':' || balance_cents, ',' order by id), '')
               from ledger_accounts where company_id = $1) as accounts`,
    [model.companyId, [...model.notices]],
  );
  return rows[0] as Record<string, unknown>;
}

function tally(world: OrderWorld, outcome: string): void {
  world.outcomes[outcome] = (world.outcomes[outcome] ?? 0) + 1;
}

/** Runs a command that must be refused with `code` and leave no trace. */
async function expectRefused(
  world: OrderWorld,
  model: Model,
  code: string,
  action: () => Promise<unknown>,
  what: string,
): Promise<void> {
  tally(world, `refused ${code}`);
  const before = await fingerprint(world, model);
  assert.equal(await codeOf(action()), code, `${what}: expected ${code}`);
  assert.deepEqual(await fingerprint(world, model), before, `${what}: a refusal left a trace`);
}

/** Runs a command that must change nothing at all (a duplicate, a replay). */
async function expectNoChange<T>(
  world: OrderWorld,
  model: Model,
  action: () => Promise<T>,
  what: string,
): Promise<T> {
  const before = await fingerprint(world, model);
  const answer = await action();
  assert.deepEqual(await fingerprint(world, model), before, `${what}: changed something`);
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Running a sequence.

/**
 * Money on the company's first cards before the sequence starts, posted as a paid order posts it
 * (bank → funding → cards), so that unloads have something to take from the first command on.
 */
async function fundCards(
  world: OrderWorld,
  companyId: string,
  made: { accountId: string }[],
  balances: readonly number[],
): Promise<void> {
  const { ledger } = world.app.services;
  const db = world.database.db;
  const loads = made
    .map((card, index) => ({ accountId: card.accountId, amountCents: balances[index]! }))
    .filter((entry) => entry.amountCents > 0);
  const total = loads.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (total === 0) return;
  const funding = await ledger.companyFundingAccount(db, companyId);
  await ledger.post(db, {
    kind: 'payment',
    companyId,
    reference: 'sequence start',
    entries: [
      { accountId: world.system.bank, amountCents: -total },
      { accountId: funding, amountCents: total },
    ],
  });
  await ledger.post(db, {
    kind: 'load',
    companyId,
    reference: 'sequence start',
    entries: [{ accountId: funding, amountCents: -total }, ...loads],
  });
}

/**
 * Runs one generated sequence on a fresh company and checks, after it, every money rule: the
 * ledger's invariants (see `fullCheckEvery`), the sum of all balances, no negative card or funding
 * account, the company's postings balanced and its accounts the sum of their entries, one payment
 * posting per paid order and none otherwise, each order's and each attempt's status, the card and
 * funding balances and the provider's bank, fee and VAT accounts, all against the model.
 */
export async function runSequence(world: OrderWorld, sequence: Sequence): Promise<void> {
  const { app, database } = world;
  const { drafts, orders: placedOrders, payments, cards, ledger } = app.services;
  const db = database.db;
  const run = (world.counters.sequences += 1);
  // A VAT number of its own: the factory's random one collides once in a few thousand companies
  // (the column is unique), which would fail a run for nothing the sequence did.
  const { id: companyId } = await createCompany(db, { vat: greekVat(String(10_000_000 + run)) });
  const actor = (as: Who, company = companyId): OrderActor => ({
    userId: world.users[as].userId,
    companyId: company,
    roleId: world.users[as].roleId,
    locale: 'el',
  });
  if (sequence.thresholdCents !== null) {
    await placedOrders.setApprovalThreshold(actor('admin'), sequence.thresholdCents);
  }
  const made = await cards.createCards(
    db,
    companyId,
    [1, 2].map((n) => ({
      product: 'TICKET_RESTAURANT' as const,
      family: 'virtual' as const,
      cardholder: { firstName: 'Δοκιμή', lastName: `Κάτοχος ${n}` },
    })),
  );
  await fundCards(world, companyId, made, sequence.startBalances);
  // Plastic cards need somewhere to be shipped to (shipmentOf): the company's one delivery point.
  const deliveryPoint = await app.services.deliveryPoints.createDeliveryPoint(
    {
      alias: 'Έδρα',
      street: 'Πανεπιστημίου',
      streetNumber: '10',
      postalCode: '10671',
      city: 'Αθήνα',
      region: 'attica',
      contactName: 'Δοκιμή Παραλήπτης',
      phone: '2101234567',
    },
    { userId: world.users.admin.userId, roleId: world.users.admin.roleId, companyId, relatedCompanyIds: [] },
  );
  // The provider's accounts as the sequence starts; they move by what the model says from here.
  const start = await ledger.balances(db, Object.values(world.system));
  const model: Model = {
    companyId,
    orders: [],
    attempts: [],
    cards: made.map((card, index) => ({ id: card.id, balanceCents: sequence.startBalances[index]! })),
    fundingCents: 0,
    paidCents: 0,
    feesCents: 0,
    vatCents: 0,
    notices: new Set(),
    events: [],
    lineIds: [],
    calls: [],
  };
  let serial = 0;
  const nextId = (what: string) => `${what}${world.tag}-${run}-${(serial += 1)}`;
  /** NEW orders paid by the last command: their cards exist once the command has run. */
  const newlyPaid: ModelOrder[] = [];

  /** The order is paid: the model moves its money as `fulfilOrder` must. */
  function pay(order: ModelOrder): void {
    order.status = order.kind === 'NEW' && order.family === 'plastic' ? 'in_production' : 'loaded';
    model.paidCents += order.totalCents;
    model.feesCents += order.feesCents;
    model.vatCents += order.vatCents;
    // The payment minus fees and VAT is exactly what the lines load: funding keeps nothing of it.
    const loads = order.lines.reduce((sum, line) => sum + line.amountCents, 0);
    model.fundingCents += order.totalCents - order.feesCents - order.vatCents - loads;
    if (order.kind === 'NEW') newlyPaid.push(order);
    else for (const line of order.lines) line.card!.balanceCents += line.amountCents;
  }

  /** The cards the NEW orders just paid made, each with its line's amount. */
  async function collectNewCards(): Promise<void> {
    for (const order of newlyPaid.splice(0)) {
      const { rows } = await database.pool.query<{ card_id: string | null }>(
        'select card_id from order_lines where order_id = $1 order by position',
        [order.id],
      );
      assert.equal(rows.length, order.lines.length);
      rows.forEach((row, index) => {
        assert.ok(row.card_id, `order #${order.number}: line ${index} has no card after payment`);
        const line = order.lines[index]!;
        line.card = { id: row.card_id, balanceCents: line.amountCents };
        model.cards.push(line.card);
      });
    }
  }

  /** The bank's result for a card attempt, as `applyCardResult` must apply it (once per notice id). */
  function cardResult(
    noticeId: string,
    attempt: ModelAttempt,
    outcome: PaymentResult,
    amount: number | null,
  ): string {
    if (model.notices.has(noticeId)) return 'duplicate';
    model.notices.add(noticeId);
    if (attempt.status !== 'pending') return `for an attempt already ${attempt.status}`;
    if (outcome !== 'approved') {
      attempt.status = outcome === 'declined' ? 'failed' : 'cancelled';
      return outcome;
    }
    if (amount !== null && amount !== attempt.amountCents) {
      attempt.status = 'failed';
      return 'amount mismatch';
    }
    const order = model.orders.find((o) => o.id === attempt.orderId)!;
    if (order.status !== 'awaiting_payment') {
      attempt.status = 'failed';
      return 'approved for an order no longer awaiting payment';
    }
    attempt.status = 'succeeded';
    pay(order);
    return 'paid';
  }

  function startAttempt(order: ModelOrder, paymentId: string, how: PaymentKind): void {
    for (const pending of model.attempts.filter((a) => a.orderId === order.id && a.status === 'pending')) {
      pending.status = 'cancelled';
    }
    model.attempts.push({
      id: paymentId,
      orderId: order.id,
      method: how,
      status: 'pending',
      amountCents: order.totalCents,
    });
  }

  const placed = () => model.orders.filter((o) => o.kind !== 'UNLOAD');
  const cardAttempts = () => model.attempts.filter((a) => a.method === 'VISA');

  async function placeOrder(current: Extract<Step, { op: 'order' }>): Promise<void> {
    const submitter = actor(current.by);
    const isLoad = current.type === 'LOAD';
    const targets = isLoad
      ? [...new Set(current.cards.map((n) => model.cards[n % model.cards.length]!))].slice(
          0,
          current.amounts.length,
        )
      : [];
    const amounts = isLoad
      ? targets.map((_, index) => Math.max(500, current.amounts[index]!))
      : current.amounts;
    const family = isLoad ? 'virtual' : current.family;
    const draft = await drafts.saveDraftOrder(
      SaveDraftOrderRequestSchema.parse({
        reason: isLoad ? 'load-card' : 'new-card',
        orderType: current.type,
        product: 'TICKET_RESTAURANT',
        family,
        draftOrderAlias: `sequence ${run}`,
        invoiceComments: '',
        deliveryPointId: shipsCards({ orderType: current.type, family })
          ? deliveryPoint.deliveryPointId
          : null,
        cards: amounts.map((amountCents, index) => ({
          tempCardId: `line${index}`,
          cardId: isLoad ? targets[index]!.id : null,
          cardholder: isLoad ? null : { firstName: 'Άννα', lastName: `Γραμμή ${index}` },
          amountCents,
        })),
      }),
      // The order manager makes every draft (finance users and payment managers cannot: their
      // submission is the check of someone else's draft, ADR 032, and counts only as one, ADR 040).
      { userId: actor('om').userId, companyId },
      { key: null, route: 'POST /api/v1/orders/saveDraftOrder' },
    );
    // The fresh company has no contract: the default terms price it.
    const price = priceOrder(
      {
        orderType: current.type,
        family,
        lines: amounts.map((amountCents, index) => ({ tempCardId: `line${index}`, amountCents })),
      },
      DEFAULT_PRICING,
    );
    const request =
      current.by === 'om' ? { draftId: draft.draftId, method: current.method } : { draftId: draft.draftId };
    const key = current.keyed ? nextId('key') : null;
    const route = ROUTES[current.by];
    const answer = await placedOrders.submit(submitter, request, { key, route });
    const waits =
      current.by === 'om' && sequence.thresholdCents !== null && price.totalCents > sequence.thresholdCents;
    assert.equal(answer.order.status, waits ? 'awaiting_approval' : 'awaiting_payment');
    assert.equal(answer.order.totalCents, price.totalCents, 'the server priced the order otherwise');
    const order: ModelOrder = {
      id: answer.order.orderId,
      number: answer.order.orderNumber,
      rfCode: answer.order.rfCode,
      kind: current.type,
      family,
      submittedBy: submitter.userId,
      status: answer.order.status,
      totalCents: price.totalCents,
      feesCents: price.feesNetCents,
      vatCents: price.vatCents,
      lines: amounts.map((amountCents, index) => ({ amountCents, card: targets[index] ?? null })),
    };
    model.orders.push(order);
    tally(world, `${current.type} order ${order.status}`);
    if (current.by === 'om' && !waits) {
      assert.ok(answer.payment, 'an order manager’s submission starts the payment');
      assert.equal(answer.payment.method, current.method);
      assert.equal(answer.payment.amountCents, price.totalCents);
      startAttempt(order, answer.payment.paymentId, current.method);
    } else {
      assert.equal(answer.payment, null);
    }
    if (key) model.calls.push({ kind: 'submit', actor: submitter, request, route, key, response: answer });
  }

  async function decide(current: Extract<Step, { op: 'approve' | 'reject' | 'cancel' }>): Promise<Ran> {
    const order = at(placed(), current.order);
    if (!order) return SKIPPED;
    const by = actor(current.by);
    const act = () =>
      current.op === 'approve'
        ? placedOrders.approve(by, order.id)
        : current.op === 'reject'
          ? placedOrders.reject(by, order.id, 'όχι αυτόν τον μήνα')
          : placedOrders.cancel(by, order.id);
    const isApprover = APPROVERS.includes(by.roleId);
    const what = `${current.op} of a ${order.status} order by ${current.by}`;
    if (current.op === 'cancel') {
      if (!OPEN.includes(order.status)) return expectRefused(world, model, 'ORDER_STATE_CONFLICT', act, what);
      if (!isApprover && order.submittedBy !== by.userId)
        return expectRefused(world, model, 'FORBIDDEN', act, what);
      order.status = 'cancelled';
      for (const pending of model.attempts.filter((a) => a.orderId === order.id && a.status === 'pending')) {
        pending.status = 'cancelled';
      }
    } else {
      if (order.status !== 'awaiting_approval')
        return expectRefused(world, model, 'ORDER_STATE_CONFLICT', act, what);
      // ADR 032: a role that does not approve is refused as such; an approver's own order as theirs.
      if (!isApprover) return expectRefused(world, model, 'FORBIDDEN', act, what);
      if (order.submittedBy === by.userId) return expectRefused(world, model, 'SELF_APPROVAL', act, what);
      order.status = current.op === 'approve' ? 'awaiting_payment' : 'rejected';
    }
    tally(world, `${current.op} → ${order.status}`);
    assert.equal((await act()).status, order.status, what);
  }

  async function startPayment(current: Extract<Step, { op: 'pay' }>): Promise<Ran> {
    const order = at(placed(), current.order);
    if (!order) return SKIPPED;
    const by = actor(current.by);
    const request = { orderId: order.id, method: current.method };
    const key = current.keyed ? nextId('key') : null;
    const act = () => payments.createPayment(by, request, { key, route: ROUTES.pay });
    if (order.status !== 'awaiting_payment') {
      return expectRefused(world, model, 'ORDER_STATE_CONFLICT', act, `payment of a ${order.status} order`);
    }
    const answer = await act();
    assert.equal(answer.orderId, order.id);
    assert.equal(answer.amountCents, order.totalCents);
    assert.equal(answer.redirectUrl !== null, current.method === 'VISA');
    assert.equal(answer.iris !== null, current.method === 'IRIS');
    startAttempt(order, answer.paymentId, current.method);
    if (key) model.calls.push({ kind: 'pay', actor: by, request, route: ROUTES.pay, key, response: answer });
  }

  /** The bank's server-to-server notice, through HTTP as the bank sends it. */
  async function callback(current: Extract<Step, { op: 'callback' }>): Promise<Ran> {
    const previous = at(model.events, current.event);
    const attempt = at(cardAttempts(), current.attempt);
    let notice: GatewayNotice;
    const send = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/orders/payments/callback',
        headers: { 'x-bank-signature': signature },
        payload: notice,
      });
    if (current.mode === 'duplicate' && previous) notice = previous;
    else if (attempt && current.mode !== 'unknownPayment') {
      notice = {
        eventId: nextId('event'),
        paymentId: attempt.id,
        result: current.mode === 'wrongAmount' ? 'approved' : current.result,
        bankReference: nextId('SBX'),
        amountCents: attempt.amountCents + (current.mode === 'wrongAmount' ? 1 : 0),
      };
    } else if (current.mode === 'unknownPayment') {
      // The bank speaks of a payment the portal never started.
      notice = {
        eventId: nextId('event'),
        paymentId: randomUUID(),
        result: current.result,
        bankReference: nextId('SBX'),
        amountCents: 1_000,
      };
      tally(world, 'refused callback for an unknown payment');
      const before = await fingerprint(world, model);
      assert.equal((await send(signNotice(world.bankSecret, notice))).statusCode, 404);
      assert.deepEqual(await fingerprint(world, model), before, 'an unknown payment’s notice left a trace');
      return;
    } else return SKIPPED;
    if (current.mode === 'badSignature') {
      const forged = signNotice(world.bankSecret, { ...notice, amountCents: notice.amountCents + 100 });
      const before = await fingerprint(world, model);
      tally(world, 'refused forged callback');
      assert.equal((await send(forged)).statusCode, 403, 'a forged notice must be refused');
      assert.deepEqual(await fingerprint(world, model), before, 'a forged notice left a trace');
      return;
    }
    const target = model.attempts.find((a) => a.id === notice.paymentId)!;
    const noticeId = `callback:${notice.eventId}`;
    const send200 = async () => {
      const response = await send(signNotice(world.bankSecret, notice));
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ outcome: string }>().outcome;
    };
    if (model.notices.has(noticeId)) {
      tally(world, 'callback duplicate');
      const outcome = await expectNoChange(world, model, send200, 'a duplicate notice');
      assert.equal(outcome, target.status);
      return;
    }
    model.events.push(notice);
    tally(world, `callback ${cardResult(noticeId, target, notice.result, notice.amountCents)}`);
    assert.equal(await send200(), target.status);
  }

  /** The browser's signed return from the bank, through the service. */
  async function browserReturn(current: Extract<Step, { op: 'return' }>): Promise<Ran> {
    const attempt = at(cardAttempts(), current.attempt);
    const params = signReturn(world.bankSecret, {
      paymentId: attempt?.id ?? randomUUID(),
      result: current.result,
      bankReference: nextId('SBX'),
    });
    if (current.mode === 'badSignature') {
      const forged = { ...params, result: current.result === 'approved' ? 'declined' : 'approved' } as const;
      const act = () => payments.submitPaymentReturn(actor(current.by), forged);
      return expectRefused(world, model, 'VALIDATION', act, 'a forged return');
    }
    if (current.mode === 'foreignCompany' || !attempt) {
      const act = () =>
        payments.submitPaymentReturn(actor(current.by, attempt ? 'C1001' : companyId), params);
      return expectRefused(world, model, 'NOT_FOUND', act, 'a return for another company or no payment');
    }
    const noticeId = `return:${attempt.id}`;
    const act = () => payments.submitPaymentReturn(actor(current.by), params);
    let answer: Awaited<ReturnType<typeof act>>;
    if (model.notices.has(noticeId)) {
      tally(world, 'return again');
      answer = await expectNoChange(world, model, act, 'a second return');
    } else {
      tally(world, `return ${cardResult(noticeId, attempt, current.result, null)}`);
      answer = await act();
    }
    assert.equal(answer.payment.status, attempt.status);
    assert.equal(answer.order.status, model.orders.find((o) => o.id === attempt.orderId)!.status);
  }

  /** A bank statement of 1–3 lines, imported by provider staff. */
  async function statement(current: Extract<Step, { op: 'statement' }>): Promise<void> {
    const expected: string[] = [];
    const rows = ['id;date;amount;reference;payer'];
    const placeholders: ModelAttempt[] = [];
    for (const line of current.lines) {
      const lineId = (line.kind === 'duplicate' ? at(model.lineIds, line.pick) : undefined) ?? nextId('L');
      const order =
        line.kind === 'match' || line.kind === 'wrongAmount' ? at(placed(), line.pick) : undefined;
      const amountCents = order
        ? order.totalCents + (line.kind === 'wrongAmount' ? 100 : 0)
        : 1_000 + line.pick;
      const reference = order
        ? `ΠΛΗΡΩΜΗ ${formatRf(order.rfCode)}`
        : line.kind === 'unknownReference'
          ? `ΠΛΗΡΩΜΗ ${formatRf(rfOfOrderNumber(900_000_000_000 + run))}`
          : 'ΚΑΤΑΘΕΣΗ ΜΕΤΡΗΤΩΝ';
      rows.push(`${lineId};2026-11-22;${(amountCents / 100).toFixed(2).replace('.', ',')};${reference};ΑΚΜΗ`);
      const noticeId = `statement:${lineId}`;
      if (model.notices.has(noticeId)) {
        expected.push('duplicate');
        continue;
      }
      model.notices.add(noticeId);
      model.lineIds.push(lineId);
      if (!order) expected.push('unknownReference');
      else if (order.status !== 'awaiting_payment') expected.push('alreadyPaid');
      else if (amountCents !== order.totalCents) expected.push('amountMismatch');
      else {
        expected.push('matched');
        const pending = model.attempts.filter((a) => a.orderId === order.id && a.status === 'pending');
        const transfer = pending.find((a) => a.method === 'RF' || a.method === 'IRIS');
        for (const other of pending) other.status = other === transfer ? 'succeeded' : 'cancelled';
        if (!transfer) {
          // No transfer attempt open: the server records an RF payment; its id is read below.
          const recorded: ModelAttempt = {
            id: order.id,
            orderId: order.id,
            method: 'RF',
            status: 'succeeded',
            amountCents,
          };
          model.attempts.push(recorded);
          placeholders.push(recorded);
        }
        pay(order);
      }
    }
    for (const outcome of expected) tally(world, `statement ${outcome}`);
    const answer = await payments.importStatement(world.users.admin.userId, rows.join('\n'));
    assert.deepEqual(
      answer.lines.map((line) => line.outcome),
      expected,
      rows.join('\n'),
    );
    for (const recorded of placeholders) {
      const { rows: found } = await database.pool.query<{ id: string }>(
        `select id from payments where order_id = $1 and status = 'succeeded'`,
        [recorded.orderId],
      );
      assert.equal(found.length, 1);
      recorded.id = found[0]!.id;
    }
  }

  async function unload(current: Extract<Step, { op: 'unload' }>): Promise<void> {
    // Cards with money first (picks count back from the end), so most unloads have something to take.
    const byBalance = [...model.cards].sort(
      (a, b) => Number(a.balanceCents > 0) - Number(b.balanceCents > 0),
    );
    const chosen = current.cards.map((entry) => at(byBalance, entry.pick)!);
    const lines = current.cards.map(({ mode, part }, index) => {
      const balance = chosen[index]!.balanceCents;
      return {
        cardId: chosen[index]!.id,
        amountCents:
          mode === 'all' ? null : mode === 'tooMuch' ? balance + 1 : Math.max(1, Math.floor(balance * part)),
      };
    });
    const request = { cards: lines, comments: '' };
    const key = current.keyed ? nextId('key') : null;
    const by = actor('om');
    const act = () => placedOrders.submitUnload(by, request, { key, route: ROUTES.unload });
    const amounts = lines.map((line, index) => line.amountCents ?? chosen[index]!.balanceCents);
    const isDistinct = new Set(chosen).size === chosen.length;
    const fits = amounts.every((amount, index) => amount > 0 && amount <= chosen[index]!.balanceCents);
    if (!isDistinct || !fits) {
      return expectRefused(world, model, 'VALIDATION', act, `unload of ${amounts.join(', ')}`);
    }
    tally(world, lines.some((line) => line.amountCents === null) ? 'unload all' : 'unload part');
    const answer = await act();
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    assert.equal(answer.status, 'unloaded');
    assert.equal(answer.totalCents, -total);
    chosen.forEach((card, index) => (card.balanceCents -= amounts[index]!));
    model.fundingCents += total;
    model.orders.push({
      id: answer.orderId,
      number: answer.orderNumber,
      rfCode: answer.rfCode,
      kind: 'UNLOAD',
      family: 'virtual',
      submittedBy: by.userId,
      status: 'unloaded',
      totalCents: -total,
      feesCents: 0,
      vatCents: 0,
      lines: [],
    });
    if (key)
      model.calls.push({ kind: 'unload', actor: by, request, route: ROUTES.unload, key, response: answer });
  }

  /** An idempotent call again with its key: the same answer and no change; another body: 409. */
  async function replay(current: Extract<Step, { op: 'replay' }>): Promise<Ran> {
    const call = at(model.calls, current.call);
    if (!call) return SKIPPED;
    const idempotency = { key: call.key, route: call.route };
    if (!current.sameBody) {
      const act =
        call.kind === 'submit'
          ? () => placedOrders.submit(call.actor, { ...call.request, draftId: randomUUID() }, idempotency)
          : call.kind === 'pay'
            ? () =>
                payments.createPayment(
                  call.actor,
                  { ...call.request, method: call.request.method === 'RF' ? 'IRIS' : 'RF' },
                  idempotency,
                )
            : () =>
                placedOrders.submitUnload(call.actor, { ...call.request, comments: 'other' }, idempotency);
      return expectRefused(world, model, 'CONFLICT', act, `a ${call.kind} key reused for another body`);
    }
    const what = `a replayed ${call.kind}`;
    tally(world, what);
    if (call.kind === 'submit') {
      const first = call.response as Awaited<ReturnType<typeof placedOrders.submit>>;
      const again = await expectNoChange(
        world,
        model,
        () => placedOrders.submit(call.actor, call.request, idempotency),
        what,
      );
      assert.equal(again.order.orderId, first.order.orderId);
      assert.deepEqual(again.payment, first.payment);
    } else if (call.kind === 'pay') {
      const again = await expectNoChange(
        world,
        model,
        () => payments.createPayment(call.actor, call.request, idempotency),
        what,
      );
      assert.deepEqual(again, call.response);
    } else {
      const first = call.response as Awaited<ReturnType<typeof placedOrders.submitUnload>>;
      const again = await expectNoChange(
        world,
        model,
        () => placedOrders.submitUnload(call.actor, call.request, idempotency),
        what,
      );
      assert.equal(again.orderId, first.orderId);
    }
  }

  const handlers: { [Op in Step['op']]: (step: Extract<Step, { op: Op }>) => Promise<unknown> } = {
    order: placeOrder,
    approve: decide,
    reject: decide,
    cancel: decide,
    pay: startPayment,
    callback,
    return: browserReturn,
    statement,
    unload,
    replay,
  };
  for (const current of sequence.steps) {
    const handler = handlers[current.op] as (step: Step) => Promise<unknown>;
    if ((await handler(current)) === SKIPPED) {
      world.counters.skipped += 1;
      tally(world, `skipped ${current.op}`);
    } else world.counters.commands += 1;
    await collectNewCards();
  }

  await checkSequence(world, model, start);
}

/** The checks after every sequence (see `runSequence`). */
async function checkSequence(world: OrderWorld, model: Model, start: Map<string, number>): Promise<void> {
  const { database } = world;
  const { ledger } = world.app.services;
  if (world.counters.sequences % world.fullCheckEvery === 0) await checkLedger(world);
  // The company's own part of the ledger, every time: its postings balance, with two entries or
  // more, and its accounts hold the sum of their entries.
  const { rows: unbalanced } = await database.pool.query(
    `select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      where t.company_id = $1
      group by t.id having count(e.id) < 2 or coalesce(sum(e.amount_cents), 0) <> 0`,
    [model.companyId],
  );
  assert.deepEqual(unbalanced, [], 'unbalanced postings of the company');
  const { rows: mismatched } = await database.pool.query(
    `select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.company_id = $1
      group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`,
    [model.companyId],
  );
  assert.deepEqual(mismatched, [], 'company accounts whose balance is not the sum of their entries');
  const { rows: orderRows } = await database.pool.query<{
    id: string;
    status: string;
    succeeded: number;
    payments: number;
    unloads: number;
  }>(
    `select o.id, o.status,
            (select count(*) from payments p where p.order_id = o.id and p.status = 'succeeded')::int as succeeded,
            (select count(*) from ledger_transactions t
              where t.reference = '#' || o.number and t.kind = 'payment')::int as payments,
            (select count(*) from ledger_transactions t
              where t.reference = '#' || o.number and t.kind = 'unload')::int as unloads
       from orders o where o.company_id = $1`,
    [model.companyId],
  );
  assert.equal(orderRows.length, model.orders.length, 'orders the model does not know of');
  for (const order of model.orders) {
    const row = orderRows.find((r) => r.id === order.id);
    assert.ok(row, `order #${order.number} missing`);
    const isPaid = order.status === 'loaded' || order.status === 'in_production';
    assert.deepEqual(
      { status: row.status, succeeded: row.succeeded, payments: row.payments, unloads: row.unloads },
      {
        status: order.status,
        succeeded: isPaid ? 1 : 0,
        payments: isPaid ? 1 : 0,
        unloads: order.kind === 'UNLOAD' ? 1 : 0,
      },
      `order #${order.number} (${order.kind})`,
    );
  }

  const { rows: paymentRows } = await database.pool.query<{ id: string; status: string; method: string }>(
    'select id, status, method from payments where company_id = $1 order by id',
    [model.companyId],
  );
  assert.deepEqual(
    paymentRows,
    model.attempts
      .map((a) => ({ id: a.id, status: a.status, method: a.method }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    'payment attempts',
  );

  const { rows: balanceRows } = await database.pool.query<{ id: string; balance: string }>(
    `select c.id, a.balance_cents::text as balance
       from cards c join ledger_accounts a on a.id = c.account_id where c.company_id = $1`,
    [model.companyId],
  );
  assert.deepEqual(
    Object.fromEntries(balanceRows.map((row) => [row.id, Number(row.balance)])),
    Object.fromEntries(model.cards.map((card) => [card.id, card.balanceCents])),
    'card balances',
  );
  const funding = await ledger.companyFundingAccount(database.db, model.companyId);
  const { bank, fees, vat } = world.system;
  const now = await ledger.balances(database.db, [funding, bank, fees, vat]);
  assert.deepEqual(
    { funding: now.get(funding), bank: now.get(bank), fees: now.get(fees), vat: now.get(vat) },
    {
      funding: model.fundingCents,
      bank: start.get(bank)! - model.paidCents,
      fees: start.get(fees)! + model.feesCents,
      vat: start.get(vat)! + model.vatCents,
    },
    'funding, bank, fee and VAT balances',
  );
}

/**
 * The whole ledger: `checkInvariants()` finds nothing, the balances of all accounts sum to zero (money
 * only moves), and no card or company funding account is below zero.
 */
async function checkLedger(world: OrderWorld): Promise<void> {
  assert.deepEqual(await world.app.services.ledger.checkInvariants(world.database.db), {
    unbalancedTransactions: [],
    balanceMismatches: [],
    negativeAccounts: [],
  });
  const { rows } = await world.database.pool.query<{ total: string; negative: number }>(
    `select coalesce(sum(balance_cents), 0)::text as total,
            count(*) filter (where kind in ('card', 'company_funding') and balance_cents < 0)::int as negative
       from ledger_accounts`,
  );
  assert.equal(rows[0]!.total, '0', 'the balances of all accounts must sum to zero');
  assert.equal(rows[0]!.negative, 0, 'no card or company funding account may be negative');
}

/**
 * Over the whole database, after a run: the ledger's invariants, no order with two succeeded
 * payments or two payment postings, and every order holding a succeeded payment holds its one
 * posting.
 */
export async function checkWholeDatabase(world: OrderWorld): Promise<void> {
  await checkLedger(world);
  const { rows } = await world.database.pool.query<{ number: number; succeeded: number; postings: number }>(
    `select o.number,
            (select count(*) from payments p where p.order_id = o.id and p.status = 'succeeded')::int as succeeded,
            (select count(*) from ledger_transactions t
              where t.reference = '#' || o.number and t.kind = 'payment')::int as postings
       from orders o`,
  );
  const wrong = rows.filter((row) => row.succeeded > 1 || row.postings !== row.succeeded);
  assert.deepEqual(wrong, [], 'orders paid twice, or paid without (or with two) payment postings');
}

/** The property itself, for `fc.assert`. */
export function orderSequenceProperty(world: OrderWorld): fc.IAsyncProperty<[Sequence]> {
  return fc.asyncProperty(sequenceArbitrary, (sequence) => runSequence(world, sequence));
}
