import {
  addDays,
  athensDate,
  athensMidnight,
  startOfAthensMonth,
  type CardCategory,
  type MerchantKpis,
} from '@tessera/domain';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { MerchantsService } from '../merchants';
import { toMerchantTransactions } from './merchant-transactions';
import { terminalTransactions as t } from './schema';

/** Sales: approved purchases less the money given back by reversals and refunds. */
const SALES = sql<string>`coalesce(sum(case ${t.kind} when 'authorise' then ${t.amountCents} else -${t.amountCents} end) filter (where ${t.outcome} = 'approved'), 0)::text`;
const PURCHASES = sql<number>`(count(*) filter (where ${t.outcome} = 'approved' and ${t.kind} = 'authorise'))::int`;
const ATHENS_DAY = sql<string>`to_char(${t.createdAt} at time zone 'Europe/Athens', 'YYYY-MM-DD')`;
const ATHENS_HOUR = sql<number>`extract(hour from ${t.createdAt} at time zone 'Europe/Athens')::int`;

function figures(sales: string | undefined, count: number | undefined) {
  const salesCents = Number(sales ?? 0);
  const purchases = count ?? 0;
  return {
    salesCents,
    count: purchases,
    averageTicketCents: purchases > 0 ? Math.round(salesCents / purchases) : 0,
  };
}

/**
 * `retrieveKpis` (SPEC §7, issue 16): what the merchant's first screen shows — today's and this
 * month's sales, purchases and average ticket, the last 30 days per day and per hour, this month per
 * store and product, and the latest declines with their reasons.
 */
export async function merchantKpis(
  deps: { db: Executor; merchants: MerchantsService },
  merchantId: string,
  now: Date = new Date(),
): Promise<MerchantKpis> {
  const { db } = deps;
  const today = athensDate(now);
  const dayStart = athensMidnight(today);
  const monthStart = startOfAthensMonth(now);
  const windowStart = athensMidnight(addDays(today, -29));
  const mine = eq(t.merchantId, merchantId);
  const [month, byDay, byStore, byProduct, byHour, declines, stores] = await Promise.all([
    db
      .select({
        sales: SALES,
        count: PURCHASES,
        todaySales: sql<string>`coalesce(sum(case ${t.kind} when 'authorise' then ${t.amountCents} else -${t.amountCents} end) filter (where ${t.outcome} = 'approved' and ${t.createdAt} >= ${dayStart.toISOString()}::timestamptz), 0)::text`,
        todayCount: sql<number>`(count(*) filter (where ${t.outcome} = 'approved' and ${t.kind} = 'authorise' and ${t.createdAt} >= ${dayStart.toISOString()}::timestamptz))::int`,
        todayDeclines: sql<number>`(count(*) filter (where ${t.outcome} = 'declined' and ${t.createdAt} >= ${dayStart.toISOString()}::timestamptz))::int`,
      })
      .from(t)
      .where(and(mine, gte(t.createdAt, monthStart))),
    db
      .select({ day: ATHENS_DAY, sales: SALES, count: PURCHASES })
      .from(t)
      .where(and(mine, gte(t.createdAt, windowStart)))
      .groupBy(ATHENS_DAY)
      .orderBy(ATHENS_DAY),
    db
      .select({ storeId: t.storeId, sales: SALES })
      .from(t)
      .where(and(mine, gte(t.createdAt, monthStart)))
      .groupBy(t.storeId),
    db
      .select({ product: t.product, sales: SALES })
      .from(t)
      .where(and(mine, gte(t.createdAt, monthStart), sql`${t.product} is not null`))
      .groupBy(t.product),
    db
      .select({ hour: ATHENS_HOUR, count: PURCHASES })
      .from(t)
      .where(and(mine, gte(t.createdAt, windowStart)))
      .groupBy(ATHENS_HOUR)
      .orderBy(ATHENS_HOUR),
    db
      .select()
      .from(t)
      .where(and(mine, eq(t.outcome, 'declined')))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(10),
    deps.merchants.stores(merchantId),
  ]);
  const totals = month[0];
  const storeNames = new Map(stores.map((store) => [store.storeId, store.name]));
  const days = new Map(byDay.map((row) => [row.day, row]));
  const hours = new Map(byHour.map((row) => [row.hour, row.count]));
  return {
    today: figures(totals?.todaySales, totals?.todayCount),
    month: figures(totals?.sales, totals?.count),
    declinesToday: totals?.todayDeclines ?? 0,
    salesByDay: Array.from({ length: 30 }, (_, index) => {
      const day = addDays(today, index - 29);
      const row = days.get(day);
      return { day, salesCents: Number(row?.sales ?? 0), count: row?.count ?? 0 };
    }),
    salesByStore: stores.map((store) => ({
      storeId: store.storeId,
      storeName: storeNames.get(store.storeId) ?? '',
      salesCents: Number(byStore.find((row) => row.storeId === store.storeId)?.sales ?? 0),
    })),
    salesByProduct: byProduct
      .filter((row): row is { product: CardCategory; sales: string } => row.product !== null)
      .map((row) => ({ product: row.product, salesCents: Number(row.sales) }))
      .sort((a, b) => b.salesCents - a.salesCents),
    peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hours.get(hour) ?? 0 })),
    latestDeclines: await toMerchantTransactions(db, declines, stores),
  };
}
