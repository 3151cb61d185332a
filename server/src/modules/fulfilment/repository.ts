import { eq, inArray, sql } from 'drizzle-orm';
import type { Courier, DeliveryPoint } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { productionBatchOrders, productionBatches } from './schema';
// The supply orders' table itself (a write of this module's own, ADR 026), as schema files do.
import { merchantSupplyOrders } from '../merchant-billing/schema';

export type BatchRow = typeof productionBatches.$inferSelect;
export type BatchOrderLinkRow = typeof productionBatchOrders.$inferSelect;

/** An order as the fulfilment page lists it, with its company and its batch link when it has one. */
export type FulfilmentOrderRow = {
  orderId: string;
  orderNumber: number;
  companyId: string;
  companyName: string;
  alias: string;
  product: string;
  family: string;
  status: string;
  deliveryPoint: DeliveryPoint | null;
  cards: number;
  paidAt: Date | null;
  batchId: string | null;
  courier: Courier | null;
  trackingNumber: string;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  returnedAt: Date | null;
  returnReason: string;
};

const ORDER_COLUMNS = sql`
  o.id as "orderId", o.number as "orderNumber", o.company_id as "companyId", c.name as "companyName",
  o.alias, o.product, o.family, o.status, o.delivery_point as "deliveryPoint",
  (select count(*) from order_lines l where l.order_id = o.id)::int as cards,
  (select min(e.at) from order_events e where e.order_id = o.id and e.status = 'paid') as "paidAt",
  bo.batch_id as "batchId", bo.courier, coalesce(bo.tracking_number, '') as "trackingNumber",
  bo.shipped_at as "shippedAt", bo.delivered_at as "deliveredAt", bo.returned_at as "returnedAt",
  coalesce(bo.return_reason, '') as "returnReason"`;

function toDate(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(value as string);
}

function toOrderRow(row: Record<string, unknown>): FulfilmentOrderRow {
  return {
    ...(row as FulfilmentOrderRow),
    orderNumber: Number(row.orderNumber),
    cards: Number(row.cards),
    paidAt: toDate(row.paidAt),
    shippedAt: toDate(row.shippedAt),
    deliveredAt: toDate(row.deliveredAt),
    returnedAt: toDate(row.returnedAt),
  };
}

/** Paid orders in production that no batch holds yet, oldest first. */
export async function queuedOrders(db: Executor, limit: number): Promise<FulfilmentOrderRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${ORDER_COLUMNS}
      from orders o
      join companies c on c.id = o.company_id
      left join production_batch_orders bo on bo.order_id = o.id
     where o.status = 'in_production' and bo.order_id is null
     order by o.submitted_at, o.number
     limit ${limit}`);
  return result.rows.map(toOrderRow);
}

/** The orders of the batches, by batch. */
export async function ordersOfBatches(db: Executor, batchIds: string[]): Promise<FulfilmentOrderRow[]> {
  if (batchIds.length === 0) return [];
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${ORDER_COLUMNS}
      from production_batch_orders bo
      join orders o on o.id = bo.order_id
      join companies c on c.id = o.company_id
     where bo.batch_id in (${sql.join(
       batchIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     order by o.number`);
  return result.rows.map(toOrderRow);
}

/** The latest batches, newest first. */
export async function latestBatches(db: Executor, limit: number): Promise<BatchRow[]> {
  return db
    .select()
    .from(productionBatches)
    .orderBy(sql`${productionBatches.number} desc`)
    .limit(limit);
}

export async function findBatch(db: Executor, batchId: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(productionBatches).where(eq(productionBatches.id, batchId));
  return row;
}

export async function insertBatch(db: Executor, createdBy: string, at: Date): Promise<BatchRow> {
  const [row] = await db.insert(productionBatches).values({ createdBy, createdAt: at }).returning();
  return row!;
}

export async function linkOrders(db: Executor, batchId: string, orderIds: string[]): Promise<void> {
  await db.insert(productionBatchOrders).values(orderIds.map((orderId) => ({ batchId, orderId })));
}

/** The batch links of these orders. */
export async function linksOf(db: Executor, orderIds: string[]): Promise<Map<string, BatchOrderLinkRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productionBatchOrders)
    .where(inArray(productionBatchOrders.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, row]));
}

export async function updateLink(
  db: Executor,
  orderId: string,
  values: Partial<typeof productionBatchOrders.$inferInsert>,
): Promise<void> {
  await db.update(productionBatchOrders).set(values).where(eq(productionBatchOrders.orderId, orderId));
}

/** One card of a batch, as the embossing file needs it (never the card number: its last 4 at most). */
export type EmbossCardRow = {
  batchNumber: number;
  orderNumber: number;
  position: number;
  product: string;
  family: string;
  companyName: string;
  embossLine: string | null;
  deliveryPoint: DeliveryPoint | null;
  cardId: string | null;
  last4: string | null;
  firstName: string | null;
  lastName: string | null;
  lineCardholder: { firstName?: string; lastName?: string } | null;
};

export async function embossCards(db: Executor, batchId: string): Promise<EmbossCardRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select b.number as "batchNumber", o.number as "orderNumber", l.position, o.product, o.family,
           co.name as "companyName", cp.emboss_line as "embossLine", o.delivery_point as "deliveryPoint",
           k.id as "cardId", k.last4, h.first_name as "firstName", h.last_name as "lastName",
           l.cardholder as "lineCardholder"
      from production_batch_orders bo
      join production_batches b on b.id = bo.batch_id
      join orders o on o.id = bo.order_id
      join companies co on co.id = o.company_id
      join order_lines l on l.order_id = o.id
      left join cards k on k.id = l.card_id
      left join cardholders h on h.id = k.cardholder_id
      left join card_printing_settings cp on cp.company_id = o.company_id
     where bo.batch_id = ${batchId}
     order by o.number, l.position`);
  return result.rows.map((row) => ({
    ...(row as EmbossCardRow),
    batchNumber: Number(row.batchNumber),
    orderNumber: Number(row.orderNumber),
    position: Number(row.position),
  }));
}

/** The company's shipments the courier brought back whose orders wait to be sent again. */
export async function returnedShipmentsOf(
  db: Executor,
  companyId: string,
): Promise<{ orderId: string; returnedAt: Date }[]> {
  const result = await db.execute<{ orderId: string; returnedAt: string | Date }>(sql`
    select bo.order_id as "orderId", bo.returned_at as "returnedAt"
      from production_batch_orders bo
      join orders o on o.id = bo.order_id
     where o.company_id = ${companyId} and o.status = 'in_production' and bo.returned_at is not null`);
  return result.rows.map((row) => ({ orderId: row.orderId, returnedAt: new Date(row.returnedAt) }));
}

/** Merchants' supply orders not shipped yet, oldest first, with the store they go to. */
export async function pendingSupplyOrders(db: Executor, limit: number) {
  const result = await db.execute<{
    supplyOrderId: string;
    merchantId: string;
    merchantName: string;
    storeName: string;
    storeAddress: string;
    bags: number;
    stickers: number;
    notes: string;
    createdAt: string | Date;
  }>(sql`
    select s.id as "supplyOrderId", s.merchant_id as "merchantId", m.trade_name as "merchantName",
           st.name as "storeName", concat_ws(', ', st.address, st.postal_code, st.city) as "storeAddress",
           s.bags, s.stickers, s.notes, s.created_at as "createdAt"
      from merchant_supply_orders s
      join merchants m on m.id = s.merchant_id
      join merchant_stores st on st.id = s.store_id
     where s.status = 'ordered'
     order by s.created_at, s.id
     limit ${limit}`);
  return result.rows.map((row) => ({
    ...row,
    bags: Number(row.bags),
    stickers: Number(row.stickers),
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/** A supply order, locked for the rest of the transaction. */
export async function lockSupplyOrder(db: Executor, supplyOrderId: string) {
  const [row] = await db
    .select()
    .from(merchantSupplyOrders)
    .where(eq(merchantSupplyOrders.id, supplyOrderId))
    .for('update');
  return row;
}

export async function markSupplyOrderShipped(
  db: Executor,
  supplyOrderId: string,
  values: { courier: Courier; trackingNumber: string; shippedAt: Date; shippedBy: string },
): Promise<void> {
  await db
    .update(merchantSupplyOrders)
    .set({ status: 'shipped', ...values })
    .where(eq(merchantSupplyOrders.id, supplyOrderId));
}
