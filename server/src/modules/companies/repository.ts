import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { leads } from '../leads/schema';
import { companyOrderSettings } from '../orders/schema';
import { companies } from './schema';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;

export async function insertCompany(db: Executor, row: NewCompanyRow): Promise<CompanyRow> {
  const [inserted] = await db.insert(companies).values(row).returning();
  return inserted!;
}

export async function findCompanyById(db: Executor, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function findCompaniesByIds(db: Executor, ids: string[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(companies).where(inArray(companies.id, ids)).orderBy(asc(companies.name));
}

/** Companies whose folded name, VAT or id contains every word of `folded`, a page at a time. */
export async function searchCompanies(
  db: Executor,
  folded: string,
  page: { offset: number; limit: number },
): Promise<{ rows: CompanyRow[]; total: number }> {
  const words = folded.split(' ').filter(Boolean);
  const escape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where =
    words.length === 0
      ? undefined
      : and(...words.map((word) => like(companies.searchText, `%${escape(word)}%`)));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function deleteCompany(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return rows.length > 0;
}

export async function companyIdsExisting(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
  return rows.map((row) => row.id);
}

/** The company roles of `ids` that must sign in with two factors (issue 21), all together. */
export async function secondFactorRoleIdsOf(db: Executor, ids: string[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ roleIds: companies.secondFactorRoleIds })
    .from(companies)
    .where(inArray(companies.id, ids));
  return [...new Set(rows.flatMap((row) => row.roleIds))].sort();
}

export async function updateSecondFactorRoleIds(db: Executor, id: string, roleIds: number[]): Promise<void> {
  await db.update(companies).set({ secondFactorRoleIds: roleIds }).where(eq(companies.id, id));
}

// ---------------------------------------------------------------------------------------------
// The back office's administration of companies (issue 18 §3, ADR 024).

/**
 * The next customer number: `C` and one more than the largest number in use (C1001 first). Call it
 * in the transaction that inserts the company: it holds a lock until that transaction ends, so two
 * companies made at once get two numbers, not one number and a failed insert (issue 33 §4).
 */
export async function nextCompanyId(db: Executor): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('companies:next-id'))`);
  const [row] = await db
    .select({
      max: sql<number | null>`max(substring(${companies.id} from 2)::int)`,
    })
    .from(companies)
    .where(sql`${companies.id} ~ '^C[0-9]+$'`);
  return `C${Math.max(1000, row?.max ?? 1000) + 1}`;
}

export async function findCompanyByVat(db: Executor, vat: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.vat, vat));
  return row;
}

export async function updateCompanyRow(
  db: Executor,
  id: string,
  set: Partial<NewCompanyRow>,
): Promise<CompanyRow | undefined> {
  const [row] = await db.update(companies).set(set).where(eq(companies.id, id)).returning();
  return row;
}

/** The company's approval threshold (the orders module's setting, ADR 010), null when none. */
export async function approvalThresholdOf(db: Executor, companyId: string): Promise<number | null> {
  const [row] = await db
    .select({ threshold: companyOrderSettings.approvalThresholdCents })
    .from(companyOrderSettings)
    .where(eq(companyOrderSettings.companyId, companyId));
  return row?.threshold ?? null;
}

export async function saveApprovalThreshold(
  db: Executor,
  companyId: string,
  thresholdCents: number | null,
): Promise<void> {
  await db
    .insert(companyOrderSettings)
    .values({ companyId, approvalThresholdCents: thresholdCents })
    .onConflictDoUpdate({
      target: companyOrderSettings.companyId,
      set: { approvalThresholdCents: thresholdCents, updatedAt: new Date() },
    });
}

/** Marks a new client lead converted into `companyId`; false when the lead is not a new client lead. */
export async function markClientLeadConverted(
  db: Executor,
  leadId: string,
  companyId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({
      status: 'converted',
      convertedTo: `company:${companyId}`,
      decidedBy: userId,
      decidedAt: new Date(),
    })
    .where(and(eq(leads.id, leadId), eq(leads.kind, 'client'), eq(leads.status, 'new')))
    .returning({ id: leads.id });
  return rows.length > 0;
}
