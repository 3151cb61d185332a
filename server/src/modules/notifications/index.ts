/**
 * Notifications (the company's service notifications, each user's read state): the module's public
 * face. Other modules reach it through these only; its table is gathered for Drizzle by `db/schema.ts`.
 */
export { notificationsRoutes } from './routes';
export { createNotificationsService, type NotificationsService } from './service';
