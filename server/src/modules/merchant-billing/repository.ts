import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MerchantChargeStatus } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { merchantCharges, merchantPayments, merchantRfBatches, merchantSupplyOrders } from './schema';

export type ChargeRow = typeof merchantCharges.$inferSelect;
export type SupplyOrderRow = typeof merchantSupplyOrders.$inferSelect;
export type MerchantPaymentRow = typeof merchantPayments.$inferSelect;
export type RfBatchRow = typeof merchantRfBatches.$inferSelect;

/**
 * Inserts rental charges; one already made for the merchant, month and terminal is skipped.
 * Answers the charges made.
 */
export async function insertRentalCharges(
  db: Executor,
  rows: (typeof merchantCharges.$inferInsert)[],
): Promise<ChargeRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(merchantCharges)
    .values(rows)
    .onConflictDoNothing({
      target: [
        merchantCharges.merchantId,
        merchantCharges.kind,
        merchantCharges.period,
        merchantCharges.terminalId,
      ],
      where: sql`${merchantCharges.kind} = 'terminalRental'`,
    })
    .returning();
  return inserted;
}

export async function insertCharge(
  db: Executor,
  values: typeof merchantCharges.$inferInsert,
): Promise<ChargeRow> {
  const [row] = await db.insert(merchantCharges).values(values).returning();
  return row!;
}

export async function findCharges(
  db: Executor,
  merchantId: string,
  options: { status?: MerchantChargeStatus; ids?: readonly string[]; forUpdate?: boolean } = {},
): Promise<ChargeRow[]> {
  const conditions = [eq(merchantCharges.merchantId, merchantId)];
  if (options.status) conditions.push(eq(merchantCharges.status, options.status));
  if (options.ids) conditions.push(inArray(merchantCharges.id, [...options.ids]));
  const query = db
    .select()
    .from(merchantCharges)
    .where(and(...conditions))
    .orderBy(asc(merchantCharges.createdAt), asc(merchantCharges.id));
  return options.forUpdate ? query.for('update') : query;
}

export async function markChargesPaid(
  db: Executor,
  chargeIds: readonly string[],
  paymentId: string,
  at: Date,
): Promise<void> {
  await db
    .update(merchantCharges)
    .set({ status: 'paid', paymentId, paidAt: at })
    .where(and(inArray(merchantCharges.id, [...chargeIds]), eq(merchantCharges.status, 'open')));
}

export async function insertSupplyOrder(
  db: Executor,
  values: typeof merchantSupplyOrders.$inferInsert,
): Promise<SupplyOrderRow> {
  const [row] = await db.insert(merchantSupplyOrders).values(values).returning();
  return row!;
}

/** The merchant's latest supply orders, newest first. */
export async function findSupplyOrders(db: Executor, merchantId: string): Promise<SupplyOrderRow[]> {
  return db
    .select()
    .from(merchantSupplyOrders)
    .where(eq(merchantSupplyOrders.merchantId, merchantId))
    .orderBy(desc(merchantSupplyOrders.createdAt))
    .limit(200);
}

/** The supply charges of orders, by order id. */
export async function findChargesOfSupplyOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: merchantCharges.id, orderId: merchantCharges.supplyOrderId })
    .from(merchantCharges)
    .where(inArray(merchantCharges.supplyOrderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId!, row.id]));
}

export async function insertMerchantPayment(
  db: Executor,
  values: typeof merchantPayments.$inferInsert,
): Promise<MerchantPaymentRow> {
  const [row] = await db.insert(merchantPayments).values(values).returning();
  return row!;
}

export async function findMerchantPayment(
  db: Executor,
  paymentId: string,
  options: { merchantId?: string; forUpdate?: boolean } = {},
): Promise<MerchantPaymentRow | undefined> {
  const where = options.merchantId
    ? and(eq(merchantPayments.id, paymentId), eq(merchantPayments.merchantId, options.merchantId))
    : eq(merchantPayments.id, paymentId);
  const query = db.select().from(merchantPayments).where(where);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function pendingMerchantPayments(
  db: Executor,
  merchantId: string,
): Promise<MerchantPaymentRow[]> {
  return db
    .select()
    .from(merchantPayments)
    .where(and(eq(merchantPayments.merchantId, merchantId), eq(merchantPayments.status, 'pending')))
    .for('update');
}

export async function updateMerchantPayment(
  db: Executor,
  paymentId: string,
  values: Partial<typeof merchantPayments.$inferInsert>,
): Promise<MerchantPaymentRow> {
  const [row] = await db
    .update(merchantPayments)
    .set(values)
    .where(eq(merchantPayments.id, paymentId))
    .returning();
  return row!;
}

export async function findRfBatch(
  db: Executor,
  merchantId: string,
  chargeKey: string,
): Promise<RfBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantRfBatches)
    .where(and(eq(merchantRfBatches.merchantId, merchantId), eq(merchantRfBatches.chargeKey, chargeKey)));
  return row;
}

/** The next number of an RF batch (its id), taken before the row so the reference can carry it. */
export async function nextRfBatchId(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence('merchant_rf_batches', 'id')) as id`,
  );
  return Number(rows[0]!.id);
}

/** Records a batch; false when the same set was recorded meanwhile (the caller reads it back). */
export async function insertRfBatch(
  db: Executor,
  values: typeof merchantRfBatches.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(merchantRfBatches)
    .values(values)
    .onConflictDoNothing({ target: [merchantRfBatches.merchantId, merchantRfBatches.chargeKey] })
    .returning({ id: merchantRfBatches.id });
  return inserted.length > 0;
}
