import { and, arrayContains, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { webhookCardExpiryNotices, webhookDeliveries, webhookEndpoints, webhookEvents } from './schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DeliveryWithEvent = DeliveryRow & { eventType: WebhookEventType };

export function endpointsOfCompany(tx: Executor, companyId: string): Promise<EndpointRow[]> {
  return tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

/** One endpoint of the company (another company's is not found). */
export async function endpointOfCompany(
  tx: Executor,
  companyId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function endpointById(tx: Executor, id: string): Promise<EndpointRow | undefined> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** The company's enabled endpoints that subscribe to `type`. */
export function subscribedEndpoints(
  tx: Executor,
  companyId: string,
  type: WebhookEventType,
): Promise<Pick<EndpointRow, 'id'>[]> {
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.eventTypes, [type]),
      ),
    );
}

/** Companies with an enabled endpoint subscribed to `type` (the expiry job asks only for them). */
export async function companiesSubscribedTo(tx: Executor, type: WebhookEventType): Promise<string[]> {
  const rows = await tx
    .select({ companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.disabledAt), arrayContains(webhookEndpoints.eventTypes, [type])));
  return [...new Set(rows.map((row) => row.companyId))];
}

export async function insertEndpoint(
  tx: Executor,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  tx: Executor,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow> {
  const [row] = await tx.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row!;
}

export async function deleteEndpoint(tx: Executor, id: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export async function insertEvent(
  tx: Executor,
  values: typeof webhookEvents.$inferInsert,
): Promise<EventRow> {
  const [row] = await tx.insert(webhookEvents).values(values).returning();
  return row!;
}

export async function insertDeliveries(
  tx: Executor,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows);
}

/** The endpoint's deliveries, newest first, with their event's type. */
export function deliveriesOfEndpoint(
  tx: Executor,
  endpointId: string,
  limit: number,
): Promise<DeliveryWithEvent[]> {
  return tx
    .select({ ...deliveryColumns, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  endpointId: webhookDeliveries.endpointId,
  companyId: webhookDeliveries.companyId,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  expiresAt: webhookDeliveries.expiresAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastResponseExcerpt: webhookDeliveries.lastResponseExcerpt,
  lastError: webhookDeliveries.lastError,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

/** One delivery of the company with its event's type (another company's is not found). */
export async function deliveryOfCompany(
  tx: Executor,
  companyId: string,
  id: string,
): Promise<DeliveryWithEvent | undefined> {
  const [row] = await tx
    .select({ ...deliveryColumns, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
  return row;
}

export async function updateDelivery(
  tx: Executor,
  id: string,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await tx.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints: pushes their `next_attempt_at` to
 * `leaseUntil` so no other dispatcher (another instance, an overlapping run) takes them while this
 * one sends; one that dies mid-way leaves them to be tried again once the lease ends.
 */
export async function claimDue(tx: Executor, now: Date, leaseUntil: Date, limit: number): Promise<string[]> {
  const result = await tx.execute<{ id: string; created_at: string }>(sql`
    update webhook_deliveries set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
     where id in (
       select d.id from webhook_deliveries d
         join webhook_endpoints e on e.id = d.endpoint_id
        where d.state = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
          and e.disabled_at is null
        order by d.next_attempt_at
        limit ${limit}
        for update of d skip locked)
    returning id, created_at`);
  // In the order the deliveries were made (an update's answer has no order of its own).
  return result.rows
    .sort(
      (a, b) =>
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id),
    )
    .map((row) => row.id);
}

/** A claimed delivery with what sending it needs: its event and its endpoint. */
export async function deliveryToSend(
  tx: Executor,
  id: string,
): Promise<{ delivery: DeliveryRow; event: EventRow; endpoint: EndpointRow } | undefined> {
  const [row] = await tx
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

/** Counts a failed attempt of the endpoint; answers the failures in a row now. */
export async function countFailure(tx: Executor, endpointId: string): Promise<number> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failures: webhookEndpoints.consecutiveFailures });
  return row?.failures ?? 0;
}

export async function resetFailures(tx: Executor, endpointId: string): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(eq(webhookEndpoints.id, endpointId));
}

/** Disables the endpoint for its failures, unless already disabled; answers whether this did. */
export async function disableForFailures(tx: Executor, endpointId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: at, disabledReason: 'failures' })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Records the cards whose expiry is announced now; answers those not announced before. */
export async function claimExpiryNotices(
  tx: Executor,
  notices: { cardId: string; expiryDate: string; companyId: string }[],
): Promise<Set<string>> {
  if (notices.length === 0) return new Set();
  const rows = await tx
    .insert(webhookCardExpiryNotices)
    .values(notices)
    .onConflictDoNothing()
    .returning({ cardId: webhookCardExpiryNotices.cardId });
  return new Set(rows.map((row) => row.cardId));
}

export function eventsByIds(tx: Executor, ids: string[]): Promise<EventRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select().from(webhookEvents).where(inArray(webhookEvents.id, ids));
}
