import type { DraftOrder } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { DraftContext } from './draft-context';
import { findDraft } from './repository';

/** One draft of the company with its lines, the cards they name and its price; 404 otherwise. */
export async function getDraftOrder(
  ctx: DraftContext,
  companyId: string,
  draftId: string,
): Promise<DraftOrder> {
  const row = await findDraft(ctx.deps.db, companyId, draftId);
  if (!row) throw new AppError('NOT_FOUND', `no draft ${draftId} in ${companyId}`);
  const [deliveryPoint, terms] = await Promise.all([
    row.deliveryPointId ? ctx.deps.deliveryPoints.getDeliveryPoint(companyId, row.deliveryPointId) : null,
    ctx.termsOf(companyId),
  ]);
  return ctx.view(ctx.deps.db, row, deliveryPoint, terms(row.product, row.family));
}
