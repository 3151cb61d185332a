import {
  athensDate,
  expiredFlowDate,
  LIVE_CARD_STATUSES,
  replacementReasonOf,
  type DraftCard,
  type LeaverCard,
  type ReplaceCardsRequestSchema,
  type ReplaceCardsResponse,
} from '@tessera/domain';
import type { z } from 'zod';
import type { BulkCardRefusal } from '../cards';
import { companyScope, idempotent } from '../../platform/idempotency';
import type { DraftActor, DraftContext, DraftHeader, IdempotencyOptions } from './draft-context';
import { checkHeader } from './validate-lines';

export type ReplaceCards = z.output<typeof ReplaceCardsRequestSchema>;

/**
 * Why a card of the leavers and expiry page may not be replaced for its expiry (ADR 036): it is no
 * longer in use, it is marked "do not renew", its holder is leaving, or it expires after the
 * 60-day window (an expired card that is still live may be replaced).
 */
export function replacementRefusal(card: LeaverCard, today: string): BulkCardRefusal | null {
  if (!LIVE_CARD_STATUSES.includes(card.status)) return { key: 'cardNotLive' };
  if (card.doNotRenew) return { key: 'cardNotRenewed' };
  if (card.cardholder.leaverSince !== null) return { key: 'cardOfLeaver' };
  if (!card.isExpiringSoon && card.expiryDate >= today) {
    return { key: 'cardNotExpiring', params: { date: card.expiryDate } };
  }
  return null;
}

/**
 * replaceCards (issue 22 §4, ADR 036): EXPIRED drafts replacing the chosen expiring cards, one per
 * product and family (a draft has one of each), through the drafts' own path — the draft limit,
 * the header and line rules, the audit — all in one transaction: a refused row (named `cardIds.N`)
 * creates nothing. Each line replaces its card and loads nothing more (the balance moves to the
 * new card when the order is paid). With an `Idempotency-Key` a replay answers the first drafts.
 */
export async function replaceCards(
  ctx: DraftContext,
  request: ReplaceCards,
  actor: DraftActor,
  idempotency: IdempotencyOptions,
): Promise<Omit<ReplaceCardsResponse, 'success'>> {
  const { deps, claimDraftSlot, insertNewDraft } = ctx;
  return idempotent(
    deps.db,
    companyScope(actor, idempotency, request),
    async (tx) => {
      const now = (deps.now ?? (() => new Date()))();
      const today = athensDate(now);
      const cards = await deps.cards.checkBulkCards(tx, actor.companyId, request.cardIds, (card) =>
        replacementRefusal(card, today),
      );
      const groups = new Map<string, LeaverCard[]>();
      for (const card of cards) {
        const key = `${card.product}/${card.family}`;
        groups.set(key, [...(groups.get(key) ?? []), card]);
      }
      const drafts: ReplaceCardsResponse['drafts'] = [];
      for (const group of groups.values()) {
        const { product, family } = group[0]!;
        const reason = replacementReasonOf(product, family);
        const header: DraftHeader = {
          reason,
          orderType: 'EXPIRED',
          product,
          family,
          draftOrderAlias: '',
          invoiceComments: '',
          deliveryPointId: null,
          bulkAmountCents: null,
          expiringDate: expiredFlowDate(now),
        };
        checkHeader(header);
        await claimDraftSlot(tx, actor.companyId);
        const lines: DraftCard[] = group.map((card) => ({
          tempCardId: card.cardId,
          cardId: card.cardId,
          cardholderId: null,
          cardholder: null,
          cardName: card.cardName,
          amountCents: 0,
        }));
        const row = await insertNewDraft(tx, header, lines, actor);
        drafts.push({ draftId: row.id, product, family, cards: lines.length });
      }
      return { drafts };
    },
    // Outside the transaction (it reads the company's settings on its own connection): the
    // products of the cards named may be ordered by the company. The rows are judged in the
    // transaction, on the locked state.
    async () => {
      const named = await deps.cards.leaverCardsOf(deps.db, actor.companyId, request.cardIds);
      for (const product of new Set(named.map((card) => card.product))) {
        await ctx.checkProductAllowed(actor.companyId, product);
      }
    },
  );
}
