import {
  priceOrder,
  type Card,
  type DraftCard,
  type Locale,
  type RecurringFailureReason,
  type RoleId,
  ROLE,
} from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { withMakers } from '../../platform/makers';
import type { OrderActor, OrderRow } from '../orders';
import type { RecurringContext } from './recurring-context';
import { byFamily, resolveLines } from './resolve-lines';
import {
  claimRun,
  findLines,
  findRuleById,
  finishRun,
  insertRunDraft,
  lockRule,
  replaceLines,
  type RuleRow,
  type RunRow,
} from './repository';
import { notifyAwaitingPayment, notifyFailure } from './recurring-mail';
import { ruleInput } from './rule-view';
import { publishEvent } from '../webhooks';

/** What one run did: its row (null when the period had one already) and the orders it made. */
export type RunOutcome = { run: RunRow | null; orders: OrderRow[]; drafts: string[] };

/**
 * Test hooks: `onClaimed` runs inside the run's transaction once its period is claimed; `onlyRuleId`
 * limits a scheduler's pass to one rule (an end-to-end journey on a shared demo server).
 */
export type RunHooks = { onClaimed?: () => Promise<void>; onlyRuleId?: string };

/** A run refused for a reason the order manager is told (the run is recorded as failed). */
class RunRefused extends Error {
  constructor(
    readonly reason: RecurringFailureReason,
    readonly detail: string | null = null,
  ) {
    super(`recurring run refused: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}

/** Every card a rule's lines name and their replacements, in the caller's transaction. */
export async function cardsOfLines(
  ctx: RecurringContext,
  db: Executor,
  companyId: string,
  cardIds: string[],
): Promise<Map<string, Card>> {
  const found = new Map<string, Card>();
  let wanted = [...new Set(cardIds)];
  // A replacement is another card of the company: fetch the chain a link at a time (short).
  for (let depth = 0; depth < 5 && wanted.length > 0; depth += 1) {
    const cards = await ctx.cards.cardsOfCompany(db, companyId, wanted);
    for (const card of cards) found.set(card.cardId, card);
    wanted = cards
      .map((card) => card.replacedByCardId)
      .filter((id): id is string => id !== null && !found.has(id));
  }
  return found;
}

/**
 * Who a run acts as: the rule's author with their role and language, else an order manager of the
 * company; everyone who made, changed or resumed the rule stands behind it (ADR 040), so none of
 * them approves the orders it makes.
 */
async function runActor(ctx: RecurringContext, rule: RuleRow): Promise<OrderActor> {
  const [author] = await ctx.identity.usersByIds([rule.createdBy]);
  const user =
    author ??
    (await ctx.identity.companyUsers(rule.companyId)).find(
      (candidate) => candidate.userRoleId === ROLE.ORDER_MANAGER,
    );
  return {
    userId: user?.userId ?? rule.createdBy,
    companyId: rule.companyId,
    roleId: (user?.userRoleId ?? ROLE.ORDER_MANAGER) as RoleId,
    locale: (user?.preferredLanguage ?? 'el') as Locale,
    madeBy: withMakers([rule.createdBy], rule.madeBy),
  };
}

/**
 * Makes a rule's run for one period (issue 19 §3, ADR 028), exactly once: the run row is claimed
 * first, unique per rule and period, and the drafts (one per card family) and orders are made in
 * the same transaction, so a second process or a retry after a crash finds the period claimed (or
 * nothing of the first attempt) and creates nothing twice. A run that cannot be made is recorded as
 * failed with its reason, in a transaction of its own, and the order managers are told.
 */
export async function runRule(
  ctx: RecurringContext,
  ruleId: string,
  run: { runDay: string; period: string; missed?: boolean },
  hooks: RunHooks = {},
): Promise<RunOutcome> {
  const at = ctx.now();
  const preRule = await findRuleById(ctx.db, ruleId);
  if (!preRule || preRule.deletedAt || preRule.pausedAt) return { run: null, orders: [], drafts: [] };
  // Read before the transaction (the embedded database serves one connection at a time).
  const [company, terms, actor] = await Promise.all([
    ctx.companies.getCompanyAdmin(preRule.companyId),
    ctx.termsOf(preRule.companyId),
    runActor(ctx, preRule),
  ]);

  const orders: OrderRow[] = [];
  const draftIds: string[] = [];
  let outcome: RunRow | null = null;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const rule = await lockRule(tx, ruleId);
      if (!rule || rule.deletedAt || rule.pausedAt) return null;
      const claimed = await claimRun(tx, {
        ruleId,
        companyId: rule.companyId,
        period: run.period,
        runDay: run.runDay,
        status: 'created',
        createdAt: at,
      });
      if (!claimed) return null;
      await hooks.onClaimed?.();
      if (run.missed) throw new RunRefused('missed');
      if (!company.isActive) throw new RunRefused('companyInactive');
      const ruleLines = await findLines(tx, [ruleId]);
      const cards = await cardsOfLines(
        ctx,
        tx,
        rule.companyId,
        ruleLines.map((line) => line.cardId),
      );
      const resolved = resolveLines(ruleInput(rule), ruleLines, cards, run.runDay);
      if (resolved.moves.length > 0) {
        // A replaced card's line moves to its new card, for this run and the next.
        const moved = new Map(resolved.moves.map((move) => [move.from, move.to]));
        await replaceLines(
          tx,
          ruleId,
          ruleLines.map((line) => ({
            cardId: moved.get(line.cardId) ?? line.cardId,
            amountCents: line.amountCents,
          })),
        );
        await auditChange(tx, actor, {
          action: 'recurring-rule.cards-moved',
          entity: 'recurring-rule',
          entityId: ruleId,
          before: { cardIds: resolved.moves.map((move) => move.from) },
          after: { cardIds: resolved.moves.map((move) => move.to) },
        });
      }
      if (resolved.lines.length === 0) throw new RunRefused('noValidCards', null);
      let totalCents = 0;
      for (const [family, lines] of byFamily(resolved.lines)) {
        const draftLines: DraftCard[] = lines.map((line) => ({
          tempCardId: line.cardId,
          cardId: line.cardId,
          cardholderId: null,
          cardholder: null,
          cardName: '',
          amountCents: line.amountCents,
        }));
        const header = {
          reason: 'recurring-rule' as const,
          orderType: 'LOAD' as const,
          product: rule.product,
          family,
          draftOrderAlias: `${rule.name} ${run.period}`.slice(0, 80),
          invoiceComments: '',
          deliveryPointId: null,
          bulkAmountCents: null,
          expiringDate: null,
        };
        let draft: { id: string };
        try {
          // The rule's makers as of its lock: a change committed since `runActor` read it counts.
          draft = await ctx.drafts.createDraftIn(tx, header, draftLines, {
            ...actor,
            madeBy: withMakers(actor.madeBy ?? [], rule.madeBy),
          });
        } catch (error) {
          if (error instanceof AppError && error.code === 'DRAFT_LIMIT_REACHED')
            throw new RunRefused('draftLimit');
          throw error;
        }
        const price = priceOrder(
          { orderType: 'LOAD', family, lines: draftLines },
          terms(rule.product, family),
        );
        totalCents += price.totalCents;
        draftIds.push(draft.id);
        await insertRunDraft(tx, {
          runId: claimed.id,
          draftId: draft.id,
          family,
          cardCount: lines.length,
          totalCents: price.totalCents,
        });
        if (rule.submitMode === 'submit') {
          const order = await ctx.orders.submitDraftIn(tx, draft.id, actor, {
            deliveryPointId: null,
            product: rule.product,
            family,
            deliveryPoint: null,
            terms: terms(rule.product, family),
          });
          // A transfer's reference (RF) or an IRIS code needs no browser; a card payment does, so a
          // card order waits for the order manager to pay it from the order's page.
          if (order.status === 'awaiting_payment' && rule.paymentMethod !== 'VISA') {
            await ctx.orders.startPaymentIn(tx, order, rule.paymentMethod, actor);
          }
          orders.push(order);
        }
      }
      await finishRun(tx, claimed.id, {
        cardCount: resolved.lines.length,
        totalCents,
        notes: resolved.notes,
      });
      await auditChange(tx, actor, {
        action: 'recurring-rule.run',
        entity: 'recurring-rule',
        entityId: ruleId,
        before: null,
        after: {
          period: run.period,
          runDay: run.runDay,
          drafts: draftIds.length,
          orders: orders.length,
          totalCents,
        },
      });
      // Issue 22 §3 (ADR 035): the run and what it made, in its transaction.
      await publishEvent(tx, {
        companyId: rule.companyId,
        type: 'recurring_run.created',
        at,
        data: {
          runId: claimed.id,
          ruleId,
          ruleName: rule.name,
          period: run.period,
          runDay: run.runDay,
          status: 'created',
          cardCount: resolved.lines.length,
          totalCents,
          draftIds,
          orders: orders.map((order) => ({
            orderId: order.id,
            orderNumber: order.number,
            status: order.status,
          })),
        },
      });
      return { ...claimed, cardCount: resolved.lines.length, totalCents, notes: resolved.notes };
    });
  } catch (error) {
    const refusal =
      error instanceof RunRefused
        ? error
        : error instanceof AppError && (error.code === 'VALIDATION' || error.status < 500)
          ? new RunRefused('refused', error.message)
          : null;
    if (!refusal) throw error;
    orders.length = 0;
    draftIds.length = 0;
    const failed = await recordFailure(ctx, preRule, run, refusal, at);
    return { run: failed, orders: [], drafts: [] };
  }
  // The orders that wait for their money are told to the order managers (issue 34 §3 item 1): a
  // run that succeeds quietly leaves an RF payment nobody knows to make. After the commit; a mail
  // that fails is logged, never undoes the run.
  if (outcome) {
    const awaiting = orders.filter((order) => order.status === 'awaiting_payment');
    await notifyAwaitingPayment(ctx, preRule, run.runDay, awaiting).catch((error: unknown) =>
      ctx.log.error({ err: error, ruleId }, 'recurring payment mail failed'),
    );
  }
  return { run: outcome, orders, drafts: draftIds };
}

/** Records a failed run (once per period) and tells the company's order managers. */
async function recordFailure(
  ctx: RecurringContext,
  rule: RuleRow,
  run: { runDay: string; period: string },
  refusal: RunRefused,
  at: Date,
): Promise<RunRow | null> {
  const failed = await ctx.db.transaction(async (tx) => {
    const claimed = await claimRun(tx, {
      ruleId: rule.id,
      companyId: rule.companyId,
      period: run.period,
      runDay: run.runDay,
      status: 'failed',
      failure: refusal.reason,
      detail: refusal.detail,
      createdAt: at,
    });
    // Issue 22 §3 (ADR 035): a run that made nothing is told too, with its reason.
    if (claimed) {
      await publishEvent(tx, {
        companyId: rule.companyId,
        type: 'recurring_run.created',
        at,
        data: {
          runId: claimed.id,
          ruleId: rule.id,
          ruleName: rule.name,
          period: run.period,
          runDay: run.runDay,
          status: 'failed',
          failure: refusal.reason,
          cardCount: 0,
          totalCents: 0,
          draftIds: [],
          orders: [],
        },
      });
    }
    return claimed;
  });
  if (!failed) return null;
  ctx.log.info(
    { ruleId: rule.id, period: run.period, reason: refusal.reason, detail: refusal.detail },
    'recurring run failed',
  );
  void notifyFailure(ctx, rule, failed).catch((error: unknown) =>
    ctx.log.error({ err: error, ruleId: rule.id }, 'recurring failure mail failed'),
  );
  return failed;
}
