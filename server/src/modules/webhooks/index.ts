/**
 * Webhooks (issue 22 §3, ADR 035): the module's public face. Other modules call `publishEvent` in
 * their own transaction; its tables are gathered for Drizzle by `db/schema.ts`.
 */
export { publishEvent, type WebhookEventInput } from './publish-event';
export { publicWebhookRoutes, webhooksRoutes } from './routes';
export { createWebhooksService, type ExpiringCard, type WebhooksService } from './service';
export { verifyWebhookSignature, signatureHeader } from './signing';
