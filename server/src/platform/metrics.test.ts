import { formatRf, type DraftOrder, type OrderSummary } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { holderLine } from '../../test/draft-lines';
import { createTestApp, testJobs } from '../../test/harness';
import { cardWithBalance, createTestMerchant, terminalToken } from '../../test/merchant-helper';
import { demoApiClient, demoWorldTestFile } from '../../test/tenant-helper';

const FAILING_JOB = 'test.metrics.fails';
const PASSING_JOB = 'test.metrics.passes';

const world = demoWorldTestFile({
  cardScale: 0.05,
  timeoutMs: 120_000,
  app: () =>
    createTestApp({
      jobs: testJobs,
      extend(app) {
        app.services.jobs.define(FAILING_JOB, {
          retryLimit: 0,
          handler: async () => {
            throw new Error('a planned failure');
          },
        });
        app.services.jobs.define(PASSING_JOB, { handler: async () => undefined });
      },
    }),
});
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/orders',
);

async function scrape(): Promise<string> {
  const response = await world.ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series (`name{labels}`) in the Prometheus text, or undefined without it. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function current(series: string): Promise<number> {
  return valueOf(await scrape(), series) ?? 0;
}

/** Scrapes until `series` reaches `expected` (a worker's attempt ends after the send returns). */
async function eventually(series: string, expected: number): Promise<void> {
  let value: number | undefined;
  for (let attempt = 0; attempt < 100 && value !== expected; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    value = valueOf(await scrape(), series);
  }
  expect(value, series).toBe(expected);
}

describe('the job queue metrics', () => {
  it('lists every metric of the queue and the business, and no queue depth before the queue starts', async () => {
    const text = await scrape();
    for (const name of [
      'tessera_job_queue_depth',
      'tessera_job_failures_total',
      'tessera_jobs_completed_total',
      'tessera_orders_paid_total',
      'tessera_cards_loaded_total',
      'tessera_card_authorisations_total',
      'tessera_card_declines_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).not.toMatch(/^tessera_job_queue_depth\{/m);
  });

  it('counts the jobs waiting in each queue at the scrape', async () => {
    // Sent before any worker runs: the job waits.
    await world.ctx.app.services.jobs.send(FAILING_JOB, {});
    const text = await scrape();
    expect(valueOf(text, `tessera_job_queue_depth{queue="${FAILING_JOB}"}`)).toBe(1);
    expect(valueOf(text, `tessera_job_queue_depth{queue="${PASSING_JOB}"}`)).toBe(0);
  });

  it('counts a job whose handler throws as a failed attempt, and one that returns as completed', async () => {
    await world.ctx.app.services.jobs.start();
    await eventually(`tessera_job_failures_total{queue="${FAILING_JOB}"}`, 1);
    expect(await current(`tessera_job_queue_depth{queue="${FAILING_JOB}"}`)).toBe(0);
    await world.ctx.app.services.jobs.send(PASSING_JOB, {});
    await eventually(`tessera_jobs_completed_total{queue="${PASSING_JOB}"}`, 1);
    const text = await scrape();
    expect(valueOf(text, `tessera_jobs_completed_total{queue="${FAILING_JOB}"}`)).toBeUndefined();
    expect(valueOf(text, `tessera_job_failures_total{queue="${PASSING_JOB}"}`)).toBeUndefined();
  });
});

describe('the business metrics', () => {
  it('counts a paid order once, with the cards its fulfilment credited', async () => {
    const draft = ok<{ draftOrder: DraftOrder }>(
      await api('om1', 'POST', 'saveDraftOrder', {
        payload: {
          reason: 'new-card',
          orderType: 'NEW',
          product: 'TICKET_RESTAURANT',
          family: 'virtual',
          draftOrderAlias: 'metrics',
          cards: [holderLine('a', 3_000), holderLine('b', 2_000, 'Νίκος', 'Ζαχαρίου')],
        },
      }),
    ).draftOrder;
    const { order } = ok<{ order: OrderSummary }>(
      await api('om1', 'POST', 'submitPaymentOm', { payload: { draftId: draft.draftId, method: 'RF' } }),
    );
    const before = await scrape();
    const amount = (order.totalCents / 100).toFixed(2).replace('.', ',');
    const csv = [
      'id;date;amount;reference;payer',
      // Not the order's total: it pays nothing, and nothing is counted.
      `M1;2026-11-22;1,00;ΠΛΗΡΩΜΗ ${formatRf(order.rfCode)};ΑΚΜΗ`,
      `M2;2026-11-22;${amount};ΠΛΗΡΩΜΗ ${formatRf(order.rfCode)};ΑΚΜΗ`,
    ].join('\n');
    const imported = ok<{ matched: number }>(
      await api('admin', 'POST', 'importBankStatement', { payload: { csv } }),
    );
    expect(imported.matched).toBe(1);
    const after = await scrape();
    expect(valueOf(after, 'tessera_orders_paid_total')).toBe(
      valueOf(before, 'tessera_orders_paid_total')! + 1,
    );
    expect(valueOf(after, 'tessera_cards_loaded_total')).toBe(
      valueOf(before, 'tessera_cards_loaded_total')! + 2,
    );

    // The same statement again pays nothing twice.
    ok(await api('admin', 'POST', 'importBankStatement', { payload: { csv } }));
    const replayed = await scrape();
    expect(valueOf(replayed, 'tessera_orders_paid_total')).toBe(valueOf(after, 'tessera_orders_paid_total'));
    expect(valueOf(replayed, 'tessera_cards_loaded_total')).toBe(
      valueOf(after, 'tessera_cards_loaded_total'),
    );
  });

  it('counts a terminal’s authorisations by result and its declines by reason, not a repeat', async () => {
    const { terminals } = await createTestMerchant(world.ctx);
    const terminal = terminals[0]!;
    const token = await terminalToken(world.ctx, terminal);
    const card = await cardWithBalance(world.ctx, { balanceCents: 500 });
    const authorise = async (terminalTransactionId: string, amountCents: number) =>
      (
        await world.ctx.app.inject({
          method: 'POST',
          url: '/api/v1/terminals/authorise',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            terminalTransactionId,
            mid: terminal.mid,
            cardToken: card.token,
            amountCents,
            time: new Date().toISOString(),
          },
        })
      ).json<{ outcome: string; reason?: string }>();
    const series = {
      approved: 'tessera_card_authorisations_total{result="approved"}',
      declined: 'tessera_card_authorisations_total{result="declined"}',
      insufficient: 'tessera_card_declines_total{reason="insufficientBalance"}',
    };
    const before = await scrape();
    const was = (name: keyof typeof series) => valueOf(before, series[name]) ?? 0;

    expect(await authorise('MT-1', 501)).toMatchObject({
      outcome: 'declined',
      reason: 'insufficientBalance',
    });
    expect(await authorise('MT-2', 200)).toMatchObject({ outcome: 'approved' });
    // A repeat of both is answered from their rows: no new decision.
    expect(await authorise('MT-1', 501)).toMatchObject({ outcome: 'declined' });
    expect(await authorise('MT-2', 200)).toMatchObject({ outcome: 'approved' });

    const after = await scrape();
    expect(valueOf(after, series.approved)).toBe(was('approved') + 1);
    expect(valueOf(after, series.declined)).toBe(was('declined') + 1);
    expect(valueOf(after, series.insufficient)).toBe(was('insufficient') + 1);
  });
});
