/**
 * Orders: submitted orders, their approval, fulfilment, unloads and reorders (SPEC §7 orders
 * service). The public face of the module: other modules import only from here.
 */
export { ordersRoutes } from './routes';
export {
  createOrdersService,
  type OrderActor,
  type OrderNotice,
  type OrderPayments,
  type OrdersDeps,
  type OrdersService,
} from './service';
export type { OrderRow } from './repository';
export type { FulfilmentActor, Shipping } from './ship-order';
