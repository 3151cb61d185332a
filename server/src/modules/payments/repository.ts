import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { bankNotices, payments } from './schema';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(
  db: Executor,
  paymentId: string,
  options: { forUpdate?: boolean; companyId?: string } = {},
): Promise<PaymentRow | undefined> {
  const where = options.companyId
    ? and(eq(payments.id, paymentId), eq(payments.companyId, options.companyId))
    : eq(payments.id, paymentId);
  const query = db.select().from(payments).where(where);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function paymentsOf(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

export async function pendingPayments(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    .for('update');
}

export async function updatePayment(
  db: Executor,
  paymentId: string,
  values: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, paymentId)).returning();
  return row!;
}

/** The company's RF and IRIS payments still waiting for the bank, oldest first. */
export async function openTransfers(db: Executor, companyId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.status, 'pending'),
        inArray(payments.method, ['RF', 'IRIS']),
      ),
    )
    .orderBy(asc(payments.createdAt));
}

/**
 * Records a notice from the bank by its id; false when it was recorded before (a duplicate, which
 * must change nothing).
 */
export async function claimNotice(db: Executor, notice: typeof bankNotices.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(bankNotices)
    .values(notice)
    .onConflictDoNothing()
    .returning({ id: bankNotices.id });
  return inserted.length > 0;
}

export async function setNoticeOutcome(
  db: Executor,
  id: string,
  outcome: string,
  orderId?: string | null,
): Promise<void> {
  await db
    .update(bankNotices)
    .set({ outcome, ...(orderId !== undefined ? { orderId } : {}) })
    .where(eq(bankNotices.id, id));
}
