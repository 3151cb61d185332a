import { z } from 'zod';

/**
 * Webhooks of a company (issue 22 §3, ADR 035): endpoints that subscribe to event types; each event
 * is delivered at least once, signed (`Tessera-Signature: t=…,v1=…`, HMAC-SHA256 over
 * `timestamp.body`), retried with backoff for three days, with a delivery log and manual replay.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.status_changed',
  'payment.received',
  'cards.loaded',
  'card.expiring',
  'card.blocked',
  'bulk_import.finished',
  'recurring_run.created',
  /** Issue 37 §5: an invoice or a credit note issued to the company, with the links to its downloads. */
  'invoice.issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** Headers of a delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'tessera-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'tessera-event-id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'tessera-event-type';

/** How long a delivery is retried, from its event (or its replay): three days. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 72;
/** Failed attempts in a row (across events) after which an endpoint is disabled. */
export const WEBHOOK_MAX_CONSECUTIVE_FAILURES = 15;

const EventTypesSchema = z
  .array(WebhookEventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  // Each type once: a repeated one is refused (invalidValue on `eventTypes`).
  .refine((types) => new Set(types).size === types.length);

const UrlSchema = z.string().trim().min(1).max(500);
const DescriptionSchema = z.string().trim().max(200);

export const WebhookEndpointSchema = z.object({
  endpointId: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(WebhookEventTypeSchema),
  status: z.enum(['enabled', 'disabled']),
  disabledAt: z.string().nullable(),
  /** `failures`: disabled by the portal after failed deliveries; `manual`: by a person. */
  disabledReason: z.enum(['failures', 'manual']).nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointsResponseSchema = z.object({
  success: z.literal(true),
  endpoints: z.array(WebhookEndpointSchema),
  /**
   * Plain `http://` to this machine (localhost, 127.0.0.1, ::1) is accepted besides https: a
   * development server's WEBHOOK_ALLOW_PRIVATE, never production. The form's hint follows it.
   */
  allowsHttpToLoopback: z.boolean(),
});
export type WebhookEndpointsResponse = z.infer<typeof WebhookEndpointsResponseSchema>;

export const CreateWebhookEndpointRequestSchema = z.object({
  /** `https://…` (plain http only to this machine, outside production). */
  url: UrlSchema,
  description: DescriptionSchema.default(''),
  eventTypes: EventTypesSchema,
});
export type CreateWebhookEndpointRequest = z.input<typeof CreateWebhookEndpointRequestSchema>;

/** A new endpoint with its signing secret: the only time the secret is shown. */
export const WebhookEndpointSecretResponseSchema = z.object({
  success: z.literal(true),
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointSecretResponse = z.infer<typeof WebhookEndpointSecretResponseSchema>;

const EndpointIdSchema = z.uuid();

export const UpdateWebhookEndpointRequestSchema = z.object({
  endpointId: EndpointIdSchema,
  url: UrlSchema.optional(),
  description: DescriptionSchema.optional(),
  eventTypes: EventTypesSchema.optional(),
  /** true enables (and forgets the failures counted), false disables. */
  isEnabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointRequest = z.infer<typeof UpdateWebhookEndpointRequestSchema>;

export const WebhookEndpointResponseSchema = z.object({
  success: z.literal(true),
  endpoint: WebhookEndpointSchema,
});
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponseSchema>;

export const DeleteWebhookEndpointRequestSchema = z.object({ endpointId: EndpointIdSchema });
export type DeleteWebhookEndpointRequest = z.infer<typeof DeleteWebhookEndpointRequestSchema>;

export const WebhookDeliveriesQuerySchema = z.object({ endpointId: EndpointIdSchema });

export const WebhookDeliverySchema = z.object({
  deliveryId: z.string(),
  eventId: z.string(),
  eventType: WebhookEventTypeSchema,
  state: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  /** The first 500 characters of the endpoint's last answer. */
  lastResponseExcerpt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesResponseSchema = z.object({
  success: z.literal(true),
  deliveries: z.array(WebhookDeliverySchema),
});
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponseSchema>;

export const ReplayWebhookDeliveryRequestSchema = z.object({ deliveryId: z.uuid() });
export type ReplayWebhookDeliveryRequest = z.infer<typeof ReplayWebhookDeliveryRequestSchema>;

export const WebhookDeliveryResponseSchema = z.object({
  success: z.literal(true),
  delivery: WebhookDeliverySchema,
});

/** The public API's view of endpoints (`/api/public/v1/webhook-endpoints`): no `success` field. */
export const PublicWebhookEndpointsResponseSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
export const PublicWebhookEndpointSecretResponseSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});
export const PublicWebhookEndpointParamsSchema = z.object({ endpointId: EndpointIdSchema });

/**
 * How a receiver checks a delivery (Node.js), shown in ADR 035 and on the portal page: the
 * signature is HMAC-SHA256 of `t + "." + rawBody` with the endpoint's secret, in hex.
 */
export const WEBHOOK_VERIFICATION_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a Buffer or string, before JSON.parse).
export function verifyTesseraWebhook(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(
    signatureHeader.split(',').map((part) => part.trim().split('=', 2)),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
// Then de-duplicate by the Tessera-Event-Id header (the body's "id"): a delivery may come twice.`;
