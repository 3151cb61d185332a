import { addDays, athensDate, athensMidnight, DECLINE_REASONS, type DeclineReason } from '@tessera/domain';
import { countDeclines } from './repository';
import type { TerminalsContext } from './terminal-context';

/** Declines in one Athens day at which the merchant is told (issue 16: declines it cannot explain). */
export const DECLINE_SPIKE_THRESHOLDS = [10, 25, 50] as const;

/**
 * After a declined authorisation (committed): counts the merchant's declines of that Athens day and
 * tells it once per day and threshold reached, with the most frequent reason (stored as its code,
 * translated where the notification is read). Only declines pay for the count, after their
 * transaction, so an approval's latency is untouched; the notification's key
 * (`declines:<day>:<threshold>`) makes concurrent declines tell it once.
 */
export async function watchDeclines(ctx: TerminalsContext, merchantId: string, at: Date): Promise<void> {
  const day = athensDate(at);
  const rows = await countDeclines(ctx.db, merchantId, athensMidnight(day), athensMidnight(addDays(day, 1)));
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  const reached = DECLINE_SPIKE_THRESHOLDS.filter((threshold) => count >= threshold);
  if (reached.length === 0) return;
  const top = rows[0]?.reason;
  const reason: DeclineReason =
    top && (DECLINE_REASONS as readonly string[]).includes(top) ? (top as DeclineReason) : 'cardNotActive';
  for (const threshold of reached) {
    await ctx.merchants.notify(
      ctx.db,
      merchantId,
      'declineSpike',
      { count, reason },
      `declines:${day}:${threshold}`,
    );
  }
}
