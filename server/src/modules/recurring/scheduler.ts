import { addDays, dueRuns, nextRunDay, periodOf, RECURRING_LOOK_BACK_DAYS } from '@tessera/domain';
import { previewRuns } from './preview';
import type { RecurringContext } from './recurring-context';
import { sendReminder } from './recurring-mail';
import {
  claimReminder,
  DEFAULT_REMINDER_DAYS,
  findLines,
  findReminderDays,
  findRunnableRules,
  findRunPeriods,
  periodsOf,
  type RuleRow,
} from './repository';
import { runRule, type RunHooks } from './run-rule';

export type TickResult = { created: number; failed: number; reminders: number };

/**
 * One pass of the scheduler for the Athens day `today` (ADR 028): every rule not paused or deleted
 * makes the runs due and not made (each exactly once: `runRule` claims its period), then the
 * reminders due go out (each once per rule and period). A rule that throws is logged and left for
 * the next pass; the others go on. Stops between rules when `signal` aborts.
 */
export async function tick(
  ctx: RecurringContext,
  today: string,
  signal?: AbortSignal,
  hooks: RunHooks = {},
): Promise<TickResult> {
  const result: TickResult = { created: 0, failed: 0, reminders: 0 };
  const rules = (await findRunnableRules(ctx.db)).filter(
    (rule) => hooks.onlyRuleId === undefined || rule.id === hooks.onlyRuleId,
  );
  const done = await findRunPeriods(
    ctx.db,
    rules.map((rule) => rule.id),
    addDays(today, -RECURRING_LOOK_BACK_DAYS - 31),
  );
  for (const rule of rules) {
    if (signal?.aborted) throw new Error('recurring tick stopped');
    const periods = new Set(
      [...done].filter((key) => key.startsWith(`${rule.id}:`)).map((key) => key.slice(rule.id.length + 1)),
    );
    for (const due of dueRuns(rule, today, periods)) {
      try {
        const outcome = await runRule(ctx, rule.id, due, hooks);
        if (outcome.run?.status === 'created') result.created += 1;
        if (outcome.run?.status === 'failed') result.failed += 1;
      } catch (error) {
        ctx.log.error({ err: error, ruleId: rule.id, period: due.period }, 'recurring run failed to run');
      }
    }
  }
  result.reminders = await sendReminders(ctx, rules, today, signal);
  return result;
}

/** Reminders of runs within each company's reminder days (0: none), once per rule and period. */
async function sendReminders(
  ctx: RecurringContext,
  rules: RuleRow[],
  today: string,
  signal?: AbortSignal,
): Promise<number> {
  const days = await findReminderDays(ctx.db, [...new Set(rules.map((rule) => rule.companyId))]);
  const done = await findRunPeriods(
    ctx.db,
    rules.map((rule) => rule.id),
    addDays(today, -RECURRING_LOOK_BACK_DAYS),
  );
  let sent = 0;
  for (const rule of rules) {
    if (signal?.aborted) break;
    const before = days.get(rule.companyId) ?? DEFAULT_REMINDER_DAYS;
    if (before === 0) continue;
    const next = nextRunDay(rule, addDays(today, 1), periodsOf(done, rule.id));
    if (next === null || next > addDays(today, before)) continue;
    try {
      const claimed = await ctx.db.transaction((tx) =>
        claimReminder(tx, rule.id, periodOf(rule.schedule, next)),
      );
      if (!claimed) continue;
      const lines = await findLines(ctx.db, [rule.id]);
      const [run] = await previewRuns(ctx, rule.companyId, rule, lines, { runsFrom: next, today });
      await sendReminder(ctx, rule, {
        runDay: next,
        cardCount: run?.cardCount ?? 0,
        totalCents: run?.price.totalCents ?? 0,
      });
      sent += 1;
    } catch (error) {
      ctx.log.error({ err: error, ruleId: rule.id }, 'recurring reminder failed');
    }
  }
  return sent;
}
