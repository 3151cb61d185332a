import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { makersOf, withMakers, type Maker } from '../../platform/makers';
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

/** Every draft of the company, published or not (unpublished ones hold their place too). */
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
    .where(
      and(
        eq(draftOrders.id, draftId),
        eq(draftOrders.companyId, companyId),
        isNull(draftOrders.pendingImportId),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * Changes a draft (locked by the caller) on behalf of `editor`, who becomes one of its makers
 * (ADR 040: whoever changed a draft approves no order made of it).
 */
export async function updateDraftRow(
  db: Executor,
  draft: Pick<DraftRow, 'id' | 'madeBy'>,
  values: Partial<NewDraftRow>,
  editor: Maker,
): Promise<DraftRow> {
  const [row] = await db
    .update(draftOrders)
    .set({ ...values, madeBy: withMakers(draft.madeBy, makersOf(editor)), updatedAt: sql`clock_timestamp()` })
    .where(eq(draftOrders.id, draft.id))
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
    .where(and(eq(draftOrders.companyId, companyId), isNull(draftOrders.pendingImportId)))
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
    .where(and(eq(draftOrders.companyId, companyId), isNull(draftOrders.pendingImportId)))
    .groupBy(draftOrderCards.draftId, draftOrderCards.amountCents);
}

// ---------------------------------------------------------------------------------------------
// Drafts made from a bulk file in batches (ADR 020): unpublished until the last batch is written.

/**
 * Where lines come from when they are made in the database (ADR 055): a select, written by the
 * module that holds the lines' source rows, yielding one line per row with the columns
 * `draft_id uuid, temp_card_id text, card_id uuid, cardholder jsonb, card_name text,
 * amount_cents bigint, position int`. The drafts module writes them without reading them.
 */
export type LinesSource = SQL;

/** What a batch of lines added to each draft: how many, and their load in cents. */
export type LinesWritten = { draftId: string; lines: number; loadCents: number };

/**
 * Writes the lines `source` selects in one statement (`insert … select`): nothing of them passes
 * through the server, and each is written once. A plain insert: the caller writes each line once,
 * committing where it got to with the lines (a resumed conversion goes on after its last committed
 * batch), and the key (draft, line id) refuses a line written twice; `ON CONFLICT` would look for
 * a conflict at every line. Answers what each draft gained.
 */
export async function insertLinesFrom(db: Executor, source: LinesSource): Promise<LinesWritten[]> {
  const result = await db.execute<LinesWritten>(sql`
    with written as (
      insert into draft_order_cards
        (draft_id, temp_card_id, card_id, cardholder_id, cardholder, card_name, amount_cents, position)
      select l.draft_id, l.temp_card_id, l.card_id, null, l.cardholder, l.card_name, l.amount_cents, l.position
        from (${source}) as l
      returning draft_id, amount_cents)
    select draft_id as "draftId", count(*)::int as lines, sum(amount_cents)::bigint as "loadCents"
      from written
     group by draft_id`);
  return result.rows;
}

/** Makes the import's unpublished drafts visible; answers them. */
export async function publishDrafts(db: Executor, companyId: string, importId: string): Promise<DraftRow[]> {
  return db
    .update(draftOrders)
    .set({ pendingImportId: null, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(draftOrders.companyId, companyId), eq(draftOrders.pendingImportId, importId)))
    .returning();
}

/** Deletes the import's unpublished drafts and their lines. */
export async function deletePendingDrafts(db: Executor, companyId: string, importId: string): Promise<void> {
  await db
    .delete(draftOrders)
    .where(and(eq(draftOrders.companyId, companyId), eq(draftOrders.pendingImportId, importId)));
}

/**
 * Lines of the drafts that name a card an earlier line of the same draft names (by position):
 * the repeats, which the line rules refuse. Batches are checked one at a time; this looks across
 * them, in the database.
 */
export async function repeatedCardLines(
  db: Executor,
  draftIds: readonly string[],
): Promise<{ tempCardId: string; cardId: string }[]> {
  if (draftIds.length === 0) return [];
  const result = await db.execute<{ tempCardId: string; cardId: string }>(sql`
    select temp_card_id as "tempCardId", card_id as "cardId"
      from (select temp_card_id, card_id,
                   row_number() over (partition by draft_id, card_id order by position) as nth
              from draft_order_cards
             where draft_id in (${sql.join(
               draftIds.map((id) => sql`${id}::uuid`),
               sql`, `,
             )}) and card_id is not null) as lines
     where nth > 1
     order by temp_card_id
     limit 100`);
  return result.rows;
}
