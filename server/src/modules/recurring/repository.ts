import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db';
import {
  recurringReminders,
  recurringRuleLines,
  recurringRules,
  recurringRunDrafts,
  recurringRuns,
  recurringSettings,
} from './schema';

export type { Executor };
export type RuleRow = typeof recurringRules.$inferSelect;
export type RuleLineRow = typeof recurringRuleLines.$inferSelect;
export type RunRow = typeof recurringRuns.$inferSelect;
export type RunDraftRow = typeof recurringRunDrafts.$inferSelect;

/** The default reminder: two days before each run. */
export const DEFAULT_REMINDER_DAYS = 2;

export async function findRules(db: Executor, companyId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(recurringRules)
    .where(and(eq(recurringRules.companyId, companyId), isNull(recurringRules.deletedAt)))
    .orderBy(desc(recurringRules.createdAt));
}

export async function findRule(
  db: Executor,
  companyId: string,
  ruleId: string,
): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(recurringRules)
    .where(
      and(
        eq(recurringRules.id, ruleId),
        eq(recurringRules.companyId, companyId),
        isNull(recurringRules.deletedAt),
      ),
    );
  return row;
}

/** A rule of any company, deleted ones too (the scheduler's view). */
export async function findRuleById(db: Executor, ruleId: string): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(recurringRules).where(eq(recurringRules.id, ruleId));
  return row;
}

/** The rule, locked for the change or run being made (any company: the scheduler's view). */
export async function lockRule(tx: Executor, ruleId: string): Promise<RuleRow | undefined> {
  const [row] = await tx.select().from(recurringRules).where(eq(recurringRules.id, ruleId)).for('update');
  return row;
}

/** Every rule that may run: not deleted, not paused (the scheduler's list, across companies). */
export async function findRunnableRules(db: Executor): Promise<RuleRow[]> {
  return db
    .select()
    .from(recurringRules)
    .where(and(isNull(recurringRules.deletedAt), isNull(recurringRules.pausedAt)));
}

export async function insertRule(tx: Executor, row: typeof recurringRules.$inferInsert): Promise<RuleRow> {
  const [inserted] = await tx.insert(recurringRules).values(row).returning();
  return inserted!;
}

export async function updateRule(
  tx: Executor,
  ruleId: string,
  change: Partial<typeof recurringRules.$inferInsert>,
): Promise<RuleRow> {
  const [row] = await tx.update(recurringRules).set(change).where(eq(recurringRules.id, ruleId)).returning();
  return row!;
}

export async function findLines(db: Executor, ruleIds: string[]): Promise<RuleLineRow[]> {
  if (ruleIds.length === 0) return [];
  return db
    .select()
    .from(recurringRuleLines)
    .where(inArray(recurringRuleLines.ruleId, ruleIds))
    .orderBy(asc(recurringRuleLines.position));
}

export async function countLines(db: Executor, ruleIds: string[]): Promise<Map<string, number>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .select({ ruleId: recurringRuleLines.ruleId, total: count() })
    .from(recurringRuleLines)
    .where(inArray(recurringRuleLines.ruleId, ruleIds))
    .groupBy(recurringRuleLines.ruleId);
  return new Map(rows.map((row) => [row.ruleId, Number(row.total)]));
}

/** Replaces a rule's lines with `lines`, in order. */
export async function replaceLines(
  tx: Executor,
  ruleId: string,
  lines: { cardId: string; amountCents: number | null }[],
): Promise<void> {
  await tx.delete(recurringRuleLines).where(eq(recurringRuleLines.ruleId, ruleId));
  if (lines.length === 0) return;
  await tx.insert(recurringRuleLines).values(
    lines.map((line, position) => ({
      ruleId,
      cardId: line.cardId,
      amountCents: line.amountCents,
      position,
    })),
  );
}

/**
 * Records a run of a rule for a period, or answers undefined when the period has one already: the
 * unique (rule, period) makes a second run of it, from any process, create nothing (ADR 028).
 */
export async function claimRun(
  tx: Executor,
  row: typeof recurringRuns.$inferInsert,
): Promise<RunRow | undefined> {
  const [inserted] = await tx
    .insert(recurringRuns)
    .values(row)
    .onConflictDoNothing({ target: [recurringRuns.ruleId, recurringRuns.period] })
    .returning();
  return inserted;
}

export async function finishRun(
  tx: Executor,
  runId: string,
  change: Pick<RunRow, 'cardCount' | 'totalCents' | 'notes'>,
): Promise<void> {
  await tx.update(recurringRuns).set(change).where(eq(recurringRuns.id, runId));
}

export async function insertRunDraft(tx: Executor, row: RunDraftRow): Promise<void> {
  await tx.insert(recurringRunDrafts).values(row);
}

/** The periods of the rules that have a run since `sinceDay` (the scheduler's look-back). */
export async function findRunPeriods(
  db: Executor,
  ruleIds: string[],
  sinceDay: string,
): Promise<Set<string>> {
  if (ruleIds.length === 0) return new Set();
  const rows = await db
    .select({ ruleId: recurringRuns.ruleId, period: recurringRuns.period })
    .from(recurringRuns)
    .where(and(inArray(recurringRuns.ruleId, ruleIds), gte(recurringRuns.runDay, sinceDay)));
  return new Set(rows.map((row) => `${row.ruleId}:${row.period}`));
}

/** One rule's periods among `findRunPeriods`' answer. */
export function periodsOf(done: ReadonlySet<string>, ruleId: string): Set<string> {
  const prefix = `${ruleId}:`;
  return new Set([...done].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)));
}

export async function findRuns(
  db: Executor,
  ruleId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: RunRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(recurringRuns)
      .where(eq(recurringRuns.ruleId, ruleId))
      .orderBy(desc(recurringRuns.runDay), desc(recurringRuns.createdAt))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(recurringRuns).where(eq(recurringRuns.ruleId, ruleId)),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** The latest run of each rule. */
export async function findLastRuns(db: Db, ruleIds: string[]): Promise<Map<string, RunRow>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([recurringRuns.ruleId])
    .from(recurringRuns)
    .where(inArray(recurringRuns.ruleId, ruleIds))
    .orderBy(recurringRuns.ruleId, desc(recurringRuns.runDay), desc(recurringRuns.createdAt));
  return new Map(rows.map((row) => [row.ruleId, row]));
}

/**
 * The drafts the runs made, each with the order it became (found by the order's source draft):
 * the order's id, number and status, or nulls while it is still a draft.
 */
export async function findRunDrafts(
  db: Executor,
  runIds: string[],
): Promise<
  (RunDraftRow & {
    orderId: string | null;
    orderNumber: number | null;
    orderStatus: string | null;
    draftExists: boolean;
  })[]
> {
  if (runIds.length === 0) return [];
  const result = await db.execute<{
    run_id: string;
    draft_id: string;
    family: RunDraftRow['family'];
    card_count: number;
    total_cents: string;
    order_id: string | null;
    order_number: string | null;
    order_status: string | null;
    draft_exists: boolean;
  }>(sql`
    select d.run_id, d.draft_id, d.family, d.card_count, d.total_cents,
           o.id as order_id, o.number as order_number, o.status as order_status,
           exists (select 1 from draft_orders x where x.id = d.draft_id) as draft_exists
      from recurring_run_drafts d
      left join orders o on o.source_draft_id = d.draft_id
     where d.run_id in (${sql.join(
       runIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     order by d.family`);
  return result.rows.map((row) => ({
    runId: row.run_id,
    draftId: row.draft_id,
    family: row.family,
    cardCount: Number(row.card_count),
    totalCents: Number(row.total_cents),
    orderId: row.order_id,
    orderNumber: row.order_number === null ? null : Number(row.order_number),
    orderStatus: row.order_status,
    draftExists: row.draft_exists,
  }));
}

/** An order a run made that waits for its payment (issue 34 §3 item 1): what the bell says of it. */
export type RunOrderAwaitingPayment = {
  orderId: string;
  orderNumber: number;
  totalCents: number;
  rfCode: string;
  ruleId: string;
  ruleName: string;
  runDay: string;
  createdAt: Date;
};

/** The company's orders made by recurring runs and still awaiting payment, newest first. */
export async function findRunOrdersAwaitingPayment(
  db: Executor,
  companyId: string,
): Promise<RunOrderAwaitingPayment[]> {
  const result = await db.execute<{
    order_id: string;
    order_number: string;
    total_cents: string;
    rf_code: string;
    rule_id: string;
    rule_name: string;
    run_day: string;
    created_at: Date | string;
  }>(sql`
    select o.id as order_id, o.number as order_number, o.total_cents, o.rf_code,
           r.rule_id, u.name as rule_name, r.run_day::text as run_day, o.submitted_at as created_at
      from recurring_runs r
      join recurring_rules u on u.id = r.rule_id
      join recurring_run_drafts d on d.run_id = r.id
      join orders o on o.source_draft_id = d.draft_id
     where r.company_id = ${companyId} and o.company_id = ${companyId}
       and o.status = 'awaiting_payment'
     order by o.submitted_at desc
     limit 20`);
  return result.rows.map((row) => ({
    orderId: row.order_id,
    orderNumber: Number(row.order_number),
    totalCents: Number(row.total_cents),
    rfCode: row.rf_code,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    runDay: row.run_day,
    createdAt: new Date(row.created_at),
  }));
}

/** Failed runs of the company since `since`, newest first (the bell). */
export async function findFailedRuns(
  db: Executor,
  companyId: string,
  since: Date,
): Promise<{ ruleId: string; runDay: string; createdAt: Date }[]> {
  return db
    .select({
      ruleId: recurringRuns.ruleId,
      runDay: recurringRuns.runDay,
      createdAt: recurringRuns.createdAt,
    })
    .from(recurringRuns)
    .where(
      and(
        eq(recurringRuns.companyId, companyId),
        eq(recurringRuns.status, 'failed'),
        gte(recurringRuns.createdAt, since),
      ),
    )
    .orderBy(desc(recurringRuns.createdAt));
}

/** Marks the reminder of a rule's period sent; false when it was sent already (by any process). */
export async function claimReminder(tx: Executor, ruleId: string, period: string): Promise<boolean> {
  const rows = await tx
    .insert(recurringReminders)
    .values({ ruleId, period })
    .onConflictDoNothing()
    .returning({ ruleId: recurringReminders.ruleId });
  return rows.length > 0;
}

export async function findReminderDays(db: Executor, companyIds: string[]): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(recurringSettings)
    .where(inArray(recurringSettings.companyId, companyIds));
  return new Map(rows.map((row) => [row.companyId, row.reminderDays]));
}

export async function saveReminderDays(tx: Executor, companyId: string, reminderDays: number): Promise<void> {
  await tx
    .insert(recurringSettings)
    .values({ companyId, reminderDays })
    .onConflictDoUpdate({
      target: recurringSettings.companyId,
      set: { reminderDays, updatedAt: new Date() },
    });
}
