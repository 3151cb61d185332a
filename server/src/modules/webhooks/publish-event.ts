import type { WebhookEventType } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { insertDeliveries, insertEvent, subscribedEndpoints } from './repository';

/** How long a delivery is retried from its event: three days (issue 22 §3). */
export const RETRY_WINDOW_MS = 72 * 3_600_000;

/** What a module tells of a change: the company it belongs to, its type and its data. */
export type WebhookEventInput = {
  companyId: string;
  type: WebhookEventType;
  /** Ids and the useful fields; amounts in cents, card numbers masked. */
  data: Record<string, unknown>;
  /** When the change happened (the caller's clock); now by default. */
  at?: Date;
};

/** Dispatchers of this process to nudge once an event may have committed (see `publishEvent`). */
const listeners = new Set<() => void>();

/** A dispatcher hears of published events (the webhooks service; removed when its app closes). */
export function onWebhookEventPublished(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The transactional outbox (ADR 035): writes the event and one pending delivery per enabled
 * endpoint of the event's company subscribed to its type, in the caller's transaction `tx`, so an
 * event exists if and only if the change it tells of committed. Nothing is written when no
 * endpoint listens. Deliveries go only to the company's own endpoints.
 *
 * The dispatcher is nudged a moment later (it finds nothing if the transaction has not committed
 * or rolled back; the minute's sweep then finds what committed), so no delivery waits on this.
 */
export async function publishEvent(tx: Executor, event: WebhookEventInput): Promise<string | null> {
  const endpoints = await subscribedEndpoints(tx, event.companyId, event.type);
  if (endpoints.length === 0) return null;
  const at = event.at ?? new Date();
  const row = await insertEvent(tx, {
    companyId: event.companyId,
    type: event.type,
    payload: event.data,
    createdAt: at,
  });
  // Due at once, whatever the caller's clock says (a test's or a job's day may lie ahead or behind).
  const now = new Date();
  await insertDeliveries(
    tx,
    endpoints.map((endpoint) => ({
      eventId: row.id,
      endpointId: endpoint.id,
      companyId: event.companyId,
      nextAttemptAt: now,
      expiresAt: new Date(Math.max(now.getTime(), at.getTime()) + RETRY_WINDOW_MS),
      createdAt: now,
    })),
  );
  for (const listener of listeners) listener();
  return row.id;
}
