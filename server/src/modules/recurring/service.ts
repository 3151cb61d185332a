import {
  addDays,
  athensDate,
  RECURRING_LOOK_BACK_DAYS,
  type RecurringLine,
  type RecurringPreviewRun,
  type RecurringRule,
  type RecurringRunView,
  type RecurringSettings,
} from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { previewRuns } from './preview';
import { createRecurringContext, type RecurringActor, type RecurringDeps } from './recurring-context';
import {
  findFailedRuns,
  findRunOrdersAwaitingPayment,
  findLines,
  findRule,
  findRunDrafts,
  findRunPeriods,
  findRuns,
  periodsOf,
} from './repository';
import { runView } from './rule-view';
import {
  changeCards,
  deleteRule,
  getRule,
  listRules,
  saveRule,
  saveSettings,
  setPaused,
  settingsOf,
  updateRuleOf,
} from './rules';
import { runRule, type RunHooks } from './run-rule';
import { tick } from './scheduler';

/** The scheduler's pass: hourly (UTC cron), once across instances; each run is made once anyway. */
export const RECURRING_TICK_JOB = 'recurring.tick';
export const RECURRING_TICK_CRON = '5 * * * *';

export type RecurringService = ReturnType<typeof createRecurringService>;

/**
 * Recurring load rules (issue 19, SPEC §7 recurring rule calls, ADR 028): the company's rules and
 * their card lines, the preview of the next runs, the runs' history, and the scheduler that makes
 * each run's draft or order exactly once per rule and period. Every read and write is scoped by the
 * company the route resolved; a rule of another company is "not found".
 */
export function createRecurringService(deps: RecurringDeps & { jobs?: Jobs }) {
  const ctx = createRecurringContext(deps);

  if (deps.jobs) {
    deps.jobs.define<object>(RECURRING_TICK_JOB, {
      cron: RECURRING_TICK_CRON,
      // A pass longer than this (a worker that died) is retried; the runs it made stay made.
      expireInSeconds: 30 * 60,
      retryLimit: 2,
      handler: async (_data, { signal }) => {
        const today = athensDate(ctx.now());
        const result = await tick(ctx, today, signal);
        ctx.log.info({ today, ...result }, 'recurring rules ran');
      },
    });
  }

  return {
    listRules: (companyId: string) => listRules(ctx, companyId),
    getRule: (companyId: string, ruleId: string) => getRule(ctx, companyId, ruleId),
    saveRule: (input: RecurringRule, actor: RecurringActor) => saveRule(ctx, input, actor),
    updateRule: (ruleId: string, input: RecurringRule, actor: RecurringActor) =>
      updateRuleOf(ctx, ruleId, input, actor),
    deleteRule: (ruleId: string, actor: RecurringActor) => deleteRule(ctx, ruleId, actor),
    addCards: (ruleId: string, lines: RecurringLine[], actor: RecurringActor) =>
      changeCards(ctx, ruleId, { kind: 'add', lines }, actor),
    updateCards: (ruleId: string, lines: RecurringLine[], actor: RecurringActor) =>
      changeCards(ctx, ruleId, { kind: 'update', lines }, actor),
    deleteCards: (ruleId: string, cardIds: string[], actor: RecurringActor) =>
      changeCards(ctx, ruleId, { kind: 'delete', cardIds }, actor),
    pause: (ruleId: string, actor: RecurringActor) => setPaused(ctx, ruleId, true, actor),
    resume: (ruleId: string, actor: RecurringActor) => setPaused(ctx, ruleId, false, actor),
    settings: (companyId: string) => settingsOf(ctx, companyId),
    saveSettings: (settings: RecurringSettings, actor: RecurringActor) => saveSettings(ctx, settings, actor),

    /** The next runs of a saved rule, priced now. */
    async previewRule(companyId: string, ruleId: string): Promise<RecurringPreviewRun[]> {
      const row = await findRule(ctx.db, companyId, ruleId);
      if (!row) throw new AppError('NOT_FOUND', `no recurring rule ${ruleId} in ${companyId}`);
      if (row.pausedAt) return [];
      const done = await findRunPeriods(
        ctx.db,
        [ruleId],
        addDays(athensDate(ctx.now()), -RECURRING_LOOK_BACK_DAYS),
      );
      return previewRuns(ctx, companyId, row, await findLines(ctx.db, [ruleId]), {
        runsFrom: row.runsFrom,
        done: periodsOf(done, ruleId),
      });
    },
    /** The next runs of the editor's unsaved rule, priced now (cards of another company are skipped). */
    previewInput: (companyId: string, input: RecurringRule) =>
      previewRuns(ctx, companyId, input, input.lines),

    /** A rule's runs, newest first, each with the drafts or orders it made. */
    async runs(
      companyId: string,
      query: { ruleId: string; page: number; pageSize: number },
    ): Promise<{ runs: RecurringRunView[]; total: number; page: number; pageSize: number }> {
      const row = await findRule(ctx.db, companyId, query.ruleId);
      if (!row) throw new AppError('NOT_FOUND', `no recurring rule ${query.ruleId} in ${companyId}`);
      const { rows, total } = await findRuns(ctx.db, query.ruleId, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const drafts = await findRunDrafts(
        ctx.db,
        rows.map((run) => run.id),
      );
      return {
        runs: rows.map((run) => runView(run, drafts)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The scheduler's pass for `today` (the cron job's; tests and the test hook call it with a day). */
    tick: (today: string, signal?: AbortSignal, hooks?: RunHooks) => tick(ctx, today, signal, hooks),
    /** One rule's run for one period (tests of the exactly-once rule). */
    runRule: (ruleId: string, run: { runDay: string; period: string }, hooks?: RunHooks) =>
      runRule(ctx, ruleId, run, hooks),

    /** The company's failed runs since `since` (the bell: a notification of their own). */
    failedRuns: (companyId: string, since: Date) => findFailedRuns(ctx.db, companyId, since),
    /** The company's orders made by runs that still await payment (the bell: one each). */
    ordersAwaitingPayment: (companyId: string) => findRunOrdersAwaitingPayment(ctx.db, companyId),
  };
}
