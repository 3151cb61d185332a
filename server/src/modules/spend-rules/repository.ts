import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { spendRules } from './schema';

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
