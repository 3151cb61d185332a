import { eq } from 'drizzle-orm';
import {
  CORE_CATEGORY_OF_STORE,
  DAILY_CAP_PRODUCTS,
  DECLINE_ADVICE,
  DECLINE_REASON_TEXT,
  MEAL_DAILY_CAP_CENTS,
  maskCardNumber,
  movementKindOf,
  type CardholderCard,
  type CardholderMovement,
  type SpendCategory,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { decodeCursor, encodeCursor } from '../../platform/cursor';
import { AppError } from '../../platform/errors';
import type { Executor } from '../../platform/db';
import { cards } from '../cards/schema';
import type { CardholdersContext } from './context';
import {
  findOwnCard,
  findOwnCards,
  findOwnMovements,
  findRules,
  sumSpent,
  type OwnCardRow,
} from './repository';
import { cardholderEvents } from './schema';

/** One of the cardholder's cards, or 404: another person's card is "not found", never "forbidden". */
export async function requireOwnCard(db: Executor, email: string, cardId: string): Promise<OwnCardRow> {
  const card = await findOwnCard(db, email, cardId);
  if (!card) throw new AppError('NOT_FOUND', `card ${cardId} is not one of the cardholder's`);
  return card;
}

export function cardView(card: OwnCardRow): CardholderCard {
  return {
    cardId: card.cardId,
    product: card.product,
    family: card.family,
    productName: { el: card.nameEl, en: card.nameEn },
    maskedNumber: maskCardNumber(card.bin, card.last4),
    cardName: card.cardName,
    companyName: card.companyName,
    status: card.status,
    locked: card.lockedAt !== null,
    leaver: card.leaverMarkedAt !== null,
    availableCents: card.balanceCents,
    // The whole balance is valid through the card's expiry day (there are no dated lots of money).
    expiries: card.balanceCents > 0 ? [{ amountCents: card.balanceCents, expiresOn: card.expiryDate }] : [],
  };
}

/** `GET /api/my/cards`: every live card whose holder record carries the e-mail, with the read time. */
export async function listOwnCards(
  ctx: CardholdersContext,
  email: string,
): Promise<{ readAt: string; cards: CardholderCard[] }> {
  const rows = await findOwnCards(ctx.db, email);
  return { readAt: ctx.now().toISOString(), cards: rows.map(cardView) };
}

/** A page's end: its last movement's time in microseconds (exact, unlike a Date) and its id. */
const CURSOR = /^\d{1,20}\|[0-9a-f-]{36}$/;

/** `GET /api/my/cards/:cardId/movements`: newest first, a page of `limit` and the next cursor. */
export async function listOwnMovements(
  ctx: CardholdersContext,
  email: string,
  cardId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ movements: CardholderMovement[]; nextCursor: string | null }> {
  let position: string | null;
  try {
    position = decodeCursor(query.cursor, CURSOR);
  } catch (error) {
    // Another person's card is a 404 whatever the cursor.
    await requireOwnCard(ctx.db, email, cardId);
    throw error;
  }
  const before =
    position === null ? null : { atMicros: position.split('|')[0]!, id: position.split('|')[1]! };
  // The ownership check and the page in one statement (one round trip on the cardholder's home).
  const rows = await findOwnMovements(ctx.db, email, cardId, query.limit + 1, before);
  if (!rows) throw new AppError('NOT_FOUND', `card ${cardId} is not one of the cardholder's`);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    movements: page.map((row) => {
      const isDecline = row.kind === 'decline';
      const reason = isDecline ? row.declineReason : null;
      return {
        id: row.id,
        at: row.at.toISOString(),
        kind: isDecline ? 'decline' : movementKindOf(row.kind, row.amountCents),
        amountCents: row.amountCents,
        merchantName: row.merchantName,
        storeName: row.storeName,
        declineReason: reason,
        declineText: reason ? DECLINE_REASON_TEXT[reason] : null,
        advice: reason ? DECLINE_ADVICE[reason] : null,
      };
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor(`${last.atMicros}|${last.id}`) : null,
  };
}

/**
 * Locks or unlocks one of the cardholder's cards (issue 35 §3): a locked card is declined
 * `cardLocked` by the terminal API from the next call; unlocking restores it. Locked is not
 * blocked: a blocked card stays blocked. Audited, and kept in the card's history for care.
 */
export async function setOwnCardLocked(
  ctx: CardholdersContext,
  email: string,
  cardId: string,
  locked: boolean,
  ip: string,
): Promise<{ locked: boolean }> {
  await ctx.db.transaction(async (tx) => {
    const card = await requireOwnCard(tx, email, cardId);
    if ((card.lockedAt !== null) === locked) return;
    const at = ctx.now();
    await tx
      .update(cards)
      .set({ lockedAt: locked ? at : null, lockedBy: locked ? 'cardholder' : null, updatedAt: at })
      .where(eq(cards.id, card.cardId));
    await tx.insert(cardholderEvents).values({ email, at, kind: locked ? 'lock' : 'unlock', cardId, ip });
    await writeAudit(tx, {
      companyId: card.companyId,
      action: locked ? 'card.lock' : 'card.unlock',
      entity: 'card',
      entityId: card.cardId,
      before: { locked: card.lockedAt !== null },
      after: { locked, by: 'cardholder' },
    });
  });
  return { locked };
}

const PERIOD_TEXT: Record<string, { el: string; en: string }> = {
  transaction: { el: 'ανά αγορά', en: 'per purchase' },
  day: { el: 'ανά ημέρα', en: 'per day' },
  week: { el: 'ανά εβδομάδα', en: 'per week' },
  month: { el: 'ανά μήνα', en: 'per month' },
};

/**
 * `GET /api/my/cards/:cardId/rules`: the company's spend rules of the card's product (Spendeo,
 * MyBenefits), each with what the card spent in its current period, and the legal daily cap of meal
 * cards.
 */
export async function listOwnCardRules(
  ctx: CardholdersContext,
  email: string,
  cardId: string,
): Promise<{
  rules: {
    label: { el: string; en: string };
    limitCents: number | null;
    period: string;
    spentCents: number;
  }[];
  dailyCapCents: number | null;
}> {
  const card = await requireOwnCard(ctx.db, email, cardId);
  const at = ctx.now();
  const rows =
    card.product === 'SPENDEO' || card.product === 'MY_BENEFITS'
      ? await findRules(ctx.db, card.companyId, card.product)
      : [];
  const rules = [];
  for (const row of rows) {
    const target = row.target;
    const categories =
      target.kind === 'category' && target.category
        ? [target.category]
        : target.kind === 'core'
          ? (Object.entries(CORE_CATEGORY_OF_STORE) as [SpendCategory, string | null][])
              .filter(([, core]) => core === target.coreCategory)
              .map(([category]) => category)
          : undefined;
    const spentCents =
      row.period === 'transaction'
        ? 0
        : await sumSpent(ctx.db, card.cardId, row.period as 'day' | 'week' | 'month', at, {
            ...(categories ? { categories } : {}),
            ...(target.kind === 'merchant' && target.merchant ? { merchant: target.merchant } : {}),
          });
    const period = PERIOD_TEXT[row.period] ?? { el: row.period, en: row.period };
    rules.push({
      label: { el: `${row.name} (${period.el})`, en: `${row.name} (${period.en})` },
      limitCents: row.limitCents,
      period: row.period,
      spentCents,
    });
  }
  return {
    rules,
    dailyCapCents: DAILY_CAP_PRODUCTS.includes(card.product) ? MEAL_DAILY_CAP_CENTS : null,
  };
}
