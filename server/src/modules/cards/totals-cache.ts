import type { CardFilter } from '@tessera/domain';
import type { CardClock } from './repository';

/** What a total depends on: the filters (not the page or the order) and the day and month. */
export function totalKey(filter: CardFilter, folded: string, clock: CardClock): string {
  return JSON.stringify([
    filter.product ?? null,
    filter.family ?? null,
    filter.status ?? null,
    filter.expiringSoon ?? false,
    filter.readyToTopUp ?? false,
    filter.cardIds ?? null,
    folded,
    clock.today,
  ]);
}

/** How long a counted total is reused while the user pages and sorts (ADR 008). */
const TOTAL_TTL_MS = 15_000;
const TOTAL_CACHE_SIZE = 2_000;

export type TotalsCache = ReturnType<typeof createTotalsCache>;

/**
 * Totals of the card list by company and filter, reused for a few seconds: paging through or
 * re-sorting 100,000 cards then costs one indexed page read, not a count of every matching card.
 * Concurrent requests for one total share one count; a change to the company's cards in this
 * process forgets its totals at once (another instance's change shows within the TTL).
 */
export function createTotalsCache() {
  const entries = new Map<string, { companyId: string; expires: number; total: Promise<number> }>();
  return {
    get(companyId: string, key: string, count: () => Promise<number>): Promise<number> {
      const id = `${companyId}\u0000${key}`;
      const hit = entries.get(id);
      if (hit && hit.expires > Date.now()) return hit.total;
      if (entries.size >= TOTAL_CACHE_SIZE) entries.delete(entries.keys().next().value!);
      const total = count();
      entries.set(id, { companyId, expires: Date.now() + TOTAL_TTL_MS, total });
      total.catch(() => entries.delete(id));
      return total;
    },
    forget(companyId: string): void {
      for (const [id, entry] of entries) if (entry.companyId === companyId) entries.delete(id);
    },
  };
}
