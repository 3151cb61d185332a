import { LIVE_CARD_STATUSES, type Card } from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { cardSearchFields } from './card-fields';
import type { CardActor, CardsContext } from './context';
import { readCardDetail } from './get-card';
import { findCardholderOfCompany, findCardOfCompany, updateCardRow } from './repository';

/** Renames a live card, audited; a replaced, lost, damaged or expired card keeps its name. */
export async function renameCard(
  ctx: CardsContext,
  cardId: string,
  cardName: string,
  actor: CardActor,
): Promise<Card> {
  const renamed = await ctx.db.transaction(async (tx) => {
    const card = await findCardOfCompany(tx, actor.companyId, cardId);
    if (!card) throw new AppError('NOT_FOUND', `no card ${cardId}`);
    if (!LIVE_CARD_STATUSES.includes(card.status)) {
      throw new AppError('CARD_NOT_EDITABLE', `card ${cardId} is ${card.status}`);
    }
    ctx.totals.forget(actor.companyId);
    const holder = await findCardholderOfCompany(tx, actor.companyId, card.cardholderId);
    await updateCardRow(tx, card.id, {
      cardName,
      ...cardSearchFields(holder!, { cardName, last4: card.last4 }),
    });
    await auditChange(tx, actor, {
      action: 'card.rename',
      entity: 'card',
      entityId: card.id,
      before: { cardName: card.cardName },
      after: { cardName },
    });
    return readCardDetail(ctx, tx, card.id);
  });
  ctx.totals.forget(actor.companyId);
  return renamed;
}
