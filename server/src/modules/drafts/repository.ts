import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { draftOrderCards, draftOrders } from './schema';

export type { Executor };

export type DraftRow = typeof draftOrders.$inferSelect;
export type NewDraftRow = typeof draftOrders.$inferInsert;
export type DraftCardRow = typeof draftOrderCards.$inferSelect;
export type NewDraftCardRow = typeof draftOrderCards.$inferInsert;

const CHUNK = 2_000;

/**
 * Serialises the draft writes of one company until the transaction ends, so two concurrent saves
 * cannot both pass the draft limit. A transaction-level advisory lock: no row is locked, nothing to
 * release.
 */
export async function lockCompanyDrafts(db: Executor, companyId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`draft_orders:${companyId}`}, 0))`);
}

export async function countDrafts(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(draftOrders)
    .where(eq(draftOrders.companyId, companyId));
  return row?.total ?? 0;
}

export async function insertDraft(db: Executor, values: NewDraftRow): Promise<DraftRow> {
  const [row] = await db.insert(draftOrders).values(values).returning();
  return row!;
}

/** A draft of the company; `forUpdate` locks it until the transaction ends (one writer per draft). */
export async function findDraft(
  db: Executor,
  companyId: string,
  draftId: string,
  options: { forUpdate?: boolean } = {},
): Promise<DraftRow | undefined> {
  const query = db
    .select()
    .from(draftOrders)
    .where(and(eq(draftOrders.id, draftId), eq(draftOrders.companyId, companyId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateDraftRow(
  db: Executor,
  draftId: string,
  values: Partial<NewDraftRow>,
): Promise<DraftRow> {
  const [row] = await db
    .update(draftOrders)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(draftOrders.id, draftId))
    .returning();
  return row!;
}

export async function deleteDraftRow(db: Executor, draftId: string): Promise<void> {
  await db.delete(draftOrders).where(eq(draftOrders.id, draftId));
}

/** The lines of a draft in their order. */
export async function findDraftCards(db: Executor, draftId: string): Promise<DraftCardRow[]> {
  return db
    .select()
    .from(draftOrderCards)
    .where(eq(draftOrderCards.draftId, draftId))
    .orderBy(asc(draftOrderCards.position), asc(draftOrderCards.tempCardId));
}

export async function insertDraftCards(db: Executor, rows: NewDraftCardRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(draftOrderCards).values(rows.slice(start, start + CHUNK));
  }
}

export async function deleteDraftCards(db: Executor, draftId: string, tempCardIds: string[]): Promise<void> {
  for (let start = 0; start < tempCardIds.length; start += CHUNK) {
    await db
      .delete(draftOrderCards)
      .where(
        and(
          eq(draftOrderCards.draftId, draftId),
          inArray(draftOrderCards.tempCardId, tempCardIds.slice(start, start + CHUNK)),
        ),
      );
  }
}

/** The company's drafts, most recently changed first, with their number of lines. */
export async function listDrafts(db: Executor, companyId: string): Promise<(DraftRow & { cards: number })[]> {
  const rows = await db
    .select({
      draft: draftOrders,
      // Written out: drizzle leaves a lone table's columns unqualified.
      cards: sql<number>`(select count(*)::int from draft_order_cards c where c.draft_id = "draft_orders"."id")`,
    })
    .from(draftOrders)
    .where(eq(draftOrders.companyId, companyId))
    .orderBy(desc(draftOrders.updatedAt), desc(draftOrders.id));
  return rows.map((row) => ({ ...row.draft, cards: row.cards }));
}

/**
 * The amounts of the lines of the company's drafts, grouped: how many lines of each amount per
 * draft. Enough to price every draft of a list (the service fee is rounded per line, so equal
 * amounts price alike) without reading every line.
 */
export async function lineAmountsByDraft(
  db: Executor,
  companyId: string,
): Promise<{ draftId: string; amountCents: number; lines: number }[]> {
  return db
    .select({
      draftId: draftOrderCards.draftId,
      amountCents: draftOrderCards.amountCents,
      lines: sql<number>`count(*)::int`,
    })
    .from(draftOrderCards)
    .innerJoin(draftOrders, eq(draftOrders.id, draftOrderCards.draftId))
    .where(eq(draftOrders.companyId, companyId))
    .groupBy(draftOrderCards.draftId, draftOrderCards.amountCents);
}
