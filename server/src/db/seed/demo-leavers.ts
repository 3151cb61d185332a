import { addDays, athensDate, EXPIRING_WINDOW_DAYS } from '@tessera/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { cardholders, cards } from '../../modules/cards/schema';

/**
 * Leavers for the demo's leavers and expiry page (issue 22 §4, ADR 036): two cardholders of the
 * company marked as leavers — one leaving in two weeks, one marked without a date — and one of
 * their cards marked "do not renew". The generated cards already include some expiring within the
 * 60-day window. The leavers are taken from the end of the card list (by holder name), holders
 * whose live cards all expire after the window, so the expiring cards other journeys pick stay as
 * they were.
 */
export async function seedDemoLeavers(db: Db, companyId: string, now: Date = new Date()): Promise<number> {
  const until = addDays(athensDate(now), EXPIRING_WINDOW_DAYS);
  const holders = await db
    .select({ id: cardholders.id })
    .from(cardholders)
    .innerJoin(cards, eq(cards.cardholderId, cardholders.id))
    .where(eq(cardholders.companyId, companyId))
    .groupBy(cardholders.id, cardholders.lastName, cardholders.firstName)
    .having(sql`bool_and(${cards.status} = 'active' and ${cards.expiryDate} > ${until})`)
    .orderBy(desc(cardholders.lastName), desc(cardholders.firstName))
    .limit(2);
  const [first, second] = holders;
  if (!first) return 0;
  await db
    .update(cardholders)
    .set({ leaverMarkedAt: now, leavingDate: addDays(athensDate(now), 14) })
    .where(eq(cardholders.id, first.id));
  if (second) {
    await db.update(cardholders).set({ leaverMarkedAt: now }).where(eq(cardholders.id, second.id));
    await db
      .update(cards)
      .set({ doNotRenew: true })
      .where(and(eq(cards.cardholderId, second.id), inArray(cards.status, ['active'])));
  }
  return holders.length;
}
