import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { CardCategory, SalesOfProduct } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { terminalTransactions } from './schema';

/**
 * What the settlements read of the terminals (ADR 016: they never read this table themselves): one
 * merchant's approved calls with the provider's time in [from, to), per product. Purchases are the
 * approved authorisations; given back are the approved reversals and refunds, counted on the day
 * they happened (not on the purchase's day), so a settled day is never reopened.
 */
export async function salesOfMerchant(
  db: Executor,
  merchantId: string,
  from: Date,
  to: Date,
): Promise<SalesOfProduct[]> {
  const rows = await db
    .select({
      product: terminalTransactions.product,
      purchases: sql<string>`coalesce(sum(${terminalTransactions.amountCents}) filter (where ${terminalTransactions.kind} = 'authorise'), 0)`,
      purchaseCount: sql<string>`count(*) filter (where ${terminalTransactions.kind} = 'authorise')`,
      givenBack: sql<string>`coalesce(sum(${terminalTransactions.amountCents}) filter (where ${terminalTransactions.kind} in ('reverse', 'refund')), 0)`,
    })
    .from(terminalTransactions)
    .where(
      and(
        eq(terminalTransactions.merchantId, merchantId),
        eq(terminalTransactions.outcome, 'approved'),
        gte(terminalTransactions.createdAt, from),
        lt(terminalTransactions.createdAt, to),
      ),
    )
    .groupBy(terminalTransactions.product);
  return rows
    .filter((row): row is typeof row & { product: CardCategory } => row.product !== null)
    .map((row) => ({
      product: row.product,
      purchasesCents: Number(row.purchases),
      purchaseCount: Number(row.purchaseCount),
      givenBackCents: Number(row.givenBack),
    }));
}

/** The merchants with an approved call with the provider's time in [from, to): whom a day settles. */
export async function merchantsWithSales(db: Executor, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .select({ merchantId: terminalTransactions.merchantId })
    .from(terminalTransactions)
    .where(
      and(
        eq(terminalTransactions.outcome, 'approved'),
        gte(terminalTransactions.createdAt, from),
        lt(terminalTransactions.createdAt, to),
      ),
    )
    .groupBy(terminalTransactions.merchantId)
    .orderBy(terminalTransactions.merchantId);
  return rows.map((row) => row.merchantId);
}
