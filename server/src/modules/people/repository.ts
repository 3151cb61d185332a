import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { companyAgents } from './schema';

export type { Executor };

export async function findAgents(db: Executor, companyId: string) {
  return db.select().from(companyAgents).where(eq(companyAgents.companyId, companyId));
}

export async function insertAgents(db: Executor, rows: (typeof companyAgents.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(companyAgents).values(rows).onConflictDoNothing();
}
