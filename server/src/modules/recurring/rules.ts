import {
  addDays,
  athensDate,
  RECURRING_LOOK_BACK_DAYS,
  formatAmount,
  isLineAmountAllowed,
  nextRuns,
  notLoadableReason,
  PRODUCTS,
  runAmountCents,
  type RecurringLine,
  type RecurringRule,
  type RecurringRuleSummary,
  type RecurringRuleView,
  type RecurringSettings,
} from '@tessera/domain';
import { auditOf } from '../../platform/audit';
import { AppError, type FieldProblem } from '../../platform/errors';
import { withMakers } from '../../platform/makers';
import type { RecurringActor, RecurringContext } from './recurring-context';
import {
  countLines,
  DEFAULT_REMINDER_DAYS,
  findLastRuns,
  findLines,
  findReminderDays,
  findRule,
  findRules,
  findRunDrafts,
  findRunPeriods,
  insertRule,
  periodsOf,
  lockRule,
  replaceLines,
  saveReminderDays,
  updateRule,
  type Executor,
  type RuleRow,
} from './repository';
import { lineView, ruleInput, ruleSummary, ruleView, runView } from './rule-view';

const audit = auditOf('recurring-rule');

/** At most this many problems are reported at once. */
const MAX_PROBLEMS = 100;

function refuse(problems: FieldProblem[], message: string): never {
  throw new AppError('VALIDATION', message, { fields: problems.slice(0, MAX_PROBLEMS) });
}

const limitsOf = (rule: Pick<RecurringRule, 'product'>) => ({
  min: formatAmount(PRODUCTS[rule.product].minLoadCents),
  max: formatAmount(PRODUCTS[rule.product].maxLoadCents),
});

/**
 * Checks a rule's lines against the company's cards as they are now (400 naming each line): a card
 * of the company, of the rule's product, loadable; and every amount a run will load within the
 * product's load limits (per working day: in each of the next three runs' months). `fieldOf` names
 * a line's field in the request (`lines.3.cardId`, or `rule.lines.3.cardId` in an update).
 */
async function checkRule(
  ctx: RecurringContext,
  db: Executor,
  companyId: string,
  rule: Pick<RecurringRule, 'product' | 'amountMode' | 'amountCents' | 'schedule' | 'startDay' | 'endDay'>,
  lines: readonly RecurringLine[],
  prefix: string,
): Promise<void> {
  const problems: FieldProblem[] = [];
  const products = await ctx.companies.orderableProducts(companyId);
  if (!products.includes(rule.product)) problems.push({ field: `${prefix}product`, key: 'invalidChoice' });
  const cards = new Map(
    (await ctx.cards.cardsOfCompany(db, companyId, [...new Set(lines.map((line) => line.cardId))])).map(
      (card) => [card.cardId, card],
    ),
  );
  const today = athensDate(ctx.now());
  lines.forEach((line, index) => {
    const field = `${prefix}lines.${index}`;
    const card = cards.get(line.cardId);
    if (!card) {
      problems.push({ field: `${field}.cardId`, key: 'cardNotOfCompany', params: { line: index + 1 } });
      return;
    }
    if (card.product !== rule.product) {
      problems.push({ field: `${field}.cardId`, key: 'invalidChoice' });
      return;
    }
    if (notLoadableReason(card, today, true) !== null) {
      problems.push({ field: `${field}.cardId`, key: 'cardNotLoadable', params: { line: index + 1 } });
    }
    if (rule.amountMode === 'perCard' && line.amountCents !== null) {
      if (!isLineAmountAllowed('LOAD', rule.product, line.amountCents)) {
        problems.push({
          field: `${field}.amountCents`,
          key: 'lineAmountOutOfRange',
          params: { line: index + 1, ...limitsOf(rule) },
        });
      }
    }
  });
  if (rule.amountMode !== 'perCard' && rule.amountCents !== null) {
    const days = nextRuns(rule.schedule, { startDay: rule.startDay, endDay: rule.endDay }, today, 3);
    const amounts = (days.length > 0 ? days : [rule.startDay]).map((day) =>
      runAmountCents(rule, { amountCents: null }, day),
    );
    if (amounts.some((amount) => !isLineAmountAllowed('LOAD', rule.product, amount))) {
      problems.push({ field: `${prefix}amountCents`, key: 'amountOutOfRange', params: limitsOf(rule) });
    }
  }
  if (problems.length > 0) refuse(problems, `recurring rule of ${companyId} refused`);
}

/** The rule of the company, locked in the caller's transaction, or 404 (another company's too). */
async function lockOwnRule(tx: Executor, companyId: string, ruleId: string): Promise<RuleRow> {
  const rule = await lockRule(tx, ruleId);
  if (!rule || rule.companyId !== companyId || rule.deletedAt) {
    throw new AppError('NOT_FOUND', `no recurring rule ${ruleId} in ${companyId}`);
  }
  return rule;
}

/** The summaries of rules: card counts, last runs with their orders, authors' names. */
async function summariesOf(ctx: RecurringContext, rows: RuleRow[]): Promise<RecurringRuleSummary[]> {
  const ids = rows.map((row) => row.id);
  const now = ctx.now();
  const [counts, lastRuns, authors, done] = await Promise.all([
    countLines(ctx.db, ids),
    findLastRuns(ctx.db, ids),
    ctx.identity.usersByIds([...new Set(rows.map((row) => row.createdBy))]),
    findRunPeriods(ctx.db, ids, addDays(athensDate(now), -RECURRING_LOOK_BACK_DAYS)),
  ]);
  const drafts = await findRunDrafts(
    ctx.db,
    [...lastRuns.values()].map((run) => run.id),
  );
  const names = new Map(authors.map((user) => [user.userId, `${user.firstName} ${user.lastName}`.trim()]));
  return rows.map((row) => {
    const last = lastRuns.get(row.id);
    return ruleSummary(row, {
      cardCount: counts.get(row.id) ?? 0,
      lastRun: last ? runView(last, drafts) : null,
      createdBy: names.get(row.createdBy) ?? '',
      now,
      done: periodsOf(done, row.id),
    });
  });
}

export async function listRules(
  ctx: RecurringContext,
  companyId: string,
): Promise<{ rules: RecurringRuleSummary[]; settings: RecurringSettings }> {
  const [rows, reminders] = await Promise.all([
    findRules(ctx.db, companyId),
    findReminderDays(ctx.db, [companyId]),
  ]);
  return {
    rules: await summariesOf(ctx, rows),
    settings: { reminderDays: reminders.get(companyId) ?? DEFAULT_REMINDER_DAYS },
  };
}

export async function getRule(
  ctx: RecurringContext,
  companyId: string,
  ruleId: string,
): Promise<RecurringRuleView> {
  const row = await findRule(ctx.db, companyId, ruleId);
  if (!row) throw new AppError('NOT_FOUND', `no recurring rule ${ruleId} in ${companyId}`);
  const [[summary], lines] = await Promise.all([summariesOf(ctx, [row]), findLines(ctx.db, [ruleId])]);
  const cards = new Map(
    (
      await ctx.cards.cardsOfCompany(
        ctx.db,
        companyId,
        lines.map((line) => line.cardId),
      )
    ).map((card) => [card.cardId, card]),
  );
  return ruleView(
    summary!,
    lines.map((line) => lineView(line, cards.get(line.cardId))),
  );
}

/** The lines as stored: a card's own amount only when amounts are per card. */
const storedLines = (rule: Pick<RecurringRule, 'amountMode'>, lines: readonly RecurringLine[]) =>
  lines.map((line) => ({
    cardId: line.cardId,
    amountCents: rule.amountMode === 'perCard' ? line.amountCents : null,
  }));

/** The rule's own columns as the editor sets them (a per-card rule keeps no amount of its own). */
function ruleColumns(input: Omit<RecurringRule, 'lines'>) {
  return {
    name: input.name,
    product: input.product,
    amountMode: input.amountMode,
    amountCents: input.amountMode === 'perCard' ? null : input.amountCents,
    schedule: input.schedule,
    startDay: input.startDay,
    endDay: input.endDay,
    submitMode: input.submitMode,
    paymentMethod: input.paymentMethod,
  };
}

const auditShape = (row: RuleRow, cardIds: string[]) => ({
  ...ruleColumns(ruleInput(row)),
  paused: row.pausedAt !== null,
  cards: cardIds.length,
});

/** `saveRecurringRule`: a new rule, checked, audited; it runs from today on. */
export async function saveRule(
  ctx: RecurringContext,
  input: RecurringRule,
  actor: RecurringActor,
): Promise<RecurringRuleView> {
  await checkRule(ctx, ctx.db, actor.companyId, input, input.lines, '');
  const at = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertRule(tx, {
      companyId: actor.companyId,
      ...ruleColumns(input),
      runsFrom: athensDate(at),
      createdBy: actor.userId,
      madeBy: [actor.userId],
      createdAt: at,
      updatedAt: at,
    });
    await replaceLines(tx, inserted.id, storedLines(input, input.lines));
    await audit(
      tx,
      actor,
      'recurring-rule.create',
      inserted.id,
      null,
      auditShape(
        inserted,
        input.lines.map((line) => line.cardId),
      ),
    );
    return inserted;
  });
  return getRule(ctx, actor.companyId, row.id);
}

/**
 * `updateRecurringRule`: the whole rule anew. A change never makes a run in the past: the rule runs
 * from today on (a month already run is not run again: runs are unique per period).
 */
export async function updateRuleOf(
  ctx: RecurringContext,
  ruleId: string,
  input: RecurringRule,
  actor: RecurringActor,
): Promise<RecurringRuleView> {
  await checkRule(ctx, ctx.db, actor.companyId, input, input.lines, 'rule.');
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await lockOwnRule(tx, actor.companyId, ruleId);
    const beforeLines = await findLines(tx, [ruleId]);
    const today = athensDate(at);
    const after = await updateRule(tx, ruleId, {
      ...ruleColumns(input),
      runsFrom: before.runsFrom > today ? before.runsFrom : today,
      // ADR 040: whoever changes a rule makes the orders its runs make.
      madeBy: withMakers(before.madeBy, [actor.userId]),
      updatedAt: at,
    });
    await replaceLines(tx, ruleId, storedLines(input, input.lines));
    await audit(
      tx,
      actor,
      'recurring-rule.update',
      ruleId,
      auditShape(
        before,
        beforeLines.map((line) => line.cardId),
      ),
      auditShape(
        after,
        input.lines.map((line) => line.cardId),
      ),
    );
  });
  return getRule(ctx, actor.companyId, ruleId);
}

/** `deleteRecurringRule`: marked deleted (its runs and their orders stay traceable), audited. */
export async function deleteRule(
  ctx: RecurringContext,
  ruleId: string,
  actor: RecurringActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockOwnRule(tx, actor.companyId, ruleId);
    const lines = await findLines(tx, [ruleId]);
    await updateRule(tx, ruleId, { deletedAt: ctx.now() });
    await audit(
      tx,
      actor,
      'recurring-rule.delete',
      ruleId,
      auditShape(
        before,
        lines.map((line) => line.cardId),
      ),
      null,
    );
  });
}

/**
 * The card operations (SPEC §7): add lines, change the amounts of lines, remove lines. Each checks
 * the rule's lines as they will be and names the request's line on a refusal.
 */
export async function changeCards(
  ctx: RecurringContext,
  ruleId: string,
  change:
    | { kind: 'add'; lines: RecurringLine[] }
    | { kind: 'update'; lines: RecurringLine[] }
    | { kind: 'delete'; cardIds: string[] },
  actor: RecurringActor,
): Promise<RecurringRuleView> {
  const row = await findRule(ctx.db, actor.companyId, ruleId);
  if (!row) throw new AppError('NOT_FOUND', `no recurring rule ${ruleId} in ${actor.companyId}`);
  const current = await findLines(ctx.db, [ruleId]);
  const has = new Set(current.map((line) => line.cardId));
  const problems: FieldProblem[] = [];
  let next: RecurringLine[];
  if (change.kind === 'add') {
    change.lines.forEach((line, index) => {
      if (has.has(line.cardId)) problems.push({ field: `lines.${index}.cardId`, key: 'duplicateCard' });
    });
    next = [...current, ...change.lines];
  } else if (change.kind === 'update') {
    const amounts = new Map(change.lines.map((line) => [line.cardId, line.amountCents]));
    change.lines.forEach((line, index) => {
      if (!has.has(line.cardId)) problems.push({ field: `lines.${index}.cardId`, key: 'lineNotFound' });
      if (row.amountMode === 'perCard' && line.amountCents === null) {
        problems.push({ field: `lines.${index}.amountCents`, key: 'required' });
      }
    });
    next = current.map((line) => ({
      cardId: line.cardId,
      amountCents: amounts.has(line.cardId) ? (amounts.get(line.cardId) ?? null) : line.amountCents,
    }));
  } else {
    change.cardIds.forEach((cardId, index) => {
      if (!has.has(cardId)) problems.push({ field: `cardIds.${index}`, key: 'lineNotFound' });
    });
    const removed = new Set(change.cardIds);
    next = current.filter((line) => !removed.has(line.cardId));
    if (problems.length === 0 && next.length === 0)
      problems.push({ field: 'cardIds', key: 'tooLarge', params: { max: current.length - 1 } });
  }
  if (problems.length > 0) refuse(problems, `recurring rule ${ruleId} cards refused`);
  const rule = { ...ruleInput(row), lines: next };
  // Only the lines the request names are reported (a line already in the rule was checked before).
  const named = change.kind === 'delete' ? [] : change.lines;
  if (named.length > 0) await checkRule(ctx, ctx.db, actor.companyId, rule, named, '');
  await ctx.db.transaction(async (tx) => {
    const locked = await lockOwnRule(tx, actor.companyId, ruleId);
    await replaceLines(tx, ruleId, storedLines(row, next));
    await updateRule(tx, ruleId, { madeBy: withMakers(locked.madeBy, [actor.userId]), updatedAt: ctx.now() });
    await audit(
      tx,
      actor,
      `recurring-rule.cards-${change.kind}`,
      ruleId,
      { cards: current.length },
      change.kind === 'delete'
        ? { removed: change.cardIds, cards: next.length }
        : { cards: next.length, changed: change.lines.map((line) => line.cardId) },
    );
  });
  return getRule(ctx, actor.companyId, ruleId);
}

/**
 * Pause and resume: a paused rule makes no runs; resuming runs it from today on, so the paused
 * periods are not caught up (a payroll officer pausing for a month means that month is skipped).
 */
export async function setPaused(
  ctx: RecurringContext,
  ruleId: string,
  paused: boolean,
  actor: RecurringActor,
): Promise<RecurringRuleView> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockOwnRule(tx, actor.companyId, ruleId);
    if ((before.pausedAt !== null) === paused) return;
    const at = ctx.now();
    await updateRule(
      tx,
      ruleId,
      // Resuming decides that the rule makes orders again: the resumer is one of their makers.
      paused
        ? { pausedAt: at, updatedAt: at }
        : {
            pausedAt: null,
            runsFrom: athensDate(at),
            madeBy: withMakers(before.madeBy, [actor.userId]),
            updatedAt: at,
          },
    );
    await audit(
      tx,
      actor,
      paused ? 'recurring-rule.pause' : 'recurring-rule.resume',
      ruleId,
      { paused: !paused },
      { paused },
    );
  });
  return getRule(ctx, actor.companyId, ruleId);
}

export async function settingsOf(ctx: RecurringContext, companyId: string): Promise<RecurringSettings> {
  const days = await findReminderDays(ctx.db, [companyId]);
  return { reminderDays: days.get(companyId) ?? DEFAULT_REMINDER_DAYS };
}

export async function saveSettings(
  ctx: RecurringContext,
  settings: RecurringSettings,
  actor: RecurringActor,
): Promise<RecurringSettings> {
  const before = await settingsOf(ctx, actor.companyId);
  await ctx.db.transaction(async (tx) => {
    await saveReminderDays(tx, actor.companyId, settings.reminderDays);
    await auditOf('recurring-settings')(
      tx,
      actor,
      'recurring-settings.update',
      actor.companyId,
      before,
      settings,
    );
  });
  return settings;
}
