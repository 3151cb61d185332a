import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { LeadKind, LeadStatus } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { merchants } from '../merchants/schema';
import { leads } from './schema';

export type LeadRow = typeof leads.$inferSelect;

export async function insertLead(db: Executor, row: typeof leads.$inferInsert): Promise<LeadRow> {
  const [inserted] = await db.insert(leads).values(row).returning();
  return inserted!;
}

export async function findLead(db: Executor, id: string): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}

/** Leads of a kind and status (either may be left out), newest first, a page at a time. */
export async function findLeads(
  db: Executor,
  filter: { kind?: LeadKind | undefined; status?: LeadStatus | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: LeadRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(leads)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Decides a new lead (converted or rejected); undefined when it was decided already. */
export async function decideLead(
  db: Executor,
  id: string,
  decision: { status: 'converted' | 'rejected'; convertedTo: string | null; decidedBy: string },
): Promise<LeadRow | undefined> {
  const [row] = await db
    .update(leads)
    .set({ ...decision, decidedAt: new Date() })
    .where(and(eq(leads.id, id), eq(leads.status, 'new')))
    .returning();
  return row;
}

/**
 * The next merchant number: `M` and one more than the largest in use (M2001 first). Call it in the
 * transaction that inserts the merchant: it holds a lock until that transaction ends, so two
 * merchants made at once get two numbers (issue 33 §4).
 */
export async function nextMerchantId(db: Executor): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('merchants:next-id'))`);
  const [row] = await db
    .select({ max: sql<number | null>`max(substring(${merchants.id} from 2)::int)` })
    .from(merchants)
    .where(sql`${merchants.id} ~ '^M[0-9]+$'`);
  return `M${Math.max(2000, row?.max ?? 2000) + 1}`;
}

export async function merchantVatTaken(db: Executor, vat: string): Promise<boolean> {
  const rows = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.vatNumber, vat));
  return rows.length > 0;
}
