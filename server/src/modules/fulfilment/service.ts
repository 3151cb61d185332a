import {
  batchStatusOf,
  bureauProductCode,
  embossCompanyLine,
  embossFile,
  embossName,
  type CardCategory,
  type CardFamily,
  type CreateBatchRequest,
  type DeliverOrdersRequest,
  type EmbossFileRow,
  type ProductionBatch,
  type QueueOrder,
  type ReturnShipmentRequest,
  type ShipOrdersRequest,
  type ShipSupplyOrderRequest,
  type PendingSupplyOrder,
  type BatchOrder,
  type OrderStatus,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Db, Executor } from '../../platform/db';
import { AppError, type FieldProblem } from '../../platform/errors';
import type { IdentityService } from '../identity';
import type { OrderNotice, OrderRow, OrdersService } from '../orders';
import {
  embossCards,
  findBatch,
  insertBatch,
  latestBatches,
  linkOrders,
  linksOf,
  ordersOfBatches,
  lockSupplyOrder,
  markSupplyOrderShipped,
  pendingSupplyOrders,
  queuedOrders,
  returnedShipmentsOf,
  updateLink,
  type BatchOrderLinkRow,
  type BatchRow,
  type FulfilmentOrderRow,
} from './repository';

/** Who works the production queue: provider staff, as the route resolved them. */
export type FulfilmentStaff = { userId: string; requestId?: string };

const QUEUE_LIMIT = 500;
const BATCHES_SHOWN = 30;

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

/**
 * The production queue (issue 18 §7; ADR 026): paid plastic-card orders in production are grouped
 * into batches, each batch's embossing file goes to the card bureau, and each order is then marked
 * shipped (courier and voucher), delivered, or returned by the courier. Every change is one
 * transaction with its audit rows and the orders' timeline; the emails go after it commits.
 */
export function createFulfilmentService(deps: {
  db: Db;
  orders: OrdersService;
  identity: IdentityService;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const shipping = deps.orders.shipping;

  function queueOrderOf(row: FulfilmentOrderRow): QueueOrder {
    return {
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      companyId: row.companyId,
      companyName: row.companyName,
      alias: row.alias,
      product: row.product as CardCategory,
      family: row.family as CardFamily,
      cards: row.cards,
      deliveryPointAlias: row.deliveryPoint?.alias ?? '',
      deliveryCity: row.deliveryPoint?.city ?? '',
      paidAt: row.paidAt?.toISOString() ?? null,
    };
  }

  function batchOrderOf(row: FulfilmentOrderRow): BatchOrder {
    const { paidAt: _paidAt, ...queued } = queueOrderOf(row);
    return {
      ...queued,
      status: row.status as OrderStatus,
      courier: row.courier,
      trackingNumber: row.trackingNumber,
      shippedAt: row.shippedAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      returnedAt: row.returnedAt?.toISOString() ?? null,
      returnReason: row.returnReason,
    };
  }

  async function batchViews(batches: BatchRow[]): Promise<ProductionBatch[]> {
    const [orders, users] = await Promise.all([
      ordersOfBatches(
        db,
        batches.map((batch) => batch.id),
      ),
      deps.identity.usersByIds([...new Set(batches.map((batch) => batch.createdBy))]),
    ]);
    const names = new Map(users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`.trim()]));
    return batches.map((batch) => {
      const own = orders.filter((order) => order.batchId === batch.id);
      return {
        batchId: batch.id,
        batchNumber: batch.number,
        status: batchStatusOf(own.map((order) => order.status)),
        createdAt: batch.createdAt.toISOString(),
        createdByName: names.get(batch.createdBy) ?? '',
        cards: own.reduce((sum, order) => sum + order.cards, 0),
        orders: own.map(batchOrderOf),
      };
    });
  }

  /**
   * Locks the named orders (in id order, so two staff members never wait on each other), then reads
   * their batch links (after the locks: a batch made meanwhile is seen) and checks each with
   * `check`; every problem is reported at once, named by its field, and nothing changes.
   */
  async function lockAll<T extends { orderId: string }>(
    tx: Executor,
    items: readonly T[],
    field: (index: number) => string,
    check: (order: OrderRow, links: Map<string, BatchOrderLinkRow>) => FieldProblem['key'] | null,
  ): Promise<{ locked: Map<string, OrderRow>; links: Map<string, BatchOrderLinkRow> }> {
    const problems: FieldProblem[] = [];
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.orderId)) problems.push({ field: field(index), key: 'orderRepeated' });
      seen.add(item.orderId);
    });
    const locked = new Map<string, OrderRow>();
    for (const orderId of [...seen].sort()) {
      const order = await shipping.lock(tx, orderId);
      if (order) locked.set(orderId, order);
    }
    const links = await linksOf(tx, [...locked.keys()]);
    items.forEach((item, index) => {
      const order = locked.get(item.orderId);
      const key = order ? check(order, links) : 'invalidChoice';
      if (key && !problems.some((problem) => problem.field === field(index)))
        problems.push({
          field: field(index),
          key,
          ...(order ? { params: { order: `#${order.number}` } } : {}),
        });
    });
    if (problems.length > 0) {
      throw new AppError('ORDER_STATE_CONFLICT', 'fulfilment step refused', { fields: problems });
    }
    return { locked, links };
  }

  async function batchesById(batchIds: string[]): Promise<ProductionBatch[]> {
    const rows = (await Promise.all(batchIds.map((id) => findBatch(db, id)))).filter(
      (row): row is BatchRow => row !== undefined,
    );
    return batchViews(rows.sort((a, b) => b.number - a.number));
  }

  function sendAll(notices: OrderNotice[]): void {
    for (const notice of notices) shipping.notify(notice);
  }

  const isOnTheWay = (status: OrderStatus) => status === 'shipped';
  const isPastShipping = (status: OrderStatus) => status === 'delivered' || status === 'loaded';

  return {
    /** The company's returned shipments waiting to go again (its bell notification). */
    returnedShipments: (companyId: string) => returnedShipmentsOf(db, companyId),

    /** Paid orders in production not yet in a batch, oldest first. */
    async queue(): Promise<QueueOrder[]> {
      return (await queuedOrders(db, QUEUE_LIMIT)).map(queueOrderOf);
    },

    /** The latest batches with their orders. */
    async batches(): Promise<ProductionBatch[]> {
      return batchViews(await latestBatches(db, BATCHES_SHOWN));
    },

    /** A batch of the queued orders; each must be in production and in no batch yet. */
    async createBatch(actor: FulfilmentStaff, request: CreateBatchRequest): Promise<ProductionBatch> {
      const batch = await db.transaction(async (tx) => {
        const items = request.orderIds.map((orderId) => ({ orderId }));
        const { locked } = await lockAll(
          tx,
          items,
          (index) => `orderIds.${index}`,
          (order, links) => {
            if (links.has(order.id)) return 'orderAlreadyBatched';
            return order.status === 'in_production' ? null : 'orderNotInProduction';
          },
        );
        const at = now();
        const created = await insertBatch(tx, actor.userId, at);
        const orderIds = [...locked.keys()];
        await linkOrders(tx, created.id, orderIds);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          requestId: actor.requestId ?? null,
          action: 'production-batch.create',
          entity: 'production-batch',
          entityId: created.id,
          after: { batchNumber: created.number, orderIds },
        });
        for (const order of locked.values()) {
          await writeAudit(tx, {
            actorUserId: actor.userId,
            companyId: order.companyId,
            requestId: actor.requestId ?? null,
            action: 'order.batch',
            entity: 'order',
            entityId: order.id,
            before: { batchId: null },
            after: { batchId: created.id, batchNumber: created.number },
          });
        }
        return created;
      });
      return (await batchViews([batch]))[0]!;
    },

    /** Orders of batches handed to a courier, each with its voucher. */
    async ship(actor: FulfilmentStaff, request: ShipOrdersRequest): Promise<ProductionBatch[]> {
      const { notices, batchIds } = await db.transaction(async (tx) => {
        const { locked, links } = await lockAll(
          tx,
          request.shipments,
          (index) => `shipments.${index}.orderId`,
          (order, links) => {
            if (isOnTheWay(order.status) || isPastShipping(order.status)) return 'orderAlreadyShipped';
            if (order.status !== 'in_production') return 'orderNotInProduction';
            return links.has(order.id) ? null : 'orderNotBatched';
          },
        );
        const notices: OrderNotice[] = [];
        const at = now();
        for (const shipment of request.shipments) {
          const trackingNumber = shipment.trackingNumber.replace(/\s+/g, ' ');
          const moved = await shipping.ship(tx, actor, locked.get(shipment.orderId)!, {
            courier: request.courier,
            trackingNumber,
          });
          await updateLink(tx, shipment.orderId, {
            courier: request.courier,
            trackingNumber,
            shippedAt: at,
            deliveredAt: null,
          });
          notices.push(moved.notice);
        }
        return { notices, batchIds: [...new Set([...links.values()].map((link) => link.batchId))] };
      });
      sendAll(notices);
      return batchesById(batchIds);
    },

    /** Shipped orders the courier delivered. */
    async deliver(actor: FulfilmentStaff, request: DeliverOrdersRequest): Promise<ProductionBatch[]> {
      const { notices, batchIds } = await db.transaction(async (tx) => {
        const { locked, links } = await lockAll(
          tx,
          request.orderIds.map((orderId) => ({ orderId })),
          (index) => `orderIds.${index}`,
          (order, links) => {
            if (isPastShipping(order.status)) return 'orderAlreadyDelivered';
            return isOnTheWay(order.status) && links.has(order.id) ? null : 'orderNotShipped';
          },
        );
        const notices: OrderNotice[] = [];
        const at = now();
        for (const orderId of request.orderIds) {
          const moved = await shipping.deliver(tx, actor, locked.get(orderId)!);
          await updateLink(tx, orderId, { deliveredAt: at });
          notices.push(moved.notice);
        }
        return { notices, batchIds: [...new Set([...links.values()].map((link) => link.batchId))] };
      });
      sendAll(notices);
      return batchesById(batchIds);
    },

    /** A shipment the courier brought back: the order waits in production to be sent again. */
    async returnShipment(actor: FulfilmentStaff, request: ReturnShipmentRequest): Promise<ProductionBatch> {
      const { notice, batchId } = await db.transaction(async (tx) => {
        const { locked, links } = await lockAll(
          tx,
          [{ orderId: request.orderId }],
          () => 'orderId',
          (order, links) => (isOnTheWay(order.status) && links.has(order.id) ? null : 'orderNotShipped'),
        );
        const link = links.get(request.orderId)!;
        const moved = await shipping.markReturned(tx, actor, locked.get(request.orderId)!, {
          courier: link.courier ?? 'ACS',
          trackingNumber: link.trackingNumber,
          reason: request.reason,
        });
        await updateLink(tx, request.orderId, { returnedAt: now(), returnReason: request.reason });
        return { notice: moved.notice, batchId: link.batchId };
      });
      sendAll([notice]);
      return (await batchesById([batchId]))[0]!;
    },

    /** Merchants' supply orders (bags, stickers) waiting to be sent. */
    supplyOrders: (): Promise<PendingSupplyOrder[]> => pendingSupplyOrders(db, QUEUE_LIMIT),

    /** A supply order handed to a courier: `ordered → shipped`, audited under no company. */
    async shipSupplyOrder(actor: FulfilmentStaff, request: ShipSupplyOrderRequest): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockSupplyOrder(tx, request.supplyOrderId);
        if (!order) {
          throw new AppError('ORDER_STATE_CONFLICT', `no supply order ${request.supplyOrderId}`, {
            fields: [{ field: 'supplyOrderId', key: 'invalidChoice' }],
          });
        }
        if (order.status !== 'ordered') {
          throw new AppError('ORDER_STATE_CONFLICT', `supply order ${order.id} is ${order.status}`, {
            fields: [{ field: 'supplyOrderId', key: 'supplyOrderAlreadyShipped' }],
          });
        }
        const trackingNumber = request.trackingNumber.replace(/\s+/g, ' ');
        await markSupplyOrderShipped(tx, order.id, {
          courier: request.courier,
          trackingNumber,
          shippedAt: now(),
          shippedBy: actor.userId,
        });
        await writeAudit(tx, {
          actorUserId: actor.userId,
          requestId: actor.requestId ?? null,
          action: 'merchant-supply-order.ship',
          entity: 'merchant-supply-order',
          entityId: order.id,
          before: { status: order.status },
          after: { status: 'shipped', courier: request.courier, trackingNumber },
        });
      });
    },

    /**
     * The bureau's embossing file of a batch (ADR 026): one line per card, names in Latin capitals,
     * the card's id and last four digits at most. Handing it out is audited.
     */
    async embossingFile(actor: FulfilmentStaff, batchId: string): Promise<{ fileName: string; csv: string }> {
      const batch = await findBatch(db, batchId);
      if (!batch) throw new AppError('NOT_FOUND', `no batch ${batchId}`);
      const cards = await embossCards(db, batchId);
      const rows: EmbossFileRow[] = cards.map((card) => {
        const holder = card.firstName !== null ? card : (card.lineCardholder ?? {});
        const point = card.deliveryPoint;
        return {
          BATCH_NO: String(card.batchNumber),
          ORDER_NO: String(card.orderNumber),
          LINE_NO: String(card.position + 1),
          EMBOSS_NAME: embossName(`${holder.firstName ?? ''} ${holder.lastName ?? ''}`),
          EMBOSS_LINE2: embossCompanyLine(card.embossLine || card.companyName),
          PRODUCT_CODE: bureauProductCode(card.product as CardCategory, card.family as CardFamily),
          CARD_REF: card.cardId ?? '',
          CARD_LAST4: card.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : '',
          DELIVERY_CODE: point?.deliveryPointId ?? '',
          DELIVERY_NAME: point ? `${card.companyName} - ${point.alias}` : '',
          DELIVERY_ADDRESS: point ? `${point.street} ${point.streetNumber}` : '',
          DELIVERY_POSTCODE: point?.postalCode ?? '',
          DELIVERY_CITY: point?.city ?? '',
          DELIVERY_CONTACT: point?.contactName ?? '',
          DELIVERY_PHONE: point?.phone ?? '',
        };
      });
      await writeAudit(db, {
        actorUserId: actor.userId,
        requestId: actor.requestId ?? null,
        action: 'production-batch.embossing-file',
        entity: 'production-batch',
        entityId: batch.id,
        after: { batchNumber: batch.number, cards: rows.length },
      });
      return { fileName: `emboss-batch-${batch.number}.csv`, csv: embossFile(rows) };
    },
  };
}
