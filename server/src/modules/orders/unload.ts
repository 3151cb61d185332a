import {
  rfOfOrderNumber,
  ZERO_PRICE_TOTALS,
  type OrderSummary,
  type UnloadPriceResponse,
  type UnloadRequestSchema,
} from '@tessera/domain';
import type { z } from 'zod';
import { auditChange } from '../../platform/audit';
import { AppError, type FieldProblem } from '../../platform/errors';
import type { CardsService } from '../cards';
import type { Executor } from '../../platform/db';
import { companyScope, idempotent } from '../../platform/idempotency';
import { makersOf } from '../../platform/makers';
import type { IdempotencyOptions } from '../drafts';
import type { FulfilDeps } from './fulfil-order';
import { assertMayMoveMoney } from './move-money-guard';
import type { OrderContext } from './order-context';
import { addEvent, insertOrder, insertOrderLines, nextOrderNumber, type OrderRow } from './repository';
import type { OrderActor } from './order-context';

export type UnloadQuery = z.output<typeof UnloadRequestSchema>;

/**
 * An unload order (SPEC §7 submitUnloadOrder; ADR 010), in the caller's transaction: money back
 * from cards to the company's funding account, as one order with one ledger posting. The cards
 * are locked first, so the balances read are the balances unloaded.
 */
export async function placeUnloadOrder(
  tx: Executor,
  deps: FulfilDeps,
  actor: OrderActor,
  request: UnloadQuery,
  at: Date,
): Promise<OrderRow> {
  const locked = await deps.cards.lockCardsOfCompany(
    tx,
    actor.companyId,
    request.cards.map((card) => card.cardId),
  );
  const lines = await unloadLines(tx, deps.cards, actor.companyId, request);
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  // Money moves off the cards: a person with a second factor may need a fresh code (ADR 040).
  await assertMayMoveMoney(tx, actor, { kind: 'unload', amountCents: totalCents });
  const number = await nextOrderNumber(tx);
  const first = locked[0]!;
  const order = await insertOrder(tx, {
    number,
    companyId: actor.companyId,
    reason: null,
    orderType: 'UNLOAD',
    product: first.product,
    family: first.family,
    invoiceComments: request.comments,
    status: 'unloaded',
    price: { ...ZERO_PRICE_TOTALS, loadCents: -totalCents, totalCents: -totalCents },
    totalCents: -totalCents,
    rfCode: rfOfOrderNumber(number),
    locale: actor.locale,
    submittedBy: actor.userId,
    madeBy: makersOf(actor),
    submittedAt: at,
    updatedAt: at,
  });
  await insertOrderLines(
    tx,
    lines.map((line, position) => ({
      orderId: order.id,
      position,
      tempCardId: line.cardId,
      cardId: line.cardId,
      amountCents: -line.amountCents,
    })),
  );
  const accountOf = new Map(locked.map((card) => [card.id, card.accountId]));
  const funding = await deps.ledger.companyFundingAccount(tx, actor.companyId);
  await deps.ledger.post(tx, {
    kind: 'unload',
    companyId: actor.companyId,
    reference: `#${number}`,
    description: `unload order #${number}`,
    idempotencyKey: `order:${order.id}:unload`,
    createdBy: actor.userId,
    postedAt: at,
    entries: [
      ...lines.map((line) => ({
        accountId: accountOf.get(line.cardId)!,
        amountCents: -line.amountCents,
      })),
      { accountId: funding, amountCents: totalCents },
    ],
  });
  await addEvent(tx, { orderId: order.id, status: 'unloaded', by: actor.userId, at });
  await auditChange(tx, actor, {
    action: 'order.unload',
    entity: 'order',
    entityId: order.id,
    after: { number, totalCents, cards: lines.length },
  });
  return order;
}

/** The unload lines: the company's cards with money, each amount at most the card's balance. */
export async function unloadLines(
  db: Executor,
  cards: CardsService,
  companyId: string,
  request: UnloadQuery,
): Promise<UnloadPriceResponse['lines']> {
  const found = new Map(
    (
      await cards.cardsOfCompany(
        db,
        companyId,
        request.cards.map((card) => card.cardId),
      )
    ).map((card) => [card.cardId, card]),
  );
  const problems: FieldProblem[] = request.cards.flatMap((entry, index): FieldProblem[] => {
    const card = found.get(entry.cardId);
    if (!card) return [{ field: `cards.${index}.cardId`, key: 'invalidChoice' as const }];
    const amount = entry.amountCents ?? card.balanceCents;
    if (amount <= 0 || amount > card.balanceCents) {
      return [
        {
          field: `cards.${index}.amountCents`,
          key: 'tooLarge' as const,
          params: { max: (card.balanceCents / 100).toFixed(2) },
        },
      ];
    }
    return [];
  });
  const seen = new Set<string>();
  request.cards.forEach((entry, index) => {
    if (seen.has(entry.cardId))
      problems.push({ field: `cards.${index}.cardId`, key: 'invalidChoice' as const });
    seen.add(entry.cardId);
  });
  if (problems.length > 0)
    throw new AppError('VALIDATION', `unload refused: ${problems.length} problem(s)`, {
      fields: problems.slice(0, 100),
    });
  return request.cards.map((entry) => {
    const card = found.get(entry.cardId)!;
    return {
      cardId: card.cardId,
      maskedNumber: card.maskedNumber,
      cardName: card.cardName,
      balanceCents: card.balanceCents,
      amountCents: entry.amountCents ?? card.balanceCents,
    };
  });
}

/** unloadOrderPriceCalculation: what taking money back from the cards gives, card by card. */
export async function unloadPrice(
  ctx: OrderContext,
  companyId: string,
  request: UnloadQuery,
): Promise<Omit<UnloadPriceResponse, 'success'>> {
  const lines = await unloadLines(ctx.db, ctx.deps.cards, companyId, request);
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}

/**
 * submitUnloadOrder: money back from cards to the company's balance, as one order, in one
 * transaction with its ledger posting; the cards are locked so a balance read is the balance
 * unloaded.
 */
export async function submitUnload(
  ctx: OrderContext,
  actor: OrderActor,
  request: UnloadQuery,
  idempotency: IdempotencyOptions,
): Promise<OrderSummary> {
  const result = await idempotent(ctx.db, companyScope(actor, idempotency, request), async (tx) => {
    const order = await placeUnloadOrder(tx, ctx.fulfilDeps, actor, request, ctx.now());
    return { orderId: order.id };
  });
  const order = await ctx.getOrder(actor.companyId, result.orderId);
  ctx.notify({ kind: 'unloaded', order });
  return ctx.summary(order);
}
