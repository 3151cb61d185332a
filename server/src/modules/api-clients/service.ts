import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_SCOPES,
  type ApiClient,
  type ApiScope,
  type CreateApiClientRequest,
  type RotateApiClientSecretRequest,
} from '@tessera/domain';
import { auditChange, writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CompanyActor } from '../../platform/policy';
import { assertFreshSecondFactor } from '../../platform/step-up';
import * as repository from './repository';
import type { ApiClientRow } from './repository';
import { createApiTokens, type ApiTokenClaims } from './tokens';

/** A new secret: 32 random bytes, base64url, with a prefix that makes a leaked one easy to spot. */
function newSecret(): string {
  return `tcs_${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 of a secret (ADR 034: 256 random bits need no slow hash; the same cost for every guess). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

function newClientId(): string {
  return `tc_${randomBytes(12).toString('base64url')}`;
}

const ENTITY = 'api-client';

/** What the token endpoint answers: a token, or the RFC 6749 §5.2 error. */
export type ApiTokenOutcome =
  | { ok: true; accessToken: string; expiresIn: number; scopes: ApiScope[] }
  | { ok: false; error: 'invalid_client' | 'invalid_scope' };

/**
 * The client a valid Bearer token speaks for, as the guard resolved it. `madeBy`: the people behind
 * it now (its creator and the makers of its working secrets; ADR 040): what the client makes is
 * theirs too, and none of them approves it.
 */
export type ApiCaller = {
  id: string;
  clientId: string;
  companyId: string;
  name: string;
  scopes: ApiScope[];
  madeBy: string[];
};

type Actor = Pick<CompanyActor, 'userId' | 'companyId' | 'requestId' | 'secondFactor'>;

/**
 * The company's API clients (issue 22 §1, ADR 034): created, rotated and revoked by its order manager
 * or provider staff acting for it; the token endpoint and the Bearer guard of `/api/public/v1`.
 */
/**
 * How a person reads an API client where a person's name would stand (an order's "submitted by",
 * the audit log's actor; issue 34 §3 item 3): its name, marked as the API, and who created it.
 * "API" is the same word in Greek and English, so the text needs no language.
 */
export function apiClientDisplayName(clientName: string, creatorName: string | null): string {
  return creatorName ? `${clientName} (API · ${creatorName})` : `${clientName} (API)`;
}

export function createApiClientsService(deps: {
  db: Db;
  secret: string;
  /** The people who created clients, for their display names (the identity module's). */
  usersByIds?: (ids: string[]) => Promise<{ userId: string; firstName: string; lastName: string }[]>;
  /** Access token lifetime: one hour. */
  tokenLifetimeSeconds?: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const tokens = createApiTokens({ secret: deps.secret, lifetimeSeconds: deps.tokenLifetimeSeconds ?? 3600 });

  async function view(row: ApiClientRow): Promise<ApiClient> {
    const live = await repository.liveSecrets(deps.db, row.id, now());
    const ends = live.flatMap((secret) => (secret.expiresAt ? [secret.expiresAt.getTime()] : []));
    return {
      clientId: row.clientId,
      name: row.name,
      scopes: row.scopes,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      status: row.revokedAt ? 'revoked' : 'active',
      previousSecretExpiresAt:
        row.revokedAt || ends.length === 0 ? null : new Date(Math.max(...ends)).toISOString(),
    };
  }

  /** The company's client `clientId`; NOT_FOUND for another company's (no hint it exists). */
  async function ownClient(actor: Actor, clientId: string): Promise<ApiClientRow> {
    const row = await repository.clientOfCompany(deps.db, actor.companyId, clientId);
    if (!row) throw new AppError('NOT_FOUND', `api client ${clientId} is not one of ${actor.companyId}`);
    return row;
  }

  return {
    tokens,

    /** The company's clients, never a secret. */
    async list(actor: Actor): Promise<ApiClient[]> {
      const rows = await repository.clientsOfCompany(deps.db, actor.companyId);
      return Promise.all(rows.map(view));
    },

    /** A new client and its secret, shown this once (step-up when the user has a second factor). */
    async create(
      request: CreateApiClientRequest,
      actor: Actor,
    ): Promise<{ client: ApiClient; clientSecret: string }> {
      assertFreshSecondFactor(actor.secondFactor, 'creating an API client');
      const clientSecret = newSecret();
      const scopes = API_SCOPES.filter((scope) => request.scopes.includes(scope));
      const row = await deps.db.transaction(async (tx) => {
        const created = await repository.insertClient(tx, {
          companyId: actor.companyId,
          clientId: newClientId(),
          name: request.name,
          scopes,
          createdBy: actor.userId,
        });
        await repository.insertSecret(tx, created.id, hashSecret(clientSecret), actor.userId);
        await auditChange(tx, actor, {
          action: 'api-client.create',
          entity: ENTITY,
          entityId: created.clientId,
          after: { name: created.name, scopes },
        });
        return created;
      });
      return { client: await view(row), clientSecret };
    },

    /**
     * A new secret; the old ones keep working `overlapHours` more (0: they end now), and so do the
     * access tokens bought with them (`caller` checks the token's secret).
     */
    async rotate(
      request: RotateApiClientSecretRequest,
      actor: Actor,
    ): Promise<{ client: ApiClient; clientSecret: string }> {
      const row = await ownClient(actor, request.clientId);
      if (row.revokedAt) throw new AppError('BUSINESS_RULE', `api client ${row.clientId} is revoked`);
      assertFreshSecondFactor(actor.secondFactor, 'rotating an API client secret');
      const overlapHours = request.overlapHours ?? 24;
      const clientSecret = newSecret();
      const until = new Date(now().getTime() + overlapHours * 3_600_000);
      await deps.db.transaction(async (tx) => {
        await repository.endSecrets(tx, row.id, until);
        await repository.insertSecret(tx, row.id, hashSecret(clientSecret), actor.userId);
        await auditChange(tx, actor, {
          action: 'api-client.rotate',
          entity: ENTITY,
          entityId: row.clientId,
          after: { overlapHours, previousSecretExpiresAt: until.toISOString() },
        });
      });
      return { client: await view(row), clientSecret };
    },

    /** Revokes the client: no new token, and its tokens stop working at the next call. */
    async revoke(clientId: string, actor: Actor): Promise<ApiClient> {
      const row = await ownClient(actor, clientId);
      if (row.revokedAt) return view(row);
      const at = now();
      const revoked = await deps.db.transaction(async (tx) => {
        const updated = await repository.markRevoked(tx, row.id, at);
        await repository.endSecrets(tx, row.id, at);
        await auditChange(tx, actor, {
          action: 'api-client.revoke',
          entity: ENTITY,
          entityId: row.clientId,
          before: { status: 'active' },
          after: { status: 'revoked' },
        });
        return updated;
      });
      return view(revoked);
    },

    /**
     * The client-credentials grant (RFC 6749 §4.4): the secret is compared by hash against every
     * secret still working (the current one and one in its overlap); a revoked client, an unknown
     * one and an ended secret are all `invalid_client`. `scope` asks for a subset of the client's.
     */
    async issueToken(clientId: string, clientSecret: string, scope?: string): Promise<ApiTokenOutcome> {
      const row = await repository.clientByClientId(deps.db, clientId);
      const given = Buffer.from(hashSecret(clientSecret));
      const secrets = row && !row.revokedAt ? await repository.liveSecrets(deps.db, row.id, now()) : [];
      const match = secrets.find((secret) => {
        const stored = Buffer.from(secret.secretHash);
        return stored.length === given.length && timingSafeEqual(stored, given);
      });
      if (!row || !match) return { ok: false, error: 'invalid_client' };
      const asked = scope?.trim() ? [...new Set(scope.trim().split(/\s+/))] : row.scopes;
      if (asked.some((name) => !(row.scopes as string[]).includes(name))) {
        return { ok: false, error: 'invalid_scope' };
      }
      const scopes = asked as ApiScope[];
      // Bound to the secret it was bought with: it ends when that secret ends (issue 33 §7).
      const accessToken = await tokens.issue({
        clientId: row.clientId,
        companyId: row.companyId,
        scopes,
        secretId: match.id,
      });
      return { ok: true, accessToken, expiresIn: tokens.lifetimeSeconds, scopes };
    },

    /**
     * The caller of a Bearer token: null for a bad token, a revoked client, one of another company,
     * or a token whose secret has ended (rotated without overlap, or its overlap over).
     */
    async caller(token: string): Promise<ApiCaller | null> {
      const claims: ApiTokenClaims | null = await tokens.verify(token);
      if (!claims) return null;
      const row = await repository.clientWithMakers(deps.db, claims.clientId, now());
      if (!row || row.revokedAt || row.companyId !== claims.companyId) return null;
      if (!row.liveSecretIds.includes(claims.secretId)) return null;
      // Scopes taken away since the token was issued are gone at once.
      const scopes = claims.scopes.filter((scope) => row.scopes.includes(scope));
      return {
        id: row.id,
        clientId: row.clientId,
        companyId: row.companyId,
        name: row.name,
        scopes,
        madeBy: row.madeBy,
      };
    },

    /**
     * Display names of clients (`apiClientDisplayName`) by row id or public client id, whichever
     * was asked: keys that are no client are left out, so a caller may pass any actor ids it could
     * not name otherwise.
     */
    async displayNames(keys: string[]): Promise<Map<string, string>> {
      const rows = await repository.clientsByKeys(deps.db, [...new Set(keys)]);
      const creatorIds = [...new Set(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])))];
      const creators = deps.usersByIds && creatorIds.length > 0 ? await deps.usersByIds(creatorIds) : [];
      const creatorName = new Map(
        creators.map((user) => [user.userId, `${user.firstName} ${user.lastName}`.trim()]),
      );
      const wanted = new Set(keys);
      return new Map(
        rows.flatMap((row) => {
          const name = apiClientDisplayName(
            row.name,
            row.createdBy ? (creatorName.get(row.createdBy) ?? null) : null,
          );
          return [row.id, row.clientId]
            .filter((key) => wanted.has(key))
            .map((key): [string, string] => [key, name]);
        }),
      );
    },

    /** Records a call of the public API: its audit entry and the client's last use. */
    async recordCall(caller: ApiCaller, call: { method: string; route: string; status: number }) {
      await deps.db.transaction(async (tx) => {
        await repository.touch(tx, caller.id, now());
        await writeAudit(tx, {
          actorUserId: null,
          companyId: caller.companyId,
          action: 'api.call',
          entity: ENTITY,
          entityId: caller.clientId,
          after: call,
        });
      });
    },
  };
}
export type ApiClientsService = ReturnType<typeof createApiClientsService>;
