import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_EXPIRY_DAYS_DEFAULT,
  type ApprovalRule,
  type OrderMoneySettings,
  type OrderEventNote,
  type OrderStatus,
  type PlacedOrderType,
  type CardCategory,
} from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { publishEvent } from '../webhooks';
import { companyOrderSettings, orderApprovals, orderEvents, orderLines, orders } from './schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

const CHUNK = 2_000;

/** The next order number (also the body of the order's RF reference). */
export async function nextOrderNumber(db: Executor): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select nextval('orders_number_seq') as n`);
  return Number(result.rows[0]!.n);
}

export async function insertOrder(db: Executor, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderLines(
  db: Executor,
  rows: (typeof orderLines.$inferInsert)[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(orderLines).values(rows.slice(start, start + CHUNK));
  }
}

/** An order of the company (any company when `companyId` is null: the bank's notices). */
export async function findOrder(
  db: Executor,
  companyId: string | null,
  orderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  const where =
    companyId === null
      ? eq(orders.id, orderId)
      : and(eq(orders.id, orderId), eq(orders.companyId, companyId));
  const query = db.select().from(orders).where(where);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The numbers of a company's orders among `orderIds` (another company's are not found). */
export async function orderNumbersOf(
  db: Executor,
  companyId: string,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.id, [...new Set(orderIds)])));
  return new Map(rows.map((row) => [row.id, row.number]));
}

export async function findOrderByNumber(
  db: Executor,
  number: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.number, number));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateOrder(
  db: Executor,
  orderId: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

export async function addEvent(
  db: Executor,
  event: {
    orderId: string;
    status: OrderEventRow['status'];
    by: string | null;
    note?: OrderEventNote | null;
    at?: Date;
  },
): Promise<void> {
  await db.insert(orderEvents).values({ ...event, note: event.note ?? null });
  // Issue 22 §3 (ADR 035): every step of the timeline is an `order.status_changed` webhook event,
  // in the same transaction (the first `draft` row only recalls when the draft was made).
  if (event.status === 'draft') return;
  const [order] = await db
    .select({
      companyId: orders.companyId,
      number: orders.number,
      orderType: orders.orderType,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.id, event.orderId));
  if (!order) return;
  await publishEvent(db, {
    companyId: order.companyId,
    type: 'order.status_changed',
    ...(event.at ? { at: event.at } : {}),
    data: {
      orderId: event.orderId,
      orderNumber: order.number,
      orderType: order.orderType,
      status: event.status,
      totalCents: order.totalCents,
      note: event.note ?? null,
    },
  });
}

export async function eventsOf(db: Executor, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

export async function linesOf(
  db: Executor,
  orderId: string,
  page?: { offset: number; limit: number },
): Promise<OrderLineRow[]> {
  const query = db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countLines(db: Executor, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderLines.orderId, total: sql<number>`count(*)::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.orderId);
  return new Map(rows.map((row) => [row.orderId, row.total]));
}

/** The card a paid line made (and, for a replacement, the card it closed). */
export async function setLineCard(
  db: Executor,
  orderId: string,
  position: number,
  cardId: string,
  replacedCardId?: string,
): Promise<void> {
  await db
    .update(orderLines)
    .set({ cardId, ...(replacedCardId ? { replacedCardId } : {}) })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
}

export type OrderFilter = {
  from?: Date | undefined;
  to?: Date | undefined;
  status?: OrderStatus | undefined;
  product?: CardCategory | undefined;
  orderType?: PlacedOrderType | undefined;
  statuses?: readonly OrderStatus[];
};

function filterSql(companyId: string, filter: OrderFilter): SQL {
  return and(
    eq(orders.companyId, companyId),
    filter.from ? gte(orders.submittedAt, filter.from) : undefined,
    filter.to ? lt(orders.submittedAt, filter.to) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.statuses ? inArray(orders.status, [...filter.statuses]) : undefined,
    filter.product ? eq(orders.product, filter.product) : undefined,
    filter.orderType ? eq(orders.orderType, filter.orderType) : undefined,
  )!;
}

/** A page of the company's orders, newest first, and how many match. */
export async function listOrders(
  db: Executor,
  companyId: string,
  filter: OrderFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = filterSql(companyId, filter);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.submittedAt), desc(orders.number))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * A keyset page of the company's orders, newest first (the public API, ADR 037): the orders whose
 * number is below `beforeNumber`, `limit` of them. Stable while new orders arrive.
 */
export async function listOrdersBefore(
  db: Executor,
  companyId: string,
  filter: OrderFilter,
  page: { beforeNumber: number | null; limit: number },
): Promise<OrderRow[]> {
  const where = filterSql(companyId, filter);
  return db
    .select()
    .from(orders)
    .where(page.beforeNumber === null ? where : and(where, lt(orders.number, page.beforeNumber)))
    .orderBy(desc(orders.number))
    .limit(page.limit);
}

export async function statusCounts(db: Executor, companyId: string): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .select({ status: orders.status, total: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .groupBy(orders.status);
  return new Map(rows.map((row) => [row.status, row.total]));
}

export async function approvalThreshold(db: Executor, companyId: string): Promise<number | null> {
  return (await approvalRuleOf(db, companyId)).thresholdCents;
}

/** The company's approval rule (ADR 032); a company that never set one has the switch off. */
export async function approvalRuleOf(db: Executor, companyId: string): Promise<ApprovalRule> {
  const [row] = await db
    .select()
    .from(companyOrderSettings)
    .where(eq(companyOrderSettings.companyId, companyId));
  return {
    thresholdCents: row?.approvalThresholdCents ?? null,
    secondThresholdCents: row?.secondApprovalThresholdCents ?? null,
    expiryDays: row?.approvalExpiryDays ?? APPROVAL_EXPIRY_DAYS_DEFAULT,
  };
}

/** The company's rule and its step-up minimum (ADR 040; 0 when never set). */
export async function moneySettingsOf(db: Executor, companyId: string): Promise<OrderMoneySettings> {
  const [row] = await db
    .select()
    .from(companyOrderSettings)
    .where(eq(companyOrderSettings.companyId, companyId));
  return {
    thresholdCents: row?.approvalThresholdCents ?? null,
    secondThresholdCents: row?.secondApprovalThresholdCents ?? null,
    expiryDays: row?.approvalExpiryDays ?? APPROVAL_EXPIRY_DAYS_DEFAULT,
    stepUpMinCents: row?.stepUpMinCents ?? 0,
  };
}

/** From which amount a money move of the company asks a person with a second factor for a code. */
export async function stepUpMinimumOf(db: Executor, companyId: string): Promise<number> {
  const [row] = await db
    .select({ stepUpMinCents: companyOrderSettings.stepUpMinCents })
    .from(companyOrderSettings)
    .where(eq(companyOrderSettings.companyId, companyId));
  return row?.stepUpMinCents ?? 0;
}

export async function saveApprovalRule(
  db: Executor,
  companyId: string,
  rule: ApprovalRule & { stepUpMinCents?: number },
): Promise<void> {
  const values = {
    approvalThresholdCents: rule.thresholdCents,
    secondApprovalThresholdCents: rule.secondThresholdCents,
    approvalExpiryDays: rule.expiryDays,
    ...(rule.stepUpMinCents === undefined ? {} : { stepUpMinCents: rule.stepUpMinCents }),
  };
  await db
    .insert(companyOrderSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({
      target: companyOrderSettings.companyId,
      set: { ...values, updatedAt: new Date() },
    });
}

export type OrderApprovalRow = typeof orderApprovals.$inferSelect;

/** Records one person's approval; false when they had approved it already (the key refuses). */
export async function insertApproval(
  db: Executor,
  approval: { orderId: string; approverId: string; comment: string; at: Date },
): Promise<boolean> {
  const rows = await db.insert(orderApprovals).values(approval).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** The approvals of orders, oldest first. */
export async function approvalsOf(db: Executor, orderIds: string[]): Promise<OrderApprovalRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderApprovals)
    .where(inArray(orderApprovals.orderId, orderIds))
    .orderBy(asc(orderApprovals.at));
}

/** Orders still awaiting approval whose time is up, locked; others' locks are skipped. */
export async function lockExpiredApprovals(db: Executor, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_approval'), lte(orders.approvalExpiresAt, now)))
    .orderBy(asc(orders.approvalExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** How many cards of a complimentary order still wait for activation (blocked until handed out). */
export async function complimentaryWaiting(db: Executor, orderId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from order_lines l join cards c on c.id = l.card_id
     where l.order_id = ${orderId} and c.status = 'blocked'`);
  return Number(result.rows[0]?.n ?? 0);
}
