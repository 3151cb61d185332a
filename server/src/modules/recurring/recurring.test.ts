import {
  addDays,
  athensDate,
  formatAmount,
  formatRf,
  isWorkingDay,
  recurringPaymentDueDay,
  nextRuns,
  workingDayCount,
  RecurringRuleInputSchema,
  type RecurringRuleInput,
} from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  inBothLanguages,
  refusesBadInput,
  WRITE_EXPECTATION,
  type BadInput,
} from '../../../test/accounts-helper';
import {
  COMPANY_SCOPED_EXPECTATION,
  demoApiClient,
  demoWorldTestFile,
  tenantMatrixOf,
} from '../../../test/tenant-helper';
import { csrfHeaders } from '../../../test/harness';
import { recurringServiceOf } from '../../../test/recurring-helper';

const world = demoWorldTestFile({ env: { RATE_LIMIT_MAX: '100000', TEST_HOOKS: 'true' }, cardScale: 0.1 });
const API = '/api/v1/orders';
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  API,
);

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

/** Loadable cards of a company's product, valid for more than a year. */
async function loadableCards(companyId: string, product: string, count: number): Promise<string[]> {
  const rows = await query<{ id: string }>(
    `select id from cards
      where company_id = $1 and product = $2 and status = 'active' and replaced_by_card_id is null
        and expiry_date > current_date + 400
      order by id limit $3`,
    [companyId, product, count],
  );
  return rows.map((row) => row.id);
}

/** The product of which the company has the most loadable cards. */
async function mainProduct(companyId: string): Promise<string> {
  const [row] = await query<{ product: string }>(
    `select product from cards where company_id = $1 and status = 'active' and replaced_by_card_id is null
       and expiry_date > current_date + 400
     group by product order by count(*) desc limit 1`,
    [companyId],
  );
  return row!.product;
}

const today = () => athensDate(new Date());

function ruleInput(
  product: string,
  cardIds: string[],
  extra: Partial<RecurringRuleInput> = {},
): RecurringRuleInput {
  return {
    name: 'Μηνιαία επιταγή σίτισης',
    product: product as RecurringRuleInput['product'],
    amountMode: 'sameForAll',
    amountCents: 15_000,
    lines: cardIds.map((cardId) => ({ cardId })),
    schedule: { kind: 'monthly', dayOfMonth: 25, workingDaysOnly: true },
    startDay: today(),
    endDay: null,
    submitMode: 'submit',
    paymentMethod: 'RF',
    ...extra,
  };
}

const products: Record<string, string> = {};
const cardsOf: Record<string, string[]> = {};
/** One rule per company for the routes that name a rule. */
const rules: Record<string, string> = {};

beforeAll(async () => {
  for (const companyId of ['C1001', 'C1002', 'C1006']) {
    products[companyId] = await mainProduct(companyId);
    cardsOf[companyId] = await loadableCards(companyId, products[companyId]!, 3);
    const user = companyId === 'C1001' ? 'om1' : 'admin';
    const body = ok<{ rule: { ruleId: string } }>(
      await api(user, 'POST', 'saveRecurringRule', {
        company: companyId,
        payload: ruleInput(products[companyId]!, cardsOf[companyId]!),
      }),
    );
    rules[companyId] = body.rule.ruleId;
  }
}, 120_000);

describe('recurring rules over HTTP', () => {
  it('saves a rule and answers it with its cards, status and next run on a working day', async () => {
    const body = ok<{ rule: Record<string, unknown> & { lines: { card: unknown }[]; nextRunDay: string } }>(
      await api('om1', 'GET', `retrieveRecurringRule?ruleId=${rules.C1001}`),
    );
    expect(body.rule).toMatchObject({
      ruleId: rules.C1001,
      name: 'Μηνιαία επιταγή σίτισης',
      status: 'active',
      cardCount: 3,
      lastRun: null,
    });
    expect(body.rule.lines).toHaveLength(3);
    expect(body.rule.lines.every((line) => line.card !== null)).toBe(true);
    expect(isWorkingDay(body.rule.nextRunDay)).toBe(true);
    expect(body.rule.nextRunDay >= today()).toBe(true);
  });

  it('previews the next three runs priced as orders: loads plus service fee and VAT', async () => {
    const body = ok<{
      runs: {
        runDay: string;
        cardCount: number;
        price: { loadCents: number; totalCents: number; vatCents: number; serviceFeesCents: number };
      }[];
    }>(await api('om1', 'GET', `previewRecurringRule?ruleId=${rules.C1001}`));
    expect(body.runs).toHaveLength(3);
    for (const run of body.runs) {
      expect(run.cardCount).toBe(3);
      expect(run.price.loadCents).toBe(45_000);
      expect(run.price.totalCents).toBe(
        run.price.loadCents + run.price.serviceFeesCents + run.price.vatCents,
      );
    }
    expect(body.runs.map((run) => run.runDay)).toEqual(
      nextRuns({ kind: 'monthly', dayOfMonth: 25, workingDaysOnly: true }, { startDay: today() }, today(), 3),
    );
  });

  it('previews an unsaved rule per working day: amount × the working days of each month', async () => {
    const body = ok<{ runs: { runDay: string; workingDays: number; price: { loadCents: number } }[] }>(
      await api('om1', 'POST', 'previewRecurringRuleDraft', {
        payload: ruleInput(products.C1001!, cardsOf.C1001!.slice(0, 2), {
          amountMode: 'perWorkingDay',
          amountCents: 800,
        }),
      }),
    );
    for (const run of body.runs) {
      const days = workingDayCount(Number(run.runDay.slice(0, 4)), Number(run.runDay.slice(5, 7)));
      expect(run.workingDays).toBe(days);
      expect(run.price.loadCents).toBe(2 * 800 * days);
    }
  });

  it('previews a rule that starts after 2099, on working days of that century (found by the fuzzing)', async () => {
    const body = ok<{ runs: { runDay: string }[] }>(
      await api('om1', 'POST', 'previewRecurringRuleDraft', {
        payload: ruleInput(products.C1001!, cardsOf.C1001!.slice(0, 1), {
          schedule: { kind: 'everyTwoWeeks', workingDaysOnly: true },
          startDay: '2155-02-28',
        }),
      }),
    );
    expect(body.runs.length).toBeGreaterThan(0);
    for (const run of body.runs) {
      expect(run.runDay >= '2155-02-20').toBe(true);
      expect(isWorkingDay(run.runDay)).toBe(true);
    }
  });

  it('adds, changes and removes cards, pauses and resumes, and lists the rule', async () => {
    const [extra] = await loadableCards('C1001', products.C1001!, 4).then((ids) => ids.slice(3));
    const added = ok<{ rule: { cardCount: number } }>(
      await api('om1', 'POST', 'addRecurringRuleCards', {
        payload: { ruleId: rules.C1001, lines: [{ cardId: extra }] },
      }),
    );
    expect(added.rule.cardCount).toBe(4);
    const removed = ok<{ rule: { cardCount: number } }>(
      await api('om1', 'POST', 'deleteRecurringRuleCards', {
        payload: { ruleId: rules.C1001, cardIds: [extra] },
      }),
    );
    expect(removed.rule.cardCount).toBe(3);
    const paused = ok<{ rule: { status: string; nextRunDay: null } }>(
      await api('om1', 'POST', 'pauseRecurringRule', { payload: { ruleId: rules.C1001 } }),
    );
    expect(paused.rule).toMatchObject({ status: 'paused', nextRunDay: null });
    const resumed = ok<{ rule: { status: string } }>(
      await api('om1', 'POST', 'resumeRecurringRule', { payload: { ruleId: rules.C1001 } }),
    );
    expect(resumed.rule.status).toBe('active');
    const list = ok<{ rules: { ruleId: string }[]; settings: { reminderDays: number } }>(
      await api('om1', 'GET', 'retrieveRecurringRules'),
    );
    expect(list.rules.map((rule) => rule.ruleId)).toContain(rules.C1001);
    expect(list.settings.reminderDays).toBe(2);
    const audit = await query<{ action: string }>(
      `select action from audit_log where entity = 'recurring-rule' and entity_id = $1 order by id`,
      [rules.C1001],
    );
    expect(audit.map((row) => row.action)).toEqual([
      'recurring-rule.create',
      'recurring-rule.cards-add',
      'recurring-rule.cards-delete',
      'recurring-rule.pause',
      'recurring-rule.resume',
    ]);
  });

  it('updates a per-card rule with each card its own amount, and saves the reminder setting', async () => {
    const lines = cardsOf.C1001!.map((cardId, index) => ({ cardId, amountCents: 5_000 + index * 1_000 }));
    const body = ok<{ rule: { amountMode: string; lines: { amountCents: number }[] } }>(
      await api('om1', 'POST', 'updateRecurringRule', {
        payload: {
          ruleId: rules.C1001,
          rule: ruleInput(products.C1001!, [], { amountMode: 'perCard', amountCents: null, lines }),
        },
      }),
    );
    expect(body.rule.amountMode).toBe('perCard');
    expect(body.rule.lines.map((line) => line.amountCents)).toEqual([5_000, 6_000, 7_000]);
    const settings = ok<{ settings: { reminderDays: number } }>(
      await api('om1', 'POST', 'recurringSettings', { payload: { reminderDays: 5 } }),
    );
    expect(settings.settings.reminderDays).toBe(5);
    ok(await api('om1', 'POST', 'recurringSettings', { payload: { reminderDays: 2 } }));
  });
});

describe('bad input names the field in both languages and changes nothing', () => {
  const state = async () =>
    query(
      `select (select count(*) from recurring_rules) as rules, (select count(*) from recurring_rule_lines) as lines,
              (select max(updated_at) from recurring_rules) as changed`,
    );
  const check = refusesBadInput(() => world.ctx, api, state);
  const cases: BadInput[] = [
    {
      route: 'saveRecurringRule',
      what: 'a per-card amount missing',
      payload: () => ruleInput(products.C1001!, cardsOf.C1001!, { amountMode: 'perCard', amountCents: null }),
      field: 'lines.0.amountCents',
      key: 'required',
    },
    {
      route: 'saveRecurringRule',
      what: 'an end before the start',
      payload: () => ruleInput(products.C1001!, cardsOf.C1001!, { endDay: addDays(today(), -1) }),
      field: 'endDay',
      key: 'invalidDate',
    },
    {
      route: 'saveRecurringRule',
      what: 'the same card twice',
      payload: () => ruleInput(products.C1001!, [cardsOf.C1001![0]!, cardsOf.C1001![0]!]),
      field: 'lines.1.cardId',
      key: 'duplicateCard',
    },
    {
      route: 'saveRecurringRule',
      what: 'a card of another company',
      payload: () => ruleInput(products.C1001!, [cardsOf.C1001![0]!, cardsOf.C1006![0]!]),
      field: 'lines.1.cardId',
      key: 'cardNotOfCompany',
      params: { line: 2 },
    },
    {
      route: 'saveRecurringRule',
      what: 'a day of month 32',
      payload: () =>
        ruleInput(products.C1001!, cardsOf.C1001!, {
          schedule: { kind: 'monthly', dayOfMonth: 32, workingDaysOnly: false },
        }),
      field: 'schedule.dayOfMonth',
      key: 'tooLarge',
      params: { max: 31 },
    },
    {
      route: 'updateRecurringRuleCards',
      what: 'a card not in the rule',
      payload: () => ({ ruleId: rules.C1001, lines: [{ cardId: cardsOf.C1006![0], amountCents: 1000 }] }),
      field: 'lines.0.cardId',
      key: 'lineNotFound',
    },
    {
      route: 'addRecurringRuleCards',
      what: 'a card already in the rule',
      payload: () => ({ ruleId: rules.C1001, lines: [{ cardId: cardsOf.C1001![0], amountCents: 1000 }] }),
      field: 'lines.0.cardId',
      key: 'duplicateCard',
    },
    {
      route: 'deleteRecurringRuleCards',
      what: 'a card not in the rule',
      payload: () => ({ ruleId: rules.C1001, cardIds: [cardsOf.C1006![0]] }),
      field: 'cardIds.0',
      key: 'lineNotFound',
    },
    {
      route: 'previewRecurringRuleDraft',
      what: 'one amount for all missing',
      payload: () => ruleInput(products.C1001!, cardsOf.C1001!, { amountCents: null }),
      field: 'amountCents',
      key: 'required',
    },
    {
      route: 'updateRecurringRule',
      what: 'a rule without a name',
      payload: () => ({
        ruleId: rules.C1001,
        rule: ruleInput(products.C1001!, cardsOf.C1001!, { name: ' ' }),
      }),
      field: 'rule.name',
      key: 'required',
    },
    {
      route: 'retrieveRecurringRuns?ruleId=not-a-rule',
      method: 'GET',
      what: 'a rule id that is no id',
      field: 'querystring.ruleId',
      key: 'invalidValue',
    },
    {
      route: 'recurringSettings',
      what: 'a reminder 15 days before',
      payload: () => ({ reminderDays: 15 }),
      field: 'reminderDays',
      key: 'tooLarge',
      params: { max: 14 },
    },
  ];
  it.each(inBothLanguages(cases))('$route: $what ($locale)', check);

  it('a rule of another company is not found, and a foreign card cannot be added', async () => {
    expect((await api('om1', 'GET', `retrieveRecurringRule?ruleId=${rules.C1006}`)).statusCode).toBe(404);
    expect(
      (await api('om1', 'POST', 'pauseRecurringRule', { payload: { ruleId: rules.C1006 } })).statusCode,
    ).toBe(404);
  });
});

describe('tenant scope of every recurring rule route', () => {
  const readRoutes = [
    ['GET', () => 'retrieveRecurringRules'],
    ['GET', (companyId: string) => `retrieveRecurringRule?ruleId=${rules[companyId]}`],
    ['GET', (companyId: string) => `previewRecurringRule?ruleId=${rules[companyId]}`],
    ['GET', (companyId: string) => `retrieveRecurringRuns?ruleId=${rules[companyId]}`],
    ['GET', () => 'recurringSettings'],
  ] as const;
  it.each(readRoutes.map(([method, url]) => [url('C1001').split('?')[0]!, method, url] as const))(
    '%s reads for every company role and staff, own company only',
    async (_name, method, url) => {
      const matrix = await tenantMatrixOf(world.ctx, world.ids, API, (companyId) => ({
        method,
        url: url(companyId),
      }));
      expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
    },
  );

  const writeRoutes: [string, (companyId: string) => object][] = [
    ['pauseRecurringRule', (companyId) => ({ ruleId: rules[companyId] })],
    ['resumeRecurringRule', (companyId) => ({ ruleId: rules[companyId] })],
    [
      'updateRecurringRuleCards',
      (companyId) => ({
        ruleId: rules[companyId],
        lines: [{ cardId: cardsOf[companyId]![0], amountCents: 5_000 }],
      }),
    ],
    ['previewRecurringRuleDraft', (companyId) => ruleInput(products[companyId]!, cardsOf[companyId]!)],
    ['recurringSettings', () => ({ reminderDays: 2 })],
    [
      'saveRecurringRule',
      (companyId) => ruleInput(products[companyId]!, cardsOf[companyId]!, { name: 'Πίνακας' }),
    ],
  ];
  it.each(writeRoutes)('POST %s: the order manager and provider staff only', async (route, payload) => {
    const matrix = await tenantMatrixOf(world.ctx, world.ids, API, (companyId) => ({
      method: 'POST',
      url: route,
      payload: payload(companyId),
    }));
    expect(matrix).toEqual(WRITE_EXPECTATION);
  });

  it('POST updateRecurringRule and deleteRecurringRule: the order manager and provider staff only', async () => {
    const spare = async (companyId: string) => {
      const [row] = await query<{ id: string }>(
        `insert into recurring_rules (company_id, name, product, amount_mode, amount_cents, schedule, start_day,
           submit_mode, payment_method, runs_from, created_by)
         values ($1, 'Για διαγραφή', $2, 'sameForAll', 1000, '{"kind":"lastWorkingDay"}', current_date, 'draft', 'RF',
           current_date, $3) returning id`,
        [companyId, products[companyId], world.ids.om1],
      );
      await query(`insert into recurring_rule_lines (rule_id, card_id, position) values ($1, $2, 0)`, [
        row!.id,
        cardsOf[companyId]![0],
      ]);
      return row!.id;
    };
    for (const route of ['updateRecurringRule', 'deleteRecurringRule']) {
      const spares: Record<string, string[]> = {};
      for (const companyId of ['C1001', 'C1002', 'C1006']) {
        spares[companyId] = [];
        for (let index = 0; index < 14; index += 1) spares[companyId].push(await spare(companyId));
      }
      const matrix = await tenantMatrixOf(world.ctx, world.ids, API, (companyId) => {
        const ruleId = spares[companyId]!.pop()!;
        return {
          method: 'POST',
          url: route,
          payload:
            route === 'deleteRecurringRule'
              ? { ruleId }
              : { ruleId, rule: ruleInput(products[companyId]!, cardsOf[companyId]!) },
        };
      });
      expect(matrix, route).toEqual(WRITE_EXPECTATION);
    }
  });
});

describe('runs', () => {
  // The scheduler runs every company's rules: the route tests' rules are set aside first.
  beforeAll(async () => {
    await query(`update recurring_rules set deleted_at = now() where deleted_at is null`);
  });

  /** A service on the app's modules with its own clock: the scheduler as it would run on those days. */
  function serviceAt(clock: { now: Date }) {
    return recurringServiceOf(world.ctx, () => clock.now);
  }

  it('runs a monthly rule for twelve months: once a month, on working days, per-working-day amounts, once again nothing', async () => {
    const start = new Date();
    const clock = { now: start };
    const service = serviceAt(clock);
    const cards = await loadableCards('C1001', products.C1001!, 5);
    const schedule = { kind: 'monthly', dayOfMonth: 10, workingDaysOnly: true } as const;
    const rule = await service.saveRule(
      RecurringRuleInputSchema.parse({
        ...ruleInput(products.C1001!, cards, { amountMode: 'perWorkingDay', amountCents: 800, schedule }),
        lines: cards.map((cardId) => ({ cardId, amountCents: null })),
        endDay: null,
      }),
      { userId: world.ids.om1, companyId: 'C1001', locale: 'el' },
    );
    const first = athensDate(start);
    const last = addDays(first, 365);
    const expected = nextRuns(schedule, { startDay: first }, first, 20).filter((day) => day <= last);
    const outboxBefore = (
      await query<{ n: string }>(
        `select count(*) as n from mail_outbox where subject like '%Μηνιαία%' or subject like '%monthly%'`,
      )
    )[0]!.n;
    // Every day at noon Athens time for a year, then the whole year again.
    for (const pass of [1, 2]) {
      for (let day = first; day <= last; day = addDays(day, 1)) {
        clock.now = new Date(`${day}T10:00:00Z`);
        await service.tick(day);
      }
      const runs = await query<{ run_day: string; status: string; detail: string | null }>(
        `select to_char(run_day, 'YYYY-MM-DD') as run_day, status, detail from recurring_runs
          where rule_id = $1 order by run_day`,
        [rule.ruleId],
      );
      expect(
        runs.map((run) => run.run_day),
        `pass ${pass}`,
      ).toEqual(expected);
      expect(runs.filter((run) => run.status !== 'created' || !isWorkingDay(run.run_day))).toEqual([]);
    }
    // One order per card family of the run's cards, together loading each card its month's allowance.
    const orders = await query<{ load: string; run_day: string; statuses: string[]; reasons: string[] }>(
      `select sum((o.price->>'loadCents')::bigint) as load, to_char(r.run_day, 'YYYY-MM-DD') as run_day,
              array_agg(distinct o.status) as statuses, array_agg(distinct o.reason) as reasons
         from recurring_runs r join recurring_run_drafts d on d.run_id = r.id join orders o on o.source_draft_id = d.draft_id
        where r.rule_id = $1 group by r.run_day order by r.run_day`,
      [rule.ruleId],
    );
    expect(orders.map((order) => order.run_day)).toEqual(expected);
    for (const order of orders) {
      const days = workingDayCount(Number(order.run_day.slice(0, 4)), Number(order.run_day.slice(5, 7)));
      expect(Number(order.load)).toBe(5 * 800 * days);
      expect(order.reasons).toEqual(['recurring-rule']);
      expect(order.statuses).toEqual(['awaiting_payment']);
    }
    // One reminder per run (two days before each), whoever of the company's order managers gets it.
    const reminders = await query<{ n: string }>(
      `select count(*) as n from recurring_reminders where rule_id = $1`,
      [rule.ruleId],
    );
    expect(Number(reminders[0]!.n)).toBeGreaterThanOrEqual(expected.length - 1);
    expect(Number(outboxBefore)).toBeGreaterThanOrEqual(0);
  }, 600_000);

  it('makes one run of two concurrent runs of the same period', async () => {
    const service = serviceAt({ now: new Date() });
    const cards = await loadableCards('C1001', products.C1001!, 2);
    const rule = await service.saveRule(
      RecurringRuleInputSchema.parse({
        ...ruleInput(products.C1001!, cards, { submitMode: 'draft' }),
        lines: cards.map((cardId) => ({ cardId, amountCents: null })),
        endDay: null,
      }),
      { userId: world.ids.om1, companyId: 'C1001', locale: 'el' },
    );
    const run = { runDay: addDays(today(), 1), period: 'concurrent' };
    const outcomes = await Promise.all([
      service.runRule(rule.ruleId, run),
      service.runRule(rule.ruleId, run),
    ]);
    const made = outcomes.filter((outcome) => outcome.run !== null);
    expect(made).toHaveLength(1);
    expect(made[0]!.run, JSON.stringify(made[0]!.run)).toMatchObject({ status: 'created' });
    const counts = await query<{ runs: string; drafts: string }>(
      `select (select count(*) from recurring_runs where rule_id = $1) as runs,
              (select count(*) from recurring_run_drafts d join recurring_runs r on r.id = d.run_id where r.rule_id = $1) as drafts`,
      [rule.ruleId],
    );
    // One draft per card family of the rule's cards.
    const [families] = await query<{ n: string }>(
      `select count(distinct family) as n from cards where id = any($1)`,
      [cards],
    );
    expect({ runs: Number(counts[0]!.runs), drafts: Number(counts[0]!.drafts) }).toEqual({
      runs: 1,
      drafts: Number(families!.n),
    });
  });

  it("the test hook's pass for a day runs only the rule it names (a journey leaves the demo's rules alone)", async () => {
    const service = serviceAt({ now: new Date() });
    const cards = await loadableCards('C1001', products.C1001!, 2);
    const everyTwoWeeks = { kind: 'everyTwoWeeks', workingDaysOnly: false } as const;
    const [named, other] = await Promise.all(
      cards.map((cardId, index) =>
        service.saveRule(
          RecurringRuleInputSchema.parse({
            ...ruleInput(products.C1001!, [cardId], { submitMode: 'draft', schedule: everyTwoWeeks }),
            name: `Άγκιστρο ${index}`,
            lines: [{ cardId, amountCents: null }],
            endDay: null,
          }),
          { userId: world.ids.om1, companyId: 'C1001', locale: 'el' },
        ),
      ),
    );
    const runsOf = async (ruleId: string) =>
      Number(
        (
          await query<{ n: string }>(`select count(*) as n from recurring_runs where rule_id = $1`, [ruleId])
        )[0]!.n,
      );
    const tick = async (ruleId: string) => {
      const response = await world.ctx.app.inject({
        method: 'POST',
        url: '/api/test/recurring/tick',
        headers: await csrfHeaders(world.ctx.app),
        payload: { today: today(), ruleId },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ created: number }>().created;
    };
    // Both are due today; the pass for the first makes its run and leaves the second's.
    expect(await tick(named!.ruleId)).toBe(1);
    expect([await runsOf(named!.ruleId), await runsOf(other!.ruleId)]).toEqual([1, 0]);
    expect(await tick(other!.ruleId)).toBe(1);
    expect(await tick(other!.ruleId)).toBe(0);
    expect([await runsOf(named!.ruleId), await runsOf(other!.ruleId)]).toEqual([1, 1]);
  });

  it('records a failed run with its reason, mails the order managers and rings the bell', async () => {
    const service = serviceAt({ now: new Date() });
    const cards = await loadableCards('C1001', products.C1001!, 1);
    const rule = await service.saveRule(
      RecurringRuleInputSchema.parse({
        ...ruleInput(products.C1001!, cards),
        lines: cards.map((cardId) => ({ cardId, amountCents: null })),
        name: 'Κανόνας με μπλοκαρισμένη',
        endDay: null,
      }),
      { userId: world.ids.om1, companyId: 'C1001', locale: 'el' },
    );
    await query(`update cards set status = 'blocked' where id = $1`, [cards[0]]);
    try {
      const outcome = await service.runRule(rule.ruleId, { runDay: today(), period: 'blocked' });
      expect(outcome.run).toMatchObject({ status: 'failed', failure: 'noValidCards' });
      await new Promise((done) => setTimeout(done, 300));
      const mails = await query<{ subject: string; text: string }>(
        `select subject, text from mail_outbox where subject like '%Κανόνας με μπλοκαρισμένη%' or subject like '%Κανόνας με μπλοκαρισμένη%'`,
      );
      expect(mails.length).toBeGreaterThan(0);
      expect(mails[0]!.text).toMatch(/καμία από τις κάρτες|none of the rule/);
      const bell = ok<{ notifications: { nid: string; link: { url: string } }[] }>(
        await api('om1', 'GET', '/api/v1/accounts/retrieveNotifications'),
      );
      expect(bell.notifications.find((entry) => entry.nid === 'recurringRunFailed')).toBeTruthy();
      const runs = ok<{ runs: { status: string; failure: string; notes: { note: string }[] }[] }>(
        await api('om1', 'GET', `retrieveRecurringRuns?ruleId=${rule.ruleId}`),
      );
      expect(runs.runs[0]).toMatchObject({ status: 'failed', failure: 'noValidCards' });
    } finally {
      await query(`update cards set status = 'active' where id = $1`, [cards[0]]);
    }
  });

  it('tells the order managers of an order a run made awaiting an RF payment, by e-mail in their language and in the bell, with amount, RF and due date (issue 34 §3 item 1)', async () => {
    const service = serviceAt({ now: new Date() });
    const cards = await loadableCards('C1001', products.C1001!, 1);
    const rule = await service.saveRule(
      RecurringRuleInputSchema.parse({
        ...ruleInput(products.C1001!, cards),
        lines: cards.map((cardId) => ({ cardId, amountCents: null })),
        name: 'Φόρτιση προς πληρωμή',
        endDay: null,
      }),
      { userId: world.ids.om1, companyId: 'C1001', locale: 'el' },
    );
    const runDay = today();
    const outcome = await service.runRule(rule.ruleId, { runDay, period: 'awaiting-payment' });
    expect(outcome.orders.length).toBeGreaterThan(0);
    const [order] = await query<{ id: string; number: string; total_cents: string; rf_code: string }>(
      `select id, number, total_cents, rf_code from orders where id = $1 and status = 'awaiting_payment'`,
      [outcome.orders[0]!.id],
    );
    expect(order).toBeTruthy();
    const due = recurringPaymentDueDay(runDay);
    const dueText = `${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)}`;
    const amount = formatAmount(Number(order!.total_cents));
    const rf = formatRf(order!.rf_code);
    // The mail is written before the run returns: no waiting.
    const mails = await query<{ to_address: string; subject: string; text: string }>(
      `select * from mail_outbox where subject like '%Φόρτιση προς πληρωμή%'`,
    );
    expect(mails.length).toBeGreaterThan(0);
    const greek = mails.find((mail) => mail.subject.startsWith('Επαναλαμβανόμενη'));
    expect(greek, JSON.stringify(mails.map((mail) => mail.subject))).toBeTruthy();
    for (const text of [`#${order!.number}`, amount, rf, dueText]) expect(greek!.text).toContain(text);
    expect(greek!.subject).toContain(`#${order!.number}`);

    const bell = ok<{ notifications: { nid: string; excerpt: string; link: { url: string } }[] }>(
      await api('om1', 'GET', '/api/v1/accounts/retrieveNotifications'),
    );
    const told = bell.notifications.find((entry) => entry.nid === `recurringRunAwaitingPayment:${order!.id}`);
    expect(told, JSON.stringify(bell.notifications.map((entry) => entry.nid))).toBeTruthy();
    for (const text of [`#${order!.number}`, amount, rf, dueText]) expect(told!.excerpt).toContain(text);
    expect(told!.link.url).toBe(`/order-details-page?orderId=${order!.id}`);
    // Another company's order manager hears nothing of it.
    const other = ok<{ notifications: { nid: string }[] }>(
      await api('om3', 'GET', '/api/v1/accounts/retrieveNotifications', { company: 'C1002' }),
    );
    expect(other.notifications.some((entry) => entry.nid.endsWith(order!.id))).toBe(false);
  });

  it("moves a replaced card's line to its new card and skips an expired one, with notes", async () => {
    const service = serviceAt({ now: new Date() });
    const [old, replacement, expiring, kept] = await loadableCards('C1001', products.C1001!, 9).then((ids) =>
      ids.slice(5, 9),
    );
    const rule = await service.saveRule(
      RecurringRuleInputSchema.parse(
        ruleInput(products.C1001!, [old!, expiring!, kept!], { submitMode: 'draft' }),
      ),
      { userId: world.ids.om1, companyId: 'C1001', locale: 'el' },
    );
    await query(`update cards set status = 'replaced', replaced_by_card_id = $2 where id = $1`, [
      old,
      replacement,
    ]);
    await query(`update cards set expiry_date = current_date - 1 where id = $1`, [expiring]);
    const outcome = await service.runRule(rule.ruleId, { runDay: today(), period: 'replaced' });
    expect(outcome.run).toMatchObject({ status: 'created', cardCount: 2 });
    expect(outcome.run!.notes.map((note) => [note.cardId, note.note, note.newCardId])).toEqual([
      [old, 'replaced', replacement],
      [expiring, 'expired', null],
    ]);
    const lines = await query<{ card_id: string }>(
      `select card_id from recurring_rule_lines where rule_id = $1 order by position`,
      [rule.ruleId],
    );
    expect(lines.map((line) => line.card_id)).toEqual([replacement, expiring, kept]);
    const drafted = await query<{ card_id: string }>(
      `select l.card_id from draft_order_cards l join recurring_run_drafts d on d.draft_id = l.draft_id
        where d.run_id = $1 order by l.card_id`,
      [outcome.run!.id],
    );
    expect(drafted.map((line) => line.card_id).sort()).toEqual([replacement, kept].sort());
  });

  it('fails a run of a deactivated company, and one over the draft limit, creating nothing', async () => {
    const service = serviceAt({ now: new Date() });
    const cards = await loadableCards('C1002', products.C1002!, 1);
    const rule = await service.saveRule(
      RecurringRuleInputSchema.parse({
        ...ruleInput(products.C1002!, cards, { submitMode: 'draft' }),
        endDay: null,
      }),
      { userId: world.ids.admin, companyId: 'C1002', locale: 'el' },
    );
    const drafts = async () =>
      Number(
        (await query<{ n: string }>(`select count(*) as n from draft_orders where company_id = 'C1002'`))[0]!
          .n,
      );
    const before = await drafts();
    await query(`update companies set deactivated_at = now() where id = 'C1002'`);
    try {
      const inactive = await service.runRule(rule.ruleId, { runDay: today(), period: 'inactive' });
      expect(inactive.run).toMatchObject({ status: 'failed', failure: 'companyInactive' });
    } finally {
      await query(`update companies set deactivated_at = null where id = 'C1002'`);
    }
    await query(
      `insert into draft_orders (company_id, reason, order_type, product, family, created_by)
       select 'C1002', 'load-card', 'LOAD', $1, 'plastic', $2 from generate_series(1, greatest(0, 100 - $3::int))`,
      [products.C1002, world.ids.admin, before],
    );
    const full = await service.runRule(rule.ruleId, { runDay: today(), period: 'full' });
    expect(full.run).toMatchObject({ status: 'failed', failure: 'draftLimit' });
    expect(await drafts()).toBe(Math.max(100, before));
    await query(
      `delete from draft_orders where company_id = 'C1002' and alias = '' and created_at > now() - interval '1 minute'`,
    );
  });
});
