import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { deliveryPoints } from './schema';

export type { Executor };
export type DeliveryPointRow = typeof deliveryPoints.$inferSelect;
export type NewDeliveryPointRow = typeof deliveryPoints.$inferInsert;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchDeliveryPoints(
  db: Executor,
  companyId: string,
  folded: string,
  page: { offset: number; limit: number },
): Promise<{ rows: DeliveryPointRow[]; total: number }> {
  const where = and(
    eq(deliveryPoints.companyId, companyId),
    ...folded
      .split(' ')
      .filter(Boolean)
      .map((word) => like(deliveryPoints.searchText, `%${escapeLike(word)}%`)),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(deliveryPoints)
      .where(where)
      .orderBy(asc(deliveryPoints.alias), asc(deliveryPoints.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(deliveryPoints)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findDeliveryPoint(
  db: Executor,
  companyId: string,
  id: string,
): Promise<DeliveryPointRow | undefined> {
  const [row] = await db
    .select()
    .from(deliveryPoints)
    .where(and(eq(deliveryPoints.id, id), eq(deliveryPoints.companyId, companyId)));
  return row;
}

/**
 * Holds, until the transaction ends, the company's address `addressKey`: an inline add looks for it
 * and inserts it under this lock, so eight adds at once make one point (issue 33 §4).
 */
export async function lockAddress(tx: Executor, companyId: string, addressKey: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`delivery-point:${companyId}:${addressKey}`}))`,
  );
}

export async function findDeliveryPointByAddress(
  db: Executor,
  companyId: string,
  addressKey: string,
): Promise<DeliveryPointRow | undefined> {
  const [row] = await db
    .select()
    .from(deliveryPoints)
    .where(and(eq(deliveryPoints.companyId, companyId), eq(deliveryPoints.addressKey, addressKey)))
    .orderBy(asc(deliveryPoints.createdAt))
    .limit(1);
  return row;
}

export async function insertDeliveryPoint(db: Executor, row: NewDeliveryPointRow): Promise<DeliveryPointRow> {
  const [inserted] = await db.insert(deliveryPoints).values(row).returning();
  return inserted!;
}

export async function deliveryPointsExist(db: Executor, companyId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db
    .select({ id: deliveryPoints.id })
    .from(deliveryPoints)
    .where(and(eq(deliveryPoints.companyId, companyId), inArray(deliveryPoints.id, ids)));
  return rows.length === new Set(ids).size;
}
