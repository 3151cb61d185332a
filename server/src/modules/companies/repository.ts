import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
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
