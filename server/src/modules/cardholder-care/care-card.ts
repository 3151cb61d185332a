import {
  cardMovementKindOf,
  CareMovementsRequestSchema,
  CareUnlockRequestSchema,
  type CardMovementsResponse,
  type CareCard,
  type CareMovementsRequest,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { accountMovements } from '../ledger';
import type { CareActor, CareContext } from './context';
import { careCardOf } from './lookup-cardholders';
import { findCard, insertEvent, unlockCard } from './repository';

/** Care unlocks a locked card with a reason: an 'unlock' event by the staff member, audited; 409 when not locked. */
export async function unlockLockedCard(
  ctx: CareContext,
  actor: CareActor,
  cardId: string,
  request: { reason: string },
): Promise<CareCard> {
  const { reason } = CareUnlockRequestSchema.parse(request);
  const card = await findCard(ctx.db, cardId);
  if (!card) throw new AppError('NOT_FOUND', `no card ${cardId}`);
  await ctx.db.transaction(async (tx) => {
    if (!(await unlockCard(tx, cardId))) {
      throw new AppError('CONFLICT', `card ${cardId} is not locked`);
    }
    if (card.email) {
      await insertEvent(tx, { email: card.email, kind: 'unlock', cardId, actor: actor.userId, reason });
    }
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: card.companyId,
      action: 'card.unlock',
      entity: 'card',
      entityId: cardId,
      before: { lockedAt: card.lockedAt?.toISOString() ?? null, lockedBy: card.lockedBy },
      after: { lockedAt: null, lockedBy: null },
      actingReason: reason,
      requestId: actor.requestId ?? null,
    });
  });
  return careCardOf(
    { ...card, lockedAt: null, lockedBy: null },
    await ctx.ledger.balance(ctx.db, card.accountId),
  );
}

/**
 * Where a card was spent (issue 35 §7, ADR 049): the movements with the merchant and store, for
 * provider staff only and with a reason the audit log keeps beside who looked and when.
 */
export async function revealMovements(
  ctx: CareContext,
  actor: CareActor,
  cardId: string,
  request: CareMovementsRequest,
): Promise<Omit<CardMovementsResponse, 'success'>> {
  const { reason, limit } = CareMovementsRequestSchema.parse(request);
  const card = await findCard(ctx.db, cardId);
  if (!card) throw new AppError('NOT_FOUND', `no card ${cardId}`);
  const [rows, balanceCents] = await Promise.all([
    accountMovements(ctx.db, card.accountId, limit),
    ctx.ledger.balance(ctx.db, card.accountId),
  ]);
  await writeAudit(ctx.db, {
    actorUserId: actor.userId,
    companyId: card.companyId,
    action: 'card.movements.reveal',
    entity: 'card',
    entityId: cardId,
    after: { movements: rows.length },
    actingReason: reason,
    requestId: actor.requestId ?? null,
  });
  return {
    cardId,
    balanceCents,
    movements: rows.map((row) => ({
      movementId: row.transactionId,
      kind: cardMovementKindOf(row.kind, row.amountCents),
      amountCents: row.amountCents,
      description: row.description,
      reference: row.reference,
      postedAt: row.postedAt.toISOString(),
    })),
  };
}
