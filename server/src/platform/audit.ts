import type { Db } from './db';
import { requestContext } from './request-context';
import { auditLog } from './schema';

export type AuditEntry = {
  actorUserId?: string | null;
  companyId?: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  /** Provider staff's reason for acting; by default the request's, when its actor made the change. */
  actingReason?: string | null;
  /** The merchant acted for; by default the request's, when its actor made the change. */
  merchantId?: string | null;
};

/**
 * Writes one audit entry (ARCHITECTURE §4). Pass the transaction of the change so the entry and the
 * change commit together. Within a request, the entry gets the request's id, and when the request's
 * actor made the change, the merchant they act for and provider staff's acting reason (issue 18).
 * The table is append-only: the database refuses to change or delete an entry (migration 0014).
 */
export async function writeAudit(tx: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  const context = requestContext();
  const byRequestActor =
    context?.actorUserId !== undefined && context.actorUserId === (entry.actorUserId ?? undefined);
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId ?? null,
    companyId: entry.companyId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? context?.requestId ?? null,
    actingReason: entry.actingReason ?? (byRequestActor ? (context.actingReason ?? null) : null),
    merchantId: entry.merchantId ?? (byRequestActor ? (context.merchantId ?? null) : null),
  });
}

/** Who changes something, as the route resolved them: the user, the company acted for, the request. */
export type AuditActor = { userId: string; companyId: string; requestId?: string };

/** Writes the audit entry of a change `actor` made, in the change's transaction. */
export function auditChange(
  tx: Pick<Db, 'insert'>,
  actor: AuditActor,
  change: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'before' | 'after'>,
): Promise<void> {
  return writeAudit(tx, {
    actorUserId: actor.userId,
    companyId: actor.companyId,
    requestId: actor.requestId,
    ...change,
  });
}

/**
 * The audit of one kind of entity: `audit(tx, actor, action, entityId, before, after)` writes the
 * entry of a change `actor` made, in the change's transaction.
 */
export function auditOf(entity: string) {
  return (
    tx: Pick<Db, 'insert'>,
    actor: AuditActor,
    action: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ): Promise<void> => auditChange(tx, actor, { action, entity, entityId, before, after });
}
