import { and, asc, eq, sql } from 'drizzle-orm';
import type { CardCategory, EnrolmentState, SpendCategory } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { merchants, merchantStores, merchantTerminals, merchantUsers } from './schema';

export type { Executor };
export type MerchantRow = typeof merchants.$inferSelect;
export type StoreRow = typeof merchantStores.$inferSelect;
export type TerminalRow = typeof merchantTerminals.$inferSelect;

export async function findMerchant(db: Executor, merchantId: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  return row;
}

export async function findMerchants(db: Executor): Promise<MerchantRow[]> {
  return db.select().from(merchants).orderBy(asc(merchants.tradeName));
}

export async function findMerchantUser(
  db: Executor,
  userId: string,
): Promise<{ merchantId: string; role: 'admin' | 'viewer' } | undefined> {
  const [row] = await db
    .select({ merchantId: merchantUsers.merchantId, role: merchantUsers.role })
    .from(merchantUsers)
    .where(eq(merchantUsers.userId, userId));
  return row;
}

export async function findStores(db: Executor, merchantId: string): Promise<StoreRow[]> {
  return db
    .select()
    .from(merchantStores)
    .where(eq(merchantStores.merchantId, merchantId))
    .orderBy(asc(merchantStores.name));
}

export async function findTerminalsOfMerchant(db: Executor, merchantId: string): Promise<TerminalRow[]> {
  return db
    .select()
    .from(merchantTerminals)
    .where(eq(merchantTerminals.merchantId, merchantId))
    .orderBy(asc(merchantTerminals.label));
}

export async function findTerminalByClientId(
  db: Executor,
  clientId: string,
): Promise<TerminalRow | undefined> {
  const [row] = await db.select().from(merchantTerminals).where(eq(merchantTerminals.clientId, clientId));
  return row;
}

export async function findTerminal(db: Executor, terminalId: string): Promise<TerminalRow | undefined> {
  const [row] = await db.select().from(merchantTerminals).where(eq(merchantTerminals.id, terminalId));
  return row;
}

/** What a purchase at a terminal needs of it, its store and its merchant: one indexed read. */
export type TerminalForPurchase = {
  terminalId: string;
  merchantId: string;
  storeId: string;
  mid: string;
  state: EnrolmentState;
  storeName: string;
  category: SpendCategory;
  acceptedProducts: CardCategory[];
  merchantName: string;
  merchantAccountId: string;
};

export async function findTerminalForPurchase(
  db: Executor,
  terminalId: string,
): Promise<TerminalForPurchase | undefined> {
  const [row] = await db
    .select({
      terminalId: merchantTerminals.id,
      merchantId: merchantTerminals.merchantId,
      storeId: merchantTerminals.storeId,
      mid: merchantTerminals.mid,
      state: merchantTerminals.state,
      storeName: merchantStores.name,
      category: merchantStores.category,
      acceptedProducts: merchantStores.acceptedProducts,
      merchantName: merchants.tradeName,
      merchantAccountId: merchants.ledgerAccountId,
    })
    .from(merchantTerminals)
    .innerJoin(merchantStores, eq(merchantStores.id, merchantTerminals.storeId))
    .innerJoin(merchants, eq(merchants.id, merchantTerminals.merchantId))
    .where(eq(merchantTerminals.id, terminalId));
  return row;
}

export async function insertMerchant(db: Executor, row: typeof merchants.$inferInsert): Promise<void> {
  await db.insert(merchants).values(row);
}

export async function insertStore(db: Executor, row: typeof merchantStores.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(merchantStores).values(row).returning({ id: merchantStores.id });
  return inserted!.id;
}

export async function insertTerminal(
  db: Executor,
  row: typeof merchantTerminals.$inferInsert,
): Promise<string> {
  const [inserted] = await db.insert(merchantTerminals).values(row).returning({ id: merchantTerminals.id });
  return inserted!.id;
}

export async function insertMerchantUser(
  db: Executor,
  row: typeof merchantUsers.$inferInsert,
): Promise<void> {
  await db.insert(merchantUsers).values(row);
}

export async function updateTerminalState(
  db: Executor,
  merchantId: string,
  terminalId: string,
  state: EnrolmentState,
): Promise<TerminalRow | undefined> {
  const [row] = await db
    .update(merchantTerminals)
    .set({ state, ...(state === 'enrolled' ? { enrolledAt: sql`now()` } : {}) })
    .where(and(eq(merchantTerminals.id, terminalId), eq(merchantTerminals.merchantId, merchantId)))
    .returning();
  return row;
}

/** What a settlement needs of a merchant: its fee plan, ledger account and bank account. */
export type MerchantPayee = {
  merchantId: string;
  legalName: string;
  iban: string;
  bic: string;
  feePlan: MerchantRow['feePlan'];
  ledgerAccountId: string;
};

export async function findPayee(db: Executor, merchantId: string): Promise<MerchantPayee | undefined> {
  const [row] = await db
    .select({
      merchantId: merchants.id,
      legalName: merchants.legalName,
      iban: merchants.iban,
      bic: merchants.bic,
      feePlan: merchants.feePlan,
      ledgerAccountId: merchants.ledgerAccountId,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row;
}
