import type { DraftOrder, UpdateDraftOrderRequestSchema } from '@tessera/domain';
import type { z } from 'zod';
import type { DraftActor, DraftContext } from './draft-context';
import { headerOf, toDraftCard } from './draft-view';
import { getDraftOrder } from './get-draft';
import { deleteDraftRow, findDraftCards, updateDraftRow } from './repository';
import { checkHeader } from './validate-lines';

type UpdateDraftOrder = z.output<typeof UpdateDraftOrderRequestSchema>;

/**
 * Changes a draft's header (updateDraftOrder). A change of product checks every line again
 * (its cards must be of the new product, its amounts within the new limits).
 */
export async function updateDraftOrder(
  ctx: DraftContext,
  request: UpdateDraftOrder,
  actor: DraftActor,
): Promise<DraftOrder> {
  await ctx.deliveryPointOf(actor.companyId, request.deliveryPointId);
  await ctx.checkProductAllowed(actor.companyId, request.product);
  await ctx.deps.db.transaction(async (tx) => {
    const before = await ctx.lockDraft(tx, actor.companyId, request.draftId);
    const header = { ...request, orderType: before.orderType };
    checkHeader(header);
    if (request.product !== before.product) {
      const lines = (await findDraftCards(tx, before.id)).map(toDraftCard);
      await ctx.checkLines(
        tx,
        actor.companyId,
        header,
        lines.map((card, index) => ({ card, field: `cards.${index}`, line: index + 1 })),
        lines,
      );
    }
    const after = await updateDraftRow(
      tx,
      before,
      {
        product: request.product,
        family: request.family,
        alias: request.draftOrderAlias,
        invoiceComments: request.invoiceComments,
        deliveryPointId: request.deliveryPointId,
        bulkAmountCents: request.bulkAmountCents,
        expiringDate: request.expiringDate,
      },
      actor,
    );
    await ctx.audit(tx, actor, 'draft.update', before.id, headerOf(before), headerOf(after));
  });
  return getDraftOrder(ctx, actor.companyId, request.draftId);
}

/** Deletes a draft and its lines, audited with what it held. */
export async function deleteDraftOrder(ctx: DraftContext, draftId: string, actor: DraftActor): Promise<void> {
  await ctx.deps.db.transaction(async (tx) => {
    const before = await ctx.lockDraft(tx, actor.companyId, draftId);
    const lines = (await findDraftCards(tx, draftId)).map(toDraftCard);
    await deleteDraftRow(tx, draftId);
    await ctx.audit(tx, actor, 'draft.delete', draftId, { ...headerOf(before), cards: lines }, null);
  });
}
