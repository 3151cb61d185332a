import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { coreCategories, spendRules } from './schema';

export type { Executor };
export type SpendRuleRow = typeof spendRules.$inferSelect;

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

export type CoreCategoryRow = typeof coreCategories.$inferSelect;

export async function findCoreCategories(db: Executor): Promise<CoreCategoryRow[]> {
  return db.select().from(coreCategories).orderBy(asc(coreCategories.position), asc(coreCategories.code));
}

export async function findCoreCategory(db: Executor, code: string): Promise<CoreCategoryRow | undefined> {
  const [row] = await db.select().from(coreCategories).where(eq(coreCategories.code, code));
  return row;
}

/** Adds a category (last in the list) or changes its names and MCC codes. */
export async function upsertCoreCategory(
  db: Executor,
  row: { code: string; nameEl: string; nameEn: string; mccCodes: string[] },
): Promise<CoreCategoryRow> {
  const [saved] = await db
    .insert(coreCategories)
    .values({
      ...row,
      position: sql`(select coalesce(max(position), 0) + 1 from core_categories)`,
    })
    .onConflictDoUpdate({
      target: coreCategories.code,
      set: { nameEl: row.nameEl, nameEn: row.nameEn, mccCodes: row.mccCodes, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}
