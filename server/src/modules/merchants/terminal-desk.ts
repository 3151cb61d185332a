import type { TerminalDeskItem, TerminalDeskQuery } from '@tessera/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { merchants, merchantStores, merchantTerminals } from './schema';

/**
 * The terminals desk's list (issue 34 §1): every merchant's tills with merchant, store and MID,
 * requested ones first (the enrolment queue), then by merchant, store and MID.
 */
export async function findDeskTerminals(db: Executor, query: TerminalDeskQuery): Promise<TerminalDeskItem[]> {
  const conditions: SQL[] = [];
  if (query.state) conditions.push(eq(merchantTerminals.state, query.state));
  if (query.merchantId) conditions.push(eq(merchantTerminals.merchantId, query.merchantId));
  const rows = await db
    .select({
      terminalId: merchantTerminals.id,
      merchantId: merchantTerminals.merchantId,
      merchantName: merchants.tradeName,
      storeName: merchantStores.name,
      city: merchantStores.city,
      mid: merchantTerminals.mid,
      label: merchantTerminals.label,
      state: merchantTerminals.state,
      createdAt: merchantTerminals.createdAt,
      enrolledAt: merchantTerminals.enrolledAt,
    })
    .from(merchantTerminals)
    .innerJoin(merchants, eq(merchants.id, merchantTerminals.merchantId))
    .innerJoin(merchantStores, eq(merchantStores.id, merchantTerminals.storeId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(
      sql`case when ${merchantTerminals.state} = 'requested' then 0 else 1 end`,
      asc(merchants.tradeName),
      asc(merchantStores.name),
      asc(merchantTerminals.mid),
    );
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    enrolledAt: row.enrolledAt?.toISOString() ?? null,
  }));
}

/** How many tills wait to be enrolled, across every merchant. */
export async function countRequestedTerminals(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(merchantTerminals)
    .where(eq(merchantTerminals.state, 'requested'));
  return row?.n ?? 0;
}
