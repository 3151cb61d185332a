import { and, asc, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  cardPrintingSettings,
  companyAgents,
  contracts,
  deliveryPoints,
  notificationReads,
  spendRules,
  trzContracts,
} from './schema';

export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type DeliveryPointRow = typeof deliveryPoints.$inferSelect;
export type NewDeliveryPointRow = typeof deliveryPoints.$inferInsert;
export type SpendRuleRow = typeof spendRules.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type TrzContractRow = typeof trzContracts.$inferSelect;
export type CardPrintingRow = typeof cardPrintingSettings.$inferSelect;

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

export async function findCardPrinting(
  db: Executor,
  companyId: string,
): Promise<CardPrintingRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPrintingSettings)
    .where(eq(cardPrintingSettings.companyId, companyId));
  return row;
}

export async function upsertCardPrinting(
  db: Executor,
  row: typeof cardPrintingSettings.$inferInsert,
): Promise<CardPrintingRow> {
  const [saved] = await db
    .insert(cardPrintingSettings)
    .values(row)
    .onConflictDoUpdate({ target: cardPrintingSettings.companyId, set: { ...row } })
    .returning();
  return saved!;
}

export async function findSpendRules(
  db: Executor,
  companyId: string,
  product: 'SPENDEO' | 'MY_BENEFITS',
): Promise<SpendRuleRow[]> {
  return db
    .select()
    .from(spendRules)
    .where(
      and(eq(spendRules.companyId, companyId), eq(spendRules.product, product), isNull(spendRules.deletedAt)),
    )
    .orderBy(desc(spendRules.createdAt));
}

export async function insertSpendRule(
  db: Executor,
  row: typeof spendRules.$inferInsert,
): Promise<SpendRuleRow> {
  const [inserted] = await db.insert(spendRules).values(row).returning();
  return inserted!;
}

export async function markSpendRuleDeleted(
  db: Executor,
  companyId: string,
  ruleId: string,
): Promise<SpendRuleRow | undefined> {
  const [row] = await db
    .update(spendRules)
    .set({ deletedAt: new Date() })
    .where(and(eq(spendRules.id, ruleId), eq(spendRules.companyId, companyId), isNull(spendRules.deletedAt)))
    .returning();
  return row;
}

export async function findContracts(db: Executor, companyId: string): Promise<ContractRow[]> {
  return db
    .select()
    .from(contracts)
    .where(eq(contracts.companyId, companyId))
    .orderBy(asc(contracts.validFrom));
}

export async function insertContracts(db: Executor, rows: (typeof contracts.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(contracts).values(rows);
}

export async function findTrzContract(db: Executor, companyId: string): Promise<TrzContractRow | undefined> {
  const [row] = await db.select().from(trzContracts).where(eq(trzContracts.companyId, companyId));
  return row;
}

export async function upsertTrzContract(
  db: Executor,
  row: typeof trzContracts.$inferInsert,
): Promise<TrzContractRow> {
  const [saved] = await db
    .insert(trzContracts)
    .values(row)
    .onConflictDoUpdate({ target: trzContracts.companyId, set: { ...row } })
    .returning();
  return saved!;
}

export async function findAgents(db: Executor, companyId: string) {
  return db.select().from(companyAgents).where(eq(companyAgents.companyId, companyId));
}

export async function insertAgents(db: Executor, rows: (typeof companyAgents.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(companyAgents).values(rows).onConflictDoNothing();
}

export async function findReads(
  db: Executor,
  userId: string,
): Promise<{ notificationId: string; readAt: Date }[]> {
  return db
    .select({ notificationId: notificationReads.notificationId, readAt: notificationReads.readAt })
    .from(notificationReads)
    .where(eq(notificationReads.userId, userId));
}

/** Marks notifications read now (a service notification read again later moves its time on). */
export async function upsertReads(db: Executor, userId: string, ids: string[], at: Date): Promise<void> {
  await db
    .insert(notificationReads)
    .values(ids.map((notificationId) => ({ userId, notificationId, readAt: at })))
    .onConflictDoUpdate({
      target: [notificationReads.userId, notificationReads.notificationId],
      set: { readAt: at },
    });
}

export async function deliveryPointsExist(db: Executor, companyId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db
    .select({ id: deliveryPoints.id })
    .from(deliveryPoints)
    .where(and(eq(deliveryPoints.companyId, companyId), inArray(deliveryPoints.id, ids)));
  return rows.length === new Set(ids).size;
}
