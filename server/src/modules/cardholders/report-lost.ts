import { ROLE, type DraftCard, type ReportLost } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { DraftHeader } from '../drafts';
import type { CardholdersContext } from './context';
import { requireOwnCard } from './own-cards';
import { cardholderEvents } from './schema';

const REASON_TEXT = {
  lost: { el: 'απώλεια', en: 'lost' },
  stolen: { el: 'κλοπή', en: 'stolen' },
} as const;

/**
 * `POST /api/my/cards/:cardId/report-lost` (issue 35 §3, ADR 046): the cardholder reports the card
 * lost or stolen. In one transaction the card is blocked for good through the cards module's one
 * status path (`blockCards`: its `card.blocked` webhook), audited, recorded in the cardholder's
 * history, and a LOST replacement draft is prepared for the company through the drafts module
 * (`createDraftIn`: the draft limit, line rules and audit), owned by one of its order managers; the
 * line loads nothing more, so the balance moves to the new card when the company pays the order, as
 * the company's own LOST flow does. The draft is made in a savepoint: when the company may not have
 * another (its draft limit), the card is blocked all the same and no draft id is returned. The
 * company's order managers are told by e-mail after the commit, and by the bell.
 */
export async function reportOwnCardLost(
  ctx: CardholdersContext,
  email: string,
  cardId: string,
  request: ReportLost,
  ip: string,
): Promise<{ status: 'blocked'; replacementDraftId: string | null }> {
  const seen = await requireOwnCard(ctx.db, email, cardId);
  // Read before the transaction: on PGlite a second pooled connection inside one would wait forever.
  const users = await ctx.identity.companyUsers(seen.companyId);
  const managers = users.filter((user) => user.userRoleId === ROLE.ORDER_MANAGER && !user.isLocked);
  const owner = managers[0];
  const at = ctx.now();
  const replacementDraftId = await ctx.db.transaction(async (tx) => {
    await ctx.cards.lockCardsOfCompany(tx, seen.companyId, [cardId]);
    const card = await requireOwnCard(tx, email, cardId);
    if (card.status === 'blocked') {
      throw new AppError('CONFLICT', `card ${cardId} is already blocked`);
    }
    await ctx.cards.blockCards(tx, card.companyId, [card.cardId]);
    await writeAudit(tx, {
      companyId: card.companyId,
      action: 'card.block',
      entity: 'card',
      entityId: card.cardId,
      before: { status: card.status, balanceCents: card.balanceCents },
      after: { status: 'blocked', by: 'cardholder', reason: request.reason },
    });
    await tx
      .insert(cardholderEvents)
      .values({ email, at, kind: 'report-lost', cardId, reason: request.reason, ip });
    if (!owner) return null;
    const header: DraftHeader = {
      reason: 'lost-card',
      orderType: 'LOST',
      product: card.product,
      family: card.family,
      draftOrderAlias: `${REASON_TEXT[request.reason].el} ${card.last4}`.slice(0, 80),
      invoiceComments: '',
      deliveryPointId: null,
      bulkAmountCents: null,
      expiringDate: null,
    };
    const lines: DraftCard[] = [
      {
        tempCardId: card.cardId,
        cardId: card.cardId,
        cardholderId: null,
        cardholder: null,
        cardName: card.cardName,
        amountCents: 0,
      },
    ];
    try {
      return await tx.transaction(async (savepoint) => {
        const draft = await ctx.drafts.createDraftIn(savepoint, header, lines, {
          userId: owner.userId,
          companyId: card.companyId,
        });
        return draft.id;
      });
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  });
  await tellOrderManagers(ctx, managers, seen, request, replacementDraftId);
  return { status: 'blocked', replacementDraftId };
}

async function tellOrderManagers(
  ctx: CardholdersContext,
  managers: { email: string; preferredLanguage: 'el' | 'en' }[],
  card: { cardName: string; bin: string; last4: string; firstName: string; lastName: string },
  request: ReportLost,
  draftId: string | null,
): Promise<void> {
  const holder = `${card.firstName} ${card.lastName}`.trim();
  for (const manager of managers) {
    const en = manager.preferredLanguage === 'en';
    const link = `${ctx.publicUrl}${en ? '/en' : ''}/orders/drafts`;
    const reason = REASON_TEXT[request.reason][en ? 'en' : 'el'];
    const text = en
      ? `${holder} reported the card ending ${card.last4} (${card.cardName}) ${reason}. The card is blocked for good.\n\n${draftId ? `A replacement draft (LOST) keeping the balance is ready for you to submit: ${link}` : `Create a replacement (LOST) order for it: ${link}`}`
      : `Ο/Η ${holder} δήλωσε ${reason} της κάρτας που λήγει σε ${card.last4} (${card.cardName}). Η κάρτα μπλοκαρίστηκε οριστικά.\n\n${draftId ? `Ένα πρόχειρο αντικατάστασης (LOST) που διατηρεί το υπόλοιπο σας περιμένει για υποβολή: ${link}` : `Δημιουργήστε παραγγελία αντικατάστασης (LOST): ${link}`}`;
    try {
      await ctx.mailer.send({
        to: manager.email,
        subject: en
          ? `Card ending ${card.last4} reported ${reason}`
          : `Δήλωση ${reason} κάρτας που λήγει σε ${card.last4}`,
        text,
      });
    } catch (error) {
      ctx.log?.error({ err: error }, 'the lost-card mail to an order manager failed');
    }
  }
}
