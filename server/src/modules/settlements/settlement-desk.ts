import {
  addDays,
  athensDate,
  type SettlementDayView,
  type SettlementDeskQuery,
  type SettlementDeskResponse,
} from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { merchantsWithSales } from '../terminals';
import { merchantNames } from './payout-desk';
import { findSettlements } from './repository';
import { settlementView } from './settlement-view';
import { businessDayWindow } from './settle-day';
import type { SettlementsContext } from './settlements-context';

/** The longest range the desk checks at once (one sales query per day). */
const MAX_DAYS = 62;
/** The range shown when none is asked for: the last two weeks. */
const DEFAULT_DAYS = 14;

/**
 * The settlements desk (issue 34 §1): every merchant's settled days of [from, to] with their
 * figures, and the days that should have been settled and were not, flagged `missing`: a day that
 * is over, on which the merchant had approved terminal calls, without a settlement (the job did not
 * run, failed, or failed for that merchant: each merchant's day settles in its own transaction).
 * Days not over yet are never flagged. Newest day first, merchants by name.
 */
export async function settlementDesk(
  ctx: SettlementsContext,
  query: SettlementDeskQuery,
  now: Date,
): Promise<Omit<SettlementDeskResponse, 'success'>> {
  const yesterday = addDays(athensDate(now), -1);
  const to = query.to && query.to < yesterday ? query.to : yesterday;
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) return { from, to, days: [], flagged: 0 };
  if (addDays(from, MAX_DAYS) <= to) {
    throw new AppError('VALIDATION', `a range of at most ${MAX_DAYS} days`, {
      fields: [{ field: 'from', key: 'tooSmall', params: { min: addDays(to, -(MAX_DAYS - 1)) } }],
    });
  }
  const names = await merchantNames(ctx);
  const { rows } = await findSettlements(
    ctx.db,
    { from, to, ...(query.merchantId ? { merchantId: query.merchantId } : {}) },
    { offset: 0, limit: 100_000 },
  );
  const settled = new Set(rows.map((row) => `${row.businessDay} ${row.merchantId}`));
  const days: SettlementDayView[] = rows.map((row) => ({
    businessDay: row.businessDay,
    merchantId: row.merchantId,
    merchantName: names.get(row.merchantId) ?? row.merchantId,
    settlement: settlementView(row),
    flag: null,
  }));
  for (let day = to; day >= from; day = addDays(day, -1)) {
    const { from: start, to: end } = businessDayWindow(day);
    for (const merchantId of await merchantsWithSales(ctx.db, start, end)) {
      if (query.merchantId && merchantId !== query.merchantId) continue;
      if (settled.has(`${day} ${merchantId}`)) continue;
      days.push({
        businessDay: day,
        merchantId,
        merchantName: names.get(merchantId) ?? merchantId,
        settlement: null,
        flag: 'missing',
      });
    }
  }
  const collator = new Intl.Collator('el');
  days.sort(
    (a, b) => b.businessDay.localeCompare(a.businessDay) || collator.compare(a.merchantName, b.merchantName),
  );
  return { from, to, days, flagged: days.filter((day) => day.flag !== null).length };
}
