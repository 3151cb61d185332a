import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { cardPrintingSettings } from './schema';

export type { Executor };
export type CardPrintingRow = typeof cardPrintingSettings.$inferSelect;

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
