import { addDays, athensMidnight, type MerchantBalance } from '@tessera/domain';
import { salesOfMerchant } from '../terminals';
import { findLastSettledDay, findMerchantPayouts } from './repository';
import type { SettlementsContext } from './settlements-context';

/**
 * What a merchant is owed, in brief (`GET /retrieveBalance`): sales since its last settled day not
 * settled yet, the payouts scheduled and the next of them, those on their way to the bank (sent, not
 * confirmed paid) and the last five. Small on purpose: the merchant portal's pages (issue 16) build
 * on it.
 */
export async function merchantBalance(
  ctx: SettlementsContext,
  merchantId: string,
  now: Date = new Date(),
): Promise<MerchantBalance> {
  const lastDay = await findLastSettledDay(ctx.db, merchantId);
  const from = lastDay ? athensMidnight(addDays(lastDay, 1)) : new Date(0);
  // Up to a moment past now: a call stamped this instant counts.
  const sales = await salesOfMerchant(ctx.db, merchantId, from, new Date(now.getTime() + 1));
  const payouts = await findMerchantPayouts(ctx.db, merchantId);
  return {
    unsettledCents: sales.reduce((sum, line) => sum + line.purchasesCents - line.givenBackCents, 0),
    scheduledPayoutCents: payouts.scheduledCents,
    scheduledPayoutCount: payouts.scheduledCount,
    nextPayout: payouts.nextScheduled
      ? {
          amountCents: payouts.nextScheduled.amountCents,
          state: payouts.nextScheduled.state,
          day: payouts.nextScheduled.businessDay,
        }
      : null,
    onTheWay: payouts.onTheWay.map((payout) => ({
      payoutId: payout.id,
      amountCents: payout.amountCents,
      day: payout.businessDay,
      sentAt: payout.sentAt?.toISOString() ?? null,
    })),
    onTheWayCents: payouts.onTheWayCents,
    lastPayouts: payouts.last.map((payout) => ({
      payoutId: payout.id,
      amountCents: payout.amountCents,
      state: payout.state,
      day: payout.businessDay,
      sentAt: payout.sentAt?.toISOString() ?? null,
      paidAt: payout.paidAt?.toISOString() ?? null,
    })),
  };
}
