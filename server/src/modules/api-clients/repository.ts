import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ApiScope } from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { apiClients, apiClientSecrets } from './schema';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type ApiClientSecretRow = typeof apiClientSecrets.$inferSelect;

/** The company's clients, newest first. */
export function clientsOfCompany(tx: Executor, companyId: string): Promise<ApiClientRow[]> {
  return tx
    .select()
    .from(apiClients)
    .where(eq(apiClients.companyId, companyId))
    .orderBy(desc(apiClients.createdAt), asc(apiClients.name));
}

/** One client by its public id, of any company (the token endpoint and the Bearer guard). */
export async function clientByClientId(tx: Executor, clientId: string): Promise<ApiClientRow | undefined> {
  const [row] = await tx.select().from(apiClients).where(eq(apiClients.clientId, clientId));
  return row;
}

/** One client of the company by its public id (another company's is not found). */
export async function clientOfCompany(
  tx: Executor,
  companyId: string,
  clientId: string,
): Promise<ApiClientRow | undefined> {
  const [row] = await tx
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.companyId, companyId), eq(apiClients.clientId, clientId)));
  return row;
}

export async function insertClient(
  tx: Executor,
  values: { companyId: string; clientId: string; name: string; scopes: ApiScope[]; createdBy: string },
): Promise<ApiClientRow> {
  const [row] = await tx.insert(apiClients).values(values).returning();
  return row!;
}

/** A new secret of client `id`, made by `createdBy` (the client's creator, or whoever rotated it). */
export async function insertSecret(
  tx: Executor,
  id: string,
  secretHash: string,
  createdBy: string,
): Promise<void> {
  await tx.insert(apiClientSecrets).values({ clientId: id, secretHash, createdBy });
}

/**
 * One client by its public id, with the people behind it now (ADR 040): its creator and whoever
 * made a secret of it that still works at `now` — anyone who may hold a working secret — and the
 * ids of those working secrets (a token works only while the secret it was bought with does, issue
 * 33 §7). One statement: the Bearer guard reads it on every call.
 */
export async function clientWithMakers(
  tx: Executor,
  clientId: string,
  now: Date,
): Promise<(ApiClientRow & { madeBy: string[]; liveSecretIds: string[] }) | undefined> {
  const [row] = await tx
    .select({
      client: apiClients,
      // Spelt out: inside a subquery drizzle names columns without their table, and the secret's own
      // `id` would shadow the client's.
      secretMakers: sql<string[]>`array(
        select s.created_by from api_client_secrets s
         where s.client_id = "api_clients"."id" and s.created_by is not null
           and (s.expires_at is null or s.expires_at > ${now.toISOString()}::timestamptz))`,
      liveSecretIds: sql<string[]>`array(
        select s.id::text from api_client_secrets s
         where s.client_id = "api_clients"."id"
           and (s.expires_at is null or s.expires_at > ${now.toISOString()}::timestamptz))`,
    })
    .from(apiClients)
    .where(eq(apiClients.clientId, clientId));
  if (!row) return undefined;
  const madeBy = [row.client.createdBy, ...row.secretMakers].filter((id): id is string => id !== null);
  return { ...row.client, madeBy: [...new Set(madeBy)], liveSecretIds: row.liveSecretIds };
}

/** The secrets of a client that still work at `now`: the current one and any in its overlap. */
export function liveSecrets(tx: Executor, id: string, now: Date): Promise<ApiClientSecretRow[]> {
  return tx
    .select()
    .from(apiClientSecrets)
    .where(
      and(
        eq(apiClientSecrets.clientId, id),
        or(isNull(apiClientSecrets.expiresAt), gt(apiClientSecrets.expiresAt, now)),
      ),
    );
}

/** Gives every secret still working after `until` that end (a rotation's overlap, a revocation). */
export async function endSecrets(tx: Executor, id: string, until: Date): Promise<void> {
  await tx
    .update(apiClientSecrets)
    .set({ expiresAt: until })
    .where(
      and(
        eq(apiClientSecrets.clientId, id),
        or(isNull(apiClientSecrets.expiresAt), gt(apiClientSecrets.expiresAt, until)),
      ),
    );
}

export async function markRevoked(tx: Executor, id: string, at: Date): Promise<ApiClientRow> {
  const [row] = await tx.update(apiClients).set({ revokedAt: at }).where(eq(apiClients.id, id)).returning();
  return row!;
}

export async function touch(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.update(apiClients).set({ lastUsedAt: at }).where(eq(apiClients.id, id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Clients by their row id (an order's `submitted_by`, an audit entry's actor) or public client id
 * (`tc_…`, an audit entry of a call), revoked ones too.
 */
export async function clientsByKeys(db: Executor, keys: string[]): Promise<ApiClientRow[]> {
  const ids = keys.filter((key) => UUID.test(key));
  const clientIds = keys.filter((key) => !UUID.test(key));
  if (ids.length === 0 && clientIds.length === 0) return [];
  return db
    .select()
    .from(apiClients)
    .where(
      or(
        ids.length > 0 ? inArray(apiClients.id, ids) : undefined,
        clientIds.length > 0 ? inArray(apiClients.clientId, clientIds) : undefined,
      ),
    );
}
