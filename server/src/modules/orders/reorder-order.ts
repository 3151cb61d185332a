import { companyScope, idempotent } from '../../platform/idempotency';
import { AppError } from '../../platform/errors';
import { withMakers } from '../../platform/makers';
import type { IdempotencyOptions } from '../drafts';
import type { OrderContext } from './order-context';
import { linesOf } from './repository';
import type { OrderActor } from './order-context';

/** reorder: a new draft with the order's lines (loads: the same cards; new cards: the same people). */
export async function reorderOrder(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
  idempotency: IdempotencyOptions,
): Promise<{ draftId: string }> {
  const { db, deps } = ctx;
  const order = await ctx.getOrder(actor.companyId, orderId);
  if (order.orderType === 'UNLOAD' || ['DAMAGED', 'LOST', 'EXPIRED', 'UPGRADE'].includes(order.orderType)) {
    throw new AppError(
      'ORDER_STATE_CONFLICT',
      `order ${orderId} of type ${order.orderType} cannot be reordered`,
    );
  }
  const lines = await linesOf(db, orderId);
  const creates = order.orderType === 'NEW' || order.orderType === 'NEW_LOAD';
  const made = creates
    ? await deps.cards.cardsOfCompany(
        db,
        actor.companyId,
        lines.flatMap((line) => (line.cardId ? [line.cardId] : [])),
      )
    : [];
  const holderOf = new Map(made.map((card) => [card.cardId, card.cardholder.cardholderId]));
  return idempotent(db, companyScope(actor, idempotency, { orderId }), async (tx) => {
    const row = await deps.drafts.createDraftIn(
      tx,
      {
        reason: order.reason ?? (creates ? 'new-card' : 'load-card'),
        orderType: order.orderType as Exclude<typeof order.orderType, 'UNLOAD'>,
        product: order.product,
        family: order.family,
        draftOrderAlias: order.alias,
        invoiceComments: order.invoiceComments,
        deliveryPointId: order.deliveryPoint?.deliveryPointId ?? null,
        bulkAmountCents: null,
        expiringDate: null,
      },
      lines.map((line) => {
        const holderId = creates && line.cardId ? (holderOf.get(line.cardId) ?? null) : line.cardholderId;
        return {
          tempCardId: line.tempCardId,
          cardId: creates ? null : line.cardId,
          cardholderId: holderId,
          cardholder: holderId ? null : line.cardholder,
          cardName: line.cardName,
          amountCents: line.amountCents,
        };
      }),
      // ADR 040: the new draft copies the order's content, so its makers made the new one too.
      { ...actor, madeBy: withMakers(actor.madeBy ?? [], order.madeBy) },
    );
    return { draftId: row.id };
  });
}
