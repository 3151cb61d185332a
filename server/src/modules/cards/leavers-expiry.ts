import {
  athensDate,
  LIVE_CARD_STATUSES,
  maskCardNumber,
  type CardholderLeaver,
  type LeaverCard,
  type LeaversAndExpiringQuery,
  type LeaversAndExpiringResponse,
} from '@tessera/domain';
import type { z } from 'zod';
import { auditChange } from '../../platform/audit';
import { AppError, type FieldProblem, type ValidationKey } from '../../platform/errors';
import type { MarkCardholderLeaverRequestSchema, SetCardsRenewalRequestSchema } from '@tessera/domain';
import { cardClock } from './card-fields';
import type { CardActor, CardsContext } from './context';
import {
  findCardholderLeaver,
  findLeaverCardPage,
  findLeaverCardsOfCompany,
  setCardholderLeaver,
  setCardsDoNotRenew,
  type LeaverCardRow,
} from './leavers-repository';
import type { CardClock, Executor } from './repository';

/**
 * The leavers and expiry page (issue 22 §4, ADR 036): its list, the leaver mark on a cardholder and
 * the "do not renew" mark on cards. The bulk actions that move money or create drafts live with
 * the modules that own those paths (drafts: `replaceCards`; orders: `blockAndUnloadCards`) and read
 * the cards through `leaverCardsOf` and `checkBulkCards` here.
 */

export type MarkCardholderLeaver = z.output<typeof MarkCardholderLeaverRequestSchema>;
export type SetCardsRenewal = z.output<typeof SetCardsRenewalRequestSchema>;

/** A card of the page as the API shows it, judged at `clock` (Athens dates). */
function toLeaverCard(row: LeaverCardRow, clock: CardClock): LeaverCard {
  const expiryDate = row.expiryDate.slice(0, 10);
  return {
    cardId: row.id,
    maskedNumber: maskCardNumber(row.bin, row.last4),
    cardName: row.cardName,
    product: row.product,
    family: row.family,
    status: row.status,
    expiryDate,
    balanceCents: row.balanceCents,
    isExpiringSoon:
      LIVE_CARD_STATUSES.includes(row.status) &&
      expiryDate >= clock.today &&
      expiryDate <= clock.expiringUntil,
    doNotRenew: row.doNotRenew,
    cardholder: {
      cardholderId: row.cardholderId,
      firstName: row.firstName,
      lastName: row.lastName,
      leaverSince: row.leaverMarkedAt === null ? null : (row.leavingDate ?? athensDate(row.leaverMarkedAt)),
    },
  };
}

/** One page of the company's expiring cards and leavers' cards, with the count of each view. */
export async function listLeaversAndExpiring(
  ctx: CardsContext,
  companyId: string,
  query: LeaversAndExpiringQuery,
): Promise<LeaversAndExpiringResponse> {
  const clock = cardClock(ctx.now());
  const page = await findLeaverCardPage(ctx.db, companyId, query, clock);
  return {
    success: true,
    cards: page.rows.map((row) => toLeaverCard(row, clock)),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    counts: { expiring: page.expiring, leavers: page.leavers },
  };
}

function toCardholderLeaver(row: {
  id: string;
  leaverMarkedAt: Date | null;
  leavingDate: string | null;
}): CardholderLeaver {
  return {
    cardholderId: row.id,
    isLeaver: row.leaverMarkedAt !== null,
    leavingDate: row.leavingDate,
    markedAt: row.leaverMarkedAt?.toISOString() ?? null,
  };
}

/** The leaver mark of the company's cardholder (another company's is 404). */
export async function getCardholderLeaver(
  ctx: CardsContext,
  companyId: string,
  cardholderId: string,
): Promise<CardholderLeaver> {
  const row = await findCardholderLeaver(ctx.db, companyId, cardholderId);
  if (!row) throw new AppError('NOT_FOUND', `no cardholder ${cardholderId}`);
  return toCardholderLeaver(row);
}

/**
 * Marks the company's cardholder as a leaver (from `leavingDate`, else from today) or unmarks them,
 * audited; another company's cardholder is 404 and nothing changes. Marking again keeps the first
 * mark's time and takes the new leaving date.
 */
export async function markCardholderLeaver(
  ctx: CardsContext,
  request: MarkCardholderLeaver,
  actor: CardActor,
): Promise<CardholderLeaver> {
  return ctx.db.transaction(async (tx) => {
    const before = await findCardholderLeaver(tx, actor.companyId, request.cardholderId);
    if (!before) throw new AppError('NOT_FOUND', `no cardholder ${request.cardholderId}`);
    const at = ctx.now();
    const after = await setCardholderLeaver(tx, actor.companyId, before.id, {
      leaverMarkedAt: request.isLeaver ? (before.leaverMarkedAt ?? at) : null,
      leavingDate: request.isLeaver ? request.leavingDate : null,
      updatedAt: at,
    });
    await auditChange(tx, actor, {
      action: request.isLeaver ? 'cardholder.leaver.mark' : 'cardholder.leaver.unmark',
      entity: 'cardholder',
      entityId: before.id,
      before: toCardholderLeaver(before),
      after: toCardholderLeaver(after!),
    });
    return toCardholderLeaver(after!);
  });
}

/**
 * Marks the company's cards "do not renew" or "renew", all or nothing: an id that is not a card of
 * the company, or is given twice, is refused by its row. Audited per card changed.
 */
export async function setCardsRenewal(
  ctx: CardsContext,
  request: SetCardsRenewal,
  actor: CardActor,
): Promise<{ changed: number }> {
  return ctx.db.transaction(async (tx) => {
    await checkBulkCards(ctx, tx, actor.companyId, request.cardIds, () => null);
    const changed = await setCardsDoNotRenew(
      tx,
      actor.companyId,
      request.cardIds,
      request.doNotRenew,
      ctx.now(),
    );
    for (const cardId of changed) {
      await auditChange(tx, actor, {
        action: request.doNotRenew ? 'card.renewal.stop' : 'card.renewal.resume',
        entity: 'card',
        entityId: cardId,
        before: { doNotRenew: !request.doNotRenew },
        after: { doNotRenew: request.doNotRenew },
      });
    }
    return { changed: changed.length };
  });
}

/** The company's cards among `cardIds` as the page shows them (others and unknown ids are absent). */
export async function leaverCardsOf(
  ctx: CardsContext,
  db: Executor,
  companyId: string,
  cardIds: string[],
): Promise<LeaverCard[]> {
  const clock = cardClock(ctx.now());
  return (await findLeaverCardsOfCompany(db, companyId, cardIds)).map((row) => toLeaverCard(row, clock));
}

/** Why a bulk action refuses one card: a catalogue key and its parameters (the row is added). */
export type BulkCardRefusal = { key: ValidationKey; params?: Record<string, string | number> };

/**
 * The company's cards of a bulk action (`cardIds`, rows 1-based as the list's checkboxes gave
 * them), each judged by `refusal`; all or nothing: any refused row makes a 400 naming every refused
 * row (`cardIds.N`, translated keys with `line` and `card`). An id that is not a card of the
 * company — another company's included — is refused as `cardNotOfCompany` and nothing is read
 * back of it; an id given twice as `duplicateCard`.
 */
export async function checkBulkCards(
  ctx: CardsContext,
  db: Executor,
  companyId: string,
  cardIds: readonly string[],
  refusal: (card: LeaverCard) => BulkCardRefusal | null,
): Promise<LeaverCard[]> {
  const found = new Map(
    (await leaverCardsOf(ctx, db, companyId, [...cardIds])).map((card) => [card.cardId, card]),
  );
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  cardIds.forEach((cardId, index) => {
    const field = `cardIds.${index}`;
    const line = index + 1;
    const card = found.get(cardId);
    if (!card) {
      problems.push({ field, key: 'cardNotOfCompany', params: { line } });
      return;
    }
    if (seen.has(cardId)) {
      problems.push({ field, key: 'duplicateCard', params: { line, card: card.maskedNumber } });
      return;
    }
    seen.add(cardId);
    const refused = refusal(card);
    if (refused) {
      problems.push({
        field,
        key: refused.key,
        params: { line, card: card.maskedNumber, ...refused.params },
      });
    }
  });
  if (problems.length > 0) {
    throw new AppError('VALIDATION', `bulk card action refused: ${problems.length} row(s)`, {
      fields: problems.slice(0, 100),
    });
  }
  return cardIds.map((cardId) => found.get(cardId)!);
}
