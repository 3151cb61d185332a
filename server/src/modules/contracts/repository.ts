import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { contracts, trzContracts } from './schema';

export type { Executor };
export type ContractRow = typeof contracts.$inferSelect;
export type TrzContractRow = typeof trzContracts.$inferSelect;

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

export async function insertContract(db: Executor, row: typeof contracts.$inferInsert): Promise<ContractRow> {
  const [inserted] = await db.insert(contracts).values(row).returning();
  return inserted!;
}

export async function findContract(
  db: Executor,
  companyId: string,
  contractId: string,
): Promise<ContractRow | undefined> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), eq(contracts.id, contractId)));
  return row;
}

export async function setContractStatus(
  db: Executor,
  contractId: string,
  status: ContractRow['status'],
): Promise<ContractRow> {
  const [row] = await db.update(contracts).set({ status }).where(eq(contracts.id, contractId)).returning();
  return row!;
}
