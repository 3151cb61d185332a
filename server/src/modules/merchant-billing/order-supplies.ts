import {
  supplyPriceOf,
  type BagsTrvStickersRequest,
  type MerchantCharge,
  type SupplyOrder,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { chargeView, supplyOrderView, type BillingActor, type BillingContext } from './billing-context';
import { findChargesOfSupplyOrders, findSupplyOrders, insertCharge, insertSupplyOrder } from './repository';

/**
 * `bagsTrvStickers` (SPEC §7): packs of carrier bags and TRV stickers delivered to one of the
 * merchant's stores (another merchant's store is "not found"), with the open `supplies` charge the
 * merchant pays on the payment page, and its sales invoice (issue 37), in one transaction, audited.
 */
export async function orderSupplies(
  ctx: BillingContext,
  actor: BillingActor,
  merchantId: string,
  input: BagsTrvStickersRequest,
): Promise<{ order: SupplyOrder; charge: MerchantCharge }> {
  const store = (await ctx.merchants.stores(merchantId)).find(
    (candidate) => candidate.storeId === input.storeId,
  );
  if (!store) throw new AppError('NOT_FOUND', `no store ${input.storeId} of ${merchantId}`);
  const price = supplyPriceOf(input.bags, input.stickers);
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const order = await insertSupplyOrder(tx, {
      merchantId,
      storeId: store.storeId,
      bags: input.bags,
      stickers: input.stickers,
      notes: input.notes,
      amountCents: price.grossCents,
      vatCents: price.vatCents,
      createdBy: actor.userId,
      createdAt: at,
    });
    const charge = await insertCharge(tx, {
      merchantId,
      kind: 'supplies',
      params: { bags: input.bags, stickers: input.stickers },
      amountCents: price.grossCents,
      vatCents: price.vatCents,
      supplyOrderId: order.id,
      createdAt: at,
    });
    // The order placed makes the bags and stickers due: their sales invoice (issue 37, ADR 059).
    await ctx.invoicing?.invoiceMerchantCharge(tx, {
      chargeId: charge.id,
      merchantId,
      kind: charge.kind,
      params: charge.params,
      amountCents: charge.amountCents,
      vatCents: charge.vatCents,
      at,
      createdBy: actor.userId,
    });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'supplies.order',
      entity: 'merchant-supply-order',
      entityId: order.id,
      after: {
        merchantId,
        storeId: store.storeId,
        bags: input.bags,
        stickers: input.stickers,
        amountCents: price.grossCents,
      },
      requestId: actor.requestId ?? null,
    });
    return { order: supplyOrderView(order, store.name, charge.id), charge: chargeView(charge, actor.locale) };
  });
}

/** The merchant's supply orders, newest first. */
export async function listSupplyOrders(ctx: BillingContext, merchantId: string): Promise<SupplyOrder[]> {
  const [orders, stores] = await Promise.all([
    findSupplyOrders(ctx.db, merchantId),
    ctx.merchants.stores(merchantId),
  ]);
  const charges = await findChargesOfSupplyOrders(
    ctx.db,
    orders.map((order) => order.id),
  );
  const names = new Map(stores.map((store) => [store.storeId, store.name]));
  return orders.map((order) =>
    supplyOrderView(order, names.get(order.storeId) ?? '', charges.get(order.id) ?? null),
  );
}
