/**
 * Delivery points: the module's public face. Other modules reach it through these only; its tables
 * are gathered for Drizzle by `db/schema.ts`.
 */
export { deliveryPointsRoutes } from './routes';
export { addressKey, createDeliveryPointsService, type DeliveryPointsService } from './service';
