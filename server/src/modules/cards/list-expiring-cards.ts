import { maskCardNumber } from '@tessera/domain';
import { and, asc, between, inArray } from 'drizzle-orm';
import type { CardsContext } from './context';
import { LIVE_STATUSES } from './repository';
import { cards } from './schema';

/**
 * The live cards of `companyIds` whose expiry falls between `fromDay` and `untilDay` (inclusive,
 * `YYYY-MM-DD`), masked: the webhooks' daily `card.expiring` notices (issue 22 §3).
 */
export async function listExpiringCards(
  ctx: CardsContext,
  companyIds: string[],
  fromDay: string,
  untilDay: string,
): Promise<
  {
    cardId: string;
    companyId: string;
    expiryDate: string;
    maskedNumber: string;
    cardName: string;
    status: string;
    doNotRenew: boolean;
  }[]
> {
  if (companyIds.length === 0) return [];
  const rows = await ctx.db
    .select({
      cardId: cards.id,
      companyId: cards.companyId,
      expiryDate: cards.expiryDate,
      bin: cards.bin,
      last4: cards.last4,
      cardName: cards.cardName,
      status: cards.status,
      doNotRenew: cards.doNotRenew,
    })
    .from(cards)
    .where(
      and(
        inArray(cards.companyId, companyIds),
        inArray(cards.status, LIVE_STATUSES),
        between(cards.expiryDate, fromDay, untilDay),
      ),
    )
    .orderBy(asc(cards.expiryDate), asc(cards.id));
  return rows.map(({ bin, last4, ...row }) => ({ ...row, maskedNumber: maskCardNumber(bin, last4) }));
}
