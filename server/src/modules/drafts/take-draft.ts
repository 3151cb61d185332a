import type { CardCategory, CardFamily, DeliveryPoint, DraftCard, PricingTerms } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { DraftContext } from './draft-context';
import { toDraftCard } from './draft-view';
import { findDraft, findDraftCards, type DraftRow } from './repository';

/** What a submission reads before its transaction (the pool, not the transaction, serves them). */
export type PreparedSubmission = {
  deliveryPointId: string | null;
  product: CardCategory;
  family: CardFamily;
  deliveryPoint: DeliveryPoint | null;
  terms: PricingTerms;
};

/** Reads the draft's delivery point and the company's terms, outside the submission's transaction. */
export async function prepareSubmission(
  ctx: DraftContext,
  companyId: string,
  draftId: string,
): Promise<PreparedSubmission> {
  const draft = await findDraft(ctx.deps.db, companyId, draftId);
  if (!draft) throw new AppError('NOT_FOUND', `no draft ${draftId} in ${companyId}`);
  const [deliveryPoint, terms] = await Promise.all([
    ctx.deliveryPointOf(companyId, draft.deliveryPointId),
    ctx.termsOf(companyId),
  ]);
  return {
    deliveryPointId: draft.deliveryPointId,
    product: draft.product,
    family: draft.family,
    deliveryPoint,
    terms: terms(draft.product, draft.family),
  };
}

/**
 * The draft an order is made of, in the caller's transaction: locked, unchanged since it was
 * prepared (else 409), with at least one line, and its lines checked again against the cards as
 * they are now. The caller deletes it (`removeDraft`) once the order is written.
 */
export async function takeDraft(
  ctx: DraftContext,
  tx: Executor,
  companyId: string,
  draftId: string,
  prepared: PreparedSubmission,
): Promise<{ draft: DraftRow; lines: DraftCard[] }> {
  const draft = await ctx.lockDraft(tx, companyId, draftId);
  if (
    draft.deliveryPointId !== prepared.deliveryPointId ||
    draft.product !== prepared.product ||
    draft.family !== prepared.family
  ) {
    throw new AppError('CONFLICT', `draft ${draftId} changed while it was being submitted`);
  }
  const lines = (await findDraftCards(tx, draft.id)).map(toDraftCard);
  if (lines.length === 0) {
    throw new AppError('VALIDATION', `draft ${draftId} has no lines`, {
      fields: [{ field: 'cards', key: 'required' }],
    });
  }
  const header = {
    reason: draft.reason,
    orderType: draft.orderType,
    product: draft.product,
    family: draft.family,
    draftOrderAlias: draft.alias,
    invoiceComments: draft.invoiceComments,
    deliveryPointId: draft.deliveryPointId,
    bulkAmountCents: draft.bulkAmountCents,
    expiringDate: draft.expiringDate,
  };
  await ctx.checkLines(
    tx,
    companyId,
    header,
    lines.map((card, index) => ({ card, field: `cards.${index}`, line: index + 1 })),
    lines,
  );
  return { draft, lines };
}
