import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db';
import type { PrincipalCache } from './principal-cache';
import {
  countKnownDevices,
  deleteExpiredPortalSessions,
  deletePortalSession,
  deletePortalSessionOfUser,
  deletePortalSessionsOfUser,
  findPortalSessionWithUser,
  insertPortalSession,
  listPortalSessionsOfUser,
  recordKnownDevice,
  switchPortalSessionCompany,
  updatePortalSession,
  type PortalSessionRow,
  type PortalSessionWithUserRow,
} from './repository';

export type PortalSessionTokens = {
  idToken?: string | null;
  accessToken?: string | null;
  refreshToken?: string | null;
  accessTokenExpiresAt?: Date | null;
};

export type PortalSessionStore = ReturnType<typeof createPortalSessionStore>;

/** SHA-256 of a session id, hex: the only form of the id the database sees. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** What the browser said of itself when the session started (ADR 033). */
export type SessionClient = { userAgent?: string | null; address?: string | null };

/** The longest User-Agent kept: enough for every real browser, bounded for a forged one. */
const MAX_USER_AGENT = 500;

/**
 * The reference of a session in the sessions list (ADR 033): derived from the stored hash, so the
 * list never shows the hash itself, and the cookie's value cannot be had from either.
 */
export function sessionRef(idHash: string): string {
  return createHash('sha256').update(`session-ref:${idHash}`).digest('hex').slice(0, 32);
}

/**
 * Portal sessions (ARCHITECTURE §7): random 256-bit ids, stored hashed, with an idle and an
 * absolute timeout. `now` is injectable so tests can move the clock.
 */
export function createPortalSessionStore(deps: {
  db: Db;
  idleSeconds: number;
  absoluteSeconds: number;
  now?: () => Date;
  /** The process's recent principals (ADR 050); without it every request reads the database. */
  cache?: PrincipalCache;
}) {
  const now = deps.now ?? (() => new Date());
  const idleMs = deps.idleSeconds * 1000;
  const absoluteMs = deps.absoluteSeconds * 1000;
  /** Activity is written at most this often, so a page of parallel calls costs one update. */
  const touchEveryMs = Math.min(60_000, Math.floor(idleMs / 10));

  function expiresAt(row: Pick<PortalSessionRow, 'createdAt' | 'lastSeenAt'>): Date {
    return new Date(Math.min(row.lastSeenAt.getTime() + idleMs, row.createdAt.getTime() + absoluteMs));
  }

  return {
    expiresAt,

    /** Starts a session: a new random id (never one the browser brought), returned once for the cookie. */
    async create(
      userId: string,
      options: {
        companyId?: string | null;
        tokens?: PortalSessionTokens;
        client?: SessionClient;
        /** The ID token's `amr` (issue 21): `otp`/`mfa` when the second factor was proven. */
        amr?: string[];
        /** When a code of the second factor was last typed (step-up freshness). */
        secondFactorAt?: Date | null;
      } = {},
    ) {
      const id = randomBytes(32).toString('base64url');
      const at = now();
      const row = await insertPortalSession(deps.db, {
        idHash: hashSessionId(id),
        userId,
        companyId: options.companyId ?? null,
        idToken: options.tokens?.idToken ?? null,
        accessToken: options.tokens?.accessToken ?? null,
        refreshToken: options.tokens?.refreshToken ?? null,
        accessTokenExpiresAt: options.tokens?.accessTokenExpiresAt ?? null,
        userAgent: options.client?.userAgent?.slice(0, MAX_USER_AGENT) || null,
        clientAddress: options.client?.address || null,
        amr: options.amr ?? [],
        secondFactorAt: options.secondFactorAt ?? null,
        createdAt: at,
        lastSeenAt: at,
      });
      return { id, row, expiresAt: expiresAt(row) };
    },

    /**
     * The live session of a cookie value with its user and the user's companies (one statement),
     * its activity recorded; null (and the row removed) when it is unknown or past either timeout.
     * A row the process read less than the cache's safety lifetime ago, and was not told of a
     * change to since (ADR 050), is used without a statement, as long as it is neither past its
     * timeouts nor due for its activity to be recorded: then the database is read as before, so
     * the timeouts and the recorded activity are what they were without the cache.
     */
    async resolve(id: string | undefined): Promise<PortalSessionWithUserRow | null> {
      if (!id || id.length > 100) return null;
      const idHash = hashSessionId(id);
      const at = now();
      const cached = deps.cache?.get(idHash, at.getTime());
      if (
        cached &&
        expiresAt(cached).getTime() > at.getTime() &&
        at.getTime() - cached.lastSeenAt.getTime() < touchEveryMs
      ) {
        return cached;
      }
      const generation = deps.cache?.generation() ?? 0;
      const row = await findPortalSessionWithUser(deps.db, idHash);
      if (!row) return null;
      if (expiresAt(row).getTime() <= at.getTime()) {
        await deletePortalSession(deps.db, idHash);
        return null;
      }
      let live = row;
      if (at.getTime() - row.lastSeenAt.getTime() >= touchEveryMs) {
        await updatePortalSession(deps.db, idHash, { lastSeenAt: at });
        live = { ...row, lastSeenAt: at };
      }
      deps.cache?.set(idHash, live, generation, at.getTime());
      return live;
    },

    /** Ends one session; returns it (its id token is still needed for the provider's sign-out). */
    end(idHash: string): Promise<PortalSessionRow | undefined> {
      return deletePortalSession(deps.db, idHash);
    },

    /** The user's live sessions (past neither timeout), oldest first. */
    async listOfUser(userId: string): Promise<PortalSessionRow[]> {
      const at = now().getTime();
      const rows = await listPortalSessionsOfUser(deps.db, userId);
      return rows.filter((row) => expiresAt(row).getTime() > at);
    },

    /** Ends the session of `userId` whose reference is `ref`; undefined when the user has none such. */
    async endOfUser(userId: string, ref: string): Promise<PortalSessionRow | undefined> {
      const rows = await listPortalSessionsOfUser(deps.db, userId);
      const row = rows.find((candidate) => sessionRef(candidate.idHash) === ref);
      return row ? deletePortalSessionOfUser(deps.db, userId, row.idHash) : undefined;
    },

    /** Ends every session of a user, except `exceptIdHash` when given. */
    endAllOfUser(userId: string, exceptIdHash?: string): Promise<number> {
      return deletePortalSessionsOfUser(deps.db, userId, exceptIdHash);
    },

    /**
     * Records the company the session acts for; `actingReason` is provider staff's reason for it
     * (kept with the time it was given). A switch without a reason to another company forgets the
     * previous reason; to the company the session already acts for it changes nothing (a request
     * racing the one that gave the reason must not wipe it).
     */
    rememberCompany(
      idHash: string,
      companyId: string | null,
      actingReason: string | null = null,
    ): Promise<void> {
      if (actingReason === null) return switchPortalSessionCompany(deps.db, idHash, companyId);
      return updatePortalSession(deps.db, idHash, {
        companyId,
        actingMerchantId: null,
        actingReason,
        actingSince: actingReason ? now() : null,
      });
    },

    /** Provider staff act for a merchant, for `actingReason` (the company they acted for is left). */
    rememberMerchant(idHash: string, merchantId: string, actingReason: string): Promise<void> {
      return updatePortalSession(deps.db, idHash, {
        companyId: null,
        actingMerchantId: merchantId,
        actingReason,
        actingSince: now(),
      });
    },

    /** Provider staff stop acting: no company, no merchant, no reason. */
    stopActing(idHash: string): Promise<void> {
      return updatePortalSession(deps.db, idHash, {
        companyId: null,
        actingMerchantId: null,
        actingReason: null,
        actingSince: null,
      });
    },

    /**
     * Records that the browser holding `deviceId` (its device cookie) signed in to the account:
     * `isNew` when it had not before, `isFirst` when the account had no known browser at all (its
     * first sign-in, or the first since devices were recorded; ADR 033).
     */
    async recordDevice(
      userId: string,
      deviceId: string,
      userAgent: string | null | undefined,
    ): Promise<{ isNew: boolean; isFirst: boolean }> {
      const isFirst = (await countKnownDevices(deps.db, userId)) === 0;
      const isNew = await recordKnownDevice(deps.db, {
        userId,
        deviceHash: createHash('sha256').update(`${userId}:${deviceId}`).digest('hex'),
        userAgent: userAgent?.slice(0, MAX_USER_AGENT) || null,
        at: now(),
      });
      return { isNew, isFirst: isNew && isFirst };
    },

    /** The session proved the second factor with a code at `at` (enrolment, step-up; issue 21). */
    async recordSecondFactor(idHash: string, at: Date): Promise<void> {
      await updatePortalSession(deps.db, idHash, { amr: ['pwd', 'otp', 'mfa'], secondFactorAt: at });
    },

    /** Removes sessions past either timeout (run periodically). */
    purgeExpired(): Promise<number> {
      const at = now().getTime();
      return deleteExpiredPortalSessions(deps.db, new Date(at - idleMs), new Date(at - absoluteMs));
    },
  };
}
