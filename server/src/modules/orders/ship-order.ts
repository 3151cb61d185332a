import { COURIER_NAMES, type Courier } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { OrderContext, OrderNotice } from './order-context';
import { addEvent, updateOrder, type OrderRow } from './repository';

/** Who moves an order along from the fulfilment page: provider staff, audited with the order's company. */
export type FulfilmentActor = { userId: string; requestId?: string };

/**
 * The courier steps of a plastic-card order (ADR 026), each in the caller's transaction (the
 * fulfilment module's, which also records the batch). Each answers the order as it is now and the
 * email to send once the transaction commits.
 */
export function createShipping(ctx: OrderContext) {
  const audit = (
    tx: Executor,
    actor: FulfilmentActor,
    order: OrderRow,
    action: string,
    before: unknown,
    after: unknown,
  ) =>
    ctx.audit(
      tx,
      {
        userId: actor.userId,
        companyId: order.companyId,
        ...(actor.requestId ? { requestId: actor.requestId } : {}),
      },
      action,
      order.id,
      before,
      after,
    );

  return {
    /** Any company's order, locked for the rest of the transaction, or undefined. */
    lock: (tx: Executor, orderId: string) => ctx.lockPaidOrder(tx, orderId),

    /** in_production → shipped, with the courier and its voucher number as the timeline's note. */
    async ship(
      tx: Executor,
      actor: FulfilmentActor,
      order: OrderRow,
      shipment: { courier: Courier; trackingNumber: string },
    ): Promise<{ order: OrderRow; notice: OrderNotice }> {
      if (order.status !== 'in_production')
        throw new AppError('ORDER_STATE_CONFLICT', `order ${order.id} is ${order.status}`);
      const at = ctx.now();
      const after = await updateOrder(tx, order.id, {
        status: 'shipped',
        trackingNumber: shipment.trackingNumber,
      });
      await addEvent(tx, {
        orderId: order.id,
        status: 'shipped',
        by: actor.userId,
        at,
        note: { code: 'trackingNumber', trackingNumber: shipment.trackingNumber, courier: shipment.courier },
      });
      await audit(
        tx,
        actor,
        order,
        'order.ship',
        { status: order.status },
        { status: 'shipped', ...shipment },
      );
      return {
        order: after,
        notice: { kind: 'shipped', order: after, courier: COURIER_NAMES[shipment.courier] },
      };
    },

    /** shipped → delivered. */
    async deliver(
      tx: Executor,
      actor: FulfilmentActor,
      order: OrderRow,
    ): Promise<{ order: OrderRow; notice: OrderNotice }> {
      if (order.status !== 'shipped')
        throw new AppError('ORDER_STATE_CONFLICT', `order ${order.id} is ${order.status}`);
      const after = await updateOrder(tx, order.id, { status: 'delivered' });
      await addEvent(tx, { orderId: order.id, status: 'delivered', by: actor.userId, at: ctx.now() });
      await audit(tx, actor, order, 'order.deliver', { status: order.status }, { status: 'delivered' });
      return { order: after, notice: { kind: 'delivered', order: after } };
    },

    /**
     * The courier brought the cards back: shipped → in_production again (the cards exist; they wait
     * to be sent once more), with the return as a note of the production step.
     */
    async markReturned(
      tx: Executor,
      actor: FulfilmentActor,
      order: OrderRow,
      shipment: { courier: Courier; trackingNumber: string; reason: string },
    ): Promise<{ order: OrderRow; notice: OrderNotice }> {
      if (order.status !== 'shipped')
        throw new AppError('ORDER_STATE_CONFLICT', `order ${order.id} is ${order.status}`);
      const after = await updateOrder(tx, order.id, { status: 'in_production' });
      await addEvent(tx, {
        orderId: order.id,
        status: 'in_production',
        by: actor.userId,
        at: ctx.now(),
        note: { code: 'shipmentReturned', ...shipment },
      });
      await audit(
        tx,
        actor,
        order,
        'order.return',
        { status: order.status },
        { status: 'in_production', returned: shipment },
      );
      return {
        order: after,
        notice: {
          kind: 'returned',
          order: after,
          courier: COURIER_NAMES[shipment.courier],
          trackingNumber: shipment.trackingNumber,
          reason: shipment.reason,
        },
      };
    },

    /** Sends an order's email once its change committed (failures are logged, never undo it). */
    notify: (notice: OrderNotice) => ctx.notify(notice),
  };
}

export type Shipping = ReturnType<typeof createShipping>;
