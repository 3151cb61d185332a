import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PayoutState } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { payoutFiles, payouts, settlements } from './schema';

export type { Executor };
export type SettlementRow = typeof settlements.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutWithDay = PayoutRow & { businessDay: string };

/**
 * Serialises the settlements of one merchant inside the caller's transaction (released at its end):
 * two processes settling the same merchant wait for each other, so the second sees the first's row
 * and what it carried. The unique `(merchant_id, business_day)` stays the last guard.
 */
export async function lockMerchantSettlements(db: Executor, merchantId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`settlement:${merchantId}`}))`);
}

export async function findSettlement(
  db: Executor,
  merchantId: string,
  businessDay: string,
): Promise<SettlementRow | undefined> {
  const [row] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.merchantId, merchantId), eq(settlements.businessDay, businessDay)));
  return row;
}

/** Inserts a settlement unless the day is settled already; answers the new row or undefined. */
export async function insertSettlement(
  db: Executor,
  row: typeof settlements.$inferInsert,
): Promise<SettlementRow | undefined> {
  const [inserted] = await db
    .insert(settlements)
    .values(row)
    .onConflictDoNothing({ target: [settlements.merchantId, settlements.businessDay] })
    .returning();
  return inserted;
}

export async function setFeeTransaction(db: Executor, settlementId: string, transactionId: string) {
  await db
    .update(settlements)
    .set({ feeLedgerTransactionId: transactionId })
    .where(eq(settlements.id, settlementId));
}

/**
 * What the merchant's settlements carry: the sum of their nets less the sum of their payouts. Never
 * positive (a payout takes all that is owed), negative while refunds outweigh sales.
 */
export async function sumCarried(db: Executor, merchantId: string): Promise<number> {
  const result = await db.execute<{ carried: string | number }>(sql`
    select coalesce((select sum(net_cents) from settlements where merchant_id = ${merchantId}), 0)
         - coalesce((select sum(amount_cents) from payouts
                      where merchant_id = ${merchantId} and state <> 'returned'), 0) as carried`);
  return Number(result.rows[0]?.carried ?? 0);
}

/** The last settled business day of a merchant (`YYYY-MM-DD`), or null. */
export async function findLastSettledDay(db: Executor, merchantId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${settlements.businessDay})::text` })
    .from(settlements)
    .where(eq(settlements.merchantId, merchantId));
  return row?.day ?? null;
}

export async function insertPayout(db: Executor, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [inserted] = await db.insert(payouts).values(row).returning();
  return inserted!;
}

/**
 * A settlement's payout that is not returned (at most one, migration 0028): the first, or the
 * repayment of a returned one.
 */
const livePayoutOf = and(eq(payouts.settlementId, settlements.id), ne(payouts.state, 'returned'));

export async function findSettlements(
  db: Executor,
  filter: { merchantId?: string; from?: string; to?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: (SettlementRow & { payoutId: string | null })[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.merchantId) conditions.push(eq(settlements.merchantId, filter.merchantId));
  if (filter.from) conditions.push(gte(settlements.businessDay, filter.from));
  if (filter.to) conditions.push(lte(settlements.businessDay, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({ settlement: settlements, payoutId: payouts.id })
    .from(settlements)
    .leftJoin(payouts, livePayoutOf)
    .where(where)
    .orderBy(desc(settlements.businessDay), asc(settlements.merchantId))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db.select({ total: count() }).from(settlements).where(where);
  return {
    rows: rows.map((row) => ({ ...row.settlement, payoutId: row.payoutId })),
    total: counted?.total ?? 0,
  };
}

const payoutWithDay = { payout: payouts, businessDay: settlements.businessDay };

export async function findPayouts(
  db: Executor,
  filter: { merchantId?: string; state?: PayoutState },
  page: { offset: number; limit: number },
): Promise<{ rows: PayoutWithDay[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.merchantId) conditions.push(eq(payouts.merchantId, filter.merchantId));
  if (filter.state) conditions.push(eq(payouts.state, filter.state));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select(payoutWithDay)
    .from(payouts)
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .where(where)
    .orderBy(desc(settlements.businessDay), asc(payouts.merchantId))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db.select({ total: count() }).from(payouts).where(where);
  return {
    rows: rows.map((row) => ({ ...row.payout, businessDay: row.businessDay })),
    total: counted?.total ?? 0,
  };
}

/** Every scheduled payout, locked for the file being made (oldest day first). */
export async function lockScheduledPayouts(db: Executor): Promise<PayoutWithDay[]> {
  const rows = await db
    .select(payoutWithDay)
    .from(payouts)
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .where(eq(payouts.state, 'scheduled'))
    .orderBy(asc(settlements.businessDay), asc(payouts.merchantId))
    .for('update', { of: payouts });
  return rows.map((row) => ({ ...row.payout, businessDay: row.businessDay }));
}

/** The payouts named, locked for a change of state. */
export async function lockPayouts(db: Executor, payoutIds: string[]): Promise<PayoutWithDay[]> {
  const rows = await db
    .select(payoutWithDay)
    .from(payouts)
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .where(inArray(payouts.id, payoutIds))
    .orderBy(asc(payouts.id))
    .for('update', { of: payouts });
  return rows.map((row) => ({ ...row.payout, businessDay: row.businessDay }));
}

export async function markPayoutSent(
  db: Executor,
  payoutId: string,
  change: { payoutFileId: string; ledgerTransactionId: string; sentAt: Date },
): Promise<void> {
  await db
    .update(payouts)
    .set({ state: 'sent', ...change })
    .where(and(eq(payouts.id, payoutId), eq(payouts.state, 'scheduled')));
}

/** A waiting payout takes the merchant's corrected account (its IBAN failed the check). */
export async function setPayoutAccount(
  db: Executor,
  payoutId: string,
  account: { iban: string; bic: string },
): Promise<void> {
  await db
    .update(payouts)
    .set(account)
    .where(and(eq(payouts.id, payoutId), eq(payouts.state, 'scheduled')));
}

export async function markPayoutPaid(db: Executor, payoutId: string, paidAt: Date): Promise<void> {
  await db
    .update(payouts)
    .set({ state: 'paid', paidAt })
    .where(and(eq(payouts.id, payoutId), eq(payouts.state, 'sent')));
}

/** Marks a sent or paid payout returned by the bank (its reversal posted in the same transaction). */
export async function markPayoutReturned(
  db: Executor,
  payoutId: string,
  change: { returnedAt: Date; returnReason: string; returnLedgerTransactionId: string },
): Promise<void> {
  await db
    .update(payouts)
    .set({ state: 'returned', ...change })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.state, ['sent', 'paid'])));
}

/** How many payouts a settlement has had (the first and its repayments). */
export async function countPayoutsOfSettlement(db: Executor, settlementId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payouts).where(eq(payouts.settlementId, settlementId));
  return row?.n ?? 0;
}

export async function insertPayoutFile(db: Executor, row: typeof payoutFiles.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(payoutFiles).values(row).returning({ id: payoutFiles.id });
  return inserted!.id;
}

export async function findPayoutFile(
  db: Executor,
  fileId: string,
): Promise<typeof payoutFiles.$inferSelect | undefined> {
  const [row] = await db.select().from(payoutFiles).where(eq(payoutFiles.id, fileId));
  return row;
}

/** How many payouts "on their way" the balance lists at most (sent, not yet confirmed paid). */
export const ON_THE_WAY_LIMIT = 31;

/**
 * A merchant's payout figures for its balance: the scheduled total and count, the next scheduled
 * payout (the oldest not yet in a file: it leaves with the next one), those on their way (in a file
 * sent to the bank, not confirmed paid; oldest first) and the last five.
 */
export async function findMerchantPayouts(
  db: Executor,
  merchantId: string,
): Promise<{
  scheduledCents: number;
  scheduledCount: number;
  nextScheduled: PayoutWithDay | undefined;
  onTheWayCents: number;
  onTheWay: PayoutWithDay[];
  last: PayoutWithDay[];
}> {
  const [sums] = await db
    .select({
      scheduled: sql<string>`coalesce(sum(${payouts.amountCents}) filter (where ${payouts.state} = 'scheduled'), 0)`,
      scheduledCount: sql<number>`(count(*) filter (where ${payouts.state} = 'scheduled'))::int`,
      sent: sql<string>`coalesce(sum(${payouts.amountCents}) filter (where ${payouts.state} = 'sent'), 0)`,
    })
    .from(payouts)
    .where(and(eq(payouts.merchantId, merchantId), inArray(payouts.state, ['scheduled', 'sent'])));
  // Issue 34 §2 item 2: the next payout is a scheduled one, never one already sent (those are on
  // their way); the oldest sent one is not "next" while newer ones were sent too.
  const [next] = await db
    .select(payoutWithDay)
    .from(payouts)
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .where(and(eq(payouts.merchantId, merchantId), eq(payouts.state, 'scheduled')))
    .orderBy(asc(settlements.businessDay))
    .limit(1);
  const onTheWay = await db
    .select(payoutWithDay)
    .from(payouts)
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .where(and(eq(payouts.merchantId, merchantId), eq(payouts.state, 'sent')))
    .orderBy(asc(settlements.businessDay))
    .limit(ON_THE_WAY_LIMIT);
  const last = await db
    .select(payoutWithDay)
    .from(payouts)
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .where(eq(payouts.merchantId, merchantId))
    .orderBy(desc(settlements.businessDay))
    .limit(5);
  return {
    scheduledCents: Number(sums?.scheduled ?? 0),
    scheduledCount: Number(sums?.scheduledCount ?? 0),
    nextScheduled: next ? { ...next.payout, businessDay: next.businessDay } : undefined,
    onTheWayCents: Number(sums?.sent ?? 0),
    onTheWay: onTheWay.map((row) => ({ ...row.payout, businessDay: row.businessDay })),
    last: last.map((row) => ({ ...row.payout, businessDay: row.businessDay })),
  };
}

/** A merchant's settlement with the payout it made (none when the day carried a loss). */
export type SettlementWithPayout = SettlementRow & { payout: PayoutRow | null };

/** One merchant's settlements of business days [from, to], newest first, with their payouts. */
export async function findMerchantSettlements(
  db: Executor,
  merchantId: string,
  filter: { from?: string; to?: string },
  page: { offset: number; limit: number },
): Promise<{
  rows: SettlementWithPayout[];
  total: number;
  totals: { purchasesCents: number; feeCents: number; vatCents: number; netCents: number };
}> {
  const conditions: SQL[] = [eq(settlements.merchantId, merchantId)];
  if (filter.from) conditions.push(gte(settlements.businessDay, filter.from));
  if (filter.to) conditions.push(lte(settlements.businessDay, filter.to));
  const where = and(...conditions);
  const rows = await db
    .select({ settlement: settlements, payout: payouts })
    .from(settlements)
    .leftJoin(payouts, livePayoutOf)
    .where(where)
    .orderBy(desc(settlements.businessDay))
    .offset(page.offset)
    .limit(page.limit);
  const [sums] = await db
    .select({
      total: count(),
      purchases: sql<string>`coalesce(sum(${settlements.purchasesCents}), 0)`,
      fee: sql<string>`coalesce(sum(${settlements.feeCents}), 0)`,
      vat: sql<string>`coalesce(sum(${settlements.vatCents}), 0)`,
      net: sql<string>`coalesce(sum(${settlements.netCents}), 0)`,
    })
    .from(settlements)
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.settlement, payout: row.payout })),
    total: sums?.total ?? 0,
    totals: {
      purchasesCents: Number(sums?.purchases ?? 0),
      feeCents: Number(sums?.fee ?? 0),
      vatCents: Number(sums?.vat ?? 0),
      netCents: Number(sums?.net ?? 0),
    },
  };
}

/** The months (`YYYY-MM`, newest first) in which a merchant has settlements. */
export async function findSettledMonths(db: Executor, merchantId: string): Promise<string[]> {
  const result = await db.execute<{ month: string }>(sql`
    select distinct to_char(business_day, 'YYYY-MM') as month from settlements
     where merchant_id = ${merchantId} order by month desc`);
  return result.rows.map((row) => row.month);
}

/** One settlement of a merchant with its payout, or undefined (another merchant's too). */
export async function findMerchantSettlement(
  db: Executor,
  merchantId: string,
  settlementId: string,
): Promise<SettlementWithPayout | undefined> {
  const [row] = await db
    .select({ settlement: settlements, payout: payouts })
    .from(settlements)
    .leftJoin(payouts, livePayoutOf)
    .where(and(eq(settlements.merchantId, merchantId), eq(settlements.id, settlementId)));
  return row ? { ...row.settlement, payout: row.payout } : undefined;
}

/** Payout files newest first, a page of them, with how many there are. */
export async function findPayoutFiles(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<{ rows: (typeof payoutFiles.$inferSelect)[]; total: number }> {
  const rows = await db
    .select()
    .from(payoutFiles)
    .orderBy(desc(payoutFiles.createdAt), desc(payoutFiles.messageId))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db.select({ total: count() }).from(payoutFiles);
  return { rows, total: counted?.total ?? 0 };
}

/** The payouts of these files (returned ones too: a file keeps what it carried). */
export async function findPayoutsOfFiles(db: Executor, fileIds: string[]): Promise<PayoutWithDay[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select(payoutWithDay)
    .from(payouts)
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .where(inArray(payouts.payoutFileId, fileIds))
    .orderBy(asc(payouts.merchantId), asc(settlements.businessDay));
  return rows.map((row) => ({ ...row.payout, businessDay: row.businessDay }));
}

/** Every scheduled payout (not in a file yet), oldest day first. */
export async function findScheduledPayouts(db: Executor): Promise<PayoutWithDay[]> {
  const rows = await db
    .select(payoutWithDay)
    .from(payouts)
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .where(eq(payouts.state, 'scheduled'))
    .orderBy(asc(settlements.businessDay), asc(payouts.merchantId));
  return rows.map((row) => ({ ...row.payout, businessDay: row.businessDay }));
}
