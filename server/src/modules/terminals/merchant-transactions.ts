import {
  athensMidnight,
  addDays,
  type MerchantTransaction,
  type StoreView,
  type TransactionListQuery,
} from '@tessera/domain';
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findMaskedCards } from '../cards';
import type { MerchantsService } from '../merchants';
import { terminalTransactions } from './schema';

export type TransactionFilter = Omit<TransactionListQuery, 'cursor' | 'pageSize' | 'merchantId'>;

/** The conditions of a merchant's filtered transactions (the index `(merchant_id, created_at)` leads). */
export function transactionConditions(merchantId: string, filter: TransactionFilter): SQL[] {
  const conditions: SQL[] = [eq(terminalTransactions.merchantId, merchantId)];
  if (filter.from) conditions.push(gte(terminalTransactions.createdAt, athensMidnight(filter.from)));
  if (filter.to) conditions.push(lt(terminalTransactions.createdAt, athensMidnight(addDays(filter.to, 1))));
  if (filter.storeId) conditions.push(eq(terminalTransactions.storeId, filter.storeId));
  if (filter.terminalId) conditions.push(eq(terminalTransactions.terminalId, filter.terminalId));
  if (filter.product) conditions.push(eq(terminalTransactions.product, filter.product));
  if (filter.outcome) conditions.push(eq(terminalTransactions.outcome, filter.outcome));
  if (filter.kind) conditions.push(eq(terminalTransactions.kind, filter.kind));
  return conditions;
}

type Row = typeof terminalTransactions.$inferSelect;

/** A row's time in microseconds since the epoch, exact (the keyset's first half). */
export const MICROS = sql<string>`(extract(epoch from ${terminalTransactions.createdAt}) * 1000000)::bigint::text`;

/** Rows as the merchant sees them: store, till and masked card named. */
export async function toMerchantTransactions(
  db: Executor,
  rows: readonly Row[],
  stores: readonly StoreView[],
): Promise<MerchantTransaction[]> {
  const storeNames = new Map(stores.map((store) => [store.storeId, store.name]));
  const tills = new Map(
    stores.flatMap((store) => store.terminals.map((till) => [till.terminalId, till.label])),
  );
  const masked = await findMaskedCards(db, [
    ...new Set(rows.flatMap((row) => (row.cardId ? [row.cardId] : []))),
  ]);
  return rows.map((row) => ({
    transactionId: row.id,
    terminalTransactionId: row.terminalTransactionId,
    kind: row.kind,
    outcome: row.outcome,
    declineReason: row.declineReason,
    amountCents: row.amountCents,
    product: row.product,
    storeId: row.storeId,
    storeName: storeNames.get(row.storeId) ?? '',
    terminalId: row.terminalId,
    terminalLabel: tills.get(row.terminalId) ?? row.mid,
    mid: row.mid,
    authorisationId: row.authorisationId,
    maskedCard: row.cardId ? (masked.get(row.cardId) ?? null) : null,
    at: row.createdAt.toISOString(),
  }));
}

/** The cursor of a row: its time in microseconds since the epoch and its id. */
function cursorOf(row: Row & { micros: string }): string {
  return `${row.micros}.${row.id}`;
}

/**
 * `retrieveTransactionList` (SPEC §7): a merchant's terminal calls, newest first, filtered, one
 * page at a time by keyset (the page after a cursor), so a page of the millionth row costs what the
 * first does.
 */
export async function listMerchantTransactions(
  deps: { db: Executor; merchants: MerchantsService },
  merchantId: string,
  query: TransactionListQuery,
): Promise<{ transactions: MerchantTransaction[]; nextCursor: string | null }> {
  const conditions = transactionConditions(merchantId, query);
  if (query.cursor) {
    if (!/^[0-9]{1,20}\.[0-9a-f-]{36}$/.test(query.cursor)) {
      throw new AppError('VALIDATION', 'not a cursor of a previous page', {
        fields: [{ field: 'cursor', key: 'invalidValue' }],
      });
    }
    const [micros, id] = query.cursor.split('.') as [string, string];
    const at = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
    conditions.push(
      or(
        lt(terminalTransactions.createdAt, at),
        and(eq(terminalTransactions.createdAt, at), lt(terminalTransactions.id, id)),
      )!,
    );
  }
  const rows = await deps.db
    .select({
      row: terminalTransactions,
      micros: MICROS,
    })
    .from(terminalTransactions)
    .where(and(...conditions))
    .orderBy(desc(terminalTransactions.createdAt), desc(terminalTransactions.id))
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  const stores = await deps.merchants.stores(merchantId);
  return {
    transactions: await toMerchantTransactions(
      deps.db,
      page.map((entry) => entry.row),
      stores,
    ),
    nextCursor: rows.length > query.pageSize && last ? cursorOf({ ...last.row, micros: last.micros }) : null,
  };
}
