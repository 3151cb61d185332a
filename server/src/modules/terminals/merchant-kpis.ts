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

/**
 * The one basis of every figure of the dashboard (issue 34 §2 item 5, ADR 044): the merchant's
 * approved purchases of the period, each less what was given back for it by its reversals and
 * refunds (whenever they came). A purchase reversed or refunded in full is no transaction; one
 * refunded in part counts once, for what it kept. Sales, the count and the average ticket (their
 * ratio) all read this, so the average is of the same purchases the count and the sales are.
 */
function netPurchases(merchantId: string, from: Date) {
  return sql`
    select p.store_id, p.product, p.created_at,
           p.amount_cents - coalesce((
             select sum(r.amount_cents) from terminal_transactions r
              where r.original_id = p.id and r.outcome = 'approved'), 0) as net_cents
      from terminal_transactions p
     where p.merchant_id = ${merchantId} and p.kind = 'authorise' and p.outcome = 'approved'
       and p.created_at >= ${from.toISOString()}::timestamptz`;
}

/** What the purchases kept, in cents (text: a sum of bigints). */
const SALES = sql`coalesce(sum(net_cents), 0)::text`;
/** The purchases that kept something: the transactions counted. */
const KEPT = sql`(count(*) filter (where net_cents > 0))::int`;
const ATHENS_DAY = sql`to_char(created_at at time zone 'Europe/Athens', 'YYYY-MM-DD')`;
const ATHENS_HOUR = sql`extract(hour from created_at at time zone 'Europe/Athens')::int`;

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
 * month's sales, transactions and average ticket, the last 30 days per day and per hour, this month
 * per store and product, and the latest declines with their reasons. Every figure but the declines
 * is of the purchases net of what was given back for them (`netPurchases`).
 */
export async function merchantKpis(
  deps: { db: Executor; merchants: MerchantsService },
  merchantId: string,
  now: Date = new Date(),
): Promise<MerchantKpis> {
  const { db } = deps;
  const today = athensDate(now);
  const dayStart = athensMidnight(today).toISOString();
  const monthStart = startOfAthensMonth(now);
  const windowStart = athensMidnight(addDays(today, -29));
  const from = monthStart < windowStart ? monthStart : windowStart;
  const net = sql`(${netPurchases(merchantId, from)}) as net`;
  const inMonth = sql`created_at >= ${monthStart.toISOString()}::timestamptz`;
  const inWindow = sql`created_at >= ${windowStart.toISOString()}::timestamptz`;
  const mine = eq(t.merchantId, merchantId);
  const [month, declinesToday, byDay, byStore, byProduct, byHour, declines, stores] = await Promise.all([
    db.execute<{ sales: string; count: number; todaySales: string; todayCount: number }>(sql`
      select coalesce(sum(net_cents) filter (where ${inMonth}), 0)::text as "sales",
             (count(*) filter (where net_cents > 0 and ${inMonth}))::int as "count",
             coalesce(sum(net_cents) filter (where created_at >= ${dayStart}::timestamptz), 0)::text as "todaySales",
             (count(*) filter (where net_cents > 0 and created_at >= ${dayStart}::timestamptz))::int as "todayCount"
        from ${net}`),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(t)
      .where(and(mine, eq(t.outcome, 'declined'), gte(t.createdAt, new Date(dayStart)))),
    db.execute<{ day: string; sales: string; count: number }>(sql`
      select ${ATHENS_DAY} as day, ${SALES} as sales, ${KEPT} as count
        from ${net} where ${inWindow} group by 1 order by 1`),
    db.execute<{ storeId: string; sales: string }>(sql`
      select store_id as "storeId", ${SALES} as sales from ${net} where ${inMonth} group by 1`),
    db.execute<{ product: CardCategory | null; sales: string }>(sql`
      select product, ${SALES} as sales from ${net}
       where ${inMonth} and product is not null group by 1`),
    db.execute<{ hour: number; count: number }>(sql`
      select ${ATHENS_HOUR} as hour, ${KEPT} as count from ${net} where ${inWindow} group by 1 order by 1`),
    db
      .select()
      .from(t)
      .where(and(mine, eq(t.outcome, 'declined')))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(10),
    deps.merchants.stores(merchantId),
  ]);
  const totals = month.rows[0];
  const storeNames = new Map(stores.map((store) => [store.storeId, store.name]));
  const days = new Map(byDay.rows.map((row) => [row.day, row]));
  const hours = new Map(byHour.rows.map((row) => [Number(row.hour), row.count]));
  return {
    today: figures(totals?.todaySales, totals?.todayCount),
    month: figures(totals?.sales, totals?.count),
    declinesToday: declinesToday[0]?.count ?? 0,
    salesByDay: Array.from({ length: 30 }, (_, index) => {
      const day = addDays(today, index - 29);
      const row = days.get(day);
      return { day, salesCents: Number(row?.sales ?? 0), count: row?.count ?? 0 };
    }),
    salesByStore: stores.map((store) => ({
      storeId: store.storeId,
      storeName: storeNames.get(store.storeId) ?? '',
      salesCents: Number(byStore.rows.find((row) => row.storeId === store.storeId)?.sales ?? 0),
    })),
    salesByProduct: byProduct.rows
      .filter((row): row is { product: CardCategory; sales: string } => row.product !== null)
      .map((row) => ({ product: row.product, salesCents: Number(row.sales) }))
      .sort((a, b) => b.salesCents - a.salesCents),
    peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hours.get(hour) ?? 0 })),
    latestDeclines: await toMerchantTransactions(db, declines, stores),
  };
}
